/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Argon2's compression function G (RFC 9106 section 3.5): BlaMka, the
 * BLAKE2b round with a multiplication added to each addition, over 1 KiB
 * blocks. One per backend, beside its BLAKE2b compress (backend.h).
 */
#ifndef BLAKE2NEON_CORE_BLAMKA_H
#define BLAKE2NEON_CORE_BLAMKA_H

#include <stdint.h>

enum {
    BLAKE2B_ARGON2_BLOCKBYTES = 1024,
    BLAKE2B_ARGON2_BLOCKWORDS = 128,
};

/* A block as 128 native 64-bit words; bytes are little-endian words
 * (argon2.c converts at the two places bytes meet blocks). Aligned for
 * the widest vector a backend loads. */
struct blake2b_argon2_block {
    _Alignas(64) uint64_t v[BLAKE2B_ARGON2_BLOCKWORDS];
};

/*
 * next = G(prev, ref): R = prev ^ ref, Q = P applied to R's eight rows
 * of 16 words, then to its eight columns of word pairs, next = Q ^ R;
 * with with_xor, next's old value is XORed in as well (version 0x13's
 * later passes). next may be the same block as prev or ref.
 */
typedef void blake2b_argon2_fill_fn(struct blake2b_argon2_block *next,
                                    const struct blake2b_argon2_block *prev,
                                    const struct blake2b_argon2_block *ref,
                                    int with_xor);

/* Portable C, and the reference every other backend is checked against. */
blake2b_argon2_fill_fn blake2b_argon2_fill_generic;

#endif
