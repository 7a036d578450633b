/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Argon2's BlaMka (core/blamka.h) on ARMv7 NEON, for the neon backend.
 *
 * void blake2b_argon2_fill_neon(struct blake2b_argon2_block *next,
 *                               const struct blake2b_argon2_block *prev,
 *                               const struct blake2b_argon2_block *ref,
 *                               int with_xor);
 *
 * Same contract as blake2b_argon2_fill_generic. Built with -mfpu=neon for
 * this file alone and called only where the kernel reports NEON.
 *
 * Order of work: rows first. Each row of R = prev ^ ref goes through P
 * into a 1 KiB buffer on the stack, and R (with next's old row XORed in
 * when with_xor) is written to next straight away: safe when next is prev
 * or ref, as row r of both has been read before row r of next is written
 * and later rows are read later. Then columns: P of each column of the
 * buffer, XORed into what next holds. The buffer is zeroed before return.
 *
 * One P (16 words) in q0..q7, two G functions side by side in the two
 * lanes: rows a = q0 (v0,v1), q1 (v2,v3); b = q2, q3; c = q4, q5;
 * d = q6, q7. For the diagonals b turns by one word and d by three
 * (vext.64, through the spare q8), and c by two, which only swaps the
 * roles of q4 and q5; after them b and d turn back, so that every P
 * starts and ends in the same registers.
 *
 * a + b + 2 * lo32(a) * lo32(b): the low halves narrowed into d registers,
 * a + b, then vmlal.u32 twice: five instructions, one fewer than vmull,
 * a doubling and two adds. The low halves after a rotation by 32, 24 or
 * 16 are narrowed from the value before it (vshrn by the rotation), so
 * that they do not wait for the rotation. Rotations: by 32 vrev64.32; by
 * 24 and 16 vtbl.8 with byte tables (what compress_neon.S chose); by 63 an
 * add to itself and vsra.u64 of the top bit.
 *
 * Why assembly: gcc 12's code from the same algorithm in intrinsics keeps
 * the rotated halves apart from their q registers (a move after each vtbl)
 * and spills its pointers; docs/argon2-arm.md gives the counts.
 *
 * Alignment: blocks are 64-byte aligned in C, but the caller's memory is
 * only promised uint64_t's 8 bytes here, so loads and stores of next,
 * prev and ref claim :64; the stack buffer is aligned to 16 and claims
 * :128.
 *
 * Registers: r0 = next, r1 = prev, r2 = ref, r3 = with_xor; r4 = buffer,
 * r5 = loop count, r6 = 128 (the row stride), r7, r8, r12 = pointers.
 * q9, q10 (d18..d21): low halves and scratch; d22, d23: the byte tables
 * for the rotations by 24 and 16; q12..q15: rows of ref and next.
 */

#if !defined(__arm__) || defined(__aarch64__)
#error "argon2_fill_neon.S is for 32-bit Arm (ARMv7-A with NEON) only"
#endif
#if defined(__ARMEB__) || defined(__ARM_BIG_ENDIAN)
#error "argon2_fill_neon.S assumes a little-endian target (words, vtbl tables)"
#endif

	.syntax	unified
	.arch	armv7-a
	.fpu	neon
	.arm

/*
 * x += y + 2 lo(x) lo(y) in both pairs: the low halves are already in
 * d18, d19 (x, y of the first pair) and d20, d21 (the second's).
 */
.macro	ADD_MUL2 x1, y1, x2, y2
	vadd.i64	\x1, \x1, \y1
	vadd.i64	\x2, \x2, \y2
	vmlal.u32	\x1, d18, d19
	vmlal.u32	\x2, d20, d21
	vmlal.u32	\x1, d18, d19
	vmlal.u32	\x2, d20, d21
.endm

/*
 * Two G functions, one in each lane of (ax, bx, cx, dx) and one in each
 * lane of (ay, by, cy, dy); bxl..dyh: the d halves of b and d, for vtbl.
 */
.macro	G2 ax, bx, cx, dx, ay, by, cy, dy, bxl, bxh, byl, byh, dxl, dxh, dyl, dyh
	@ a += b + 2 lo(a) lo(b)
	vmovn.i64	d18, \ax
	vmovn.i64	d19, \bx
	vmovn.i64	d20, \ay
	vmovn.i64	d21, \by
	ADD_MUL2	\ax, \bx, \ay, \by
	@ d = (d ^ a) >>> 32
	veor		\dx, \dx, \ax
	veor		\dy, \dy, \ay
	vshrn.i64	d19, \dx, #32
	vshrn.i64	d21, \dy, #32
	vmovn.i64	d18, \cx
	vmovn.i64	d20, \cy
	vrev64.32	\dx, \dx
	vrev64.32	\dy, \dy
	@ c += d + 2 lo(c) lo(d)
	ADD_MUL2	\cx, \dx, \cy, \dy
	@ b = (b ^ c) >>> 24
	veor		\bx, \bx, \cx
	veor		\by, \by, \cy
	vshrn.i64	d19, \bx, #24
	vshrn.i64	d21, \by, #24
	vmovn.i64	d18, \ax
	vmovn.i64	d20, \ay
	vtbl.8		\bxl, {\bxl}, d22
	vtbl.8		\bxh, {\bxh}, d22
	vtbl.8		\byl, {\byl}, d22
	vtbl.8		\byh, {\byh}, d22
	@ a += b + 2 lo(a) lo(b)
	ADD_MUL2	\ax, \bx, \ay, \by
	@ d = (d ^ a) >>> 16
	veor		\dx, \dx, \ax
	veor		\dy, \dy, \ay
	vshrn.i64	d19, \dx, #16
	vshrn.i64	d21, \dy, #16
	vmovn.i64	d18, \cx
	vmovn.i64	d20, \cy
	vtbl.8		\dxl, {\dxl}, d23
	vtbl.8		\dxh, {\dxh}, d23
	vtbl.8		\dyl, {\dyl}, d23
	vtbl.8		\dyh, {\dyh}, d23
	@ c += d + 2 lo(c) lo(d)
	ADD_MUL2	\cx, \dx, \cy, \dy
	@ b = (b ^ c) >>> 63: doubled, then the top bit added in (the low
	@ bit is zero, so adding inserts it)
	veor		q9, \bx, \cx
	veor		q10, \by, \cy
	vadd.i64	\bx, q9, q9
	vadd.i64	\by, q10, q10
	vsra.u64	\bx, q9, #63
	vsra.u64	\by, q10, #63
.endm

/* P on the 16 words in q0..q7 (see the top of the file). */
.macro	P
	@ Columns: G(v0,v4,v8,v12) G(v1,v5,v9,v13) | G(v2,v6,v10,v14) G(v3,v7,v11,v15)
	G2	q0, q2, q4, q6, q1, q3, q5, q7, d4, d5, d6, d7, d12, d13, d14, d15
	@ Diagonals: G(v0,v5,v10,v15) G(v1,v6,v11,v12) | G(v2,v7,v8,v13) G(v3,v4,v9,v14)
	vext.64		q8, q2, q3, #1		@ v5, v6
	vext.64		q3, q3, q2, #1		@ v7, v4
	vext.64		q2, q7, q6, #1		@ v15, v12
	vext.64		q6, q6, q7, #1		@ v13, v14
	G2	q0, q8, q5, q2, q1, q3, q4, q6, d16, d17, d6, d7, d4, d5, d12, d13
	vext.64		q7, q6, q2, #1		@ v14, v15
	vext.64		q6, q2, q6, #1		@ v12, v13
	vext.64		q2, q3, q8, #1		@ v4, v5
	vext.64		q3, q8, q3, #1		@ v6, v7
.endm

	.text
	.balign	16
/* vtbl.8 indices: result byte i = source byte (i + n) mod 8 is >>> 8n. */
.Ltables:
	.byte	3, 4, 5, 6, 7, 0, 1, 2		@ >>> 24
	.byte	2, 3, 4, 5, 6, 7, 0, 1		@ >>> 16

/*
 * Unwind information as in compress_neon.S: EHABI for the C++ unwinder and
 * libgcc, DWARF CFI in .debug_frame for gdb and perf (s16..s31, the halves
 * of d8..d15, are DWARF 80..95).
 */
	.cfi_sections	.debug_frame
	.globl	blake2b_argon2_fill_neon
	.hidden	blake2b_argon2_fill_neon
	.type	blake2b_argon2_fill_neon, %function
	.balign	4
blake2b_argon2_fill_neon:
	.fnstart
	.cfi_startproc
	push		{r4-r8, lr}
	.save		{r4-r8, lr}
	.cfi_def_cfa_offset 24
	.cfi_offset	r4, -24
	.cfi_offset	r5, -20
	.cfi_offset	r6, -16
	.cfi_offset	r7, -12
	.cfi_offset	r8, -8
	.cfi_offset	lr, -4
	vpush		{d8-d15}
	.vsave		{d8-d15}
	.cfi_def_cfa_offset 88
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.cfi_offset	80 + \n, -88 + 4 * \n
	.endr
	@ The buffer: 1024 bytes at the first multiple of 16 in 1040 (sp is
	@ 8-byte aligned).
	sub		sp, sp, #1040
	.pad		#1040
	.cfi_def_cfa_offset 1128
	add		r4, sp, #15
	bic		r4, r4, #15
	adr		r7, .Ltables
	vld1.64		{d22-d23}, [r7 :128]
	mov		r6, #128
	mov		r8, r4
	mov		r5, #8

.Lrow:
	vld1.64		{d0-d3}, [r1 :64]!
	vld1.64		{d4-d7}, [r1 :64]!
	vld1.64		{d8-d11}, [r1 :64]!
	vld1.64		{d12-d15}, [r1 :64]!
	vld1.64		{d24-d27}, [r2 :64]!
	vld1.64		{d28-d31}, [r2 :64]!
	veor		q0, q0, q12
	veor		q1, q1, q13
	veor		q2, q2, q14
	veor		q3, q3, q15
	vld1.64		{d24-d27}, [r2 :64]!
	vld1.64		{d28-d31}, [r2 :64]!
	veor		q4, q4, q12
	veor		q5, q5, q13
	veor		q6, q6, q14
	veor		q7, q7, q15
	cmp		r3, #0
	beq		.Lrow_fresh
	@ next's row ^= R
	mov		r12, r0
	vld1.64		{d24-d27}, [r12 :64]!
	vld1.64		{d28-d31}, [r12 :64]!
	veor		q12, q12, q0
	veor		q13, q13, q1
	veor		q14, q14, q2
	veor		q15, q15, q3
	vst1.64		{d24-d27}, [r0 :64]!
	vst1.64		{d28-d31}, [r0 :64]!
	vld1.64		{d24-d27}, [r12 :64]!
	vld1.64		{d28-d31}, [r12 :64]
	veor		q12, q12, q4
	veor		q13, q13, q5
	veor		q14, q14, q6
	veor		q15, q15, q7
	vst1.64		{d24-d27}, [r0 :64]!
	vst1.64		{d28-d31}, [r0 :64]!
	b		.Lrow_p
.Lrow_fresh:
	@ next's row = R
	vst1.64		{d0-d3}, [r0 :64]!
	vst1.64		{d4-d7}, [r0 :64]!
	vst1.64		{d8-d11}, [r0 :64]!
	vst1.64		{d12-d15}, [r0 :64]!
.Lrow_p:
	P
	vst1.64		{d0-d3}, [r8 :128]!
	vst1.64		{d4-d7}, [r8 :128]!
	vst1.64		{d8-d11}, [r8 :128]!
	vst1.64		{d12-d15}, [r8 :128]!
	subs		r5, r5, #1
	bne		.Lrow

	@ Columns: words 2c, 2c + 1 of every row, one row (128 bytes) apart.
	sub		r0, r0, #1024
	mov		r8, r4
	mov		r5, #8
.Lcolumn:
	mov		r12, r8
	vld1.64		{d0-d1}, [r12 :128], r6
	vld1.64		{d2-d3}, [r12 :128], r6
	vld1.64		{d4-d5}, [r12 :128], r6
	vld1.64		{d6-d7}, [r12 :128], r6
	vld1.64		{d8-d9}, [r12 :128], r6
	vld1.64		{d10-d11}, [r12 :128], r6
	vld1.64		{d12-d13}, [r12 :128], r6
	vld1.64		{d14-d15}, [r12 :128]
	P
	mov		r12, r0
	mov		r7, r0
	vld1.64		{d24-d25}, [r12 :64], r6
	vld1.64		{d26-d27}, [r12 :64], r6
	vld1.64		{d28-d29}, [r12 :64], r6
	vld1.64		{d30-d31}, [r12 :64], r6
	veor		q12, q12, q0
	veor		q13, q13, q1
	veor		q14, q14, q2
	veor		q15, q15, q3
	vst1.64		{d24-d25}, [r7 :64], r6
	vst1.64		{d26-d27}, [r7 :64], r6
	vst1.64		{d28-d29}, [r7 :64], r6
	vst1.64		{d30-d31}, [r7 :64], r6
	vld1.64		{d24-d25}, [r12 :64], r6
	vld1.64		{d26-d27}, [r12 :64], r6
	vld1.64		{d28-d29}, [r12 :64], r6
	vld1.64		{d30-d31}, [r12 :64]
	veor		q12, q12, q4
	veor		q13, q13, q5
	veor		q14, q14, q6
	veor		q15, q15, q7
	vst1.64		{d24-d25}, [r7 :64], r6
	vst1.64		{d26-d27}, [r7 :64], r6
	vst1.64		{d28-d29}, [r7 :64], r6
	vst1.64		{d30-d31}, [r7 :64]
	add		r8, r8, #16
	add		r0, r0, #16
	subs		r5, r5, #1
	bne		.Lcolumn

	@ The buffer and the scratch registers held what the password became:
	@ zero q8..q15, store them over the buffer (128 bytes a vstm), and
	@ zero q0..q3; q4..q7 (d8..d15) get the caller's values back.
	vmov.i64	q8, #0
	vmov.i64	q9, #0
	vmov.i64	q10, #0
	vmov.i64	q11, #0
	vmov.i64	q12, #0
	vmov.i64	q13, #0
	vmov.i64	q14, #0
	vmov.i64	q15, #0
	.rept	8
	vstmia		r4!, {d16-d31}
	.endr
	vmov.i64	q0, #0
	vmov.i64	q1, #0
	vmov.i64	q2, #0
	vmov.i64	q3, #0
	add		sp, sp, #1040
	.cfi_def_cfa_offset 88
	vpop		{d8-d15}
	.cfi_def_cfa_offset 24
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.cfi_restore	80 + \n
	.endr
	pop		{r4-r8, pc}
	.cfi_endproc
	.fnend
	.size	blake2b_argon2_fill_neon, . - blake2b_argon2_fill_neon

	.section .note.GNU-stack, "", %progbits
