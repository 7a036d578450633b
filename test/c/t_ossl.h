/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Helpers shared by the C tests that drive blake2neon through OpenSSL:
 * command line, library contexts holding one provider each, error-queue
 * checks, and digest/MAC runs with a chosen chunking.
 */
#ifndef BLAKE2NEON_TEST_T_OSSL_H
#define BLAKE2NEON_TEST_T_OSSL_H

#include <openssl/evp.h>
#include <openssl/provider.h>

#include "t_util.h"

#define T_PROPQ "provider=blake2neon"

/* argv[1]: directory of blake2neon.so; argv[2]: test/data. */
struct t_args {
    const char *module_dir;
    const char *data_dir;
};

/* Parse the command line (printing usage on error); 0 on bad usage. */
int t_args_parse(int argc, char **argv, struct t_args *args);

/*
 * A fresh library context holding blake2neon alone, found in module_dir.
 * Prints the backend that runs. NULL, with the failure reported, if the
 * provider does not load.
 */
OSSL_LIB_CTX *t_ctx_ours(const char *module_dir, OSSL_PROVIDER **prov);

/* A fresh library context holding OpenSSL's default provider alone. */
OSSL_LIB_CTX *t_ctx_default(OSSL_PROVIDER **prov);

void t_ctx_free(OSSL_LIB_CTX *libctx, OSSL_PROVIDER *prov);

/* The provider's `backend` parameter, or NULL if it gives none. */
const char *t_backend_of(OSSL_PROVIDER *prov);

/* The `size` a digest or MAC context reports, or 0 if it reports none. */
size_t t_md_ctx_size(EVP_MD_CTX *ctx);
size_t t_mac_ctx_size(EVP_MAC_CTX *ctx);

/* Print OpenSSL's error queue as "# " lines and empty it. */
void t_print_openssl_errors(void);

/*
 * Check a call failed cleanly: ret is 0 (or less), and on the error queue
 * some entry has a non-empty reason string and, if word is not NULL, some
 * entry's reason or detail text mentions it (case-insensitively). Looks at
 * the whole queue, not only the oldest entry: since OpenSSL 3.1 libcrypto
 * may queue its own error before the provider's reason. Empties the queue.
 */
int t_failed_cleanly_at(int ret, const char *word, const char *file, int line,
                        const char *fmt, ...) T_PRINTF(5, 6);
#define T_FAILS(ret, word, ...) \
    t_failed_cleanly_at((ret), (word), __FILE__, __LINE__, __VA_ARGS__)

/* Does the message in text contain word, ignoring case? */
int t_mentions(const char *text, const char *word);

/*
 * Digest len bytes of msg with md in one EVP_MD_CTX, as pieces chosen by
 * chunks (NULL: one update). size 0: no `size` param at init. Returns the
 * output length, or 0 on failure (with the error queue left for the caller).
 */
size_t t_digest(const EVP_MD *md, size_t size, const uint8_t *msg, size_t len,
                struct t_rng *chunks, uint8_t out[64]);

/* BLAKE2BMAC inputs; salt or custom NULL and size 0 mean "not set". */
struct t_mac_input {
    const uint8_t *key;
    size_t keylen;
    const uint8_t *salt;
    size_t saltlen;
    const uint8_t *custom;
    size_t customlen;
    size_t size;
};

/*
 * Fill params (at least 5 entries) with in's size, salt and custom, plus
 * the key if with_key; returns params.
 */
OSSL_PARAM *t_mac_params(const struct t_mac_input *in, int with_key,
                         OSSL_PARAM *params);

/* As t_digest, for a MAC; the key goes to EVP_MAC_init. */
size_t t_mac(EVP_MAC *mac, const struct t_mac_input *in, const uint8_t *msg,
             size_t len, struct t_rng *chunks, uint8_t out[64]);

#endif
