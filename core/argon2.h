/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Argon2 (RFC 9106) on the core's BLAKE2b and a backend's BlaMka: the
 * provider's ARGON2D/I/ID KDFs and the library's blake2neon_argon2 are
 * thin layers over this. The core validates nothing: callers check the
 * parameters against the rules below (each has its own way to say what
 * is wrong).
 */
#ifndef BLAKE2NEON_CORE_ARGON2_H
#define BLAKE2NEON_CORE_ARGON2_H

#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "blamka.h"

enum blake2b_argon2_type {
    BLAKE2B_ARGON2D = 0,
    BLAKE2B_ARGON2I = 1,
    BLAKE2B_ARGON2ID = 2,
};

enum {
    BLAKE2B_ARGON2_VERSION_10 = 0x10,
    BLAKE2B_ARGON2_VERSION_13 = 0x13,
    BLAKE2B_ARGON2_SYNC_POINTS = 4, /* slices per pass */
    BLAKE2B_ARGON2_MIN_OUTLEN = 4,
    BLAKE2B_ARGON2_MIN_SALTLEN = 8,
    BLAKE2B_ARGON2_MAX_LANES = 0xffffff,
    BLAKE2B_ARGON2_H0BYTES = 64,
};

/* 1 if a length fits Argon2's 32-bit fields; always so where size_t is
 * 32 bits (written so that no compiler calls the test always true). */
static inline int blake2b_argon2_fits_u32(size_t len)
{
#if SIZE_MAX > UINT32_MAX
    return len <= UINT32_MAX;
#else
    (void)len;
    return 1;
#endif
}

/* Everything the tag depends on. Lengths are at most 2^32 - 1. */
struct blake2b_argon2_params {
    enum blake2b_argon2_type type;
    uint32_t version;  /* 0x10 or 0x13 */
    uint32_t t_cost;   /* passes: at least 1 */
    uint32_t m_cost;   /* KiB: at least 8 * lanes */
    uint32_t lanes;    /* 1 .. 2^24 - 1 */
    uint32_t threads;  /* lanes filled at once: 1 .. lanes */
    uint32_t outlen;   /* tag bytes: at least 4 */
    const uint8_t *pass;
    uint32_t passlen;
    const uint8_t *salt;
    uint32_t saltlen;  /* RFC 9106 allows 0; the callers ask for 8 */
    const uint8_t *secret;
    uint32_t secretlen;
    const uint8_t *ad;
    uint32_t adlen;
};

/* The blocks of memory p needs: m_cost rounded down to a multiple of
 * 4 * lanes. */
uint32_t blake2b_argon2_memory_blocks(const struct blake2b_argon2_params *p);

/*
 * Memory for blocks blocks from the system (argon2_memory.c), or NULL if
 * it cannot be had (or its size does not fit in size_t). Its contents
 * are unspecified; blake2b_argon2_run wipes it.
 */
struct blake2b_argon2_block *blake2b_argon2_memory_alloc(uint32_t blocks);

/* Give back what blake2b_argon2_memory_alloc(blocks) gave. NULL is fine. */
void blake2b_argon2_memory_free(struct blake2b_argon2_block *memory,
                                uint32_t blocks);

/*
 * H0, the initial hash of every parameter, the password and the secret:
 * split from the rest so that a caller may wipe those as soon as it is
 * made (OpenSSL's early_clean).
 */
void blake2b_argon2_h0(uint8_t h0[BLAKE2B_ARGON2_H0BYTES],
                       const struct blake2b_argon2_params *p,
                       blake2b_compress_fn *compress);

/*
 * H'^outlen(in), Argon2's variable-length hash (RFC 9106 section 3.3):
 * any outlen from 1, on the core's BLAKE2b.
 */
void blake2b_argon2_hprime(uint8_t *out, uint32_t outlen, const uint8_t *in,
                           size_t inlen, blake2b_compress_fn *compress);

/*
 * The tag of p (p->outlen bytes into out) from h0, filling memory
 * (blake2b_argon2_memory_blocks(p) blocks; its contents are ignored)
 * with backend's BlaMka and BLAKE2b compress. Up to p->threads lanes are
 * filled at once, on threads of the C library's; where a thread cannot
 * be started, the calling thread fills its lanes: the tag is the same
 * for any thread count. memory is wiped before return, as is every
 * block this function kept of its own.
 */
void blake2b_argon2_run(uint8_t *out, const struct blake2b_argon2_params *p,
                        const uint8_t h0[BLAKE2B_ARGON2_H0BYTES],
                        struct blake2b_argon2_block *memory,
                        const struct blake2b_backend *backend);

#endif
