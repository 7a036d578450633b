/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AVX2 compress backend (built with -mavx2 for this file only; chosen at
 * run time when cpuid and the OS say AVX2 state is usable).
 *
 * Layout: the rows a = v0..3, b = v4..7, c = v8..11, d = v12..15 each sit
 * in one register, so one G step runs the four columns (or diagonals) at
 * once. Single-stream BLAKE2b is bound by the latency of the a -> d -> c
 * -> b chain; two choices keep it short (the AVX-512 backend,
 * compress_avx512.S, explains both at length):
 *  - a + m + b is computed as (a + m) + b: a and m are ready early, b last.
 *  - To diagonalize, rows a, c and d are rotated across lanes, not b: b is
 *    the last value a G step produces and the first the next step needs.
 *    In diagonal form lane j holds a[j-1], b[j], c[j+1], d[j+2] (indices
 *    mod 4), i.e. lane j runs diagonal G number (j - 1) mod 4; the message
 *    words for that step are ordered to match.
 * AVX2 has no 64-bit rotate: avx2_rotate.h says how each one is made.
 */
#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "avx2_rotate.h"
#include "backend.h"
#include "constants.h"

/*
 * a + m with the sum pinned in a register: left alone, gcc reassociates
 * (a + m) + b into (m + b) + a, two adds after b instead of one.
 */
AVX2_INLINE __m256i add_early(__m256i a, __m256i m)
{
    __m256i sum = _mm256_add_epi64(a, m);

    __asm__("" : "+x"(sum));
    return sum;
}

/* Message word i of block in all four lanes (x86 is little-endian). */
AVX2_INLINE __m256i word_in_all_lanes(const uint8_t *block, int i)
{
    uint64_t w;

    memcpy(&w, block + 8 * i, sizeof(w));
    return _mm256_set1_epi64x((long long)w);
}

/*
 * The row (m[i0], m[i1], m[i2], m[i3]): a broadcast load per word, merged
 * by blends. Broadcast loads need no vector pipe and blends run on any,
 * where permutes would compete with the rotations for the shuffle pipes
 * (and vpgatherqq is slow). The masks select 32-bit elements: 0x0c is
 * lane 1, 0xc0 lane 3, 0xf0 the upper two lanes.
 */
AVX2_INLINE __m256i message_row(const uint8_t *block, int i0, int i1, int i2,
                                int i3)
{
    __m256i lo = _mm256_blend_epi32(word_in_all_lanes(block, i0),
                                    word_in_all_lanes(block, i1), 0x0c);
    __m256i hi = _mm256_blend_epi32(word_in_all_lanes(block, i2),
                                    word_in_all_lanes(block, i3), 0xc0);
    return _mm256_blend_epi32(lo, hi, 0xf0);
}

/* G on all four lanes: x and y are the two message rows. */
AVX2_INLINE void g_rows(__m256i *a, __m256i *b, __m256i *c, __m256i *d,
                        __m256i x, __m256i y)
{
    *a = _mm256_add_epi64(add_early(*a, x), *b);
    *d = rotr32(_mm256_xor_si256(*d, *a));
    *c = _mm256_add_epi64(*c, *d);
    *b = rotr24(_mm256_xor_si256(*b, *c));
    *a = _mm256_add_epi64(add_early(*a, y), *b);
    *d = rotr16(_mm256_xor_si256(*d, *a));
    *c = _mm256_add_epi64(*c, *d);
    *b = rotr63(_mm256_xor_si256(*b, *c));
}

/* _MM_SHUFFLE(3,2,1,0)-style immediates: lane k of the result takes the
 * source lane named in field k. */
#define LANES_FROM_PREV _MM_SHUFFLE(2, 1, 0, 3) /* lane j <- j - 1 */
#define LANES_FROM_NEXT _MM_SHUFFLE(0, 3, 2, 1) /* lane j <- j + 1 */
#define LANES_SWAP_HALVES _MM_SHUFFLE(1, 0, 3, 2) /* lane j <- j + 2 */

AVX2_INLINE void one_round(__m256i *a, __m256i *b, __m256i *c, __m256i *d,
                           const uint8_t *block, const uint8_t s[16])
{
    g_rows(a, b, c, d, message_row(block, s[0], s[2], s[4], s[6]),
           message_row(block, s[1], s[3], s[5], s[7]));

    *a = _mm256_permute4x64_epi64(*a, LANES_FROM_PREV);
    *d = _mm256_permute4x64_epi64(*d, LANES_SWAP_HALVES);
    *c = _mm256_permute4x64_epi64(*c, LANES_FROM_NEXT);
    /* Lane j runs diagonal (j - 1) mod 4: words 14 and 15 first. */
    g_rows(a, b, c, d, message_row(block, s[14], s[8], s[10], s[12]),
           message_row(block, s[15], s[9], s[11], s[13]));

    *a = _mm256_permute4x64_epi64(*a, LANES_FROM_NEXT);
    *d = _mm256_permute4x64_epi64(*d, LANES_SWAP_HALVES);
    *c = _mm256_permute4x64_epi64(*c, LANES_FROM_PREV);
}

void blake2b_compress_avx2(struct blake2b_state *S, const uint8_t *in,
                           size_t nblocks, unsigned int inc)
{
    const __m256i iv_lo = _mm256_setr_epi64x(
        (long long)blake2b_iv[0], (long long)blake2b_iv[1],
        (long long)blake2b_iv[2], (long long)blake2b_iv[3]);
    const __m256i iv_hi = _mm256_setr_epi64x(
        (long long)blake2b_iv[4], (long long)blake2b_iv[5],
        (long long)blake2b_iv[6], (long long)blake2b_iv[7]);
    __m256i h_lo = _mm256_setr_epi64x((long long)S->h[0], (long long)S->h[1],
                                      (long long)S->h[2], (long long)S->h[3]);
    __m256i h_hi = _mm256_setr_epi64x((long long)S->h[4], (long long)S->h[5],
                                      (long long)S->h[6], (long long)S->h[7]);

    for (; nblocks > 0; nblocks--, in += BLAKE2B_BLOCKBYTES) {
        blake2b_counter_add(S, inc);

        __m256i a = h_lo, b = h_hi, c = iv_lo;
        __m256i d = _mm256_xor_si256(
            iv_hi, _mm256_setr_epi64x((long long)S->t[0], (long long)S->t[1],
                                      (long long)S->f[0], (long long)S->f[1]));

        /* Unrolled, so that the sigma indices are constants. */
#pragma GCC unroll 12
        for (int r = 0; r < 12; r++)
            one_round(&a, &b, &c, &d, in, blake2b_sigma[r]);

        h_lo = _mm256_xor_si256(h_lo, _mm256_xor_si256(a, c));
        h_hi = _mm256_xor_si256(h_hi, _mm256_xor_si256(b, d));
    }

    _mm256_storeu_si256((__m256i *)(void *)&S->h[0], h_lo);
    _mm256_storeu_si256((__m256i *)(void *)&S->h[4], h_hi);
}
