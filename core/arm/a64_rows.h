/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The BLAKE2b rounds on 128-bit AArch64 vectors, shared by the Advanced SIMD
 * and SHA3 backends. The including file defines, with the best instructions
 * it may use:
 *  - A64_INLINE;
 *  - xor_rotr32, xor_rotr24, xor_rotr16, xor_rotr63 (x, y): x ^ y rotated
 *    right in each 64-bit lane, and xor3(x, y, z): x ^ y ^ z;
 *  - BLAKE2B_A64_FN, the name of the compress function to define.
 *
 * The 16 working words sit in 8 q registers, two per row: a = words 0..3,
 * b = 4..7, c = 8..11, d = 12..15, each as a low pair (columns 0, 1) and a
 * high pair (columns 2, 3). One vector G step thus mixes two columns; the
 * diagonal step first rotates rows b, c, d by one, two and three lanes with
 * vextq_u64 (row c needs only its halves swapped) and turns them back
 * afterwards. Message words are loaded as native lanes: little-endian only.
 */
#ifndef BLAKE2NEON_CORE_ARM_A64_ROWS_H
#define BLAKE2NEON_CORE_ARM_A64_ROWS_H

#include <arm_neon.h>

#include "backend.h"
#include "constants.h"

struct rows {
    uint64x2_t a[2], b[2], c[2], d[2];
};

/* RFC 7693 G on two columns (or diagonals) at once. */
A64_INLINE void g2(uint64x2_t *a, uint64x2_t *b, uint64x2_t *c, uint64x2_t *d,
                   uint64x2_t x, uint64x2_t y)
{
    /* Adding the message word first takes it off the dependency chain. */
    *a = vaddq_u64(vaddq_u64(*a, x), *b);
    *d = xor_rotr32(*d, *a);
    *c = vaddq_u64(*c, *d);
    *b = xor_rotr24(*b, *c);
    *a = vaddq_u64(vaddq_u64(*a, y), *b);
    *d = xor_rotr16(*d, *a);
    *c = vaddq_u64(*c, *d);
    *b = xor_rotr63(*b, *c);
}

/*
 * (m[i], m[j]) from the message held as pairs mp[k] = (m[2k], m[2k+1]).
 * i and j are constants after inlining, so one case survives, and each
 * case is at most one instruction.
 */
A64_INLINE uint64x2_t msg_pair(const uint64x2_t mp[8], int i, int j)
{
    uint64x2_t p = mp[i / 2], q = mp[j / 2];

    if (i % 2 == 0 && j == i + 1)
        return p;
    if (i % 2 == 0 && j % 2 == 0)
        return vzip1q_u64(p, q);
    if (i % 2 == 1 && j % 2 == 1)
        return vzip2q_u64(p, q);
    if (i % 2 == 1)                 /* (p high, q low) */
        return vextq_u64(p, q, 1);
    return vcopyq_laneq_u64(p, 1, q, 1); /* (p low, q high) */
}

/* Rotate b, c, d left by 1, 2, 3 lanes: diagonals become columns. */
A64_INLINE void diagonalize(struct rows *v)
{
    uint64x2_t t;

    t = vextq_u64(v->b[0], v->b[1], 1);
    v->b[1] = vextq_u64(v->b[1], v->b[0], 1);
    v->b[0] = t;
    t = v->c[0];
    v->c[0] = v->c[1];
    v->c[1] = t;
    t = vextq_u64(v->d[1], v->d[0], 1);
    v->d[1] = vextq_u64(v->d[0], v->d[1], 1);
    v->d[0] = t;
}

A64_INLINE void undiagonalize(struct rows *v)
{
    uint64x2_t t;

    t = vextq_u64(v->b[1], v->b[0], 1);
    v->b[1] = vextq_u64(v->b[0], v->b[1], 1);
    v->b[0] = t;
    t = v->c[0];
    v->c[0] = v->c[1];
    v->c[1] = t;
    t = vextq_u64(v->d[0], v->d[1], 1);
    v->d[1] = vextq_u64(v->d[1], v->d[0], 1);
    v->d[0] = t;
}

A64_INLINE void one_round(struct rows *v, const uint64x2_t mp[8],
                          const uint8_t s[16])
{
    g2(&v->a[0], &v->b[0], &v->c[0], &v->d[0],
       msg_pair(mp, s[0], s[2]), msg_pair(mp, s[1], s[3]));
    g2(&v->a[1], &v->b[1], &v->c[1], &v->d[1],
       msg_pair(mp, s[4], s[6]), msg_pair(mp, s[5], s[7]));
    diagonalize(v);
    g2(&v->a[0], &v->b[0], &v->c[0], &v->d[0],
       msg_pair(mp, s[8], s[10]), msg_pair(mp, s[9], s[11]));
    g2(&v->a[1], &v->b[1], &v->c[1], &v->d[1],
       msg_pair(mp, s[12], s[14]), msg_pair(mp, s[13], s[15]));
    undiagonalize(v);
}

A64_INLINE void compress_one(uint64x2_t h[4], const uint64_t t[2],
                             const uint64_t f[2], const uint8_t *in)
{
    uint64x2_t mp[8];
    struct rows v;

    /* Byte loads: any alignment; lanes are little-endian words. Spelled
     * out so that GCC keeps mp in registers instead of a stack copy. */
    mp[0] = vreinterpretq_u64_u8(vld1q_u8(in));
    mp[1] = vreinterpretq_u64_u8(vld1q_u8(in + 16));
    mp[2] = vreinterpretq_u64_u8(vld1q_u8(in + 32));
    mp[3] = vreinterpretq_u64_u8(vld1q_u8(in + 48));
    mp[4] = vreinterpretq_u64_u8(vld1q_u8(in + 64));
    mp[5] = vreinterpretq_u64_u8(vld1q_u8(in + 80));
    mp[6] = vreinterpretq_u64_u8(vld1q_u8(in + 96));
    mp[7] = vreinterpretq_u64_u8(vld1q_u8(in + 112));

    v.a[0] = h[0];
    v.a[1] = h[1];
    v.b[0] = h[2];
    v.b[1] = h[3];
    v.c[0] = vld1q_u64(&blake2b_iv[0]);
    v.c[1] = vld1q_u64(&blake2b_iv[2]);
    v.d[0] = veorq_u64(vld1q_u64(&blake2b_iv[4]), vld1q_u64(t));
    v.d[1] = veorq_u64(vld1q_u64(&blake2b_iv[6]), vld1q_u64(f));

    one_round(&v, mp, blake2b_sigma[0]);
    one_round(&v, mp, blake2b_sigma[1]);
    one_round(&v, mp, blake2b_sigma[2]);
    one_round(&v, mp, blake2b_sigma[3]);
    one_round(&v, mp, blake2b_sigma[4]);
    one_round(&v, mp, blake2b_sigma[5]);
    one_round(&v, mp, blake2b_sigma[6]);
    one_round(&v, mp, blake2b_sigma[7]);
    one_round(&v, mp, blake2b_sigma[8]);
    one_round(&v, mp, blake2b_sigma[9]);
    one_round(&v, mp, blake2b_sigma[10]);
    one_round(&v, mp, blake2b_sigma[11]);

    h[0] = xor3(h[0], v.a[0], v.c[0]);
    h[1] = xor3(h[1], v.a[1], v.c[1]);
    h[2] = xor3(h[2], v.b[0], v.d[0]);
    h[3] = xor3(h[3], v.b[1], v.d[1]);
}

void BLAKE2B_A64_FN(struct blake2b_state *S, const uint8_t *in,
                    size_t nblocks, unsigned int inc)
{
    uint64x2_t h[4];

    /* The chaining value stays in registers from block to block. */
    for (int k = 0; k < 4; k++)
        h[k] = vld1q_u64(&S->h[2 * k]);
    while (nblocks-- > 0) {
        blake2b_counter_add(S, inc);
        compress_one(h, S->t, S->f, in);
        in += BLAKE2B_BLOCKBYTES;
    }
    for (int k = 0; k < 4; k++)
        vst1q_u64(&S->h[2 * k], h[k]);
}

#endif
