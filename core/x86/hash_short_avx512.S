/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The whole unkeyed hash of a message of at most one block, AVX-512VL,
 * x86-64 System V, ELF:
 *
 * void blake2b_hash_short_avx512(uint8_t *digest, const uint8_t *in,
 *                                size_t len, unsigned int outlen);
 *
 * The contract of blake2b_hash_short_fn (core/blake2b.h): len 0..128,
 * outlen 1..64 goes into the parameter block, all 64 bytes of h are
 * written to digest. What the core's C path around compress does with a
 * state in memory (set it up, zero the padding, copy the message in,
 * store and reload h, t and f, wipe it all) is done here in registers:
 * the message is loaded with byte masks of exactly len bytes (masked-off
 * bytes are never read, so no page past the message is touched), and
 * the zero-padded block is stored in the red zone below the stack
 * pointer, where the rounds' broadcasts read it. Runs where avx512 runs
 * (core/cpu_features.c: BW for the masked loads, BMI2 for bzhi); this
 * file builds both blake2b_hash_short_avx512 and, with
 * AVX512_ROTATE_ON_CHAIN, blake2b_hash_short_avx512_ror
 * (hash_short_avx512_ror.S).
 *
 * On return the red zone and every vector register written are cleared:
 * they held the message.
 */

#if !defined(__x86_64__) || !defined(__ELF__) || !defined(__LP64__)
#error "hash_short_avx512.S is for x86-64 ELF targets only (not x32)"
#endif

#include "avx512_rounds.h"

/* Arguments (System V); in is IN, %rsi. */
#define DIGEST		%rdi
#define LEN		%rdx
#define OUTLEN		%ecx
/* The message's two 64-byte halves, zero-padded, and their byte masks. */
#define MSG_LO		%zmm24
#define MSG_HI		%zmm25
#define MASK_LO		%k4
#define MASK_HI		%k5

	IV_DATA
	.globl	blake2b_hash_short_avx512
	.hidden	blake2b_hash_short_avx512
	.type	blake2b_hash_short_avx512, @function
	.balign	32
blake2b_hash_short_avx512:
	/* rsp never moves: the entry rule holds throughout (see
	 * compress_avx512.S). */
	.cfi_startproc
	endbr64				/* called through a pointer (CET IBT) */
	/* Masks of len bytes: bzhi keeps the bits below its index, all of
	 * them from 64 up. */
	mov		$-1, %rax
	bzhi		LEN, %rax, %r8
	xor		%r9d, %r9d
	lea		-64(LEN), %r10
	cmp		$64, LEN
	cmova		%r10, %r9		/* max(len - 64, 0) */
	bzhi		%r9, %rax, %r9
	kmovq		%r8, MASK_LO
	kmovq		%r9, MASK_HI
	vmovdqu8	(IN), MSG_LO{MASK_LO}{z}
	vmovdqu8	64(IN), MSG_HI{MASK_HI}{z}
	vmovdqu64	MSG_LO, -128(%rsp)
	vmovdqu64	MSG_HI, -64(%rsp)
	lea		-128(%rsp), IN

	/* h = IV ^ parameter block, whose first word is the digest length,
	 * key length 0, fanout 1 and depth 1; t = (len, 0); f = (~0, 0). */
	vmovdqa		.Liv(%rip), IV_LO
	vmovdqa		.Liv+32(%rip), IV_HI
	or		$0x01010000, OUTLEN
	vmovq		%rcx, %xmm0		/* H_LO's low word */
	vpxor		IV_LO, H_LO, H_LO
	vmovdqa		IV_HI, H_HI
	vmovq		LEN, T_F_X
	vpcmpeqd	F_X, F_X, F_X
	vmovq		F_X, F_X
	vinserti128	$1, F_X, T_F, T_F
	SET_LANE_MASKS
	BLOCK

	vmovdqu		H_LO, (DIGEST)
	vmovdqu		H_HI, 32(DIGEST)
	vpxord		MSG_LO, MSG_LO, MSG_LO
	vmovdqu64	MSG_LO, -128(%rsp)
	vmovdqu64	MSG_LO, -64(%rsp)
	vpxord		MSG_HI, MSG_HI, MSG_HI
	CLEAR_VECTORS
	ret
	.cfi_endproc
	.size	blake2b_hash_short_avx512, . - blake2b_hash_short_avx512

#include "elf_notes.h"
