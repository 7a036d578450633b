/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The whole unkeyed hash of a message of at most one block, AVX-512,
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
 * the message is loaded in 32-byte pieces with byte masks of exactly len
 * bytes (masked-off bytes are never read, and a piece past the message is
 * not loaded at all), and the zero-padded block is stored in the red zone
 * below the stack pointer, where the rounds' broadcasts read it. 256-bit
 * registers only, as in compress_avx512.S. Runs where the AVX-512
 * backends run (core/cpu_features.c: the masked loads need BW); this
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
/* The message in four 32-byte pieces, zero-padded. */
#define PIECE0		%ymm24
#define PIECE1		%ymm25
#define PIECE2		%ymm26
#define PIECE3		%ymm27

/*
 * piece = the bytes of in[off..off+31] that are below len, zeros above;
 * no load when none is (then the piece keeps its zeros). n = min(len -
 * off, 32) bytes, mask (1 << n) - 1, made in 64 bits so that n = 32
 * needs no special case. Clobbers eax, ecx and k.
 */
.macro LOAD_PIECE off, piece, k
	cmp		$\off, LEN
	jbe		.Lloaded
	lea		-\off(LEN), %rcx
	mov		$32, %eax
	cmp		%rax, %rcx
	cmova		%rax, %rcx
	mov		$1, %eax
	shl		%cl, %rax
	dec		%rax
	kmovd		%eax, \k
	vmovdqu8	\off(IN), \piece{\k}{z}
.endm

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
	mov		OUTLEN, %r8d		/* LOAD_PIECE needs ecx */
	vpxord		PIECE0, PIECE0, PIECE0
	vpxord		PIECE1, PIECE1, PIECE1
	vpxord		PIECE2, PIECE2, PIECE2
	vpxord		PIECE3, PIECE3, PIECE3
	LOAD_PIECE	0, PIECE0, %k4
	LOAD_PIECE	32, PIECE1, %k5
	LOAD_PIECE	64, PIECE2, %k6
	LOAD_PIECE	96, PIECE3, %k7
.Lloaded:
	vmovdqu64	PIECE0, -128(%rsp)
	vmovdqu64	PIECE1, -96(%rsp)
	vmovdqu64	PIECE2, -64(%rsp)
	vmovdqu64	PIECE3, -32(%rsp)
	lea		-128(%rsp), IN

	/* h = IV ^ parameter block, whose first word is the digest length,
	 * key length 0, fanout 1 and depth 1; t = (len, 0); f = (~0, 0). */
	vmovdqa		.Liv(%rip), IV_LO
	vmovdqa		.Liv+32(%rip), IV_HI
	or		$0x01010000, %r8d
	vmovq		%r8, %xmm0		/* H_LO's low word */
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
	vpxord		PIECE0, PIECE0, PIECE0
	vmovdqu64	PIECE0, -128(%rsp)
	vmovdqu64	PIECE0, -96(%rsp)
	vmovdqu64	PIECE0, -64(%rsp)
	vmovdqu64	PIECE0, -32(%rsp)
	vpxord		PIECE1, PIECE1, PIECE1
	vpxord		PIECE2, PIECE2, PIECE2
	vpxord		PIECE3, PIECE3, PIECE3
	CLEAR_VECTORS
	ret
	.cfi_endproc
	.size	blake2b_hash_short_avx512, . - blake2b_hash_short_avx512

#include "elf_notes.h"
