/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The twelve rounds of BLAKE2b (RFC 7693) on four word-sliced messages,
 * AVX2, x86-64 System V, ELF. compress4_avx2.c slices the state and the
 * message blocks and finishes h; this is its inner part:
 *
 * void blake2b_rounds4_avx2(__m256i v[16], const __m256i m[16]);
 *
 * v[i] holds state word i of the four messages, m[j] message word j
 * (lane k: message k); both 32-byte aligned. Runs v through the rounds in
 * place. Only called where cpuid says AVX2 (core/many_choose.c).
 *
 * Why assembly: the sixteen state words take all sixteen ymm registers and
 * the rotation by 63 needs one more. gcc 12 and clang 14 spill and reload
 * state words in the middle of G's chain of dependent operations, each
 * reload waiting on a store; here the one spilled word is the c word v11,
 * stored after its last use in a step and reloaded after the four
 * rotations by 63 that need its register (ymm11), and nothing else
 * touches memory but the message words and the two byte-shuffle masks,
 * as operands. Faster than the intrinsics it replaced (docs/performance.md,
 * "Many messages at once").
 *
 * Order: the four G functions of a step (columns, then diagonals) advance
 * together, operation by operation, so the core always has four
 * independent chains in view. The message schedule is resolved at
 * assembly time: a round is a macro taking its row of blake2b_sigma.
 *
 * Registers are left as the caller's C leaves its own (the state and the
 * message are in its frame too): not wiped (docs/hardening.md).
 */

#if !defined(__x86_64__) || !defined(__ELF__) || !defined(__LP64__)
#error "rounds4_avx2.S is for x86-64 ELF targets only (not x32)"
#endif

#define V	%rdi	/* v[16]: in and out */
#define M	%rsi	/* m[16] */

/* Rotations right of four registers (numbers), one 64-bit word per lane.
 * AVX2 has no 64-bit rotate: 32 swaps dwords, 24 and 16 shuffle bytes. */
.macro ROTR32_4 r0, r1, r2, r3
	vpshufd		$0xb1, %ymm\r0, %ymm\r0
	vpshufd		$0xb1, %ymm\r1, %ymm\r1
	vpshufd		$0xb1, %ymm\r2, %ymm\r2
	vpshufd		$0xb1, %ymm\r3, %ymm\r3
.endm

/* By whole bytes: vpshufb with the mask (.Lrotr24 or .Lrotr16). */
.macro ROTR_BYTES_4 mask, r0, r1, r2, r3
	vpshufb		\mask(%rip), %ymm\r0, %ymm\r0
	vpshufb		\mask(%rip), %ymm\r1, %ymm\r1
	vpshufb		\mask(%rip), %ymm\r2, %ymm\r2
	vpshufb		\mask(%rip), %ymm\r3, %ymm\r3
.endm

.macro ROTR24_4 r0, r1, r2, r3
	ROTR_BYTES_4	.Lrotr24, \r0, \r1, \r2, \r3
.endm

.macro ROTR16_4 r0, r1, r2, r3
	ROTR_BYTES_4	.Lrotr16, \r0, \r1, \r2, \r3
.endm

/* x >>> 63 = (x + x) | (x >> 63); x >> 63 goes through ymm11, whose
 * word (v11, a c word: done with in this step) waits in v[11]. */
.macro ROTR63 r
	vpsrlq		$63, %ymm\r, %ymm11
	vpaddq		%ymm\r, %ymm\r, %ymm\r
	vpor		%ymm11, %ymm\r, %ymm\r
.endm

.macro ROTR63_4 r0, r1, r2, r3
	vmovdqa		%ymm11, 32*11(V)
	ROTR63		\r0
	ROTR63		\r1
	ROTR63		\r2
	ROTR63		\r3
	vmovdqa		32*11(V), %ymm11
.endm

/*
 * Half of the four G functions of a step: G i has a = v[i] (ymm i) and the
 * b, c, d given, message word m[x i]:
 *   a += m + b; d = (d ^ a) >>> rot_d; c += d; b = (b ^ c) >>> rot_b.
 * A G is this twice: with 32 and 24, then with 16 and 63. a + m first:
 * it needs no result of the chain, which then waits for b alone.
 */
.macro G4_HALF x0, x1, x2, x3, b0, b1, b2, b3, c0, c1, c2, c3, d0, d1, d2, d3, rot_d, rot_b
	vpaddq		32*\x0(M), %ymm0, %ymm0
	vpaddq		32*\x1(M), %ymm1, %ymm1
	vpaddq		32*\x2(M), %ymm2, %ymm2
	vpaddq		32*\x3(M), %ymm3, %ymm3
	vpaddq		%ymm\b0, %ymm0, %ymm0
	vpaddq		%ymm\b1, %ymm1, %ymm1
	vpaddq		%ymm\b2, %ymm2, %ymm2
	vpaddq		%ymm\b3, %ymm3, %ymm3
	vpxor		%ymm0, %ymm\d0, %ymm\d0
	vpxor		%ymm1, %ymm\d1, %ymm\d1
	vpxor		%ymm2, %ymm\d2, %ymm\d2
	vpxor		%ymm3, %ymm\d3, %ymm\d3
	\rot_d		\d0, \d1, \d2, \d3
	vpaddq		%ymm\d0, %ymm\c0, %ymm\c0
	vpaddq		%ymm\d1, %ymm\c1, %ymm\c1
	vpaddq		%ymm\d2, %ymm\c2, %ymm\c2
	vpaddq		%ymm\d3, %ymm\c3, %ymm\c3
	vpxor		%ymm\c0, %ymm\b0, %ymm\b0
	vpxor		%ymm\c1, %ymm\b1, %ymm\b1
	vpxor		%ymm\c2, %ymm\b2, %ymm\b2
	vpxor		%ymm\c3, %ymm\b3, %ymm\b3
	\rot_b		\b0, \b1, \b2, \b3
.endm

/* One round, given its row of blake2b_sigma (core/constants.h): columns
 * (b, c, d = v4-7, v8-11, v12-15), then diagonals (G i takes b from
 * column i + 1, c from i + 2, d from i + 3, mod 4). */
.macro ROUND s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15
	G4_HALF	\s0, \s2, \s4, \s6,     4, 5, 6, 7,  8, 9, 10, 11,  12, 13, 14, 15,  ROTR32_4, ROTR24_4
	G4_HALF	\s1, \s3, \s5, \s7,     4, 5, 6, 7,  8, 9, 10, 11,  12, 13, 14, 15,  ROTR16_4, ROTR63_4
	G4_HALF	\s8, \s10, \s12, \s14,  5, 6, 7, 4,  10, 11, 8, 9,  15, 12, 13, 14,  ROTR32_4, ROTR24_4
	G4_HALF	\s9, \s11, \s13, \s15,  5, 6, 7, 4,  10, 11, 8, 9,  15, 12, 13, 14,  ROTR16_4, ROTR63_4
.endm

	.section .rodata
	.balign	32
/* Byte k of each result word comes from byte (k + n) mod 8, n = bits / 8. */
.Lrotr24:
	.byte	3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10
	.byte	3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10
.Lrotr16:
	.byte	2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9
	.byte	2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9

	.text
	.globl	blake2b_rounds4_avx2
	.hidden	blake2b_rounds4_avx2
	.type	blake2b_rounds4_avx2, @function
	.balign	32
blake2b_rounds4_avx2:
	/* Unwind information: rsp never moves, so the entry rule holds. */
	.cfi_startproc
	endbr64
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vmovdqa		32*\i(V), %ymm\i
	.endr

	ROUND		 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15
	ROUND		14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3
	ROUND		11,  8, 12,  0,  5,  2, 15, 13, 10, 14,  3,  6,  7,  1,  9,  4
	ROUND		 7,  9,  3,  1, 13, 12, 11, 14,  2,  6,  5, 10,  4,  0, 15,  8
	ROUND		 9,  0,  5,  7,  2,  4, 10, 15, 14,  1, 11, 12,  6,  8,  3, 13
	ROUND		 2, 12,  6, 10,  0, 11,  8,  3,  4, 13,  7,  5, 15, 14,  1,  9
	ROUND		12,  5,  1, 15, 14, 13,  4, 10,  0,  7,  6,  3,  9,  2,  8, 11
	ROUND		13, 11,  7, 14, 12,  1,  3,  9,  5,  0, 15,  4,  8,  6,  2, 10
	ROUND		 6, 15, 14,  9, 11,  3,  0,  8, 12,  2, 13,  7,  1,  4, 10,  5
	ROUND		10,  2,  8,  4,  7,  6,  1,  5, 15, 11,  9, 14,  3, 12, 13,  0
	ROUND		 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15
	ROUND		14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3

	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vmovdqa		%ymm\i, 32*\i(V)
	.endr
	vzeroupper			/* for SSE code that follows */
	ret
	.cfi_endproc
	.size	blake2b_rounds4_avx2, . - blake2b_rounds4_avx2

#include "elf_notes.h"
