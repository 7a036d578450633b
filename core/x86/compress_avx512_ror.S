/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2b_compress_avx512_ror: compress_avx512.S with each rotation on the
 * chain. Two changes, each removing work that pays only where vprorq is
 * slow (Zen 4, two cycles):
 *  - G rotates on the chain with vprorq (xor, then rotate). Where vprorq
 *    takes one cycle (Intel), splitting the rotation around the chain (an
 *    off-chain vprorq, two shifts and a vpternlogq) shortens nothing and
 *    adds two uops per rotation.
 *  - Message rows are four plain broadcasts merged by three vpblendd: on
 *    Intel a broadcast under an opmask is two uops, one on port 5, which
 *    the lane rotations (valignq) need too; vpblendd runs on any vector
 *    port.
 * A round then takes fewer vector uops. Chosen on Intel cores with
 * AVX-512VL; measured behind avx512 on Zen 4 (the evidence for both:
 * docs/performance.md, "x86-64 rule").
 */
#define blake2b_compress_avx512 blake2b_compress_avx512_ror
#define AVX512_ROTATE_ON_CHAIN 1

#include "compress_avx512.S"
