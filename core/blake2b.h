/* SPDX-License-Identifier: Apache-2.0 */
/*
 * BLAKE2b (RFC 7693), independent of OpenSSL.
 *
 * One implementation of init/update/final drives any compress backend
 * through a single seam, blake2b_compress_fn. A backend only ever sees
 * whole 128-byte blocks and touches h, t and f.
 *
 * Names in core/ begin blake2b_ and BLAKE2B_ (docs/naming.md).
 */
#ifndef BLAKE2NEON_CORE_BLAKE2B_H
#define BLAKE2NEON_CORE_BLAKE2B_H

#include <stddef.h>
#include <stdint.h>

enum {
    BLAKE2B_BLOCKBYTES = 128,
    BLAKE2B_OUTBYTES = 64,
    BLAKE2B_KEYBYTES = 64,
    BLAKE2B_SALTBYTES = 16,
    BLAKE2B_PERSONALBYTES = 16,
};

struct blake2b_state {
    uint64_t h[8];   /* chaining value */
    uint64_t t[2];   /* byte counter, t[0] low word, t[1] high word */
    uint64_t f[2];   /* finalization flags */
    uint8_t buf[BLAKE2B_BLOCKBYTES]; /* pending input, kept until final */
    size_t buflen;
    uint8_t outlen;  /* 1..64 */
    uint8_t unkeyed; /* begun by blake2b_init_unkeyed: no key, salt or
                        personalization (blake2b_final_unkeyed) */
};

/*
 * Compress nblocks consecutive 128-byte blocks from in (any alignment).
 * Before each block, add inc to the 128-bit counter t with carry.
 */
typedef void blake2b_compress_fn(struct blake2b_state *S, const uint8_t *in,
                                 size_t nblocks, unsigned int inc);

/*
 * The whole unkeyed hash, no salt or personalization, of a message of at
 * most one block (len 0..128): all 64 bytes of the final h are written to
 * digest; outlen (1..64) only goes into the parameter block. A backend
 * may have one of its own (backend.h); the core has a C path.
 */
typedef void blake2b_hash_short_fn(uint8_t *digest, const uint8_t *in,
                                   size_t len, unsigned int outlen);

/* Parameter-block fields a caller may set (RFC 7693 section 2.5). */
struct blake2b_params {
    uint8_t digest_length;                  /* 1..64 */
    uint8_t key_length;                     /* 0..64 */
    uint8_t salt[BLAKE2B_SALTBYTES];        /* zero-padded */
    uint8_t personal[BLAKE2B_PERSONALBYTES];/* zero-padded */
};

/* Advance the 128-bit byte counter, carrying from t[0] into t[1]. */
static inline void blake2b_counter_add(struct blake2b_state *S,
                                       unsigned int inc)
{
    S->t[0] += inc;
    S->t[1] += (S->t[0] < inc);
}

/* Fill p with the defaults for an unkeyed digest of outlen bytes. */
void blake2b_params_init(struct blake2b_params *p, uint8_t outlen);

/*
 * The three inits share one rule: the caller validates (each has its own
 * error to report, and the core has no error channel), the core asserts
 * in debug builds (compiled out with NDEBUG) and cannot fail. Lengths:
 * outlen 1..64, key length 0..64, key non-NULL when its length is not 0.
 */

/* Start a computation with p's fields and key (p->key_length bytes). */
void blake2b_init(struct blake2b_state *S, const struct blake2b_params *p,
                  const uint8_t *key);

/* Start an unkeyed computation with no salt or personalization: the same
 * as blake2b_init with blake2b_params_init's defaults, without building
 * the parameters. */
void blake2b_init_unkeyed(struct blake2b_state *S, uint8_t outlen);

/* Start a computation keyed with key when keylen is not 0 (unkeyed when
 * 0), with no salt or personalization. */
void blake2b_init_keyed(struct blake2b_state *S, uint8_t outlen,
                        const uint8_t *key, uint8_t keylen);

void blake2b_update(struct blake2b_state *S, const uint8_t *in, size_t len,
                    blake2b_compress_fn *compress);

/* Write the first outlen (1..64) bytes of the digest h holds to out;
 * S is left as it is. */
void blake2b_output(const struct blake2b_state *S, uint8_t *out,
                    size_t outlen);

/* Write S->outlen bytes to out and wipe the state. */
void blake2b_final(struct blake2b_state *S, uint8_t *out,
                   blake2b_compress_fn *compress);

/*
 * blake2b_final, faster for a state begun by blake2b_init_unkeyed: when
 * nothing has been compressed yet (the whole message, at most one block,
 * is in buf) and the backend has a hash_short (else NULL), that computes
 * it, without the state's own padding and round trip through memory;
 * else, and for any other state (checked), as blake2b_final. The same
 * digest either way, and the state wiped.
 */
void blake2b_final_unkeyed(struct blake2b_state *S, uint8_t *out,
                           blake2b_compress_fn *compress,
                           blake2b_hash_short_fn *hash_short);

/*
 * The whole hash of in (len bytes) in one call: out = outlen (1..64) bytes
 * of BLAKE2b, keyed with key when keylen is 1..64. Lengths must have been
 * checked. A short unkeyed message takes a path of its own, without the
 * buffering of update and final: hash_short when the backend has one
 * (else NULL), or the core's C path; the result is the same.
 */
void blake2b_hash(uint8_t *out, uint8_t outlen, const uint8_t *in, size_t len,
                  const uint8_t *key, uint8_t keylen,
                  blake2b_compress_fn *compress,
                  blake2b_hash_short_fn *hash_short);

/* Overwrite memory in a way the compiler may not elide. */
void blake2b_wipe(void *p, size_t len);

#endif
