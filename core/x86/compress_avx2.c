/*
 * AVX2 compress backend (built with -mavx2 for this file only; chosen at
 * run time when cpuid and the OS say AVX2 state is usable).
 *
 * AVX2 has no 64-bit rotate: 32 is a dword swap, 24 and 16 are byte
 * shuffles, 63 (left by one) is x + x merged with x >> 63.
 */
#include <immintrin.h>
#include <stdint.h>

#define X86_INLINE static inline __attribute__((always_inline))

#include "message.h"

#define XOR_ROTR32(e, l) \
    _mm256_shuffle_epi32(_mm256_xor_si256((e), (l)), _MM_SHUFFLE(2, 3, 0, 1))
#define XOR_ROTR24(e, l) \
    _mm256_shuffle_epi8(_mm256_xor_si256((e), (l)), rotr24_bytes())
#define XOR_ROTR16(e, l) \
    _mm256_shuffle_epi8(_mm256_xor_si256((e), (l)), rotr16_bytes())
#define XOR_ROTR63(e, l) rotr63(_mm256_xor_si256((e), (l)))

/* Byte k of each result word comes from byte (k + n) mod 8, n = bits / 8. */
static inline __m256i rotr24_bytes(void)
{
    return _mm256_setr_epi8(3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9,
                            10, 3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8,
                            9, 10);
}

static inline __m256i rotr16_bytes(void)
{
    return _mm256_setr_epi8(2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8,
                            9, 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15,
                            8, 9);
}

static inline __m256i rotr63(__m256i x)
{
    return _mm256_or_si256(_mm256_add_epi64(x, x), _mm256_srli_epi64(x, 63));
}

/*
 * Message rows: a broadcast load per word, merged by blends. Broadcast
 * loads need no vector pipe and blends run on any, where permutes would
 * compete with the rotations for the shuffle pipes (and vpgatherqq is
 * slow).
 */
/* The blend masks select 32-bit elements: 0x0c is lane 1, 0xc0 lane 3,
 * 0xf0 the upper two lanes. */
X86_INLINE __m256i message_row(const struct x86_message *msg, int i0, int i1,
                               int i2, int i3)
{
    __m256i lo = _mm256_blend_epi32(word_in_all_lanes(msg->block, i0),
                                    word_in_all_lanes(msg->block, i1), 0x0c);
    __m256i hi = _mm256_blend_epi32(word_in_all_lanes(msg->block, i2),
                                    word_in_all_lanes(msg->block, i3), 0xc0);
    return _mm256_blend_epi32(lo, hi, 0xf0);
}

#define BLAKE2B_X86_FN blake2b_compress_avx2
#include "rows.h"
