/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AVX-512VL compress backend for BLAKE2b (RFC 7693), x86-64 System V, ELF.
 *
 * void blake2b_compress_avx512(struct blake2b_state *S, const uint8_t *in,
 *                              size_t nblocks, unsigned int inc);
 *
 * Same contract as blake2b_compress_generic: before each 128-byte block add
 * inc to the 128-bit counter S->t, then compress; only h, t and f are
 * touched, and in may have any alignment. Runs only where
 * blake2b_cpu_has_avx512 says (core/cpu_features.c: the instructions and
 * the OS saving the registers); the automatic choice takes it where the
 * x86-64 rule says (core/x86_rule.c). 256-bit registers only: no 512-bit
 * instruction, so no frequency penalty on Intel.
 *
 * Why assembly: single-stream BLAKE2b is bound by the latency of the
 * a -> d -> c -> b chain of G, and on Zen 4 the order of instructions in
 * the stream decides how often the out-of-order core delays that chain
 * behind work that could wait. Compilers scheduled the same intrinsics
 * differently and slower than this stream, which does not depend on the
 * compiler (docs/performance.md, "The x86-64 rule"). The rounds, and how they keep
 * the chain short, are avx512_rounds.h's; this file builds both avx512
 * and, with AVX512_ROTATE_ON_CHAIN, avx512-ror (compress_avx512_ror.S).
 *
 * No stack is used, and on return every vector register it wrote is
 * cleared: they held message words (the key, in a keyed hash's first
 * block) and values derived from them.
 */

#if !defined(__x86_64__) || !defined(__ELF__) || !defined(__LP64__)
#error "compress_avx512.S is for x86-64 ELF targets only (not x32)"
#endif

#include "avx512_rounds.h"

/* Offsets in struct blake2b_state (core/blake2b.h), checked by
 * core/state_layout.c. */
	.equ	STATE_H, 0
	.equ	STATE_T, 64
	.equ	STATE_F, 80

/* Arguments (System V); in is IN, %rsi. */
#define STATE		%rdi
#define NBLOCKS		%rdx
#define INC		%rcx
/* The 128-bit counter t, kept in registers for the whole call. */
#define T_LO		%r8
#define T_HI		%r9

	IV_DATA
	.globl	blake2b_compress_avx512
	.hidden	blake2b_compress_avx512
	.type	blake2b_compress_avx512, @function
	.balign	32
blake2b_compress_avx512:
	/* Unwind information (.eh_frame) for profilers, debuggers and
	 * libunwind. The function never moves rsp, so the entry rule (CFA =
	 * rsp + 8, return address at CFA - 8) holds throughout. */
	.cfi_startproc
	endbr64				/* called through a pointer (CET IBT) */
	test		NBLOCKS, NBLOCKS
	jz		.Lreturn
	mov		%ecx, %ecx		/* inc is 32 bits: zero-extend */
	mov		STATE_T(STATE), T_LO
	mov		STATE_T+8(STATE), T_HI
	vmovdqu		STATE_H(STATE), H_LO
	vmovdqu		STATE_H+32(STATE), H_HI
	vmovdqa		.Liv(%rip), IV_LO
	vmovdqa		.Liv+32(%rip), IV_HI
	/* f in two loads: final stores f0 just before the call, init stored
	 * f1 long before, and one 16-byte load of both cannot take f0 from
	 * the store buffer, so it would wait for the store to reach the cache
	 * (measured: docs/performance.md, "The x86-64 rule"). */
	vmovq		STATE_F(STATE), F_X
	vpinsrq		$1, STATE_F+8(STATE), F_X, F_X
	SET_LANE_MASKS

	.balign	32
.Lblock:
	add		INC, T_LO
	adc		$0, T_HI
	vmovq		T_LO, T_F_X
	vpinsrq		$1, T_HI, T_F_X, T_F_X
	vinserti128	$1, F_X, T_F, T_F
	BLOCK
	add		$128, IN
	dec		NBLOCKS
	jnz		.Lblock

	mov		T_LO, STATE_T(STATE)
	mov		T_HI, STATE_T+8(STATE)
	vmovdqu		H_LO, STATE_H(STATE)
	vmovdqu		H_HI, STATE_H+32(STATE)
	CLEAR_VECTORS
.Lreturn:
	ret
	.cfi_endproc
	.size	blake2b_compress_avx512, . - blake2b_compress_avx512

#include "elf_notes.h"
