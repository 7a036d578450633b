/* SPDX-License-Identifier: Apache-2.0 */
/*
 * BLAKE2b's four rotations on every 64-bit lane of a ymm register, for the
 * AVX2 kernel compress_avx2.c (built with -mavx2; rounds4_avx2.S makes
 * the same rotations in assembly). AVX2 has no 64-bit rotate: 32 is a
 * dword swap, 24 and 16 are byte shuffles, 63 (left by one) is x + x
 * merged with x >> 63.
 */
#ifndef BLAKE2NEON_CORE_X86_AVX2_ROTATE_H
#define BLAKE2NEON_CORE_X86_AVX2_ROTATE_H

#include <immintrin.h>

#define AVX2_INLINE static inline __attribute__((always_inline))

AVX2_INLINE __m256i rotr32(__m256i x)
{
    return _mm256_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1));
}

/* Byte k of each result word comes from byte (k + n) mod 8, n = bits / 8. */
AVX2_INLINE __m256i rotr24(__m256i x)
{
    return _mm256_shuffle_epi8(
        x, _mm256_setr_epi8(3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9,
                            10, 3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8,
                            9, 10));
}

AVX2_INLINE __m256i rotr16(__m256i x)
{
    return _mm256_shuffle_epi8(
        x, _mm256_setr_epi8(2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8,
                            9, 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15,
                            8, 9));
}

AVX2_INLINE __m256i rotr63(__m256i x)
{
    return _mm256_or_si256(_mm256_add_epi64(x, x), _mm256_srli_epi64(x, 63));
}

#endif
