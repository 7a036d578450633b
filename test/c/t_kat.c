/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Known answers: every line of kat.txt (hashlib) through the four digests
 * and BLAKE2BMAC, and OpenSSL's own evp_test BLAKE2b stanzas. Also checks
 * the provider loads alone and reports the backend expected here.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "t_ossl.h"

static const char *const md_names[4] = {
    "BLAKE2B-160", "BLAKE2B-256", "BLAKE2B-384", "BLAKE2B-512",
};
static const int md_sizes[4] = { 20, 32, 48, 64 };

/*
 * The backend must be the one forced by BLAKE2NEON_BACKEND if set, else
 * the one CMake was told the automatic choice picks here (if told).
 */
static void check_backend(OSSL_PROVIDER *prov)
{
    const char *forced = getenv("BLAKE2NEON_BACKEND");
    const char *expect = getenv("BLAKE2NEON_EXPECT_BACKEND");
    const char *backend = t_backend_of(prov);
    const char *buildinfo = NULL;
    char want_info[128];
    OSSL_PARAM params[] = {
        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, (char **)&buildinfo, 0),
        OSSL_PARAM_END
    };

    if (!T_CHECK(backend != NULL, "no backend parameter"))
        return;
    if (forced != NULL && forced[0] != '\0' && strcmp(forced, "auto") != 0) {
        T_CHECK(strcmp(backend, forced) == 0,
                "BLAKE2NEON_BACKEND=%s but backend %s runs", forced, backend);
        t_note("backend %s, as forced by BLAKE2NEON_BACKEND", backend);
    } else if (expect != NULL && expect[0] != '\0') {
        T_CHECK(strcmp(backend, expect) == 0,
                "automatic choice picked %s, BLAKE2NEON_EXPECT_BACKEND=%s",
                backend, expect);
        t_note("backend %s, expected %s", backend, expect);
    } else {
        t_note("backend %s (BLAKE2NEON_EXPECT_BACKEND empty: not checked)",
               backend);
    }

    snprintf(want_info, sizeof(want_info), "backend=%s", backend);
    T_CHECK(OSSL_PROVIDER_get_params(prov, params) && buildinfo != NULL
                && strstr(buildinfo, want_info) != NULL,
            "buildinfo '%s' should name %s", buildinfo ? buildinfo : "(none)",
            want_info);
}

/* Nothing else may answer in our context, or the test would prove nothing. */
static void check_alone(OSSL_LIB_CTX *libctx)
{
    EVP_MD *sha = EVP_MD_fetch(libctx, "SHA2-256", NULL);
    EVP_MD *any = EVP_MD_fetch(libctx, "BLAKE2B-512", NULL);

    T_CHECK(sha == NULL, "SHA2-256 is reachable: another provider is loaded");
    T_CHECK(any != NULL
                && strcmp(OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(any)),
                          "blake2neon") == 0,
            "BLAKE2B-512 without a property query should be ours");
    EVP_MD_free(sha);
    EVP_MD_free(any);
    ERR_clear_error();
}

/* Aliases and OIDs resolve to the same algorithm; sizes as documented. */
static void check_names(OSSL_LIB_CTX *libctx, EVP_MD *const mds[4])
{
    static const char *const aliases[4][2] = {
        { "BLAKE2b160", "1.3.6.1.4.1.1722.12.2.1.5" },
        { "BLAKE2b256", "1.3.6.1.4.1.1722.12.2.1.8" },
        { "BLAKE2b384", "1.3.6.1.4.1.1722.12.2.1.12" },
        { "BLAKE2b512", "1.3.6.1.4.1.1722.12.2.1.16" },
    };

    for (int i = 0; i < 4; i++) {
        T_CHECK(EVP_MD_get_size(mds[i]) == md_sizes[i], "%s size %d",
                md_names[i], EVP_MD_get_size(mds[i]));
        T_CHECK(EVP_MD_get_block_size(mds[i]) == 128, "%s block size %d",
                md_names[i], EVP_MD_get_block_size(mds[i]));
        for (int j = 0; j < 2; j++) {
            EVP_MD *alias = EVP_MD_fetch(libctx, aliases[i][j], T_PROPQ);

            T_CHECK(alias != NULL && EVP_MD_is_a(alias, md_names[i]),
                    "%s should be an alias of %s", aliases[i][j], md_names[i]);
            EVP_MD_free(alias);
        }
    }
    ERR_clear_error();
}

/* kat.txt: unkeyed entries through the digests, keyed through the MAC. */
static void check_kat(const char *data_dir, EVP_MD *const mds[4], EVP_MAC *mac)
{
    static const uint8_t key[64] = {
        0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
        16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
        32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
        48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,
    };
    static struct t_kat kat; /* static: too large for the stack */
    uint8_t msg[T_KAT_MAX_LEN], got[64];
    size_t gotlen;
    unsigned long checked = 0;

    t_pattern(msg, sizeof(msg));
    t_kat_load(&kat, data_dir);
    /* t_kat_sizes are the sizes of md_names, in the same order. */
    for (int i = 0; i < T_KAT_SIZES; i++) {
        for (int keyed = 0; keyed <= 1; keyed++) {
            for (size_t len = 0; len <= T_KAT_MAX_LEN; len++) {
                size_t size = t_kat_sizes[i];
                const uint8_t *want = kat.digest[i][keyed][len];

                if (!kat.have[i][keyed][len]) /* reported by the load */
                    continue;
                checked++;
                if (keyed) {
                    struct t_mac_input in = { key, sizeof(key), NULL, 0,
                                              NULL, 0, size };

                    gotlen = t_mac(mac, &in, msg, len, NULL, got);
                    if (T_CHECK(gotlen == size,
                                "BLAKE2BMAC size %zu, %zu bytes: length %zu",
                                size, len, gotlen))
                        T_SAME(got, want, size,
                               "BLAKE2BMAC size %zu, %zu bytes", size, len);
                } else {
                    gotlen = t_digest(mds[i], 0, msg, len, NULL, got);
                    if (T_CHECK(gotlen == size, "%s, %zu bytes: length %zu",
                                md_names[i], len, gotlen))
                        T_SAME(got, want, size, "%s, %zu bytes", md_names[i],
                               len);
                }
            }
        }
    }
    t_note("kat.txt: %lu known answers checked", checked);
}

/* A '-' size field means "do not set the size parameter". */
static int parse_opt_size(const struct t_data *d, const char *text,
                          size_t *size)
{
    *size = 0;
    return strcmp(text, "-") == 0 || t_parse_size(d, text, size);
}

static void check_openssl_md_line(const struct t_data *d, EVP_MD *md512)
{
    uint8_t msg[1024], want[64], got[64];
    size_t size, len, wantlen, gotlen;

    if (!t_data_expect_fields(d, 4) || !parse_opt_size(d, d->field[1], &size)
        || !T_CHECK(t_unhex(d->field[2], msg, sizeof(msg), &len)
                        && t_unhex(d->field[3], want, sizeof(want), &wantlen),
                    "%s:%lu: bad hex", d->path, d->lineno))
        return;
    gotlen = t_digest(md512, size, msg, len, NULL, got);
    if (T_CHECK(gotlen == wantlen, "%s:%lu: length %zu, want %zu", d->path,
                d->lineno, gotlen, wantlen))
        T_SAME(got, want, wantlen, "%s:%lu", d->path, d->lineno);
}

static void check_openssl_mac_line(const struct t_data *d, EVP_MAC *mac)
{
    uint8_t key[64], salt[16], custom[16], msg[1024], want[64], got[64];
    size_t size, keylen, saltlen, customlen, len, wantlen, gotlen;
    struct t_mac_input in;

    if (!t_data_expect_fields(d, 7) || !parse_opt_size(d, d->field[1], &size)
        || !T_CHECK(t_unhex(d->field[2], key, sizeof(key), &keylen)
                        && t_unhex(d->field[3], salt, sizeof(salt), &saltlen)
                        && t_unhex(d->field[4], custom, sizeof(custom),
                                   &customlen)
                        && t_unhex(d->field[5], msg, sizeof(msg), &len)
                        && t_unhex(d->field[6], want, sizeof(want), &wantlen),
                    "%s:%lu: bad hex", d->path, d->lineno))
        return;
    in = (struct t_mac_input){ key, keylen, saltlen ? salt : NULL, saltlen,
                               customlen ? custom : NULL, customlen, size };
    gotlen = t_mac(mac, &in, msg, len, NULL, got);
    if (T_CHECK(gotlen == wantlen, "%s:%lu: length %zu, want %zu", d->path,
                d->lineno, gotlen, wantlen))
        T_SAME(got, want, wantlen, "%s:%lu", d->path, d->lineno);
}

/* A size the stanza says init must refuse. */
static void check_openssl_init_error(const struct t_data *d, EVP_MD *md512,
                                     EVP_MAC *mac)
{
    size_t size, keylen;
    uint8_t key[64];
    OSSL_PARAM params[] = {
        OSSL_PARAM_size_t("size", &size),
        OSSL_PARAM_END
    };

    if (!t_parse_size(d, d->field[1], &size))
        return;
    if (strcmp(d->field[0], "md-init-error") == 0) {
        EVP_MD_CTX *ctx = EVP_MD_CTX_new();

        T_FAILS(EVP_DigestInit_ex2(ctx, md512, params), "size",
                "%s:%lu: BLAKE2B-512 init with size %zu", d->path, d->lineno,
                size);
        EVP_MD_CTX_free(ctx);
    } else if (t_data_expect_fields(d, 3)
               && T_CHECK(t_unhex(d->field[2], key, sizeof(key), &keylen),
                          "%s:%lu: bad key", d->path, d->lineno)) {
        EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);

        T_FAILS(EVP_MAC_init(ctx, key, keylen, params), "size",
                "%s:%lu: BLAKE2BMAC init with size %zu", d->path, d->lineno,
                size);
        EVP_MAC_CTX_free(ctx);
    }
}

/* openssl_blake2b.txt: OpenSSL's evp_test stanzas, converted. */
static void check_openssl_vectors(const char *data_dir, EVP_MD *md512,
                                  EVP_MAC *mac)
{
    struct t_data d;
    unsigned long count = 0;

    if (!t_data_open(&d, data_dir, "openssl_blake2b.txt"))
        return;
    while (t_data_next(&d)) {
        const char *kind = d.field[0];

        count++;
        if (strcmp(kind, "md") == 0)
            check_openssl_md_line(&d, md512);
        else if (strcmp(kind, "mac") == 0)
            check_openssl_mac_line(&d, mac);
        else if (strcmp(kind, "md-init-error") == 0
                 || strcmp(kind, "mac-init-error") == 0)
            check_openssl_init_error(&d, md512, mac);
        else
            T_CHECK(0, "%s:%lu: unknown kind '%s'", d.path, d.lineno, kind);
    }
    t_data_close(&d);
    T_CHECK(count > 20, "only %lu OpenSSL vectors", count);
    t_note("openssl_blake2b.txt: %lu OpenSSL evp_test vectors checked", count);
}

int main(int argc, char **argv)
{
    struct t_args args;
    OSSL_PROVIDER *prov;
    OSSL_LIB_CTX *libctx;
    EVP_MD *mds[4] = { NULL, NULL, NULL, NULL };
    EVP_MAC *mac;
    int have_all = 1;

    if (!t_args_parse(argc, argv, &args))
        return EXIT_FAILURE;
    if ((libctx = t_ctx_ours(args.module_dir, &prov)) == NULL)
        return t_report("t_kat");

    check_backend(prov);
    check_alone(libctx);
    for (int i = 0; i < 4; i++) {
        mds[i] = EVP_MD_fetch(libctx, md_names[i], T_PROPQ);
        have_all &= T_CHECK(mds[i] != NULL, "fetch %s", md_names[i]);
    }
    mac = EVP_MAC_fetch(libctx, "BLAKE2BMAC", T_PROPQ);
    have_all &= T_CHECK(mac != NULL, "fetch BLAKE2BMAC");

    if (have_all) {
        check_names(libctx, mds);
        check_kat(args.data_dir, mds, mac);
        check_openssl_vectors(args.data_dir, mds[3], mac);
    }

    for (int i = 0; i < 4; i++)
        EVP_MD_free(mds[i]);
    EVP_MAC_free(mac);
    t_ctx_free(libctx, prov);
    return t_report("t_kat");
}
