/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AArch64 scalar compress backend for BLAKE2b (RFC 7693), LP64 ELF,
 * little-endian. Base ARMv8-A only: every AArch64 CPU can run it.
 *
 * void blake2b_compress_a64(struct blake2b_state *S, const uint8_t *in,
 *                           size_t nblocks, unsigned int inc);
 *
 * Same contract as blake2b_compress_generic: before each 128-byte block add
 * inc to the 128-bit counter S->t, then compress; only h, t and f are
 * touched. in may have any alignment: message words are read with ldr,
 * which AArch64 allows unaligned on normal memory.
 *
 * Why assembly: the shifted-register EOR. Each G step is
 *     d = ror(d ^ a, 32); b = ror(b ^ c, 24); d = ror(d ^ a, 16);
 *     b = ror(b ^ c, 63)
 * and ror(x ^ l, k) = ror(x, k) ^ ror(l, k). With l the value the chain has
 * just produced and x an older one, ror(x, k) is computed off the chain
 * (ror = extr, one register) and
 *     eor  x, rot, l, ror #k
 * does the xor and the rotation of l in one instruction. The a -> d -> c -> b
 * chain of G becomes 8 instructions (add, eor, add, eor, twice) instead of
 * 12, and the instruction count stays 14 per G. From C, which operand is
 * rotated on its own is the compiler's choice: written ror(x ^ l, k),
 * gcc 12 and clang 14 emit eor then ror, both on the chain; written
 * ror(x, k) ^ ror(l, k), clang 14 rotates l, the chained operand, with its
 * own instruction (gcc 12 chose well in a small test, by no rule it
 * promises). Assembly keeps the choice. Where a core runs the shifted EOR on
 * another pipe than plain ALU operations (Cortex-A57/A72: the M pipe), the
 * same instructions also spread over more pipes. Figures and the published
 * latencies they rest on: docs/performance.md, "AArch64".
 *
 * Layout: v0..v15 of the work vector each in one x register (see below);
 * the four G functions of a column or diagonal step advance together,
 * step by step, so that in-order cores (Cortex-A53, A55) always have
 * independent instructions to pair (the schedule: G4 below). "a += m" is
 * done before "a += b": the message word is added off the chain. The
 * message schedule is resolved at assembly time (a round is a macro taking
 * its 16 sigma indices and the next round's first 8; the 12 rounds are
 * unrolled). m[0..3] stay in registers for the whole block; the other
 * words are loaded from in two or more steps before they are added.
 *
 * Registers (AAPCS64): on entry x0 = S, x1 = in, x2 = nblocks, w3 = inc.
 * S, nblocks and inc wait on the stack while a block runs, so that x0,
 * x2, x3 and x30 (saved too) can hold m[0..3]. x4..x17 and x19, x20 =
 * v0..v15; x21..x24 the rotated operands; x25..x28 message words.
 * x19..x28 and x30 are kept on the stack and restored; x18 (platform
 * register) and x29 (frame pointer) are not touched. On return the scratch
 * registers that held state or message words (x2..x17) are cleared.
 */

#if !defined(__aarch64__) || !defined(__ELF__) || !defined(__LP64__)
#error "compress_a64.S is for AArch64 LP64 ELF targets only"
#endif
#if defined(__AARCH64EB__)
#error "compress_a64.S assumes a little-endian target (message words)"
#endif

/* Offsets in struct blake2b_state (core/blake2b.h), checked by
 * core/state_layout.c. */
	.equ	STATE_H, 0
	.equ	STATE_T, 64
	.equ	STATE_F, 80

#define STATE	x0
#define IN	x1
#define NBLOCKS	x2
#define INC	w3

#define V0	x4
#define V1	x5
#define V2	x6
#define V3	x7
#define V4	x8
#define V5	x9
#define V6	x10
#define V7	x11
#define V8	x12
#define V9	x13
#define V10	x14
#define V11	x15
#define V12	x16
#define V13	x17
#define V14	x19
#define V15	x20
/* ror(x, k) of the older operand, one per G. */
#define R0	x21
#define R1	x22
#define R2	x23
#define R3	x24
/* Message words, one per G. */
#define M0	x25
#define M1	x26
#define M2	x27
#define M3	x28
/* m[0..3], kept for the whole block (in the registers of the arguments,
 * which wait on the stack meanwhile, and of the return address). */
#define W0	x2
#define W1	x3
#define W2	x30
#define W3	x0

/* Stack frame: x19..x28, x30, then S, nblocks and inc. */
	.equ	FRAME, 112
	.equ	SAVED_S, 88
	.equ	SAVED_NBLOCKS, 96
	.equ	SAVED_INC, 104

/* M = m[idx], unless it is one of the words kept in W0..W3. */
.macro	LOADM	reg, idx
.if \idx > 3
	ldr	\reg, [IN, #8*\idx]
.endif
.endm

/* a += m[idx], from W0..W3 or else from reg (loaded by LOADM). */
.macro	ADDM	a, reg, idx
.if \idx == 0
	add	\a, \a, W0
.elseif \idx == 1
	add	\a, \a, W1
.elseif \idx == 2
	add	\a, \a, W2
.elseif \idx == 3
	add	\a, \a, W3
.else
	add	\a, \a, \reg
.endif
.endm

/*
 * One column or diagonal step: four G functions at once (RFC 7693
 * section 3.1), G_i on (a_i, b_i, c_i, d_i) with message words m[x_i]
 * (already added to a_i) and m[y_i] (already loaded into M_i). R_i holds
 * ror(d_i, 32) on entry.
 *
 * The 8 instructions of each G on the b -> b chain come in eight steps of
 * four, one per G; between them sits the off-chain work, each piece one
 * step before its result is needed, so that an in-order core (Cortex-A53,
 * A55, A510) always has an independent instruction to pair and never
 * waits on a result from the step just issued:
 *   step 1  a += b                 (chain)
 *   step 2  d = R ^ ror(a, 32)     (chain)   a += m[y]
 *   step 3  c += d                 (chain)   R = ror(b, 24)
 *   step 4  b = R ^ ror(c, 24)     (chain)   M = m[x'] (next step's x)
 *   step 5  a += b                 (chain)   R = ror(d, 16)
 *   step 6  d = R ^ ror(a, 16)     (chain)   a += M    (a + m[x'])
 *   step 7  c += d                 (chain)   R = ror(b, 63), M = m[y']
 *   step 8  b = R ^ ror(c, 63)     (chain)   R = ror(d', 32)
 * so the next step starts as this one did. Its message indices are
 * nx_i, ny_i and its d registers nd_i; last=1 (the last step of a block)
 * leaves out the work for a next step.
 */
.macro	G4	a0, a1, a2, a3, b0, b1, b2, b3, c0, c1, c2, c3, d0, d1, d2, d3, y0, y1, y2, y3, nx0, nx1, nx2, nx3, ny0, ny1, ny2, ny3, nd0, nd1, nd2, nd3, last
	/* 1: a += b */
	add	\a0, \a0, \b0
	add	\a1, \a1, \b1
	add	\a2, \a2, \b2
	add	\a3, \a3, \b3
	/* 2: d = ror(d, 32) ^ ror(a, 32); a += m[y] */
	eor	\d0, R0, \a0, ror #32
	ADDM	\a0, M0, \y0
	eor	\d1, R1, \a1, ror #32
	ADDM	\a1, M1, \y1
	eor	\d2, R2, \a2, ror #32
	ADDM	\a2, M2, \y2
	eor	\d3, R3, \a3, ror #32
	ADDM	\a3, M3, \y3
	/* 3: c += d; R = ror(b, 24) */
	add	\c0, \c0, \d0
	ror	R0, \b0, #24
	add	\c1, \c1, \d1
	ror	R1, \b1, #24
	add	\c2, \c2, \d2
	ror	R2, \b2, #24
	add	\c3, \c3, \d3
	ror	R3, \b3, #24
	/* 4: b = ror(b, 24) ^ ror(c, 24); M = m[x'] */
	eor	\b0, R0, \c0, ror #24
.if !\last
	LOADM	M0, \nx0
.endif
	eor	\b1, R1, \c1, ror #24
.if !\last
	LOADM	M1, \nx1
.endif
	eor	\b2, R2, \c2, ror #24
.if !\last
	LOADM	M2, \nx2
.endif
	eor	\b3, R3, \c3, ror #24
.if !\last
	LOADM	M3, \nx3
.endif
	/* 5: a += b; R = ror(d, 16) */
	add	\a0, \a0, \b0
	ror	R0, \d0, #16
	add	\a1, \a1, \b1
	ror	R1, \d1, #16
	add	\a2, \a2, \b2
	ror	R2, \d2, #16
	add	\a3, \a3, \b3
	ror	R3, \d3, #16
	/* 6: d = ror(d, 16) ^ ror(a, 16); then a += m[x'] for the next step */
	eor	\d0, R0, \a0, ror #16
.if !\last
	ADDM	\a0, M0, \nx0
.endif
	eor	\d1, R1, \a1, ror #16
.if !\last
	ADDM	\a1, M1, \nx1
.endif
	eor	\d2, R2, \a2, ror #16
.if !\last
	ADDM	\a2, M2, \nx2
.endif
	eor	\d3, R3, \a3, ror #16
.if !\last
	ADDM	\a3, M3, \nx3
.endif
	/* 7: c += d; R = ror(b, 63); M = m[y'] (loads apart: one load pipe
	 * on the in-order cores) */
	add	\c0, \c0, \d0
.if !\last
	LOADM	M0, \ny0
.endif
	ror	R0, \b0, #63
	add	\c1, \c1, \d1
.if !\last
	LOADM	M1, \ny1
.endif
	ror	R1, \b1, #63
	add	\c2, \c2, \d2
.if !\last
	LOADM	M2, \ny2
.endif
	ror	R2, \b2, #63
	add	\c3, \c3, \d3
.if !\last
	LOADM	M3, \ny3
.endif
	ror	R3, \b3, #63
	/* 8: b = ror(b, 63) ^ ror(c, 63); R = ror(d', 32) for the next step */
	eor	\b0, R0, \c0, ror #63
.if !\last
	ror	R0, \nd0, #32
.endif
	eor	\b1, R1, \c1, ror #63
.if !\last
	ror	R1, \nd1, #32
.endif
	eor	\b2, R2, \c2, ror #63
.if !\last
	ror	R2, \nd2, #32
.endif
	eor	\b3, R3, \c3, ror #63
.if !\last
	ror	R3, \nd3, #32
.endif
.endm

/*
 * One round, s0..s15 its message schedule (sigma) and n0..n7 the first
 * half of the next round's (the message words of its column step).
 */
.macro	ROUND	s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, n0, n1, n2, n3, n4, n5, n6, n7, last=0
	G4	V0, V1, V2, V3, V4, V5, V6, V7, V8, V9, V10, V11, V12, V13, V14, V15, \
		\s1, \s3, \s5, \s7, \s8, \s10, \s12, \s14, \s9, \s11, \s13, \s15, \
		V15, V12, V13, V14, 0
	G4	V0, V1, V2, V3, V5, V6, V7, V4, V10, V11, V8, V9, V15, V12, V13, V14, \
		\s9, \s11, \s13, \s15, \n0, \n2, \n4, \n6, \n1, \n3, \n5, \n7, \
		V12, V13, V14, V15, \last
.endm

	.section .rodata
	.balign	16
.Liv:	/* RFC 7693's IV */
	.quad	0x6a09e667f3bcc908, 0xbb67ae8584caa73b
	.quad	0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1
	.quad	0x510e527fade682d1, 0x9b05688c2b3e6c1f
	.quad	0x1f83d9abfb41bd6b, 0x5be0cd19137e2179

	.text
	.balign	16
	.globl	blake2b_compress_a64
	.hidden	blake2b_compress_a64
	.type	blake2b_compress_a64, %function
blake2b_compress_a64:
	.cfi_startproc
#if defined(__ARM_FEATURE_BTI_DEFAULT)
	hint	#34	/* bti c */
#endif
	cbz	NBLOCKS, .Lreturn
#if defined(__ARM_FEATURE_PAC_DEFAULT)
	/* x30 goes to the stack: sign it as compiled code would. */
#if __ARM_FEATURE_PAC_DEFAULT & 2
	hint	#27	/* pacibsp */
#else
	hint	#25	/* paciasp */
#endif
	.cfi_negate_ra_state
#endif
	stp	x19, x20, [sp, #-FRAME]!
	.cfi_def_cfa_offset FRAME
	.cfi_offset x19, -FRAME
	.cfi_offset x20, -FRAME + 8
	stp	x21, x22, [sp, #16]
	.cfi_offset x21, -FRAME + 16
	.cfi_offset x22, -FRAME + 24
	stp	x23, x24, [sp, #32]
	.cfi_offset x23, -FRAME + 32
	.cfi_offset x24, -FRAME + 40
	stp	x25, x26, [sp, #48]
	.cfi_offset x25, -FRAME + 48
	.cfi_offset x26, -FRAME + 56
	stp	x27, x28, [sp, #64]
	.cfi_offset x27, -FRAME + 64
	.cfi_offset x28, -FRAME + 72
	stp	x30, STATE, [sp, #80]
	.cfi_offset x30, -FRAME + 80
	stp	NBLOCKS, x3, [sp, #SAVED_NBLOCKS]

.Lblock:
	ldr	STATE, [sp, #SAVED_S]
	ldr	INC, [sp, #SAVED_INC]
	/* t += inc, with carry into t[1]; inc is 32 bits (upper half of x3
	 * unspecified under AAPCS64), hence uxtw. */
	ldp	R0, R1, [STATE, #STATE_T]
	adds	R0, R0, INC, uxtw
	adc	R1, R1, xzr
	stp	R0, R1, [STATE, #STATE_T]
	ldp	M0, M1, [STATE, #STATE_F]
	/* v0..v7 = h; v8..v15 = IV, v12..v15 ^= t0, t1, f0, f1 */
	ldp	V0, V1, [STATE, #STATE_H]
	ldp	V2, V3, [STATE, #STATE_H + 16]
	ldp	V4, V5, [STATE, #STATE_H + 32]
	ldp	V6, V7, [STATE, #STATE_H + 48]
	adrp	R2, .Liv
	add	R2, R2, :lo12:.Liv
	ldp	V8, V9, [R2]
	ldp	V10, V11, [R2, #16]
	ldp	V12, V13, [R2, #32]
	ldp	V14, V15, [R2, #48]
	eor	V12, V12, R0
	eor	V13, V13, R1
	eor	V14, V14, M0
	eor	V15, V15, M1

	/* m[0..3] into W0..W3 (W3 is STATE's register: done with it). */
	ldp	W0, W1, [IN]
	ldp	W2, W3, [IN, #16]
	/* The first column step's m[x] added, m[y] loaded, ror(d, 32). */
	LOADM	M2, 4
	LOADM	M3, 6
	ror	R0, V12, #32
	ror	R1, V13, #32
	ror	R2, V14, #32
	ror	R3, V15, #32
	ADDM	V0, M0, 0
	ADDM	V1, M1, 2
	ADDM	V2, M2, 4
	ADDM	V3, M3, 6
	LOADM	M2, 5
	LOADM	M3, 7

	ROUND	 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 14, 10,  4,  8,  9, 15, 13,  6
	ROUND	14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3, 11,  8, 12,  0,  5,  2, 15, 13
	ROUND	11,  8, 12,  0,  5,  2, 15, 13, 10, 14,  3,  6,  7,  1,  9,  4,  7,  9,  3,  1, 13, 12, 11, 14
	ROUND	 7,  9,  3,  1, 13, 12, 11, 14,  2,  6,  5, 10,  4,  0, 15,  8,  9,  0,  5,  7,  2,  4, 10, 15
	ROUND	 9,  0,  5,  7,  2,  4, 10, 15, 14,  1, 11, 12,  6,  8,  3, 13,  2, 12,  6, 10,  0, 11,  8,  3
	ROUND	 2, 12,  6, 10,  0, 11,  8,  3,  4, 13,  7,  5, 15, 14,  1,  9, 12,  5,  1, 15, 14, 13,  4, 10
	ROUND	12,  5,  1, 15, 14, 13,  4, 10,  0,  7,  6,  3,  9,  2,  8, 11, 13, 11,  7, 14, 12,  1,  3,  9
	ROUND	13, 11,  7, 14, 12,  1,  3,  9,  5,  0, 15,  4,  8,  6,  2, 10,  6, 15, 14,  9, 11,  3,  0,  8
	ROUND	 6, 15, 14,  9, 11,  3,  0,  8, 12,  2, 13,  7,  1,  4, 10,  5, 10,  2,  8,  4,  7,  6,  1,  5
	ROUND	10,  2,  8,  4,  7,  6,  1,  5, 15, 11,  9, 14,  3, 12, 13,  0,  0,  1,  2,  3,  4,  5,  6,  7
	ROUND	 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 14, 10,  4,  8,  9, 15, 13,  6
	ROUND	14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3,  0,  0,  0,  0,  0,  0,  0,  0, 1

	/* h[i] ^= v[i] ^ v[i + 8] */
	ldr	STATE, [sp, #SAVED_S]
	ldp	R0, R1, [STATE, #STATE_H]
	ldp	R2, R3, [STATE, #STATE_H + 16]
	ldp	M0, M1, [STATE, #STATE_H + 32]
	ldp	M2, M3, [STATE, #STATE_H + 48]
	eor	V0, V0, V8
	eor	V1, V1, V9
	eor	V2, V2, V10
	eor	V3, V3, V11
	eor	V4, V4, V12
	eor	V5, V5, V13
	eor	V6, V6, V14
	eor	V7, V7, V15
	eor	R0, R0, V0
	eor	R1, R1, V1
	eor	R2, R2, V2
	eor	R3, R3, V3
	eor	M0, M0, V4
	eor	M1, M1, V5
	eor	M2, M2, V6
	eor	M3, M3, V7
	stp	R0, R1, [STATE, #STATE_H]
	stp	R2, R3, [STATE, #STATE_H + 16]
	stp	M0, M1, [STATE, #STATE_H + 32]
	stp	M2, M3, [STATE, #STATE_H + 48]

	add	IN, IN, #128
	ldr	NBLOCKS, [sp, #SAVED_NBLOCKS]
	subs	NBLOCKS, NBLOCKS, #1
	str	NBLOCKS, [sp, #SAVED_NBLOCKS]
	b.ne	.Lblock

	/* Leave no state or message words in the scratch registers. */
	mov	x2, xzr
	mov	x3, xzr
	mov	x4, xzr
	mov	x5, xzr
	mov	x6, xzr
	mov	x7, xzr
	mov	x8, xzr
	mov	x9, xzr
	mov	x10, xzr
	mov	x11, xzr
	mov	x12, xzr
	mov	x13, xzr
	mov	x14, xzr
	mov	x15, xzr
	mov	x16, xzr
	mov	x17, xzr
	ldp	x21, x22, [sp, #16]
	ldp	x23, x24, [sp, #32]
	ldp	x25, x26, [sp, #48]
	ldp	x27, x28, [sp, #64]
	ldp	x30, STATE, [sp, #80]
	ldp	x19, x20, [sp], #FRAME
	.cfi_restore x19
	.cfi_restore x20
	.cfi_restore x21
	.cfi_restore x22
	.cfi_restore x23
	.cfi_restore x24
	.cfi_restore x25
	.cfi_restore x26
	.cfi_restore x27
	.cfi_restore x28
	.cfi_restore x30
	.cfi_def_cfa_offset 0
#if defined(__ARM_FEATURE_PAC_DEFAULT)
#if __ARM_FEATURE_PAC_DEFAULT & 2
	hint	#31	/* autibsp */
#else
	hint	#29	/* autiasp */
#endif
	.cfi_negate_ra_state
#endif
.Lreturn:
	ret
	.cfi_endproc
	.size	blake2b_compress_a64, . - blake2b_compress_a64

/*
 * Built with -mbranch-protection (BTI and/or PAC), the object must say so,
 * or the linker drops the marking for the whole module. This function
 * starts with "bti c" when BTI is on, and signs x30 before saving it and
 * authenticates it before ret when return-address signing is on.
 */
#if defined(__ARM_FEATURE_BTI_DEFAULT) || defined(__ARM_FEATURE_PAC_DEFAULT)
#if defined(__ARM_FEATURE_BTI_DEFAULT)
#define BLAKE2B_FEATURE_BTI 1
#else
#define BLAKE2B_FEATURE_BTI 0
#endif
#if defined(__ARM_FEATURE_PAC_DEFAULT)
#define BLAKE2B_FEATURE_PAC 2
#else
#define BLAKE2B_FEATURE_PAC 0
#endif
	.pushsection .note.gnu.property, "a"
	.balign	8
	.long	4		/* name size: "GNU\0" */
	.long	16		/* descriptor size */
	.long	5		/* NT_GNU_PROPERTY_TYPE_0 */
	.asciz	"GNU"
	.long	0xc0000000	/* GNU_PROPERTY_AARCH64_FEATURE_1_AND */
	.long	4
	.long	BLAKE2B_FEATURE_BTI | BLAKE2B_FEATURE_PAC
	.long	0		/* padding to 8 bytes */
	.popsection
#endif

	.section .note.GNU-stack, "", %progbits
