/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Portable C compress backend: correct on any endianness and alignment.
 *
 * BLAKE2NEON_ROLLED_ROUNDS keeps the 12 rounds in a loop (small code, for
 * 32-bit targets, where the unrolled form is many times larger:
 * docs/performance.md, "32-bit Arm (ARMv7)"); otherwise every round is expanded with its message
 * indices known at compile time.
 */
#include "backend.h"
#include "constants.h"
#include "load_store.h"

#if defined(__GNUC__)
#define BLAKE2B_INLINE static inline __attribute__((always_inline))
#else
#define BLAKE2B_INLINE static inline
#endif

BLAKE2B_INLINE uint64_t rotr64(uint64_t w, unsigned int c)
{
    return (w >> c) | (w << (64 - c));
}

#if UINTPTR_MAX > 0xffffffffu
/*
 * 64-bit targets: the four G functions of a half-round (RFC 7693 section
 * 3.1) advance step by step together, four independent chains for the CPU
 * to overlap (faster than one G after another: docs/performance.md, "The
 * latency bound").
 */

/* The v[] words of the four G functions of a column or diagonal step. */
struct quads {
    uint8_t a[4], b[4], c[4], d[4];
};
static const struct quads columns = {
    { 0, 1, 2, 3 }, { 4, 5, 6, 7 }, { 8, 9, 10, 11 }, { 12, 13, 14, 15 },
};
static const struct quads diagonals = {
    { 0, 1, 2, 3 }, { 5, 6, 7, 4 }, { 10, 11, 8, 9 }, { 15, 12, 13, 14 },
};

/* G on the quads q, the i-th taking message words x[i] and y[i]. The
 * loops must be unrolled for the indices to become constants. */
BLAKE2B_INLINE void mix4(uint64_t v[16], const struct quads *q,
                         const uint64_t x[4], const uint64_t y[4])
{
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        v[q->a[i]] = v[q->a[i]] + x[i] + v[q->b[i]];
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        v[q->d[i]] = rotr64(v[q->d[i]] ^ v[q->a[i]], 32);
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        v[q->c[i]] = v[q->c[i]] + v[q->d[i]];
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        v[q->b[i]] = rotr64(v[q->b[i]] ^ v[q->c[i]], 24);
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        v[q->a[i]] = v[q->a[i]] + y[i] + v[q->b[i]];
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        v[q->d[i]] = rotr64(v[q->d[i]] ^ v[q->a[i]], 16);
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        v[q->c[i]] = v[q->c[i]] + v[q->d[i]];
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        v[q->b[i]] = rotr64(v[q->b[i]] ^ v[q->c[i]], 63);
}

BLAKE2B_INLINE void one_round(uint64_t v[16], const uint64_t m[16],
                              const uint8_t s[16])
{
    const uint64_t column_x[4] = { m[s[0]], m[s[2]], m[s[4]], m[s[6]] };
    const uint64_t column_y[4] = { m[s[1]], m[s[3]], m[s[5]], m[s[7]] };
    const uint64_t diagonal_x[4] = { m[s[8]], m[s[10]], m[s[12]], m[s[14]] };
    const uint64_t diagonal_y[4] = { m[s[9]], m[s[11]], m[s[13]], m[s[15]] };

    mix4(v, &columns, column_x, column_y);
    mix4(v, &diagonals, diagonal_x, diagonal_y);
}

#else
/*
 * 32-bit targets hold each word in two registers and have too few for
 * four chains at once: one G after another spills far less (modelled:
 * docs/performance.md, "32-bit Arm (ARMv7)").
 */

/*
 * v lives in memory between two G functions: each G loads its eight
 * halves, works in registers and stores them back (SPILL_POINT ends mix).
 * Left to itself, gcc 12 keeps some of v in registers across Gs and spills
 * others at random in the round loop; with this (and without its
 * pre-allocation schedule, see core/CMakeLists.txt) the rolled rounds run
 * fewer instructions on ARMv7 than OpenSSL's own (docs/performance.md,
 * "32-bit Arm (ARMv7)").
 * The empty asm claims to read and write v, so v must be in memory there;
 * it emits nothing.
 */
#if defined(__GNUC__)
#define SPILL_POINT(v) __asm__("" : "+m"(*(uint64_t(*)[16])(v)))
#else
#define SPILL_POINT(v) ((void)0)
#endif

/* The G function of RFC 7693 section 3.1. */
BLAKE2B_INLINE void mix(uint64_t v[16], int a, int b, int c, int d,
                        uint64_t x, uint64_t y)
{
    v[a] = v[a] + v[b] + x;
    v[d] = rotr64(v[d] ^ v[a], 32);
    v[c] = v[c] + v[d];
    v[b] = rotr64(v[b] ^ v[c], 24);
    v[a] = v[a] + v[b] + y;
    v[d] = rotr64(v[d] ^ v[a], 16);
    v[c] = v[c] + v[d];
    v[b] = rotr64(v[b] ^ v[c], 63);
    SPILL_POINT(v);
}

BLAKE2B_INLINE void one_round(uint64_t v[16], const uint64_t m[16],
                              const uint8_t s[16])
{
    mix(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
    mix(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
    mix(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
    mix(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
    mix(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
    mix(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
    mix(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
    mix(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
}
#endif

BLAKE2B_INLINE void compress_one(struct blake2b_state *S, const uint8_t *in)
{
    uint64_t m[16], v[16];

    /* Fully unrolled, m and v become registers and constant-indexed
     * words; gcc 12 does so by itself at -O3 only, and at -O2 (what
     * distributions build with) this backend was slower without
     * (docs/performance.md, "The x86-64 rule"). */
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        m[i] = blake2b_load64_le(in + 8 * i);

#pragma GCC unroll 8
    for (int i = 0; i < 8; i++) {
        v[i] = S->h[i];
        v[i + 8] = blake2b_iv[i];
    }
    v[12] ^= S->t[0];
    v[13] ^= S->t[1];
    v[14] ^= S->f[0];
    v[15] ^= S->f[1];

#if defined(BLAKE2NEON_ROLLED_ROUNDS)
    for (int r = 0; r < 12; r++)
        one_round(v, m, blake2b_sigma[r]);
#else
    one_round(v, m, blake2b_sigma[0]);
    one_round(v, m, blake2b_sigma[1]);
    one_round(v, m, blake2b_sigma[2]);
    one_round(v, m, blake2b_sigma[3]);
    one_round(v, m, blake2b_sigma[4]);
    one_round(v, m, blake2b_sigma[5]);
    one_round(v, m, blake2b_sigma[6]);
    one_round(v, m, blake2b_sigma[7]);
    one_round(v, m, blake2b_sigma[8]);
    one_round(v, m, blake2b_sigma[9]);
    one_round(v, m, blake2b_sigma[10]);
    one_round(v, m, blake2b_sigma[11]);
#endif

#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
        S->h[i] ^= v[i] ^ v[i + 8];
}

void blake2b_compress_generic(struct blake2b_state *S, const uint8_t *in,
                              size_t nblocks, unsigned int inc)
{
    while (nblocks-- > 0) {
        blake2b_counter_add(S, inc);
        compress_one(S, in);
        in += BLAKE2B_BLOCKBYTES;
    }
}
