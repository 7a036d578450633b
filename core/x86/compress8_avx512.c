/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Eight messages at once with AVX-512F (built with -mavx512f -mavx512vl
 * for this file only; run where blake2b_cpu_has_avx512 says, as
 * core/lanes.c's table and the x86-64 rule choose).
 *
 * Word-sliced as compress4_avx2.c, eight lanes in zmm registers: v[i]
 * holds state word i of the eight messages. vprorq rotates a 64-bit word
 * in one instruction, so a G step needs no temporary register, and 32
 * registers hold the sixteen state words with room for the message: C is
 * enough here, where the four AVX2 lanes needed assembly to keep their
 * state out of memory (check the compilers' output for stack accesses
 * inside the rounds when changing this file).
 *
 * The states and blocks are sliced with transposes of 64-bit words in
 * registers (no gathers: a gather is many times slower on Intel since the
 * GDS microcode fix). The loads do a transpose's first step, 32 bytes of
 * two lanes in the two halves of a row; two shuffle steps do the rest.
 * Written out without loops: gcc -O2 keeps loops here, and the message in
 * memory behind them.
 *
 * Registers and the stack frame are left to the compiler, as in
 * compress4_avx2.c (docs/hardening.md).
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "constants.h"
#include "many.h"

_Static_assert(offsetof(struct blake2b_state, f)
                   == offsetof(struct blake2b_state, t) + 2 * sizeof(uint64_t),
               "t[0], t[1], f[0], f[1] are four consecutive words");

/* Two 32-byte rows, of two lanes, in the low and high halves. */
static inline __m512i loadu_halves(const void *lo, const void *hi)
{
    __m256i l = _mm256_loadu_si256((const __m256i *)lo);

    return _mm512_inserti64x4(_mm512_castsi256_si512(l),
                              _mm256_loadu_si256((const __m256i *)hi), 1);
}

/* The inverse of loadu_halves. */
static inline void store_halves(void *lo, void *hi, __m512i r)
{
    _mm256_storeu_si256((__m256i *)lo, _mm512_castsi512_si256(r));
    _mm256_storeu_si256((__m256i *)hi, _mm512_extracti64x4_epi64(r, 1));
}

/* Interleave 128-bit pieces of a and b: a0 b0 a2 b2 (pieces of two words)
 * with sel 0, a1 b1 a3 b3 with sel 1. Its own inverse on a pair. */
static inline __m512i pieces(__m512i a, __m512i b, int sel)
{
    const __m512i even = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
    const __m512i odd = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);

    return _mm512_permutex2var_epi64(a, sel ? odd : even, b);
}

/*
 * Words w..w+3 at p[j] + off of the eight lanes j, sliced into out[0..3].
 * Row k holds lanes k and k + 4 as halves (the loads do the first step of
 * the transpose), then two shuffle steps.
 */
static inline void load_sliced4(const uint8_t *const p[8], size_t off,
                                __m512i out[4])
{
    __m512i r[4], lo01, lo23, hi01, hi23;

    r[0] = loadu_halves(p[0] + off, p[4] + off);
    r[1] = loadu_halves(p[1] + off, p[5] + off);
    r[2] = loadu_halves(p[2] + off, p[6] + off);
    r[3] = loadu_halves(p[3] + off, p[7] + off);
    lo01 = _mm512_unpacklo_epi64(r[0], r[1]);
    lo23 = _mm512_unpacklo_epi64(r[2], r[3]);
    hi01 = _mm512_unpackhi_epi64(r[0], r[1]);
    hi23 = _mm512_unpackhi_epi64(r[2], r[3]);
    out[0] = pieces(lo01, lo23, 0);
    out[1] = pieces(hi01, hi23, 0);
    out[2] = pieces(lo01, lo23, 1);
    out[3] = pieces(hi01, hi23, 1);
}

/* The inverse: sliced words in[0..3] back to 32 bytes at p[j] + off. */
static inline void store_sliced4(uint8_t *const p[8], size_t off,
                                 const __m512i in[4])
{
    __m512i lo01 = pieces(in[0], in[2], 0), lo23 = pieces(in[0], in[2], 1);
    __m512i hi01 = pieces(in[1], in[3], 0), hi23 = pieces(in[1], in[3], 1);
    __m512i r[4];

    r[0] = _mm512_unpacklo_epi64(lo01, hi01);
    r[1] = _mm512_unpackhi_epi64(lo01, hi01);
    r[2] = _mm512_unpacklo_epi64(lo23, hi23);
    r[3] = _mm512_unpackhi_epi64(lo23, hi23);
    store_halves(p[0] + off, p[4] + off, r[0]);
    store_halves(p[1] + off, p[5] + off, r[1]);
    store_halves(p[2] + off, p[6] + off, r[2]);
    store_halves(p[3] + off, p[7] + off, r[3]);
}

/* One G function on eight lanes; x and y are its two message words. */
#define G(a, b, c, d, x, y)                                                \
    do {                                                                   \
        a = _mm512_add_epi64(_mm512_add_epi64(a, x), b);                   \
        d = _mm512_ror_epi64(_mm512_xor_si512(d, a), 32);                  \
        c = _mm512_add_epi64(c, d);                                        \
        b = _mm512_ror_epi64(_mm512_xor_si512(b, c), 24);                  \
        a = _mm512_add_epi64(_mm512_add_epi64(a, y), b);                   \
        d = _mm512_ror_epi64(_mm512_xor_si512(d, a), 16);                  \
        c = _mm512_add_epi64(c, d);                                        \
        b = _mm512_ror_epi64(_mm512_xor_si512(b, c), 63);                  \
    } while (0)

/* Round r: columns, then diagonals; r is a constant, so the message
 * indices fold away. In this order gcc's code is faster than with the
 * four G functions of a step interleaved by hand. */
#define ROUND(r)                                                           \
    do {                                                                   \
        const uint8_t *s = blake2b_sigma[r];                               \
        G(v0, v4, v8, v12, m[s[0]], m[s[1]]);                              \
        G(v1, v5, v9, v13, m[s[2]], m[s[3]]);                              \
        G(v2, v6, v10, v14, m[s[4]], m[s[5]]);                             \
        G(v3, v7, v11, v15, m[s[6]], m[s[7]]);                             \
        G(v0, v5, v10, v15, m[s[8]], m[s[9]]);                             \
        G(v1, v6, v11, v12, m[s[10]], m[s[11]]);                           \
        G(v2, v7, v8, v13, m[s[12]], m[s[13]]);                            \
        G(v3, v4, v9, v14, m[s[14]], m[s[15]]);                            \
    } while (0)

void blake2b_compress8_avx512(struct blake2b_state *const S[],
                              const uint8_t *const block[])
{
    uint8_t *const h[8] = {
        (uint8_t *)S[0]->h, (uint8_t *)S[1]->h, (uint8_t *)S[2]->h,
        (uint8_t *)S[3]->h, (uint8_t *)S[4]->h, (uint8_t *)S[5]->h,
        (uint8_t *)S[6]->h, (uint8_t *)S[7]->h,
    };
    const uint8_t *const *hin = (const uint8_t *const *)h;
    /* hv: h sliced, kept (in the frame) for the end; tf: t[0], t[1],
     * f[0], f[1], which follow h in each state. */
    __m512i m[16], hv[8], tf[4], x[8];
    __m512i v0, v1, v2, v3, v4, v5, v6, v7;
    __m512i v8, v9, v10, v11, v12, v13, v14, v15;

    load_sliced4(block, 0, &m[0]);
    load_sliced4(block, 32, &m[4]);
    load_sliced4(block, 64, &m[8]);
    load_sliced4(block, 96, &m[12]);
    load_sliced4(hin, 0, &hv[0]);
    load_sliced4(hin, 32, &hv[4]);
    load_sliced4(hin, 64, tf);
    v0 = hv[0], v1 = hv[1], v2 = hv[2], v3 = hv[3];
    v4 = hv[4], v5 = hv[5], v6 = hv[6], v7 = hv[7];
    v8 = _mm512_set1_epi64((long long)blake2b_iv[0]);
    v9 = _mm512_set1_epi64((long long)blake2b_iv[1]);
    v10 = _mm512_set1_epi64((long long)blake2b_iv[2]);
    v11 = _mm512_set1_epi64((long long)blake2b_iv[3]);
    v12 = _mm512_xor_si512(_mm512_set1_epi64((long long)blake2b_iv[4]), tf[0]);
    v13 = _mm512_xor_si512(_mm512_set1_epi64((long long)blake2b_iv[5]), tf[1]);
    v14 = _mm512_xor_si512(_mm512_set1_epi64((long long)blake2b_iv[6]), tf[2]);
    v15 = _mm512_xor_si512(_mm512_set1_epi64((long long)blake2b_iv[7]), tf[3]);

    ROUND(0);
    ROUND(1);
    ROUND(2);
    ROUND(3);
    ROUND(4);
    ROUND(5);
    ROUND(6);
    ROUND(7);
    ROUND(8);
    ROUND(9);
    ROUND(10);
    ROUND(11);

    /* h ^= v[i] ^ v[i + 8] while sliced (one three-way xor each), then
     * back to each state. */
    x[0] = _mm512_ternarylogic_epi64(hv[0], v0, v8, 0x96);
    x[1] = _mm512_ternarylogic_epi64(hv[1], v1, v9, 0x96);
    x[2] = _mm512_ternarylogic_epi64(hv[2], v2, v10, 0x96);
    x[3] = _mm512_ternarylogic_epi64(hv[3], v3, v11, 0x96);
    x[4] = _mm512_ternarylogic_epi64(hv[4], v4, v12, 0x96);
    x[5] = _mm512_ternarylogic_epi64(hv[5], v5, v13, 0x96);
    x[6] = _mm512_ternarylogic_epi64(hv[6], v6, v14, 0x96);
    x[7] = _mm512_ternarylogic_epi64(hv[7], v7, v15, 0x96);
    store_sliced4(h, 0, &x[0]);
    store_sliced4(h, 32, &x[4]);
}
