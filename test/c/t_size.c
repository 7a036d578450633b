/*
 * The digests' `size` context parameter, given at init: every size 1..64
 * against hashlib, bad sizes refused at init, the active size reported.
 *
 * Our design: each of BLAKE2B-160/256/384/512 accepts any size 1..64.
 * OpenSSL before 3.2 offers EVP_DigestFinal_ex's provider call only the
 * algorithm's nominal size, so a size above it cannot be delivered there:
 * final fails cleanly with "output buffer too small". OpenSSL 3.2 and later
 * ask the context for its size, and final succeeds.
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
 * `size` belongs to one init: a later init without it is back to the
 * nominal size, also when the type is left NULL.
 */
static void check_size_not_kept(const EVP_MD *md512)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    uint8_t msg[3], out[64];
    unsigned int outlen = 0;
    size_t size = 20;
    OSSL_PARAM params[] = {
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, &size),
        OSSL_PARAM_END
    };

    t_pattern(msg, sizeof(msg));
    if (!T_CHECK(ctx != NULL && EVP_DigestInit_ex2(ctx, md512, params)
                     && EVP_DigestFinal_ex(ctx, out, &outlen) && outlen == 20,
                 "BLAKE2B-512 with size 20"))
        goto done;
    for (int round = 0; round < 2; round++) {
        const char *how = round == 0 ? "same type" : "NULL type";

        if (T_CHECK(EVP_DigestInit_ex2(ctx, round == 0 ? md512 : NULL, NULL)
                        && t_md_ctx_size(ctx) == 64
                        && EVP_DigestUpdate(ctx, msg, sizeof(msg))
                        && EVP_DigestFinal_ex(ctx, out, &outlen)
                        && outlen == 64,
                    "re-init (%s) after size 20: %u bytes", how, outlen)
            && have_expected[64][1])
            T_SAME(out, expected[64][1], 64, "re-init (%s) after size 20", how);
        /* Set the size again for the next round. */
        T_CHECK(EVP_DigestInit_ex2(ctx, md512, params)
                    && EVP_DigestFinal_ex(ctx, out, &outlen) && outlen == 20,
                "BLAKE2B-512 with size 20 again");
    }
done:
    EVP_MD_CTX_free(ctx);
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

    if (mds[3] != NULL)
        check_size_not_kept(mds[3]);

    for (int i = 0; i < 4; i++)
        EVP_MD_free(mds[i]);
    t_ctx_free(libctx, prov);
    return t_report("t_size");
}
