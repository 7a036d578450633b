/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Four messages at once with AVX2 (built with -mavx2 for this file only;
 * used beside the avx2 and avx512 backends, on CPUs with AVX2).
 *
 * Word-sliced: register v[i] holds state word i of all four messages, one
 * per 64-bit lane, so the lanes never talk to each other: a G step is the
 * same instruction on four independent messages, and no lane rotation is
 * needed between the column and diagonal steps (they only index v
 * differently). One message is a single dependency chain; four of them
 * fill the vector pipes, which one chain leaves mostly idle.
 * This file slices the states and blocks and finishes h; the rounds in
 * between are assembly (rounds4_avx2.S says why).
 */
#include <immintrin.h>
#include <stdint.h>

#include "constants.h"
#include "many.h"

/* rounds4_avx2.S: the 12 rounds on the sliced state v, message m. */
void blake2b_rounds4_avx2(__m256i v[16], const __m256i m[16]);

static inline __m256i xor(__m256i x, __m256i y)
{
    return _mm256_xor_si256(x, y);
}

static inline __m256i loadu(const void *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

/*
 * Rows r0..r3 hold words w..w+3 of lanes 0..3; out[k] gets word w+k of
 * every lane (a 4x4 transpose of 64-bit elements, its own inverse).
 */
static inline void transpose4(__m256i r0, __m256i r1, __m256i r2,
                              __m256i r3, __m256i out[4])
{
    __m256i t0 = _mm256_unpacklo_epi64(r0, r1); /* r0[0] r1[0] r0[2] r1[2] */
    __m256i t1 = _mm256_unpackhi_epi64(r0, r1); /* r0[1] r1[1] r0[3] r1[3] */
    __m256i t2 = _mm256_unpacklo_epi64(r2, r3);
    __m256i t3 = _mm256_unpackhi_epi64(r2, r3);

    out[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    out[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    out[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    out[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

/* Words w..w+3 of the four 8-word arrays p[0..3] (message blocks or
 * chaining values, any alignment), sliced into out[0..3]. */
static inline void load_sliced(const uint8_t *const p[4], int w,
                               __m256i out[4])
{
    transpose4(loadu(p[0] + 8 * w), loadu(p[1] + 8 * w), loadu(p[2] + 8 * w),
               loadu(p[3] + 8 * w), out);
}

void blake2b_compress4_avx2(struct blake2b_state *const S[],
                            const uint8_t *const block[])
{
    const uint8_t *const h[4] = {
        (const uint8_t *)S[0]->h, (const uint8_t *)S[1]->h,
        (const uint8_t *)S[2]->h, (const uint8_t *)S[3]->h,
    };
    __m256i m[16], v[16]; /* 32-byte aligned (the type's), as the rounds need */

    for (int w = 0; w < 16; w += 4)
        load_sliced(block, w, &m[w]);
    load_sliced(h, 0, &v[0]);
    load_sliced(h, 4, &v[4]);
    for (int i = 0; i < 8; i++)
        v[i + 8] = _mm256_set1_epi64x((long long)blake2b_iv[i]);
    v[12] = xor(v[12], _mm256_setr_epi64x((long long)S[0]->t[0],
                                          (long long)S[1]->t[0],
                                          (long long)S[2]->t[0],
                                          (long long)S[3]->t[0]));
    v[13] = xor(v[13], _mm256_setr_epi64x((long long)S[0]->t[1],
                                          (long long)S[1]->t[1],
                                          (long long)S[2]->t[1],
                                          (long long)S[3]->t[1]));
    v[14] = xor(v[14], _mm256_setr_epi64x((long long)S[0]->f[0],
                                          (long long)S[1]->f[0],
                                          (long long)S[2]->f[0],
                                          (long long)S[3]->f[0]));
    v[15] = xor(v[15], _mm256_setr_epi64x((long long)S[0]->f[1],
                                          (long long)S[1]->f[1],
                                          (long long)S[2]->f[1],
                                          (long long)S[3]->f[1]));

    blake2b_rounds4_avx2(v, m);

    /* h ^= v[i] ^ v[i + 8], back from word slices to each state. */
    for (int half = 0; half < 8; half += 4) {
        __m256i hv[4], out[4];

        load_sliced(h, half, hv);
        for (int k = 0; k < 4; k++)
            hv[k] = xor(hv[k], xor(v[half + k], v[half + k + 8]));
        transpose4(hv[0], hv[1], hv[2], hv[3], out);
        for (int lane = 0; lane < 4; lane++)
            _mm256_storeu_si256((__m256i *)(void *)&S[lane]->h[half],
                                out[lane]);
    }
}
