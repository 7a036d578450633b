/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2b_compress_avx512_ror: compress_avx512.S with each rotation on the
 * chain. Two changes, each removing work that pays only where vprorq is
 * slow on the chain (Zen 4):
 *  - G rotates on the chain with vprorq (xor, then rotate). Where vprorq
 *    is as fast as an add (Intel), splitting the rotation around the
 *    chain (an off-chain vprorq, two shifts and a vpternlogq) shortens
 *    nothing and adds uops.
 *  - Message rows are four plain broadcasts merged by vpblendd: on Intel
 *    a broadcast under an opmask takes a port-5 uop, which the lane
 *    rotations (valignq) need too; vpblendd runs on any vector port.
 * A round then takes fewer vector uops. Chosen on Intel cores with
 * AVX-512; measured behind avx512 on Zen 4 (docs/performance.md, "The
 * x86-64 rule").
 */
#define blake2b_compress_avx512 blake2b_compress_avx512_ror
#define AVX512_ROTATE_ON_CHAIN 1

#include "compress_avx512.S"
