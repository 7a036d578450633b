/* SPDX-License-Identifier: Apache-2.0 */
/*
 * BlaMka with AVX2 (built with -mavx2 for this file only; run where
 * blake2b_cpu_has_avx2 says).
 *
 * Sixteen ymm registers hold half a block, so the row pass leaves its
 * result in a buffer on the stack for the column pass. Both passes run
 * P twice at once, in eight registers:
 *  - rows 2i and 2i+1, one row in four registers (a, b, c, d), made
 *    diagonal by moving lanes across the register (vpermq);
 *  - columns 2k and 2k+1 in the eight registers holding words 4k..4k+3
 *    of the eight rows: column 2k is in the low 128-bit lanes, 2k+1 in
 *    the high ones, each of its a, b, c, d split across two registers.
 *    Its diagonals are made within 128-bit lanes (vpalignr, one cycle)
 *    and by renaming registers.
 * The result's other terms, prev ^ ref (and next's old value), wait in
 * next itself between the passes: each word of next is written only
 * after every input word at its place has been read, so next may be prev
 * or ref.
 */
#include <immintrin.h>
#include <stdint.h>

#include "avx2_rotate.h"
#include "backend.h"
#include "blamka.h"
#include "zero_vectors.h"

/* a + b + 2 * lo32(a) * lo32(b); vpmuludq multiplies the low halves. */
AVX2_INLINE __m256i bl_add(__m256i a, __m256i b)
{
    __m256i m = _mm256_mul_epu32(a, b);

    return _mm256_add_epi64(_mm256_add_epi64(a, b), _mm256_add_epi64(m, m));
}

/* G's four steps on two register quadruples at once (two chains). */
#define Q1(a, b, c, d) (a = bl_add(a, b), d = rotr32(_mm256_xor_si256(d, a)))
#define Q2(a, b, c, d) (c = bl_add(c, d), b = rotr24(_mm256_xor_si256(b, c)))
#define Q3(a, b, c, d) (a = bl_add(a, b), d = rotr16(_mm256_xor_si256(d, a)))
#define Q4(a, b, c, d) (c = bl_add(c, d), b = rotr63(_mm256_xor_si256(b, c)))

#define G2(a0, b0, c0, d0, a1, b1, c1, d1)                                  \
    do {                                                                    \
        Q1(a0, b0, c0, d0); Q1(a1, b1, c1, d1);                             \
        Q2(a0, b0, c0, d0); Q2(a1, b1, c1, d1);                             \
        Q3(a0, b0, c0, d0); Q3(a1, b1, c1, d1);                             \
        Q4(a0, b0, c0, d0); Q4(a1, b1, c1, d1);                             \
    } while (0)

#define G4(a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3) \
    do {                                                                    \
        Q1(a0, b0, c0, d0); Q1(a1, b1, c1, d1);                             \
        Q1(a2, b2, c2, d2); Q1(a3, b3, c3, d3);                             \
        Q2(a0, b0, c0, d0); Q2(a1, b1, c1, d1);                             \
        Q2(a2, b2, c2, d2); Q2(a3, b3, c3, d3);                             \
        Q3(a0, b0, c0, d0); Q3(a1, b1, c1, d1);                             \
        Q3(a2, b2, c2, d2); Q3(a3, b3, c3, d3);                             \
        Q4(a0, b0, c0, d0); Q4(a1, b1, c1, d1);                             \
        Q4(a2, b2, c2, d2); Q4(a3, b3, c3, d3);                             \
    } while (0)

#define LANES_FROM_PREV _MM_SHUFFLE(2, 1, 0, 3) /* lane j <- j - 1 */
#define LANES_FROM_NEXT _MM_SHUFFLE(0, 3, 2, 1) /* lane j <- j + 1 */
#define LANES_SWAP_HALVES _MM_SHUFFLE(1, 0, 3, 2) /* lane j <- j + 2 */

/* Moves a, c, d (not b, which the next step needs first). */
#define ROW_MOVE(a, c, d, ma, mc)                                           \
    do {                                                                    \
        a = _mm256_permute4x64_epi64(a, ma);                                \
        c = _mm256_permute4x64_epi64(c, mc);                                \
        d = _mm256_permute4x64_epi64(d, LANES_SWAP_HALVES);                 \
    } while (0)

/* P on four rows: r[4i..4i+3] are row i's a, b, c, d. */
AVX2_INLINE void p_rows(__m256i r[16])
{
    G4(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7],
       r[8], r[9], r[10], r[11], r[12], r[13], r[14], r[15]);
#pragma GCC unroll 16
    for (int i = 0; i < 16; i += 4)
        ROW_MOVE(r[i], r[i + 2], r[i + 3], LANES_FROM_PREV, LANES_FROM_NEXT);
    G4(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7],
       r[8], r[9], r[10], r[11], r[12], r[13], r[14], r[15]);
#pragma GCC unroll 16
    for (int i = 0; i < 16; i += 4)
        ROW_MOVE(r[i], r[i + 2], r[i + 3], LANES_FROM_NEXT, LANES_FROM_PREV);
}

/* Words (x1, y0) of each 128-bit lane: the second word of x, the first of y. */
AVX2_INLINE __m256i odd_even(__m256i x, __m256i y)
{
    return _mm256_alignr_epi8(y, x, 8);
}

/*
 * P on two columns: y[r] holds words 4k..4k+3 of row r, so a column's a
 * is (y[0], y[1]) in one 128-bit lane, b is (y[2], y[3]), and so on.
 * The diagonal step wants a's words one place back and c's one forward
 * (odd_even across the pair), d's two forward (the pair swapped).
 */
#define DIAG_A_C(y)                                                         \
    do {                                                                    \
        __m256i t0 = odd_even(y[1], y[0]), t1 = odd_even(y[0], y[1]);       \
        __m256i t4 = odd_even(y[4], y[5]), t5 = odd_even(y[5], y[4]);       \
        y[0] = t0, y[1] = t1, y[4] = t4, y[5] = t5;                         \
    } while (0)
#define UNDIAG_A_C(y)                                                       \
    do {                                                                    \
        __m256i t0 = odd_even(y[0], y[1]), t1 = odd_even(y[1], y[0]);       \
        __m256i t4 = odd_even(y[5], y[4]), t5 = odd_even(y[4], y[5]);       \
        y[0] = t0, y[1] = t1, y[4] = t4, y[5] = t5;                         \
    } while (0)

/* Two such pairs of columns, y and z. */
AVX2_INLINE void p_cols(__m256i y[8], __m256i z[8])
{
    G4(y[0], y[2], y[4], y[6], y[1], y[3], y[5], y[7],
       z[0], z[2], z[4], z[6], z[1], z[3], z[5], z[7]);
    DIAG_A_C(y);
    DIAG_A_C(z);
    G4(y[0], y[2], y[4], y[7], y[1], y[3], y[5], y[6],
       z[0], z[2], z[4], z[7], z[1], z[3], z[5], z[6]);
    UNDIAG_A_C(y);
    UNDIAG_A_C(z);
}

void blake2b_argon2_fill_avx2(struct blake2b_argon2_block *next,
                              const struct blake2b_argon2_block *prev,
                              const struct blake2b_argon2_block *ref,
                              int with_xor)
{
    _Alignas(32) __m256i q[32]; /* the row pass's result: row i is q[4i..] */

#pragma GCC unroll 2
    for (int i = 0; i < 8; i += 4) {
        __m256i r[16];

#pragma GCC unroll 16
        for (int j = 0; j < 16; j++) {
            __m256i *out = (__m256i *)(void *)&next->v[16 * i + 4 * j];

            r[j] = _mm256_xor_si256(
                _mm256_load_si256((const __m256i *)(const void *)
                                      &prev->v[16 * i + 4 * j]),
                _mm256_load_si256((const __m256i *)(const void *)
                                      &ref->v[16 * i + 4 * j]));
            _mm256_store_si256(out, with_xor ? _mm256_xor_si256(
                                                   r[j], _mm256_load_si256(out))
                                             : r[j]);
        }
        p_rows(r);
#pragma GCC unroll 16
        for (int j = 0; j < 16; j++)
            q[4 * i + j] = r[j];
    }
#pragma GCC unroll 2
    for (int k = 0; k < 4; k += 2) {
        __m256i y[2][8];

#pragma GCC unroll 16
        for (int r = 0; r < 8; r++) {
            y[0][r] = q[4 * r + k];
            y[1][r] = q[4 * r + k + 1];
        }
        p_cols(y[0], y[1]);
#pragma GCC unroll 16
        for (int h = 0; h < 2; h++)
#pragma GCC unroll 16
            for (int r = 0; r < 8; r++) {
                __m256i *out =
                    (__m256i *)(void *)&next->v[16 * r + 4 * (k + h)];

                _mm256_store_si256(out, _mm256_xor_si256(
                                            y[h][r], _mm256_load_si256(out)));
            }
    }
    /* q and the registers held what the password became. The asm that
     * reads q keeps the stores; zero idioms clear the registers for less
     * than vzeroall. */
#pragma GCC unroll 32
    for (int i = 0; i < 32; i++)
        q[i] = _mm256_setzero_si256();
    __asm__ volatile("" : : "r"(q) : "memory");
    blake2b_zero_xmm0_15();
}
