/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The digests' `size` context parameter, given at init: every size 1..64
 * against hashlib, bad sizes refused at init, the active size reported.
 *
 * Our design: each of BLAKE2B-160/256/384/512 accepts any size 1..64.
 * OpenSSL before 3.2 offers EVP_DigestFinal_ex's provider call only the
 * algorithm's nominal size, so a size above it cannot be delivered there:
 * final fails cleanly with "output buffer too small". OpenSSL 3.2 and later
 * ask the context for its size, and final succeeds.
 *
 * Across re-inits of one context the size follows the running OpenSSL:
 * see check_size_across_reinit.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "t_ossl.h"

static const char *const md_names[4] = {
    "BLAKE2B-160", "BLAKE2B-256", "BLAKE2B-384", "BLAKE2B-512",
};
static const size_t md_sizes[4] = { 20, 32, 48, 64 };

/* sizes.txt: digest of the pattern message per (size, message length). */
static const size_t msg_lengths[4] = { 0, 3, 128, 129 };
static uint8_t expected[65][4][64];
static int have_expected[65][4];

static int length_index(size_t len)
{
    for (int i = 0; i < 4; i++)
        if (msg_lengths[i] == len)
            return i;
    return -1;
}

static void load_sizes(const char *data_dir)
{
    struct t_data d;
    size_t size, len, n;
    unsigned long count = 0;

    if (!t_data_open(&d, data_dir, "sizes.txt"))
        return;
    while (t_data_next(&d)) {
        if (!t_data_expect_fields(&d, 3) || !t_parse_size(&d, d.field[0], &size)
            || !t_parse_size(&d, d.field[1], &len)
            || !T_CHECK(size >= 1 && size <= 64 && length_index(len) >= 0
                            && t_unhex(d.field[2],
                                       expected[size][length_index(len)], 64,
                                       &n)
                            && n == size,
                        "%s:%lu: bad line", d.path, d.lineno))
            continue;
        have_expected[size][length_index(len)] = 1;
        count++;
    }
    t_data_close(&d);
    T_CHECK(count == 64 * 4, "sizes.txt: %lu lines, expected %d", count,
            64 * 4);
}

/* Init md with `size`, hash, finish; compare if final is meant to work. */
static void check_one(const EVP_MD *md, const char *name, size_t size,
                      int final_works)
{
    uint8_t msg[129], out[64];
    OSSL_PARAM params[] = {
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, &size),
        OSSL_PARAM_END
    };

    t_pattern(msg, sizeof(msg));
    for (int l = 0; l < 4; l++) {
        EVP_MD_CTX *ctx = EVP_MD_CTX_new();
        unsigned int outlen = 0;
        size_t len = msg_lengths[l];
        int ok;

        if (!T_CHECK(ctx != NULL && EVP_DigestInit_ex2(ctx, md, params),
                     "%s: init with size %zu", name, size)) {
            EVP_MD_CTX_free(ctx);
            continue;
        }
        T_CHECK(t_md_ctx_size(ctx) == size, "%s: reports size %zu after init "
                "with %zu", name, t_md_ctx_size(ctx), size);
        /* Split the message, so the size survives between updates. */
        ok = EVP_DigestUpdate(ctx, msg, len / 2)
             && EVP_DigestUpdate(ctx, msg + len / 2, len - len / 2);
        T_CHECK(ok && t_md_ctx_size(ctx) == size, "%s size %zu: update", name, size);
        ok = EVP_DigestFinal_ex(ctx, out, &outlen);
        if (final_works) {
            if (T_CHECK(ok && outlen == size, "%s size %zu, %zu bytes: final "
                        "gave %u bytes", name, size, len, outlen)
                && have_expected[size][l])
                T_SAME(out, expected[size][l], size, "%s size %zu, %zu bytes",
                       name, size, len);
        } else {
            T_FAILS(ok, "too small", "%s size %zu, %zu bytes: final before "
                    "OpenSSL 3.2", name, size, len);
        }
        EVP_MD_CTX_free(ctx);
    }
}

/* Sizes outside 1..64, or of the wrong type, fail at init, not later. */
static void check_bad_sizes(const EVP_MD *md, const char *name)
{
    static const size_t bad[] = { 0, 65, 128, (size_t)-1 };
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();

    if (!T_CHECK(ctx != NULL, "new context"))
        return;
    for (size_t b = 0; b < sizeof(bad) / sizeof(bad[0]); b++) {
        size_t size = bad[b];
        OSSL_PARAM params[] = {
            OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, &size),
            OSSL_PARAM_END
        };

        T_FAILS(EVP_DigestInit_ex2(ctx, md, params), "size",
                "%s: init with size %zu", name, size);
    }
    {
        char text[] = "32";
        OSSL_PARAM params[] = {
            OSSL_PARAM_utf8_string(OSSL_DIGEST_PARAM_SIZE, text, 2),
            OSSL_PARAM_END
        };

        T_FAILS(EVP_DigestInit_ex2(ctx, md, params), "size",
                "%s: init with size as a UTF-8 string", name);
    }
    {
        /* Set after init, a bad size fails there too. */
        size_t size = 0;
        OSSL_PARAM params[] = {
            OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, &size),
            OSSL_PARAM_END
        };

        T_CHECK(EVP_DigestInit_ex2(ctx, md, NULL), "%s: plain init", name);
        T_FAILS(EVP_MD_CTX_set_params(ctx, params), "size",
                "%s: set size 0 after init", name);
    }
    EVP_MD_CTX_free(ctx);
}

/* Without a size parameter, the context reports the nominal size. */
static void check_default_size(const EVP_MD *md, const char *name,
                               size_t nominal)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();

    T_CHECK(ctx != NULL && EVP_DigestInit_ex2(ctx, md, NULL)
                && t_md_ctx_size(ctx) == nominal,
            "%s: reports size %zu, nominal %zu", name,
            ctx != NULL ? t_md_ctx_size(ctx) : 0, nominal);
    T_CHECK(EVP_MD_get_size(md) == (int)nominal, "%s: EVP_MD_get_size %d",
            name, EVP_MD_get_size(md));
    EVP_MD_CTX_free(ctx);
}

/*
 * Init with `size`, then init again without it, on one reused context.
 * OpenSSL 3.0 frees the provider context at every init, so the size is
 * gone: back to the nominal size. Since 3.1 an init with the same digest
 * (or a NULL type) keeps the provider context, and with it the size, as
 * the default provider's own BLAKE2B-512 does on 3.2+ (checked against it
 * below, and call for call by t_diff_default). An init with another
 * digest always starts from that digest's nominal size.
 */
struct reinit_step {
    int with_size;   /* 0: init without params */
    size_t size;     /* the size given, if with_size */
    size_t msglen;   /* 0 or 3 bytes of the pattern message */
    size_t kept;     /* the size from 3.1 on */
};

static const struct reinit_step reinit_steps[] = {
    { 1, 20, 3, 20 }, { 0, 0, 3, 20 }, { 1, 24, 3, 24 }, { 0, 0, 0, 24 },
    { 0, 0, 3, 24 },
};

/* Run the steps on ctx with md (NULL type after the first if null_type);
 * record each output and its length. */
static int run_reinit(EVP_MD_CTX *ctx, const EVP_MD *md, int null_type,
                      uint8_t out[][64], unsigned int *outlen)
{
    uint8_t msg[3];
    int ok = 1;

    t_pattern(msg, sizeof(msg));
    for (size_t i = 0; i < sizeof(reinit_steps) / sizeof(reinit_steps[0]);
         i++) {
        const struct reinit_step *st = &reinit_steps[i];
        size_t size = st->size;
        OSSL_PARAM params[] = {
            OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, &size),
            OSSL_PARAM_END
        };

        outlen[i] = 0;
        ok = T_CHECK(EVP_DigestInit_ex2(ctx, null_type && i > 0 ? NULL : md,
                                        st->with_size ? params : NULL)
                         && EVP_DigestUpdate(ctx, msg, st->msglen)
                         && EVP_DigestFinal_ex(ctx, out[i], &outlen[i]),
                     "re-init step %zu", i)
             && ok;
    }
    return ok;
}

static void check_size_across_reinit(const EVP_MD *md512,
                                     const EVP_MD *default512,
                                     const EVP_MD *md256)
{
    enum { N = sizeof(reinit_steps) / sizeof(reinit_steps[0]) };
    int kept = OpenSSL_version_num() >= 0x30100000UL;
    EVP_MD_CTX *ctx = EVP_MD_CTX_new(), *ref = EVP_MD_CTX_new();
    uint8_t out[N][64], ref_out[N][64];
    unsigned int outlen[N], ref_outlen[N];

    t_note("re-init without a size: %s",
           kept ? "the size of an earlier init stays (3.1+)"
                : "back to the nominal size (OpenSSL 3.0)");
    if (!T_CHECK(ctx != NULL && ref != NULL, "new contexts"))
        goto done;
    for (int null_type = 0; null_type <= 1; null_type++) {
        const char *how = null_type ? "NULL type" : "same type";

        if (!run_reinit(ctx, md512, null_type, out, outlen))
            continue;
        for (size_t i = 0; i < N; i++) {
            const struct reinit_step *st = &reinit_steps[i];
            size_t want = st->with_size ? st->size : kept ? st->kept : 64;

            if (T_CHECK(outlen[i] == want, "BLAKE2B-512 re-init (%s) step "
                        "%zu: %u bytes, want %zu", how, i, outlen[i], want)
                && have_expected[want][st->msglen == 3 ? 1 : 0])
                T_SAME(out[i], expected[want][st->msglen == 3 ? 1 : 0], want,
                       "BLAKE2B-512 re-init (%s) step %zu", how, i);
        }
        if (default512 == NULL)
            continue;
        /* The default provider's BLAKE2B-512, the same calls. */
        if (run_reinit(ref, default512, null_type, ref_out, ref_outlen))
            for (size_t i = 0; i < N; i++)
                if (T_CHECK(outlen[i] == ref_outlen[i], "re-init (%s) step "
                            "%zu: ours %u bytes, default %u", how, i,
                            outlen[i], ref_outlen[i]))
                    T_SAME(out[i], ref_out[i], outlen[i], "re-init (%s) step "
                           "%zu against the default provider", how, i);
    }
    /* Another digest: a new provider context, its own nominal size. */
    {
        uint8_t o[64];
        unsigned int n = 0;

        T_CHECK(EVP_DigestInit_ex2(ctx, md256, NULL)
                    && EVP_DigestFinal_ex(ctx, o, &n) && n == 32,
                "BLAKE2B-256 after BLAKE2B-512 with size 24: %u bytes", n);
    }
done:
    EVP_MD_CTX_free(ctx);
    EVP_MD_CTX_free(ref);
}

int main(int argc, char **argv)
{
    struct t_args args;
    OSSL_PROVIDER *prov;
    OSSL_LIB_CTX *libctx;
    EVP_MD *mds[4] = { NULL, NULL, NULL, NULL };
    /* From 3.2 EVP_DigestFinal_ex offers the size the context reports. */
    int final_asks_ctx = OpenSSL_version_num() >= 0x30200000UL;

    if (!t_args_parse(argc, argv, &args))
        return EXIT_FAILURE;
    if ((libctx = t_ctx_ours(args.module_dir, &prov)) == NULL)
        return t_report("t_size");
    load_sizes(args.data_dir);
    t_note("OpenSSL %s: sizes above a digest's nominal size must %s",
           OpenSSL_version(OPENSSL_VERSION_STRING),
           final_asks_ctx ? "work (3.2+ branch)"
                          : "fail at final, buffer too small (pre-3.2 branch)");

    for (int i = 0; i < 4; i++) {
        mds[i] = EVP_MD_fetch(libctx, md_names[i], T_PROPQ);
        if (!T_CHECK(mds[i] != NULL, "fetch %s", md_names[i]))
            continue;
        check_default_size(mds[i], md_names[i], md_sizes[i]);
        check_bad_sizes(mds[i], md_names[i]);
        for (size_t size = 1; size <= 64; size++)
            check_one(mds[i], md_names[i], size,
                      size <= md_sizes[i] || final_asks_ctx);
    }

    if (mds[3] != NULL && mds[1] != NULL) {
        OSSL_PROVIDER *default_prov = NULL;
        OSSL_LIB_CTX *default_ctx = NULL;
        EVP_MD *default512 = NULL;

        /* Before 3.2 the default's BLAKE2B-512 has no size to compare. */
        if (final_asks_ctx
            && (default_ctx = t_ctx_default(&default_prov)) != NULL)
            T_CHECK((default512 = EVP_MD_fetch(default_ctx, "BLAKE2B-512",
                                               NULL)) != NULL,
                    "fetch the default provider's BLAKE2B-512");
        check_size_across_reinit(mds[3], default512, mds[1]);
        EVP_MD_free(default512);
        t_ctx_free(default_ctx, default_prov);
    }

    for (int i = 0; i < 4; i++)
        EVP_MD_free(mds[i]);
    t_ctx_free(libctx, prov);
    return t_report("t_size");
}
