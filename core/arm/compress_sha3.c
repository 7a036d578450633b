/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AArch64 compress backend using the SHA3 extension (optional from
 * ARMv8.2-A): XAR does the xor and the rotation of each G step in one
 * instruction, and EOR3 folds the final three-way xor; the rounds are those
 * of a64_rows.h. This file alone is built with -march=armv8.2-a+sha3; the
 * backend may only run where HWCAP_SHA3 says so.
 */
#if !defined(__aarch64__)
#error "compress_sha3.c is for AArch64 only"
#endif
#if !defined(__ARM_FEATURE_SHA3)
#error "compress_sha3.c must be built with -march=armv8.2-a+sha3"
#endif
#if defined(__AARCH64EB__)
#error "compress_sha3.c loads message words as native lanes: little-endian only"
#endif

#include <arm_neon.h>

#define A64_INLINE static inline __attribute__((always_inline))
#define BLAKE2B_A64_FN blake2b_compress_sha3

/* vxarq_u64(x, y, n) is (x ^ y) rotated right by n in each lane. */
A64_INLINE uint64x2_t xor_rotr32(uint64x2_t x, uint64x2_t y)
{
    return vxarq_u64(x, y, 32);
}

A64_INLINE uint64x2_t xor_rotr24(uint64x2_t x, uint64x2_t y)
{
    return vxarq_u64(x, y, 24);
}

A64_INLINE uint64x2_t xor_rotr16(uint64x2_t x, uint64x2_t y)
{
    return vxarq_u64(x, y, 16);
}

A64_INLINE uint64x2_t xor_rotr63(uint64x2_t x, uint64x2_t y)
{
    return vxarq_u64(x, y, 63);
}

A64_INLINE uint64x2_t xor3(uint64x2_t x, uint64x2_t y, uint64x2_t z)
{
    return veor3q_u64(x, y, z);
}

#include "a64_rows.h"
