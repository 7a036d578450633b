/* SPDX-License-Identifier: Apache-2.0 */
/* BlaMka in portable C: any endianness (blocks are native words). */
#include "blake2b.h"
#include "blamka.h"

static inline uint64_t rotr64(uint64_t w, unsigned int c)
{
    return (w >> c) | (w << (64 - c));
}

/* a + b + 2 * lo32(a) * lo32(b): the addition BlaMka puts in G. */
static inline uint64_t blamka_add(uint64_t a, uint64_t b)
{
    return a + b + 2 * ((a & 0xffffffffu) * (b & 0xffffffffu));
}

#if defined(__GNUC__)
#define BLAMKA_INLINE static inline __attribute__((always_inline))
#else
#define BLAMKA_INLINE static inline
#endif

BLAMKA_INLINE void g(uint64_t *a, uint64_t *b, uint64_t *c, uint64_t *d)
{
    *a = blamka_add(*a, *b);
    *d = rotr64(*d ^ *a, 32);
    *c = blamka_add(*c, *d);
    *b = rotr64(*b ^ *c, 24);
    *a = blamka_add(*a, *b);
    *d = rotr64(*d ^ *a, 16);
    *c = blamka_add(*c, *d);
    *b = rotr64(*b ^ *c, 63);
}

/*
 * P on 16 words of the block at base, taken as eight pairs of adjacent
 * words, pair k at k * step: step 2 makes them one row (16 consecutive
 * words), step 16 one column of pairs. Inlined with step a constant, the
 * words are loaded into locals at fixed offsets and the compiler keeps
 * them in registers where it has them.
 */
BLAMKA_INLINE void permute(uint64_t *base, unsigned int step)
{
    uint64_t v[16];

    /* Unrolled at -O2 as well (Debian's builds), or v stays in memory. */
#pragma GCC unroll 16
    for (unsigned int k = 0; k < 16; k++)
        v[k] = base[k / 2 * step + k % 2];
    g(&v[0], &v[4], &v[8], &v[12]);
    g(&v[1], &v[5], &v[9], &v[13]);
    g(&v[2], &v[6], &v[10], &v[14]);
    g(&v[3], &v[7], &v[11], &v[15]);
    g(&v[0], &v[5], &v[10], &v[15]);
    g(&v[1], &v[6], &v[11], &v[12]);
    g(&v[2], &v[7], &v[8], &v[13]);
    g(&v[3], &v[4], &v[9], &v[14]);
#pragma GCC unroll 16
    for (unsigned int k = 0; k < 16; k++)
        base[k / 2 * step + k % 2] = v[k];
}

void blake2b_argon2_fill_generic(struct blake2b_argon2_block *next,
                                 const struct blake2b_argon2_block *prev,
                                 const struct blake2b_argon2_block *ref,
                                 int with_xor)
{
    uint64_t r[BLAKE2B_ARGON2_BLOCKWORDS], q[BLAKE2B_ARGON2_BLOCKWORDS];

    for (int w = 0; w < BLAKE2B_ARGON2_BLOCKWORDS; w++)
        r[w] = q[w] = prev->v[w] ^ ref->v[w];
    /* Not unrolled: eight P's side by side outgrow AArch64's registers
     * (gcc 12 spills every word), and one P at a time loses nothing. */
    for (unsigned int row = 0; row < 8; row++)
        permute(&q[16 * row], 2);
    for (unsigned int col = 0; col < 8; col++)
        permute(&q[2 * col], 16);
    if (with_xor)
        for (int w = 0; w < BLAKE2B_ARGON2_BLOCKWORDS; w++)
            next->v[w] ^= q[w] ^ r[w];
    else
        for (int w = 0; w < BLAKE2B_ARGON2_BLOCKWORDS; w++)
            next->v[w] = q[w] ^ r[w];
    /* Both hold what the password became. */
    blake2b_wipe(r, sizeof(r));
    blake2b_wipe(q, sizeof(q));
}
