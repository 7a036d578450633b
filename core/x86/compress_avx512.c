/*
 * AVX-512VL compress backend (built with -mavx512f -mavx512vl for this file
 * only; chosen at run time when cpuid and the OS say the state is usable).
 *
 * Same rows as the AVX2 backend, on 256-bit registers only (no 512-bit
 * instructions, so no frequency penalty on Intel). The rotations use
 * vprorq and vpternlogq.
 */
#include <immintrin.h>
#include <stdint.h>

#define X86_INLINE static inline __attribute__((always_inline))

/*
 * ror(e ^ l, n) = ror(e, n) ^ (l >> n) ^ (l << (64 - n)): the rotate of the
 * early operand is off the critical path, and the late one needs only two
 * parallel shifts and one three-way XOR (0x96), two cycles instead of the
 * three of XOR then vprorq (which takes two cycles on Zen 4).
 */
#define XOR_ROTR(e, l, n)                                                      \
    _mm256_ternarylogic_epi64(_mm256_ror_epi64((e), (n)),                      \
                              _mm256_srli_epi64((l), (n)),                     \
                              _mm256_slli_epi64((l), 64 - (n)), 0x96)

/* A dword swap is a one-cycle rotate by 32 everywhere. */
#define XOR_ROTR32(e, l) \
    _mm256_shuffle_epi32(_mm256_xor_si256((e), (l)), _MM_SHUFFLE(2, 3, 0, 1))
#define XOR_ROTR24(e, l) XOR_ROTR((e), (l), 24)
#define XOR_ROTR16(e, l) XOR_ROTR((e), (l), 16)
/* Left by one: l + l is an add, which any vector pipe can run, where a
 * shift would compete with the other shifts for the two that can. */
#define XOR_ROTR63(e, l)                                                       \
    _mm256_ternarylogic_epi64(_mm256_ror_epi64((e), 63),                       \
                              _mm256_srli_epi64((l), 63),                      \
                              _mm256_add_epi64((l), (l)), 0x96)

/*
 * Message rows from the block held in four registers: vpermt2q picks any
 * four of the eight words in a pair of registers, so a row takes one
 * permute, or two and a masked blend when it draws on both pairs.
 */
struct x86_message {
    __m256i w[4]; /* words 0-3, 4-7, 8-11, 12-15 */
};

X86_INLINE void message_load(struct x86_message *msg, const uint8_t *in)
{
    for (int i = 0; i < 4; i++)
        msg->w[i] = _mm256_loadu_si256(
            (const __m256i *)(const void *)(in + 32 * i));
}

X86_INLINE __m256i message_row(const struct x86_message *msg, int i0, int i1,
                               int i2, int i3)
{
    /* Within a pair, bit 2 of an index picks the register, bits 0-1 the
     * lane; bit 3 says which pair. */
    const __m256i idx = _mm256_setr_epi64x(i0 & 7, i1 & 7, i2 & 7, i3 & 7);
    const __mmask8 from_high_pair = (__mmask8)(
        (i0 >> 3) | (i1 >> 3) << 1 | (i2 >> 3) << 2 | (i3 >> 3) << 3);

    if (from_high_pair == 0)
        return _mm256_permutex2var_epi64(msg->w[0], idx, msg->w[1]);
    if (from_high_pair == 0xf)
        return _mm256_permutex2var_epi64(msg->w[2], idx, msg->w[3]);
    return _mm256_mask_blend_epi64(
        from_high_pair, _mm256_permutex2var_epi64(msg->w[0], idx, msg->w[1]),
        _mm256_permutex2var_epi64(msg->w[2], idx, msg->w[3]));
}

#define BLAKE2B_X86_FN blake2b_compress_avx512
#include "rows.h"
