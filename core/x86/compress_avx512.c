/*
 * AVX-512VL compress backend (built with -mavx512f -mavx512vl for this file
 * only; chosen at run time when cpuid and the OS say the state is usable).
 *
 * Same rows as the AVX2 backend, on 256-bit registers only (no 512-bit
 * instructions, so no frequency penalty on Intel). The rotations use
 * vprorq and vpternlogq, the message rows masked broadcasts.
 */
#include <immintrin.h>
#include <stdint.h>

#define X86_INLINE static inline __attribute__((always_inline))

#include "message.h"

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
 * Message rows: every word is broadcast from memory straight into its lane
 * (vpbroadcastq with a merge mask), a load and a blend any vector pipe can
 * run. Permuting the block held in registers (vpermt2q) instead competes
 * with the rotations and the diagonal permutes for the two shift/shuffle
 * pipes the G chain waits on; measured on Zen 4 with 16 KiB messages, the
 * broadcasts are 7% faster with gcc 12 and 2% with clang 14.
 */
/*
 * row with the lanes in lanes replaced by the little-endian word at word.
 * In asm since both compilers rewrite the intrinsic forms: gcc broadcasts
 * from a general register, clang turns the blends into shuffles. Both asm
 * dialects; the memory operand needs no alignment.
 */
X86_INLINE __m256i insert_word(__m256i row, __mmask8 lanes,
                               const uint8_t *word)
{
    __asm__("vpbroadcastq {%1, %0%{%2%}|%0%{%2%}, %1}"
            : "+v"(row)
            : "m"(*(const uint64_t *)(const void *)word), "Yk"(lanes));
    return row;
}

X86_INLINE __m256i message_row(const struct x86_message *msg, int i0, int i1,
                               int i2, int i3)
{
    __m256i row = word_in_all_lanes(msg->block, i0);

    row = insert_word(row, 0x2, msg->block + 8 * i1);
    row = insert_word(row, 0x4, msg->block + 8 * i2);
    return insert_word(row, 0x8, msg->block + 8 * i3);
}

#define BLAKE2B_X86_FN blake2b_compress_avx512
#include "rows.h"
