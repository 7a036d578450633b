/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ARMv7 NEON compress backend for BLAKE2b (RFC 7693).
 *
 * void blake2b_compress_neon(struct blake2b_state *S, const uint8_t *in,
 *                            size_t nblocks, unsigned int inc);
 *
 * Same contract as blake2b_compress_generic: before each 128-byte block add
 * inc to the 128-bit counter S->t, then compress; only h, t and f are
 * touched, and in may have any alignment (byte loads, vld1.8, only).
 *
 * Layout of the work vector v[0..15] (v[i] is one 64-bit NEON lane):
 *   row a = v0..v3, row b = v4..v7, row c = v8..v11, row d = v12..v15.
 * The four G functions of a half-round run as two lane pairs, "x" and "y":
 * each row is two q registers, one per pair, and every q-register operation
 * works on both lanes of a pair at once.
 *   - b and d never move: b = q2 (v4,v5), q3 (v6,v7); d = q6 (v12,v13),
 *     q7 (v14,v15). Column step: x = G0,G1 (b q2, d q6), y = G2,G3 (q3, q7).
 *     Diagonal step: x = G3',G0' (b q2, d q7), y = G1',G2' (q3, q6).
 *   - a and c therefore change lanes between the steps: column layout
 *     a = (v0,v1)(v2,v3), c = (v8,v9)(v10,v11); diagonal layout
 *     a = (v3,v0)(v1,v2), c = (v9,v10)(v11,v8).
 *     That shuffle is free for a, because a's first operation in a step is
 *     the message addition, done per 64-bit word (vadd.i64 on d registers)
 *     straight into the new layout; c pays two extra d-register adds.
 *     The new layout is written into a spare register set, so three sets of
 *     two q registers rotate between the roles a, c and spare; the pattern
 *     repeats every three rounds, and 12 = 4 x 3.
 *   - Rotations: by 32 with vrev64.32; by 24 and 16 with vtbl.8 (byte
 *     tables), not vext.8 of a register with itself: the ARMv7 models charge
 *     vext.8 more latency and issue slots than vtbl.8 on the chain of every
 *     G, and on a real Cortex-A7 vtbl.8 was reported the faster
 *     (docs/performance.md, "32-bit Arm (ARMv7)"); by 63 with vadd.i64
 *     (x + x = x << 1), then vsra.u64 adding in the top bit (the low bit is
 *     zero, so adding is inserting; less latency than vsri.64 in the
 *     models).
 *   - The byte tables live in no register of their own: both come in with
 *     one load per step into the spare set, which is free from the moment
 *     c has moved out of it until the rotate by 63 needs it as scratch.
 *     So twelve message words stay in registers.
 *   - The message schedule is resolved at assembly time: a round is a macro
 *     taking its 16 sigma indices; the 12 rounds are unrolled (its size:
 *     docs/performance.md, "32-bit Arm (ARMv7)").
 *   - Order: within a step the x and y lane pairs are independent chains and
 *     are interleaved; "a += m[y]" is off both chains and is issued early to
 *     fill the wait after "d ^= a".
 *
 * Registers:
 *   q0,q1 | q8,q9 | q4,q5   the three rotating sets s1 | s2 | s3
 *   q2,q3                   row b
 *   q6,q7                   row d
 *   d20..d31                message words m0..m11
 *   m12..m15 stay in memory and are reloaded (vld1.8, any alignment) through
 *   r1 (= in + 96), r4, r5, r6 when a round needs them: 32 d registers
 *   cannot hold 16 state words, 16 message words and scratch.
 *   r0 = S, r2 = blocks left, r3 = inc, r8..r11 = 128-bit counter, lr scratch,
 *   r7 = the byte tables. r12 is saved and restored but unused (the saved
 *   set, and so the unwind tables, stay those of every version of this
 *   file).
 *
 * ARM (not Thumb) state: every instruction here except a handful of scalar
 * ones is a 32-bit NEON encoding in either state, so Thumb-2 would save
 * almost nothing; ARM state keeps adr and ldrd/strd simple. Calls from Thumb
 * code interwork through the linker (%function symbol) and bx/pop {pc}.
 */

#if !defined(__arm__) || defined(__aarch64__)
#error "compress_neon.S is for 32-bit Arm (ARMv7-A with NEON) only"
#endif
#if defined(__ARMEB__) || defined(__ARM_BIG_ENDIAN)
#error "compress_neon.S assumes a little-endian target (message words, vtbl tables)"
#endif

	.syntax	unified
	.arch	armv7-a
	.fpu	neon
	.arm

/*
 * Offsets in struct blake2b_state (core/blake2b.h): uint64_t h[8] at 0,
 * t[2] at 64, f[2] at 80. Checked by _Static_assert in core/state_layout.c.
 */
	.equ	STATE_H, 0
	.equ	STATE_T, 64
	.equ	STATE_F, 80

/* The rotating register sets: x and y halves, and their d registers. */
s1x	.req	q0
s1y	.req	q1
s1xl	.req	d0
s1xh	.req	d1
s1yl	.req	d2
s1yh	.req	d3
s2x	.req	q8
s2y	.req	q9
s2xl	.req	d16
s2xh	.req	d17
s2yl	.req	d18
s2yh	.req	d19
s3x	.req	q4
s3y	.req	q5
s3xl	.req	d8
s3xh	.req	d9
s3yl	.req	d10
s3yh	.req	d11

/* Message words kept in registers, and pointers to the others. */
m0	.req	d20
m1	.req	d21
m2	.req	d22
m3	.req	d23
m4	.req	d24
m5	.req	d25
m6	.req	d26
m7	.req	d27
m8	.req	d28
m9	.req	d29
m10	.req	d30
m11	.req	d31
ptr_m12	.req	r1
ptr_m13	.req	r4
ptr_m14	.req	r5
ptr_m15	.req	r6

/*
 * dst = src + m[i]. Words m12..m15 are loaded into tmp first; tmp may be
 * dst itself when dst is not also src.
 */
.macro	add_msg dst, src, i, tmp
.if \i < 12
	vadd.i64	\dst, \src, m\i
.else
	vld1.8		{\tmp}, [ptr_m\i]
	vadd.i64	\dst, \src, \tmp
.endif
.endm

/*
 * The rest of a step, from the second "a += b" on; the same code for both
 * steps once a is in set A and c in set C in the step's layout and m[y] has
 * been added to a. dx/dy: row d's q registers for lane pairs x and y (they
 * swap between the steps), dxl..dyh their d halves. T: the spare set,
 * scratch for the rotate by 63; until then its x high half holds the byte
 * table for the rotate by 16.
 */
.macro	second_half A, C, T, dx, dy, dxl, dyl, dxh, dyh
	vadd.i64	\A\()x, \A\()x, q2		@ a += b
	vadd.i64	\A\()y, \A\()y, q3
	veor		\dx, \dx, \A\()x		@ d ^= a
	veor		\dy, \dy, \A\()y
	vtbl.8		\dxl, {\dxl}, \T\()xh		@ d >>>= 16
	vtbl.8		\dyl, {\dyl}, \T\()xh
	vtbl.8		\dxh, {\dxh}, \T\()xh
	vtbl.8		\dyh, {\dyh}, \T\()xh
	vadd.i64	\C\()x, \C\()x, \dx		@ c += d
	vadd.i64	\C\()y, \C\()y, \dy
	veor		\T\()x, q2, \C\()x		@ b ^= c, into scratch
	veor		\T\()y, q3, \C\()y
	vadd.i64	q2, \T\()x, \T\()x		@ b = scratch >>> 63: << 1 as an
	vadd.i64	q3, \T\()y, \T\()y		@ add (shorter latency than a
	vsra.u64	q2, \T\()x, #63		@ shift), then add in the top bit
	vsra.u64	q3, \T\()y, #63
.endm

/*
 * Column step of a round. On entry a is in set A and c in set C, both in
 * the diagonal layout; F is the spare set. On exit a is in F and c in A,
 * both in the column layout, and C is the spare set.
 * x0..x3 / y0..y3: message indices for G0..G3.
 */
.macro	column_step A, F, C, x0, x1, x2, x3, y0, y1, y2, y3
	@ a += m[x], moving a from (v3,v0)(v1,v2) in A to (v0,v1)(v2,v3) in F
	add_msg		\F\()xl, \A\()xh, \x0, \F\()xl
	add_msg		\F\()yl, \A\()yh, \x2, \F\()yl
	add_msg		\F\()xh, \A\()yl, \x1, \F\()xh
	add_msg		\F\()yh, \A\()xl, \x3, \F\()yh
	vadd.i64	\F\()x, \F\()x, q2		@ a += b
	vadd.i64	\F\()y, \F\()y, q3
	veor		q6, q6, \F\()x			@ d ^= a
	veor		q7, q7, \F\()y
	@ a += m[y], early: off the critical path, it fills the wait for d
	@ (A is free until c moves in; it holds reloaded words)
	add_msg		\F\()xl, \F\()xl, \y0, \A\()xl
	add_msg		\F\()yl, \F\()yl, \y2, \A\()yl
	vrev64.32	q6, q6				@ d >>>= 32
	vrev64.32	q7, q7
	add_msg		\F\()xh, \F\()xh, \y1, \A\()xh
	add_msg		\F\()yh, \F\()yh, \y3, \A\()yh
	@ c += d, moving c from (v9,v10)(v11,v8) in C to (v8,v9)(v10,v11) in A
	vadd.i64	\A\()xl, \C\()yh, d12
	vadd.i64	\A\()yl, \C\()xh, d14
	vadd.i64	\A\()xh, \C\()xl, d13
	vadd.i64	\A\()yh, \C\()yl, d15
	vld1.64		{\C\()xl-\C\()xh}, [r7:128]
	veor		q2, q2, \A\()x			@ b ^= c
	veor		q3, q3, \A\()y
	vtbl.8		d4, {d4}, \C\()xl			@ b >>>= 24
	vtbl.8		d6, {d6}, \C\()xl
	vtbl.8		d5, {d5}, \C\()xl
	vtbl.8		d7, {d7}, \C\()xl
	second_half	\F, \A, \C, q6, q7, d12, d14, d13, d15
.endm

/*
 * Diagonal step. On entry a is in A and c in C in the column layout, F is
 * spare; on exit a is in F and c in A in the diagonal layout, C is spare.
 * x0..x3 / y0..y3: message indices for G0'..G3'.
 */
.macro	diagonal_step A, F, C, x0, x1, x2, x3, y0, y1, y2, y3
	@ a += m[x], moving a from (v0,v1)(v2,v3) in A to (v3,v0)(v1,v2) in F
	add_msg		\F\()xl, \A\()yh, \x3, \F\()xl
	add_msg		\F\()yl, \A\()xh, \x1, \F\()yl
	add_msg		\F\()xh, \A\()xl, \x0, \F\()xh
	add_msg		\F\()yh, \A\()yl, \x2, \F\()yh
	vadd.i64	\F\()x, \F\()x, q2		@ a += b
	vadd.i64	\F\()y, \F\()y, q3
	veor		q7, q7, \F\()x			@ d ^= a
	veor		q6, q6, \F\()y
	@ a += m[y], early (see column_step)
	add_msg		\F\()xl, \F\()xl, \y3, \A\()xl
	add_msg		\F\()yl, \F\()yl, \y1, \A\()yl
	vrev64.32	q7, q7				@ d >>>= 32
	vrev64.32	q6, q6
	add_msg		\F\()xh, \F\()xh, \y0, \A\()xh
	add_msg		\F\()yh, \F\()yh, \y2, \A\()yh
	@ c += d, moving c from (v8,v9)(v10,v11) in C to (v9,v10)(v11,v8) in A
	vadd.i64	\A\()xl, \C\()xh, d14
	vadd.i64	\A\()yl, \C\()yh, d12
	vadd.i64	\A\()xh, \C\()yl, d15
	vadd.i64	\A\()yh, \C\()xl, d13
	vld1.64		{\C\()xl-\C\()xh}, [r7:128]
	veor		q2, q2, \A\()x			@ b ^= c
	veor		q3, q3, \A\()y
	vtbl.8		d4, {d4}, \C\()xl			@ b >>>= 24
	vtbl.8		d6, {d6}, \C\()xl
	vtbl.8		d5, {d5}, \C\()xl
	vtbl.8		d7, {d7}, \C\()xl
	second_half	\F, \A, \C, q7, q6, d14, d12, d15, d13
.endm

/*
 * One round: a in A, c in C (diagonal layout), F spare on entry; on exit
 * a is in C, c in F, A is spare. s0..s15 is the round's sigma row.
 */
.macro	round A, F, C, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15
	column_step	\A, \F, \C, \s0, \s2, \s4, \s6, \s1, \s3, \s5, \s7
	diagonal_step	\F, \C, \A, \s8, \s10, \s12, \s14, \s9, \s11, \s13, \s15
.endm

	.text
	.balign	16
/*
 * Row c starts as IV0..IV3 in the diagonal layout (v9,v10)(v11,v8), hence
 * the order IV1, IV2, IV3, IV0; row d is IV4..IV7 (xored with t and f).
 */
.Liv_diagonal:
	.quad	0xbb67ae8584caa73b, 0x3c6ef372fe94f82b
	.quad	0xa54ff53a5f1d36f1, 0x6a09e667f3bcc908
	.quad	0x510e527fade682d1, 0x9b05688c2b3e6c1f
	.quad	0x1f83d9abfb41bd6b, 0x5be0cd19137e2179
/* vtbl.8 indices: result byte i = source byte (i + n) mod 8 is >>> 8n. */
.Lrot_tables:
	.byte	3, 4, 5, 6, 7, 0, 1, 2		@ >>> 24
	.byte	2, 3, 4, 5, 6, 7, 0, 1		@ >>> 16

/*
 * Unwind information, as gcc -funwind-tables -g gives a C function: EHABI
 * (.fnstart/.save/.vsave: .ARM.exidx, what libgcc, gdb and libunwind read
 * on 32-bit Arm) and DWARF CFI in .debug_frame (perf --call-graph=dwarf,
 * gdb; exact at every instruction). DWARF numbers s16..s31 (the halves of
 * d8..d15) as 80..95, gcc's numbering.
 */
	.cfi_sections	.debug_frame
	.globl	blake2b_compress_neon
	.hidden	blake2b_compress_neon
	.type	blake2b_compress_neon, %function
	.balign	4
blake2b_compress_neon:
	.fnstart
	.cfi_startproc
	cmp		r2, #0
	bxeq		lr
	@ r12 is saved only to keep sp 8-byte aligned (AAPCS).
	push		{r4-r12, lr}
	.save		{r4-r12, lr}
	.cfi_def_cfa_offset 40
	.cfi_offset	r4, -40
	.cfi_offset	r5, -36
	.cfi_offset	r6, -32
	.cfi_offset	r7, -28
	.cfi_offset	r8, -24
	.cfi_offset	r9, -20
	.cfi_offset	r10, -16
	.cfi_offset	r11, -12
	.cfi_offset	r12, -8
	.cfi_offset	lr, -4
	vpush		{d8-d15}
	.vsave		{d8-d15}
	.cfi_def_cfa_offset 104
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.cfi_offset	80 + \n, -104 + 4 * \n
	.endr

	ldrd		r8, r9, [r0, #STATE_T]
	ldrd		r10, r11, [r0, #STATE_T + 8]
	@ Row a = h0..h3 in the diagonal layout of s1: d1..d3 = h0..h2, d0 = h3.
	add		lr, r0, #STATE_H
	vld1.64		{d1-d3}, [lr]!
	vld1.64		{d0}, [lr]!
	@ Row b = h4..h7.
	vld1.64		{d4-d7}, [lr]
	adr		r7, .Lrot_tables

.Lblock:
	@ t += inc, carrying through all four 32-bit words.
	adds		r8, r8, r3
	adcs		r9, r9, #0
	adcs		r10, r10, #0
	adc		r11, r11, #0

	vld1.8		{d20-d23}, [r1]!		@ m0..m3
	vld1.8		{d24-d27}, [r1]!		@ m4..m7
	vld1.8		{d28-d31}, [r1]!		@ m8..m11; r1 = &m12
	add		ptr_m13, r1, #8
	add		ptr_m14, r1, #16
	add		ptr_m15, r1, #24

	adr		lr, .Liv_diagonal
	vld1.64		{d8-d11}, [lr:128]!		@ row c in s3
	vld1.64		{d12-d15}, [lr:128]		@ row d
	vmov		d16, r8, r9
	vmov		d17, r10, r11
	add		lr, r0, #STATE_F
	vld1.64		{d18-d19}, [lr]
	veor		q6, q6, q8			@ v12, v13 ^= t
	veor		q7, q7, q9			@ v14, v15 ^= f

	round	s1, s2, s3,  0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15
	round	s3, s1, s2, 14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3
	round	s2, s3, s1, 11,  8, 12,  0,  5,  2, 15, 13, 10, 14,  3,  6,  7,  1,  9,  4
	round	s1, s2, s3,  7,  9,  3,  1, 13, 12, 11, 14,  2,  6,  5, 10,  4,  0, 15,  8
	round	s3, s1, s2,  9,  0,  5,  7,  2,  4, 10, 15, 14,  1, 11, 12,  6,  8,  3, 13
	round	s2, s3, s1,  2, 12,  6, 10,  0, 11,  8,  3,  4, 13,  7,  5, 15, 14,  1,  9
	round	s1, s2, s3, 12,  5,  1, 15, 14, 13,  4, 10,  0,  7,  6,  3,  9,  2,  8, 11
	round	s3, s1, s2, 13, 11,  7, 14, 12,  1,  3,  9,  5,  0, 15,  4,  8,  6,  2, 10
	round	s2, s3, s1,  6, 15, 14,  9, 11,  3,  0,  8, 12,  2, 13,  7,  1,  4, 10,  5
	round	s1, s2, s3, 10,  2,  8,  4,  7,  6,  1,  5, 15, 11,  9, 14,  3, 12, 13,  0
	round	s3, s1, s2,  0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15
	round	s2, s3, s1, 14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3

	@ Back in s1 (a) and s3 (c), diagonal layout. h ^= a ^ c, kept in s1
	@ in the same layout for the next block: d0..d3 = h3, h0, h1, h2.
	add		lr, r0, #STATE_H
	vld1.64		{d17-d19}, [lr]!		@ old h0..h2
	vld1.64		{d16}, [lr]			@ old h3
	veor		q0, q0, q8
	veor		q1, q1, q9
	veor		q0, q0, q5			@ v3 ^ v11, v0 ^ v8
	veor		q1, q1, q4			@ v1 ^ v9, v2 ^ v10
	add		lr, r0, #STATE_H
	vst1.64		{d1-d3}, [lr]!
	vst1.64		{d0}, [lr]!
	@ h4..h7 ^= b ^ d, kept in q2, q3 for the next block.
	vld1.64		{d16-d19}, [lr]
	veor		q2, q2, q6
	veor		q3, q3, q7
	veor		q2, q2, q8
	veor		q3, q3, q9
	vst1.64		{d4-d7}, [lr]

	add		r1, r1, #32			@ next block
	subs		r2, r2, #1
	bne		.Lblock

	@ Leave no message, key or state words behind: q0-q3 and q8-q15 are
	@ scratch under the AAPCS and are zeroed; d8-d15 (q4-q7) get the
	@ caller's values back from the stack. Twelve vmov.i64, not loads of
	@ zeros: fewer instructions, but more cycles in every model.
	vmov.i64	q0, #0
	vmov.i64	q1, #0
	vmov.i64	q2, #0
	vmov.i64	q3, #0
	vmov.i64	q8, #0
	vmov.i64	q9, #0
	vmov.i64	q10, #0
	vmov.i64	q11, #0
	vmov.i64	q12, #0
	vmov.i64	q13, #0
	vmov.i64	q14, #0
	vmov.i64	q15, #0
	strd		r8, r9, [r0, #STATE_T]
	strd		r10, r11, [r0, #STATE_T + 8]
	vpop		{d8-d15}
	.cfi_def_cfa_offset 40
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.cfi_restore	80 + \n
	.endr
	pop		{r4-r12, pc}
	.cfi_endproc
	.fnend
	.size	blake2b_compress_neon, . - blake2b_compress_neon

/* Loaded over the scratch registers on return (after the function: adr
 * reaches only so far). */
	.balign	8
.Lzeros:
	.fill	16, 8, 0

	.section .note.GNU-stack, "", %progbits
