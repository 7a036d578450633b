/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The whole unkeyed BLAKE2b of a short message on the neon backend.
 *
 * void blake2b_hash_short_neon(uint8_t digest[64], const uint8_t *in,
 *                              size_t len, unsigned int outlen);
 *
 * Same contract as the core's C path (blake2b_hash_short_fn, blake2b.h):
 * len is 0..128, outlen 1..64 goes only into the parameter block, and all
 * 64 bytes of the final h are written to digest (any alignment).
 *
 * Why this is assembly: for a message of one block, what surrounds the
 * compress in C (a memcpy of the message and a zeroing of the padding, h
 * set from the IV, a memcpy of the digest, the wipe of the state) is a
 * large part of the cost of a short message on ARMv7; NEON loads and
 * stores do it in far fewer instructions (docs/performance.md, "Short
 * messages"). The
 * compress is blake2b_compress_neon, called on a state in this frame.
 *
 * The message is read exactly: 32-byte NEON loads while 32 bytes are
 * left, then one load each of 16, 8, 4, 2 and 1 bytes as len's bits say,
 * never a byte past in + len (t_backends checks it against an unreadable
 * page). Before returning, the frame's block (the message) and h (the
 * digest), and d0-d7, are zeroed; blake2b_compress_neon has cleared
 * d16-d31 and restored d8-d15.
 */

#if !defined(__arm__) || defined(__aarch64__)
#error "hash_short_neon.S is for 32-bit Arm (ARMv7-A with NEON) only"
#endif
#if defined(__ARMEB__) || defined(__ARM_BIG_ENDIAN)
#error "hash_short_neon.S assumes a little-endian target (the digest's byte order)"
#endif

	.syntax	unified
	.arch	armv7-a
	.fpu	neon
	.arm

/* The frame: the zero-padded block, then a blake2b_state's h, t and f
 * (the only fields a compress touches; offsets as in compress_neon.S). */
	.equ	BLOCK_BYTES, 128
	.equ	FRAME_STATE, BLOCK_BYTES
	.equ	FRAME_SIZE, BLOCK_BYTES + 96

	.text
	.balign	16
.Liv:
	.quad	0x6a09e667f3bcc908, 0xbb67ae8584caa73b
	.quad	0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1
	.quad	0x510e527fade682d1, 0x9b05688c2b3e6c1f
	.quad	0x1f83d9abfb41bd6b, 0x5be0cd19137e2179

	.cfi_sections	.debug_frame
	.globl	blake2b_hash_short_neon
	.hidden	blake2b_hash_short_neon
	.type	blake2b_hash_short_neon, %function
	.balign	4
blake2b_hash_short_neon:
	.fnstart
	.cfi_startproc
	@ r5 is saved only to keep sp 8-byte aligned (AAPCS).
	push		{r4, r5, r6, lr}
	.save		{r4, r5, r6, lr}
	.cfi_def_cfa_offset 16
	.cfi_offset	r4, -16
	.cfi_offset	r5, -12
	.cfi_offset	r6, -8
	.cfi_offset	lr, -4
	sub		sp, sp, #FRAME_SIZE
	.pad		#FRAME_SIZE
	.cfi_def_cfa_offset 16 + FRAME_SIZE
	mov		r4, r0				@ digest
	mov		r6, r2				@ len: the counter's increment

	@ The block: zeros, then the message over them.
	vmov.i8		q0, #0
	vmov.i8		q1, #0
	mov		ip, sp
	.rept	BLOCK_BYTES / 32
	vst1.8		{d0-d3}, [ip]!
	.endr
	mov		ip, sp
.Lcopy32:
	cmp		r2, #32
	blo		.Ltail
	vld1.8		{d0-d3}, [r1]!
	vst1.8		{d0-d3}, [ip]!
	sub		r2, r2, #32
	b		.Lcopy32
.Ltail:
	tst		r2, #16
	beq		1f
	vld1.8		{d0-d1}, [r1]!
	vst1.8		{d0-d1}, [ip]!
1:	tst		r2, #8
	beq		2f
	vld1.8		{d0}, [r1]!
	vst1.8		{d0}, [ip]!
2:	@ A conditional load that does not execute reads nothing.
	tst		r2, #4
	ldrne		r0, [r1], #4
	strne		r0, [ip], #4
	tst		r2, #2
	ldrhne		r0, [r1], #2
	strhne		r0, [ip], #2
	tst		r2, #1
	ldrbne		r0, [r1]
	strbne		r0, [ip]

	@ The state: h = IV ^ parameter word 0 (digest length, key length 0,
	@ fanout = depth = 1), t = 0, f = (~0, 0) for the last block.
	adr		ip, .Liv
	vld1.64		{d0-d3}, [ip:128]!
	vld1.64		{d4-d7}, [ip:128]
	orr		r3, r3, #0x01000000
	orr		r3, r3, #0x00010000
	mov		r0, #0
	vmov		d16, r3, r0
	veor		d0, d0, d16
	vmov.i64	q8, #0
	vmov.i64	d18, #0xffffffffffffffff
	vmov.i64	d19, #0
	add		ip, sp, #FRAME_STATE
	vst1.64		{d0-d3}, [ip]!
	vst1.64		{d4-d7}, [ip]!
	vst1.64		{d16-d19}, [ip]

	add		r0, sp, #FRAME_STATE
	mov		r1, sp
	mov		r2, #1
	mov		r3, r6
	bl		blake2b_compress_neon

	add		ip, sp, #FRAME_STATE
	vld1.64		{d0-d3}, [ip]!
	vld1.64		{d4-d7}, [ip]
	vst1.8		{d0-d3}, [r4]!
	vst1.8		{d4-d7}, [r4]

	@ Leave neither the message nor the digest behind: the block and h
	@ in the frame, and d0-d7.
	vmov.i8		q0, #0
	vmov.i8		q1, #0
	vmov.i8		q2, #0
	vmov.i8		q3, #0
	mov		ip, sp
	.rept	(BLOCK_BYTES + 64) / 32
	vst1.8		{d0-d3}, [ip]!
	.endr
	add		sp, sp, #FRAME_SIZE
	.cfi_def_cfa_offset 16
	pop		{r4, r5, r6, pc}
	.cfi_endproc
	.fnend
	.size	blake2b_hash_short_neon, . - blake2b_hash_short_neon

	.section .note.GNU-stack, "", %progbits
