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
 * Rotations: avx2_rotate.h, shared with compress_avx2.c.
 */
#include <immintrin.h>
#include <stdint.h>

#include "avx2_rotate.h"
#include "constants.h"
#include "many.h"

AVX2_INLINE __m256i add(__m256i x, __m256i y)
{
    return _mm256_add_epi64(x, y);
}

AVX2_INLINE __m256i xor(__m256i x, __m256i y)
{
    return _mm256_xor_si256(x, y);
}

AVX2_INLINE __m256i loadu(const void *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

/*
 * Rows r0..r3 hold words w..w+3 of lanes 0..3; out[k] gets word w+k of
 * every lane (a 4x4 transpose of 64-bit elements, its own inverse).
 */
AVX2_INLINE void transpose4(__m256i r0, __m256i r1, __m256i r2, __m256i r3,
                            __m256i out[4])
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

/*
 * The four G functions of a column (or diagonal) step, advanced together
 * operation by operation: four independent chains side by side for the
 * out-of-order core, where one G after another leaves it one chain at a
 * time to find. a, b, c, d name the v words of each G, x and y its
 * message words. G is twice the same half: a += m + b, d = (d ^ a) >>>
 * rotr_d, c += d, b = (b ^ c) >>> rotr_b; first with x, 32 and 24, then
 * with y, 16 and 63 (the rotations inline: the same code as written out).
 */
AVX2_INLINE void g4_half(__m256i v[16], const int a[4], const int b[4],
                         const int c[4], const int d[4], const __m256i m[4],
                         __m256i (*rotr_d)(__m256i), __m256i (*rotr_b)(__m256i))
{
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        v[a[i]] = add(add(v[a[i]], m[i]), v[b[i]]);
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        v[d[i]] = rotr_d(xor(v[d[i]], v[a[i]]));
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        v[c[i]] = add(v[c[i]], v[d[i]]);
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        v[b[i]] = rotr_b(xor(v[b[i]], v[c[i]]));
}

AVX2_INLINE void g4(__m256i v[16], const int a[4], const int b[4],
                    const int c[4], const int d[4], const __m256i x[4],
                    const __m256i y[4])
{
    g4_half(v, a, b, c, d, x, rotr32, rotr24);
    g4_half(v, a, b, c, d, y, rotr16, rotr63);
}

AVX2_INLINE void one_round(__m256i v[16], const __m256i m[16],
                           const uint8_t s[16])
{
    static const int col_a[4] = { 0, 1, 2, 3 }, col_b[4] = { 4, 5, 6, 7 },
                     col_c[4] = { 8, 9, 10, 11 }, col_d[4] = { 12, 13, 14, 15 };
    static const int dia_b[4] = { 5, 6, 7, 4 }, dia_c[4] = { 10, 11, 8, 9 },
                     dia_d[4] = { 15, 12, 13, 14 };
    const __m256i col_x[4] = { m[s[0]], m[s[2]], m[s[4]], m[s[6]] };
    const __m256i col_y[4] = { m[s[1]], m[s[3]], m[s[5]], m[s[7]] };
    const __m256i dia_x[4] = { m[s[8]], m[s[10]], m[s[12]], m[s[14]] };
    const __m256i dia_y[4] = { m[s[9]], m[s[11]], m[s[13]], m[s[15]] };

    g4(v, col_a, col_b, col_c, col_d, col_x, col_y);
    g4(v, col_a, dia_b, dia_c, dia_d, dia_x, dia_y);
}

/* Words w..w+3 of the four 8-word arrays p[0..3] (message blocks or
 * chaining values, any alignment), sliced into out[0..3]. */
AVX2_INLINE void load_sliced(const uint8_t *const p[4], int w, __m256i out[4])
{
    transpose4(loadu(p[0] + 8 * w), loadu(p[1] + 8 * w), loadu(p[2] + 8 * w),
               loadu(p[3] + 8 * w), out);
}

void blake2b_compress4_avx2(struct blake2b_state *const S[BLAKE2B_LANES],
                            const uint8_t *const block[BLAKE2B_LANES])
{
    const uint8_t *const h[4] = {
        (const uint8_t *)S[0]->h, (const uint8_t *)S[1]->h,
        (const uint8_t *)S[2]->h, (const uint8_t *)S[3]->h,
    };
    __m256i m[16], v[16], out[4];

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

    /* Unrolled, so that the sigma indices are constants. */
#pragma GCC unroll 12
    for (int r = 0; r < 12; r++)
        one_round(v, m, blake2b_sigma[r]);

    /* h ^= v[i] ^ v[i + 8], back from word slices to each state. */
    for (int half = 0; half < 8; half += 4) {
        __m256i hv[4];

        load_sliced(h, half, hv);
        for (int k = 0; k < 4; k++)
            hv[k] = xor(hv[k], xor(v[half + k], v[half + k + 8]));
        transpose4(hv[0], hv[1], hv[2], hv[3], out);
        for (int lane = 0; lane < 4; lane++)
            _mm256_storeu_si256((__m256i *)(void *)&S[lane]->h[half],
                                out[lane]);
    }
}
