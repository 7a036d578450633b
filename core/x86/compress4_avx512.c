/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Four messages at once in ymm registers with AVX-512VL (built with
 * -mavx512f -mavx512vl for this file only; run only where the eight zmm
 * lanes run: core/lanes.c). The narrow partner of compress8_avx512.c, for
 * the last four messages or fewer, where eight lanes would idle.
 *
 * Word-sliced as compress4_avx2.c: v[i] holds state word i of the four
 * messages. What AVX-512VL changes for the same four lanes: vprorq rotates
 * in one instruction with no temporary (AVX2 needs a shuffle or two shifts
 * and an or), and with 32 registers the sixteen state words and the
 * message fit, so plain C replaces the assembly rounds (check the
 * compilers' output for stack accesses inside the rounds when changing
 * this file).
 *
 * Slicing: each load brings 16 bytes of one lane into one half of a row,
 * which is a 4x4 transpose's first step; one unpack per word does the
 * rest, and the store does the same backwards.
 *
 * Registers and the stack frame are left to the compiler
 * (docs/hardening.md).
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "constants.h"
#include "many.h"

_Static_assert(offsetof(struct blake2b_state, t)
                   == offsetof(struct blake2b_state, h) + 8 * sizeof(uint64_t),
               "t follows h");
_Static_assert(offsetof(struct blake2b_state, f)
                   == offsetof(struct blake2b_state, t) + 2 * sizeof(uint64_t),
               "t[0], t[1], f[0], f[1] are four consecutive words");

/* 16 bytes at lo in the low half, 16 bytes at hi in the high half. */
static inline __m256i blake2b_load_pair(const uint8_t *lo, const uint8_t *hi)
{
    __m128i l = _mm_loadu_si128((const __m128i *)(const void *)lo);
    __m128i h = _mm_loadu_si128((const __m128i *)(const void *)hi);

    return _mm256_inserti128_si256(_mm256_castsi128_si256(l), h, 1);
}

/*
 * Words off/8 .. off/8 + 3 at p[0..3] + off, sliced: out[k] holds word
 * off/8 + k of lanes 0, 1, 2, 3. Rows pair lane 0 with 2 and 1 with 3, so
 * that an unpack of two rows puts the four lanes in order.
 */
static inline void blake2b_load_sliced4(const uint8_t *const p[4], size_t off,
                                        __m256i out[4])
{
    __m256i a = blake2b_load_pair(p[0] + off, p[2] + off);      /* words 0, 1 */
    __m256i b = blake2b_load_pair(p[1] + off, p[3] + off);
    __m256i c = blake2b_load_pair(p[0] + off + 16, p[2] + off + 16); /* 2, 3 */
    __m256i d = blake2b_load_pair(p[1] + off + 16, p[3] + off + 16);

    out[0] = _mm256_unpacklo_epi64(a, b);
    out[1] = _mm256_unpackhi_epi64(a, b);
    out[2] = _mm256_unpacklo_epi64(c, d);
    out[3] = _mm256_unpackhi_epi64(c, d);
}

/* The inverse of blake2b_load_sliced4. */
static inline void blake2b_store_sliced4(uint8_t *const p[4], size_t off,
                                         const __m256i in[4])
{
    __m256i a = _mm256_unpacklo_epi64(in[0], in[1]); /* lanes 0 and 2 */
    __m256i b = _mm256_unpackhi_epi64(in[0], in[1]); /* lanes 1 and 3 */
    __m256i c = _mm256_unpacklo_epi64(in[2], in[3]);
    __m256i d = _mm256_unpackhi_epi64(in[2], in[3]);

    _mm_storeu_si128((__m128i *)(void *)(p[0] + off),
                     _mm256_castsi256_si128(a));
    _mm_storeu_si128((__m128i *)(void *)(p[2] + off),
                     _mm256_extracti128_si256(a, 1));
    _mm_storeu_si128((__m128i *)(void *)(p[1] + off),
                     _mm256_castsi256_si128(b));
    _mm_storeu_si128((__m128i *)(void *)(p[3] + off),
                     _mm256_extracti128_si256(b, 1));
    _mm_storeu_si128((__m128i *)(void *)(p[0] + off + 16),
                     _mm256_castsi256_si128(c));
    _mm_storeu_si128((__m128i *)(void *)(p[2] + off + 16),
                     _mm256_extracti128_si256(c, 1));
    _mm_storeu_si128((__m128i *)(void *)(p[1] + off + 16),
                     _mm256_castsi256_si128(d));
    _mm_storeu_si128((__m128i *)(void *)(p[3] + off + 16),
                     _mm256_extracti128_si256(d, 1));
}

/* One G function on four lanes; x and y are its two message words. */
#define G4(a, b, c, d, x, y)                                               \
    do {                                                                   \
        a = _mm256_add_epi64(_mm256_add_epi64(a, x), b);                   \
        d = _mm256_ror_epi64(_mm256_xor_si256(d, a), 32);                  \
        c = _mm256_add_epi64(c, d);                                        \
        b = _mm256_ror_epi64(_mm256_xor_si256(b, c), 24);                  \
        a = _mm256_add_epi64(_mm256_add_epi64(a, y), b);                   \
        d = _mm256_ror_epi64(_mm256_xor_si256(d, a), 16);                  \
        c = _mm256_add_epi64(c, d);                                        \
        b = _mm256_ror_epi64(_mm256_xor_si256(b, c), 63);                  \
    } while (0)

/* Round r (a constant, so the message indices fold away): columns, then
 * diagonals, which only index the sliced words differently. */
#define ROUND4(r)                                                          \
    do {                                                                   \
        const uint8_t *s = blake2b_sigma[r];                               \
        G4(v0, v4, v8, v12, m[s[0]], m[s[1]]);                             \
        G4(v1, v5, v9, v13, m[s[2]], m[s[3]]);                             \
        G4(v2, v6, v10, v14, m[s[4]], m[s[5]]);                            \
        G4(v3, v7, v11, v15, m[s[6]], m[s[7]]);                            \
        G4(v0, v5, v10, v15, m[s[8]], m[s[9]]);                            \
        G4(v1, v6, v11, v12, m[s[10]], m[s[11]]);                          \
        G4(v2, v7, v8, v13, m[s[12]], m[s[13]]);                           \
        G4(v3, v4, v9, v14, m[s[14]], m[s[15]]);                           \
    } while (0)

void blake2b_compress4_avx512(struct blake2b_state *const S[],
                              const uint8_t *const block[])
{
    uint8_t *const h[4] = {
        (uint8_t *)S[0]->h, (uint8_t *)S[1]->h,
        (uint8_t *)S[2]->h, (uint8_t *)S[3]->h,
    };
    const uint8_t *const *hin = (const uint8_t *const *)h;
    /* hv: h sliced, loaded again at the end rather than held through the
     * rounds, where the state and the message take every register; tf:
     * t[0], t[1], f[0], f[1], which follow h in each state. */
    __m256i m[16], hv[8], tf[4], x[8];
    __m256i v0, v1, v2, v3, v4, v5, v6, v7;
    __m256i v8, v9, v10, v11, v12, v13, v14, v15;

    blake2b_load_sliced4(block, 0, &m[0]);
    blake2b_load_sliced4(block, 32, &m[4]);
    blake2b_load_sliced4(block, 64, &m[8]);
    blake2b_load_sliced4(block, 96, &m[12]);
    blake2b_load_sliced4(hin, 0, &hv[0]);
    blake2b_load_sliced4(hin, 32, &hv[4]);
    blake2b_load_sliced4(hin, 64, tf);
    v0 = hv[0], v1 = hv[1], v2 = hv[2], v3 = hv[3];
    v4 = hv[4], v5 = hv[5], v6 = hv[6], v7 = hv[7];
    v8 = _mm256_set1_epi64x((long long)blake2b_iv[0]);
    v9 = _mm256_set1_epi64x((long long)blake2b_iv[1]);
    v10 = _mm256_set1_epi64x((long long)blake2b_iv[2]);
    v11 = _mm256_set1_epi64x((long long)blake2b_iv[3]);
    v12 = _mm256_xor_si256(_mm256_set1_epi64x((long long)blake2b_iv[4]), tf[0]);
    v13 = _mm256_xor_si256(_mm256_set1_epi64x((long long)blake2b_iv[5]), tf[1]);
    v14 = _mm256_xor_si256(_mm256_set1_epi64x((long long)blake2b_iv[6]), tf[2]);
    v15 = _mm256_xor_si256(_mm256_set1_epi64x((long long)blake2b_iv[7]), tf[3]);

    ROUND4(0);
    ROUND4(1);
    ROUND4(2);
    ROUND4(3);
    ROUND4(4);
    ROUND4(5);
    ROUND4(6);
    ROUND4(7);
    ROUND4(8);
    ROUND4(9);
    ROUND4(10);
    ROUND4(11);

    /* h ^= v[i] ^ v[i + 8], one three-way xor each, with h read again. */
    blake2b_load_sliced4(hin, 0, &hv[0]);
    blake2b_load_sliced4(hin, 32, &hv[4]);
    x[0] = _mm256_ternarylogic_epi64(hv[0], v0, v8, 0x96);
    x[1] = _mm256_ternarylogic_epi64(hv[1], v1, v9, 0x96);
    x[2] = _mm256_ternarylogic_epi64(hv[2], v2, v10, 0x96);
    x[3] = _mm256_ternarylogic_epi64(hv[3], v3, v11, 0x96);
    x[4] = _mm256_ternarylogic_epi64(hv[4], v4, v12, 0x96);
    x[5] = _mm256_ternarylogic_epi64(hv[5], v5, v13, 0x96);
    x[6] = _mm256_ternarylogic_epi64(hv[6], v6, v14, 0x96);
    x[7] = _mm256_ternarylogic_epi64(hv[7], v7, v15, 0x96);
    blake2b_store_sliced4(h, 0, &x[0]);
    blake2b_store_sliced4(h, 32, &x[4]);
}
