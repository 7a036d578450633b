/* SPDX-License-Identifier: Apache-2.0 */
/*
 * N Argon2 derivations through OpenSSL's EVP_KDF (3.2+), default
 * provider: tools/argon2-core.c's inputs and output, for
 * tools/argon2-count.sh.
 *
 *   argon2-ossl d|i|id M_KIB T P N
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

int main(int argc, char **argv)
{
    unsigned char pass[32], salt[16], secret[8], ad[12], tag[32];
    uint32_t m, t, lanes;
    EVP_KDF *kdf;
    long n;

    if (argc != 6) {
        fprintf(stderr, "usage: %s d|i|id M_KIB T P N\n", argv[0]);
        return 2;
    }
    kdf = EVP_KDF_fetch(NULL,
                        strcmp(argv[1], "d") == 0   ? "ARGON2D"
                        : strcmp(argv[1], "i") == 0 ? "ARGON2I"
                                                    : "ARGON2ID",
                        NULL);
    if (kdf == NULL)
        return 1;
    m = (uint32_t)strtoul(argv[2], NULL, 10);
    t = (uint32_t)strtoul(argv[3], NULL, 10);
    lanes = (uint32_t)strtoul(argv[4], NULL, 10);
    n = strtol(argv[5], NULL, 10);
    memset(pass, 1, sizeof(pass));
    memset(salt, 2, sizeof(salt));
    memset(secret, 3, sizeof(secret));
    memset(ad, 4, sizeof(ad));
    for (long i = 0; i < n; i++) {
        OSSL_PARAM params[] = {
            OSSL_PARAM_octet_string(OSSL_KDF_PARAM_PASSWORD, pass, sizeof(pass)),
            OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SALT, salt, sizeof(salt)),
            OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SECRET, secret, sizeof(secret)),
            OSSL_PARAM_octet_string(OSSL_KDF_PARAM_ARGON2_AD, ad, sizeof(ad)),
            OSSL_PARAM_uint32(OSSL_KDF_PARAM_ITER, &t),
            OSSL_PARAM_uint32(OSSL_KDF_PARAM_ARGON2_MEMCOST, &m),
            OSSL_PARAM_uint32(OSSL_KDF_PARAM_ARGON2_LANES, &lanes),
            OSSL_PARAM_END,
        };
        EVP_KDF_CTX *ctx = EVP_KDF_CTX_new(kdf);

        if (ctx == NULL || EVP_KDF_derive(ctx, tag, sizeof(tag), params) != 1)
            return 1;
        EVP_KDF_CTX_free(ctx);
    }
    printf("openssl ");
    for (size_t i = 0; i < sizeof(tag); i++)
        printf("%02x", tag[i]);
    printf("\n");
    EVP_KDF_free(kdf);
    return 0;
}
