/* SPDX-License-Identifier: Apache-2.0 */
/*
 * BlaMka with AVX-512F (built with -mavx512f -mavx512vl for this file
 * only; run where blake2b_cpu_has_avx512 says).
 *
 * The whole 1 KiB block lives in 16 zmm registers for both passes, so
 * nothing but the inputs and the result touches memory. Register x[4p+k]
 * holds words 4k..4k+3 of row 2p in its low half and of row 2p+1 in its
 * high half:
 *  - the row pass runs P on rows 2p and 2p+1 at once, in the four
 *    registers x[4p..4p+3] (a, b, c, d of both rows, one row a half);
 *  - the column pass runs P on columns 2k and 2k+1 at once, in x[k],
 *    x[4+k], x[8+k], x[12+k]: a column's a, b, c, d are two words of
 *    two consecutive rows, so rows 0-1, 2-3, 4-5, 6-7 of those words are
 *    exactly those registers, column 2k in lanes 0,1,4,5 and 2k+1 in
 *    2,3,6,7. Going from rows to columns needs no data movement at all.
 * Each pass is four independent chains of G steps, interleaved so that
 * the vector ports stay busy while a multiplication's latency runs.
 * Diagonals are made by moving a, c and d, not b: b is the last value a
 * G step makes and the first the next one needs.
 */
#include <immintrin.h>
#include <stdint.h>

#include "backend.h"
#include "blamka.h"

#define INLINE static inline __attribute__((always_inline))

/* a + b + 2 * lo32(a) * lo32(b); vpmuludq multiplies the low halves. */
INLINE __m512i bl_add(__m512i a, __m512i b)
{
    __m512i m = _mm512_mul_epu32(a, b);

    return _mm512_add_epi64(_mm512_add_epi64(a, b), _mm512_add_epi64(m, m));
}

/* One G step on four register quadruples at once (four chains). */
#define STEP4(A, B, C, D, OP)                                               \
    do {                                                                    \
        OP(A[0], B[0], C[0], D[0]);                                         \
        OP(A[1], B[1], C[1], D[1]);                                         \
        OP(A[2], B[2], C[2], D[2]);                                         \
        OP(A[3], B[3], C[3], D[3]);                                         \
    } while (0)

#define Q1(a, b, c, d) (a = bl_add(a, b), d = _mm512_ror_epi64(d ^ a, 32))
#define Q2(a, b, c, d) (c = bl_add(c, d), b = _mm512_ror_epi64(b ^ c, 24))
#define Q3(a, b, c, d) (a = bl_add(a, b), d = _mm512_ror_epi64(d ^ a, 16))
#define Q4(a, b, c, d) (c = bl_add(c, d), b = _mm512_ror_epi64(b ^ c, 63))

#define G4(A, B, C, D)                                                      \
    do {                                                                    \
        STEP4(A, B, C, D, Q1);                                              \
        STEP4(A, B, C, D, Q2);                                              \
        STEP4(A, B, C, D, Q3);                                              \
        STEP4(A, B, C, D, Q4);                                              \
    } while (0)

/* Lane moves within each 256-bit half (a row of the row pass). */
#define ROW_PREV _MM_SHUFFLE(2, 1, 0, 3) /* lane j <- j - 1 */
#define ROW_NEXT _MM_SHUFFLE(0, 3, 2, 1) /* lane j <- j + 1 */
#define ROW_SWAP _MM_SHUFFLE(1, 0, 3, 2) /* lane j <- j + 2 */

#define ROW_MOVE(A, C, D, ma, mc, md)                                       \
    do {                                                                    \
        for (int i_ = 0; i_ < 4; i_++) {                                    \
            A[i_] = _mm512_permutex_epi64(A[i_], ma);                       \
            C[i_] = _mm512_permutex_epi64(C[i_], mc);                       \
            D[i_] = _mm512_permutex_epi64(D[i_], md);                       \
        }                                                                   \
    } while (0)

/* The same moves for the column pass, where a column's four words sit in
 * lanes 0,1,4,5 (or 2,3,6,7): a 256-bit swap moves each by two. */
#define COL_MOVE(A, C, D, ia, ic)                                           \
    do {                                                                    \
        for (int i_ = 0; i_ < 4; i_++) {                                    \
            A[i_] = _mm512_permutexvar_epi64(ia, A[i_]);                    \
            C[i_] = _mm512_permutexvar_epi64(ic, C[i_]);                    \
            D[i_] = _mm512_shuffle_i64x2(D[i_], D[i_],                      \
                                         _MM_SHUFFLE(1, 0, 3, 2));          \
        }                                                                   \
    } while (0)

void blake2b_argon2_fill_avx512(struct blake2b_argon2_block *next,
                                const struct blake2b_argon2_block *prev,
                                const struct blake2b_argon2_block *ref,
                                int with_xor)
{
    /* Lane j <- the lane before it in its column (0,1,4,5 or 2,3,6,7),
     * and <- the one after it. */
    const __m512i col_prev = _mm512_setr_epi64(5, 0, 7, 2, 1, 4, 3, 6);
    const __m512i col_next = _mm512_setr_epi64(1, 4, 3, 6, 5, 0, 7, 2);
    /* prev ^ ref as it was loaded, for the result. */
    _Alignas(64) __m512i r[16];
    __m512i x[16];

#pragma GCC unroll 16
    for (int j = 0; j < 16; j++)
        r[j] = _mm512_xor_si512(_mm512_load_si512(&prev->v[8 * j]),
                                _mm512_load_si512(&ref->v[8 * j]));
#pragma GCC unroll 4
    for (int p = 0; p < 4; p++) {
        const __m512i *z = &r[4 * p];
        x[4 * p + 0] = _mm512_shuffle_i64x2(z[0], z[2], 0x44);
        x[4 * p + 1] = _mm512_shuffle_i64x2(z[0], z[2], 0xee);
        x[4 * p + 2] = _mm512_shuffle_i64x2(z[1], z[3], 0x44);
        x[4 * p + 3] = _mm512_shuffle_i64x2(z[1], z[3], 0xee);
    }

    {
        /* Rows: chain p is x[4p..4p+3]. */
        __m512i a[4] = { x[0], x[4], x[8], x[12] };
        __m512i b[4] = { x[1], x[5], x[9], x[13] };
        __m512i c[4] = { x[2], x[6], x[10], x[14] };
        __m512i d[4] = { x[3], x[7], x[11], x[15] };

        G4(a, b, c, d);
        ROW_MOVE(a, c, d, ROW_PREV, ROW_NEXT, ROW_SWAP);
        G4(a, b, c, d);
        ROW_MOVE(a, c, d, ROW_NEXT, ROW_PREV, ROW_SWAP);
        for (int i = 0; i < 4; i++) {
            x[4 * i + 0] = a[i];
            x[4 * i + 1] = b[i];
            x[4 * i + 2] = c[i];
            x[4 * i + 3] = d[i];
        }
    }
    {
        /* Columns: chain k is x[k], x[4+k], x[8+k], x[12+k]. */
        __m512i *a = &x[0], *b = &x[4], *c = &x[8], *d = &x[12];

        G4(a, b, c, d);
        COL_MOVE(a, c, d, col_prev, col_next);
        G4(a, b, c, d);
        COL_MOVE(a, c, d, col_next, col_prev);
    }

#pragma GCC unroll 4
    for (int p = 0; p < 4; p++) {
        const __m512i *q = &x[4 * p];
        __m512i z[4];

        z[0] = _mm512_shuffle_i64x2(q[0], q[1], 0x44);
        z[2] = _mm512_shuffle_i64x2(q[0], q[1], 0xee);
        z[1] = _mm512_shuffle_i64x2(q[2], q[3], 0x44);
        z[3] = _mm512_shuffle_i64x2(q[2], q[3], 0xee);
        for (int j = 0; j < 4; j++) {
            __m512i *out = (__m512i *)(void *)&next->v[8 * (4 * p + j)];
            __m512i v = _mm512_xor_si512(z[j], r[4 * p + j]);

            if (with_xor)
                v = _mm512_xor_si512(v, _mm512_load_si512(out));
            _mm512_store_si512(out, v);
        }
    }
}
