/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ours against OpenSSL's default provider, each alone in its own library
 * context: random messages in random pieces give the same BLAKE2B-512
 * digest and the same BLAKE2BMAC under random key, salt, custom and size.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/err.h>

#include "t_ossl.h"

enum { ROUNDS = 300, MAX_LEN = 5000 };

static void compare_digests(const EVP_MD *ours, const EVP_MD *theirs,
                            struct t_rng *rng, uint8_t *msg, int with_size)
{
    for (int r = 0; r < ROUNDS; r++) {
        size_t len = t_rng_below(rng, MAX_LEN + 1);
        /* The default provider takes `size` for BLAKE2B-512 from 3.2. */
        size_t size = with_size && r % 2 ? 1 + t_rng_below(rng, 64) : 0;
        uint8_t a[64], b[64];
        size_t alen, blen;

        t_rng_fill(rng, msg, len);
        alen = t_digest(ours, size, msg, len, rng, a);
        blen = t_digest(theirs, size, msg, len, rng, b);
        if (T_CHECK(alen > 0 && alen == blen,
                    "BLAKE2B-512, %zu bytes, size %zu: lengths %zu and %zu",
                    len, size, alen, blen))
            T_SAME(a, b, alen, "BLAKE2B-512, %zu bytes, size %zu", len, size);
    }
}

static void compare_macs(EVP_MAC *ours, EVP_MAC *theirs, struct t_rng *rng,
                         uint8_t *msg)
{
    for (int r = 0; r < ROUNDS; r++) {
        uint8_t key[64], salt[16], custom[16], a[64], b[64];
        size_t len = t_rng_below(rng, MAX_LEN + 1);
        /* Each optional input is sometimes absent, sometimes empty. */
        struct t_mac_input in = {
            key, 1 + t_rng_below(rng, 64),
            t_rng_below(rng, 4) ? salt : NULL, t_rng_below(rng, 17),
            t_rng_below(rng, 4) ? custom : NULL, t_rng_below(rng, 17),
            t_rng_below(rng, 4) ? 1 + t_rng_below(rng, 64) : 0,
        };
        size_t alen, blen;

        t_rng_fill(rng, key, sizeof(key));
        t_rng_fill(rng, salt, sizeof(salt));
        t_rng_fill(rng, custom, sizeof(custom));
        t_rng_fill(rng, msg, len);
        alen = t_mac(ours, &in, msg, len, rng, a);
        blen = t_mac(theirs, &in, msg, len, rng, b);
        if (T_CHECK(alen > 0 && alen == blen,
                    "BLAKE2BMAC, %zu bytes, key %zu, size %zu: lengths %zu "
                    "and %zu", len, in.keylen, in.size, alen, blen))
            T_SAME(a, b, alen, "BLAKE2BMAC, %zu bytes, key %zu, salt %zu, "
                   "custom %zu, size %zu", len, in.keylen,
                   in.salt ? in.saltlen : 0, in.custom ? in.customlen : 0,
                   in.size);
    }
}

int main(int argc, char **argv)
{
    struct t_args args;
    OSSL_PROVIDER *prov, *default_prov;
    OSSL_LIB_CTX *libctx, *default_ctx;
    EVP_MD *md = NULL, *default_md = NULL;
    EVP_MAC *mac = NULL, *default_mac = NULL;
    uint8_t *msg = t_malloc(MAX_LEN);
    struct t_rng rng;
    int with_size = OpenSSL_version_num() >= 0x30200000UL;
    int status;

    if (!t_args_parse(argc, argv, &args))
        return EXIT_FAILURE;
    libctx = t_ctx_ours(args.module_dir, &prov);
    default_ctx = t_ctx_default(&default_prov);
    if (libctx == NULL || default_ctx == NULL)
        return t_report("t_vs_default");

    default_md = EVP_MD_fetch(default_ctx, "BLAKE2B-512", NULL);
    default_mac = EVP_MAC_fetch(default_ctx, "BLAKE2BMAC", NULL);
    if (default_md == NULL || default_mac == NULL) {
        printf("SKIP: this OpenSSL's default provider lacks BLAKE2B-512 or "
               "BLAKE2BMAC, nothing to compare with\n");
        return T_SKIP;
    }
    T_CHECK((md = EVP_MD_fetch(libctx, "BLAKE2B-512", T_PROPQ)) != NULL,
            "fetch BLAKE2B-512");
    T_CHECK((mac = EVP_MAC_fetch(libctx, "BLAKE2BMAC", T_PROPQ)) != NULL,
            "fetch BLAKE2BMAC");
    t_note("OpenSSL %s: %s", OpenSSL_version(OPENSSL_VERSION_STRING),
           with_size ? "digests also compared under random `size` (3.2+)"
                     : "digests compared at the default size only (the "
                       "default provider takes `size` from 3.2)");

    t_rng_seed(&rng, 0x5eed0004);
    if (md != NULL)
        compare_digests(md, default_md, &rng, msg, with_size);
    if (mac != NULL)
        compare_macs(mac, default_mac, &rng, msg);
    t_note("%d digests and %d MACs compared", ROUNDS, ROUNDS);

    free(msg);
    EVP_MD_free(md);
    EVP_MD_free(default_md);
    EVP_MAC_free(mac);
    EVP_MAC_free(default_mac);
    t_ctx_free(default_ctx, default_prov);
    t_ctx_free(libctx, prov);
    status = t_report("t_vs_default");
    return status;
}
