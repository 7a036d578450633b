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
 *    2,3,6,7 (until diagonals move them: see below). Going from rows to
 *    columns needs no data movement at all.
 * Each pass is four independent chains of G steps, interleaved so that
 * the vector ports stay busy while a multiplication's latency runs.
 * Diagonals are made by moving a, c and d, not b: b is the last value a
 * G step makes and the first the next one needs.
 */
#include <immintrin.h>
#include <stdint.h>

#include "backend.h"
#include "blamka.h"
#include "zero_vectors.h"

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

/*
 * Diagonals without moving back. Both passes make their diagonals by
 * moving a, c and d but never move them back: the next G step (or the
 * result) only needs to know where each word is, and permutes that take
 * the lanes from anywhere cost the same as those that undo a move.
 *
 * Row pass: within each 256-bit half (one row), a's lane j takes lane
 * j - 1, c's j + 1, d's j + 2 (b stays). Afterwards register x[4p+k]
 * holds in lane j of each half the word at offset (j + S(k)) mod 4 of
 * its group of four, S(k) = k - 1 mod 4, the shift its role k (a, b, c,
 * d) got.
 */
#define S(k) (((k) + 3) & 3)
#define ROW_MOVE(A, C, D)                                                   \
    do {                                                                    \
        _Pragma("GCC unroll 16")                                            \
        for (int i_ = 0; i_ < 4; i_++) {                                    \
            A[i_] = _mm512_permutex_epi64(A[i_], _MM_SHUFFLE(2, 1, 0, 3));  \
            C[i_] = _mm512_permutex_epi64(C[i_], _MM_SHUFFLE(0, 3, 2, 1));  \
            D[i_] = _mm512_permutex_epi64(D[i_], _MM_SHUFFLE(1, 0, 3, 2));  \
        }                                                                   \
    } while (0)

/*
 * Column pass, chain k: lane L = 4h + j of its four registers holds, in
 * its 4-word column vector, element E(k, L) = 2h + (o & 1) of column
 * 2k + (o >> 1), o = (j + S(k)) mod 4 being the word's offset in the
 * group. LANE(k, col, i) inverts that.
 */
#define OFF(k, L) ((((L) & 3) + S(k)) & 3)
#define COL(k, L) (OFF(k, L) >> 1)
#define E(k, L) (((L) >> 2) * 2 + (OFF(k, L) & 1))
#define LANE(k, col, i)                                                     \
    (((i) >> 1) * 4 + ((2 * (col) + ((i) & 1) - S(k)) & 3))
/* Lane L of a moved register takes element E + n of its column. */
#define FROM(k, L, n) LANE(k, COL(k, L), (E(k, L) + (n)) & 3)
#define MOVE_IDX(k, n)                                                      \
    _mm512_setr_epi64(FROM(k, 0, n), FROM(k, 1, n), FROM(k, 2, n),          \
                      FROM(k, 3, n), FROM(k, 4, n), FROM(k, 5, n),          \
                      FROM(k, 6, n), FROM(k, 7, n))

/* a takes element i - 1, c i + 1, d i + 2: the 256-bit halves swapped. */
#define COL_MOVE(k, a, c, d)                                                \
    do {                                                                    \
        a = _mm512_permutexvar_epi64(MOVE_IDX(k, 3), a);                    \
        c = _mm512_permutexvar_epi64(MOVE_IDX(k, 1), c);                    \
        d = _mm512_shuffle_i64x2(d, d, _MM_SHUFFLE(1, 0, 3, 2));            \
    } while (0)

/*
 * After the column pass, register x[4t+k] (role t of chain k, rows 2t and
 * 2t+1) holds in lane L element E(k, L) + S(t) of column 2k + COL(k, L).
 * The result's 64-byte piece m is row r = m / 2, groups k0 = 2 (m & 1)
 * and k0 + 1, all in x[4t+k0] and x[4t+k0+1], t = r / 2: one two-table
 * permute gathers it, lane n from table n / 4 (lanes 8.. are the second).
 */
#define OUT_LANE(t, k, o, rh)                                               \
    LANE(k, (o) >> 1, ((2 * (rh) + ((o) & 1)) - S(t)) & 3)
#define OUT(m, n)                                                           \
    (8 * ((n) >> 2)                                                         \
     + OUT_LANE((m) >> 2, 2 * ((m) & 1) + ((n) >> 2), (n) & 3, ((m) >> 1) & 1))
#define OUT_IDX(m)                                                          \
    _mm512_setr_epi64(OUT(m, 0), OUT(m, 1), OUT(m, 2), OUT(m, 3), OUT(m, 4), \
                      OUT(m, 5), OUT(m, 6), OUT(m, 7))

void blake2b_argon2_fill_avx512(struct blake2b_argon2_block *next,
                                const struct blake2b_argon2_block *prev,
                                const struct blake2b_argon2_block *ref,
                                int with_xor)
{
    __m512i x[16];

#pragma GCC unroll 16
    for (int p = 0; p < 4; p++) {
        __m512i z[4];

#pragma GCC unroll 16
        for (int j = 0; j < 4; j++)
            z[j] = _mm512_xor_si512(
                _mm512_load_si512(&prev->v[8 * (4 * p + j)]),
                _mm512_load_si512(&ref->v[8 * (4 * p + j)]));
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
        ROW_MOVE(a, c, d);
        G4(a, b, c, d);
#pragma GCC unroll 16
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
        COL_MOVE(0, a[0], c[0], d[0]);
        COL_MOVE(1, a[1], c[1], d[1]);
        COL_MOVE(2, a[2], c[2], d[2]);
        COL_MOVE(3, a[3], c[3], d[3]);
        G4(a, b, c, d);
    }

    /*
     * prev ^ ref is read again rather than kept: the registers are full,
     * and a copy on the stack would have to be wiped, which costs more
     * than the loads. Piece m is written only after every input at its
     * place is read, so next may be prev or ref.
     */
#define RESULT(m)                                                           \
    do {                                                                    \
        __m512i *out_ = (__m512i *)(void *)&next->v[8 * (m)];               \
        __m512i z_ = _mm512_permutex2var_epi64(                             \
            x[4 * ((m) >> 2) + 2 * ((m) & 1)], OUT_IDX(m),                  \
            x[4 * ((m) >> 2) + 2 * ((m) & 1) + 1]);                         \
        z_ = _mm512_ternarylogic_epi64(                                     \
            z_, _mm512_load_si512(&prev->v[8 * (m)]),                       \
            _mm512_load_si512(&ref->v[8 * (m)]), 0x96); /* a ^ b ^ c */     \
        if (with_xor)                                                       \
            z_ = _mm512_xor_si512(z_, _mm512_load_si512(out_));             \
        _mm512_store_si512(out_, z_);                                       \
    } while (0)
    RESULT(0); RESULT(1); RESULT(2); RESULT(3);
    RESULT(4); RESULT(5); RESULT(6); RESULT(7);
    RESULT(8); RESULT(9); RESULT(10); RESULT(11);
    RESULT(12); RESULT(13); RESULT(14); RESULT(15);

    /* The registers held what the password became: zero idioms clear
     * them at almost no cost (vzeroall is slower, and leaves zmm16-31). */
    blake2b_zero_xmm0_15();
    __asm__ volatile(
        "vpxord %%xmm16, %%xmm16, %%xmm16\n\tvpxord %%xmm17, %%xmm17, %%xmm17\n\t"
        "vpxord %%xmm18, %%xmm18, %%xmm18\n\tvpxord %%xmm19, %%xmm19, %%xmm19\n\t"
        "vpxord %%xmm20, %%xmm20, %%xmm20\n\tvpxord %%xmm21, %%xmm21, %%xmm21\n\t"
        "vpxord %%xmm22, %%xmm22, %%xmm22\n\tvpxord %%xmm23, %%xmm23, %%xmm23\n\t"
        "vpxord %%xmm24, %%xmm24, %%xmm24\n\tvpxord %%xmm25, %%xmm25, %%xmm25\n\t"
        "vpxord %%xmm26, %%xmm26, %%xmm26\n\tvpxord %%xmm27, %%xmm27, %%xmm27\n\t"
        "vpxord %%xmm28, %%xmm28, %%xmm28\n\tvpxord %%xmm29, %%xmm29, %%xmm29\n\t"
        "vpxord %%xmm30, %%xmm30, %%xmm30\n\tvpxord %%xmm31, %%xmm31, %%xmm31"
        : : : "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22",
          "xmm23", "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", "xmm29",
          "xmm30", "xmm31");
}
