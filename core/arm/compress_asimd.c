/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AArch64 Advanced SIMD (NEON) compress backend: the rounds of a64_rows.h
 * with rotations built from plain NEON instructions.
 *
 * One block is a chain of dependent vector operations two columns wide, so
 * on the cores llvm-mca-14 models this is slower than the scalar generic
 * backend (scripts/model-speed.sh); it is there to be chosen by name.
 */
#if !defined(__aarch64__)
#error "compress_asimd.c is for AArch64 only"
#endif
#if defined(__AARCH64EB__)
#error "compress_asimd.c loads message words as native lanes: little-endian only"
#endif

#include <arm_neon.h>

#define A64_INLINE static inline __attribute__((always_inline))
#define BLAKE2B_A64_FN blake2b_compress_asimd

/*
 * Rotations right of each 64-bit lane. 32 is a swap of 32-bit halves. 24
 * and 16 are byte moves done by one TBL: modelled by llvm-mca-14, it beats
 * SHL+SRI and EXT on each 64-bit half on every modelled core (Cortex-A53
 * 17.2 / 19.8 / 22.5 cycles per byte, Cortex-A57 9.5 / 9.6 / 12.8).
 * 63 is a rotation left by one: x + x, then the top bit shifted in by SRI.
 */
A64_INLINE uint64x2_t xor_rotr32(uint64x2_t x, uint64x2_t y)
{
    uint64x2_t v = veorq_u64(x, y);

    return vreinterpretq_u64_u32(vrev64q_u32(vreinterpretq_u32_u64(v)));
}

A64_INLINE uint64x2_t xor_rotr_bytes(uint64x2_t x, uint64x2_t y,
                                     const uint8_t index[16])
{
    uint8x16_t v = vreinterpretq_u8_u64(veorq_u64(x, y));

    return vreinterpretq_u64_u8(vqtbl1q_u8(v, vld1q_u8(index)));
}

/* Byte k of a lane rotated right by 24 (16) bits is byte k+3 (k+2). */
static const uint8_t rotr24_bytes[16] = { 3, 4, 5, 6, 7, 0, 1, 2,
                                          11, 12, 13, 14, 15, 8, 9, 10 };
static const uint8_t rotr16_bytes[16] = { 2, 3, 4, 5, 6, 7, 0, 1,
                                          10, 11, 12, 13, 14, 15, 8, 9 };

A64_INLINE uint64x2_t xor_rotr24(uint64x2_t x, uint64x2_t y)
{
    return xor_rotr_bytes(x, y, rotr24_bytes);
}

A64_INLINE uint64x2_t xor_rotr16(uint64x2_t x, uint64x2_t y)
{
    return xor_rotr_bytes(x, y, rotr16_bytes);
}

A64_INLINE uint64x2_t xor_rotr63(uint64x2_t x, uint64x2_t y)
{
    uint64x2_t v = veorq_u64(x, y);

    return vsriq_n_u64(vaddq_u64(v, v), v, 63);
}

A64_INLINE uint64x2_t xor3(uint64x2_t x, uint64x2_t y, uint64x2_t z)
{
    return veorq_u64(x, veorq_u64(y, z));
}

#include "a64_rows.h"
