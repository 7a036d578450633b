/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Using blake2neon from C: a digest, the size parameter, and the MAC.
 * Build: cc evp_example.c -lcrypto; run with the module installed, or with
 * OPENSSL_MODULES pointing at the build directory.
 */
#include <stdio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

static void print_hex(const char *label, const unsigned char *p, size_t n)
{
    printf("%s ", label);
    for (size_t i = 0; i < n; i++)
        printf("%02x", p[i]);
    printf("\n");
}

int main(void)
{
    static const unsigned char data[] = "hello";
    /* 16 key bytes (use random ones); the string's NUL is not part of it. */
    static const unsigned char key[] = "0123456789abcdef";
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int outlen;
    size_t maclen;

    /* Or activate it in openssl.cnf (below) instead of loading it here. */
    OSSL_PROVIDER *b2n = OSSL_PROVIDER_load(NULL, "blake2neon");
    if (b2n == NULL) {
        ERR_print_errors_fp(stderr);
        return 1;
    }

    /* A digest: "provider=blake2neon" insists on ours. */
    EVP_MD *md = EVP_MD_fetch(NULL, "BLAKE2B-256", "provider=blake2neon");
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    if (md == NULL || ctx == NULL
        || !EVP_DigestInit_ex2(ctx, md, NULL)
        || !EVP_DigestUpdate(ctx, data, 5)
        || !EVP_DigestFinal_ex(ctx, out, &outlen))
        goto err;
    print_hex("BLAKE2B-256", out, outlen);

    /* Any output size 1..64: the "size" parameter, given at init. */
    size_t size = 24;
    OSSL_PARAM size_params[] = {
        OSSL_PARAM_construct_size_t("size", &size),
        OSSL_PARAM_construct_end()
    };
    if (!EVP_DigestInit_ex2(ctx, md, size_params)
        || !EVP_DigestUpdate(ctx, data, 5)
        || !EVP_DigestFinal_ex(ctx, out, &outlen))
        goto err;
    print_hex("BLAKE2B-256, size 24", out, outlen);

    /* The MAC: key 1..64 bytes, salt and custom 0..16, size 1..64. */
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "BLAKE2BMAC", "provider=blake2neon");
    EVP_MAC_CTX *mctx = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    size_t macsize = 32;
    OSSL_PARAM mac_params[] = {
        OSSL_PARAM_construct_size_t("size", &macsize),
        OSSL_PARAM_construct_octet_string("salt", "some salt", 9),
        OSSL_PARAM_construct_octet_string("custom", "my app v1", 9),
        OSSL_PARAM_construct_end()
    };
    if (mctx == NULL
        || !EVP_MAC_init(mctx, key, sizeof(key) - 1, mac_params)
        || !EVP_MAC_update(mctx, data, 5)
        || !EVP_MAC_final(mctx, out, &maclen, sizeof(out)))
        goto err;
    print_hex("BLAKE2BMAC", out, maclen);

    EVP_MAC_CTX_free(mctx);
    EVP_MAC_free(mac);
    EVP_MD_CTX_free(ctx);
    EVP_MD_free(md);
    OSSL_PROVIDER_unload(b2n);
    return 0;
err:
    ERR_print_errors_fp(stderr);
    return 1;
}
