/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shared by the libFuzzer targets: reading a fuzz input as fields, the
 * provider registered as a built-in in fresh library contexts (one per
 * backend this CPU runs), the core as the oracle, and failing loudly.
 */
#ifndef BLAKE2NEON_FUZZ_UTIL_H
#define BLAKE2NEON_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/evp.h>

#include "backend.h"

#define F_PROPQ "provider=blake2neon"

/* A fuzz input read front to back; past the end every read gives zeros. */
struct f_in {
    const uint8_t *p;
    size_t n;
};

uint8_t f_byte(struct f_in *in);
/* Up to len bytes (fewer at the end); *got says how many. */
const uint8_t *f_bytes(struct f_in *in, size_t len, size_t *got);
/* Whatever is left. */
const uint8_t *f_rest(struct f_in *in, size_t *len);

/*
 * Chunk sizes for a streaming run, taken from a byte string: each byte is
 * a piece of 0..127 bytes, or with its top bit set that many whole blocks
 * (so pieces cross block boundaries every way). Cycles when exhausted.
 */
struct f_chunks {
    const uint8_t *spec;
    size_t len, at, empty_run;
};

void f_chunks_init(struct f_chunks *c, const uint8_t *spec, size_t len);
size_t f_chunk_next(struct f_chunks *c, size_t remaining);

/* Report a broken invariant with the error queue, then abort for libFuzzer. */
void f_fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;

/* A failed call must leave a reason on the error queue, which is emptied. */
void f_expect_error(const char *what);

/* The `size` a digest context reports; failing to report one is a finding. */
size_t f_md_ctx_size(EVP_MD_CTX *ctx);

/* One library context holding blake2neon (built in) on one backend. */
struct f_provider {
    OSSL_LIB_CTX *libctx;
    const struct blake2b_backend *backend;
};

/*
 * A context per backend this CPU can run (at most max), each forced by
 * BLAKE2NEON_BACKEND at load. Returns how many; aborts if none loads.
 */
size_t f_providers_load(struct f_provider *out, size_t max);

/* The oracle: the core with the generic backend, in one piece. */
void f_core_hash(const struct blake2b_params *p, const uint8_t *key,
                 const uint8_t *msg, size_t len, uint8_t out[64]);

#endif
