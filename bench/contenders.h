/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The things the benchmark races: blake2neon with each backend the CPU
 * can run and with its automatic choice, OpenSSL's default-provider
 * BLAKE2B-512, libblake2neon's one-shot call (no EVP), and libsodium's
 * crypto_generichash when built with it. Every EVP and libsodium one is
 * driven the same way: per message, init + update + final on a context
 * reused across messages; the library as its users call it for one
 * message, blake2neon_hash.
 */
#ifndef BLAKE2NEON_BENCH_CONTENDERS_H
#define BLAKE2NEON_BENCH_CONTENDERS_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/evp.h>
#include <openssl/provider.h>

#if defined(BENCH_HAVE_SODIUM)
#include <sodium.h>
#endif

enum bench_kind { BENCH_EVP, BENCH_LIBRARY, BENCH_SODIUM };

struct bench_contender {
    char name[48];          /* as printed: "generic", "auto (avx512)", ... */
    char backend[24];       /* blake2neon's backend in use; "" for others */
    int is_auto;            /* blake2neon left to choose its backend */
    enum bench_kind kind;
    int is_reference;       /* OpenSSL's default provider: ratios are to it */
    OSSL_LIB_CTX *libctx;   /* EVP: a library context of its own */
    OSSL_PROVIDER *provider;
    EVP_MD *md;
    EVP_MD_CTX *ctx;        /* reused for every message */
#if defined(BENCH_HAVE_SODIUM)
    crypto_generichash_state sodium_state;
#endif
};

#define BENCH_MAX_CONTENDERS 16
#define BENCH_DIGEST_BYTES 64

/*
 * Fill list with every contender available here; module_dir holds
 * blake2neon.so. against_dir, if not NULL, holds another build's
 * blake2neon.so, whose automatic choice joins the race as "against (NAME)",
 * outside the verdict. Returns how many, or -1 with a message on stderr. A
 * backend the CPU cannot run is left out, with a note on stderr.
 */
int bench_contenders_open(struct bench_contender *list, size_t max,
                          const char *module_dir, const char *against_dir);

void bench_contenders_close(struct bench_contender *list, size_t n);

/* One message, the way an application would hash it. Returns 1 on success. */
int bench_hash(struct bench_contender *c, const uint8_t *msg, size_t len,
               uint8_t out[BENCH_DIGEST_BYTES]);

/* Versions of the libraries in the race, for the report header. */
const char *bench_sodium_version(void); /* NULL without libsodium */

#endif
