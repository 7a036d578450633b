/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2b_compress_avx512_intel: compress_avx512.S shaped for Intel's
 * ports (B2N_INTEL_PORTS). Two changes, each removing work that pays only
 * on Zen 4:
 *  - G rotates on the chain with vprorq (xor, then rotate). On Intel
 *    vprorq takes one cycle, so splitting the rotation around the chain
 *    (an off-chain vprorq, two shifts and a vpternlogq) shortens nothing
 *    and adds two uops per rotation; on Zen 4, where vprorq takes two
 *    cycles, the split is what keeps the chain short.
 *  - Message rows are four plain broadcasts merged by three vpblendd: on
 *    Intel a broadcast under an opmask is two uops, one on port 5, which
 *    the lane rotations (valignq) need too; vpblendd runs on any vector
 *    port.
 * A round then takes 20% fewer vector uops on three vector ports. By name
 * only ("avx512-intel"): modelled ahead of avx2 and avx512 on LLVM 14's
 * Skylake-SP and Ice Lake-SP models, level with avx2 on LLVM 19's Sapphire
 * Rapids model, measured behind avx512 on Zen 4 (docs/performance.md),
 * never run on Intel here; one run of the benchmark on an Intel core
 * settles it.
 */
#define blake2b_compress_avx512 blake2b_compress_avx512_intel
#define B2N_INTEL_PORTS 1

#include "compress_avx512.S"
