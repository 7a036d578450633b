/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The rounds of the one-message AVX-512VL kernels, as assembler macros:
 * compress_avx512.S (over blocks of a state) and hash_short_avx512.S (one
 * short message, whole), each also built as its avx512-ror variant
 * (AVX512_ROTATE_ON_CHAIN defined first). The including file keeps the
 * message block's address in IN.
 *
 * Layout: the rows a = v0..v3, b = v4..v7, c = v8..v11, d = v12..v15 each
 * sit in one ymm register, so one G step runs all four columns (or
 * diagonals). What keeps the chain short:
 *  - a + m + b is computed as (a + m) + b: A_M = a + m is ready long before
 *    b, so only one add waits for b.
 *  - ror(e ^ l, n), where l is the value the chain just produced and e an
 *    older one, is ror(e, n) ^ (l >> n) ^ (l << (64 - n)): the rotate of e
 *    (vprorq, slower than an add on Zen 4) runs off the chain, and l
 *    needs two parallel shifts and a three-way XOR (vpternlogq 0x96).
 *    Rotate by 32 is one vpshufd; by 63, l << 1 is l + l.
 *  - To move between columns and diagonals, a, c and d are rotated across
 *    lanes (valignq, slow), never b: b is the last value a G step
 *    produces and the first the next step needs. a itself is not rotated
 *    either once done: the next step's A_M is rotate(A_M) + rotate(b) +
 *    its message row, from the A_M and b the step starts with, so the
 *    rotations overlap the step (see TURN).
 *  - A message row is one broadcast load and three broadcast loads merged
 *    into one lane each (opmasks): four instructions, no shuffle. Plain
 *    broadcasts merged with vpblendd (seven) measured slower on Zen 4
 *    (docs/performance.md, "The x86-64 rule").
 *  - This file also builds the backend avx512-ror, which rotates on the
 *    chain and blends its rows where a fast vprorq and Intel's ports
 *    make the two tricks above a loss (compress_avx512_ror.S defines
 *    AVX512_ROTATE_ON_CHAIN).
 *  - The message schedule is resolved at assembly time: a round is a
 *    macro taking its 16 sigma indices; the 12 rounds are unrolled.
 * Tried and slower on Zen 4: vpermq for the lane rotations (slower still),
 * rotating with vpmultishiftqb or shift pairs instead of vprorq, and
 * moving the off-chain instructions earlier or later in the stream.
 */

#define IN		%rsi	/* the message block, any alignment */
/* Opmasks selecting one 64-bit lane. */
#define LANE1		%k1
#define LANE2		%k2
#define LANE3		%k3

#define H_LO		%ymm0	/* h0..h3 */
#define H_HI		%ymm1	/* h4..h7 */
#define A		%ymm2
#define B		%ymm3
#define C		%ymm4
#define D		%ymm5
#define A_M		%ymm6	/* a + message row */
#define ROW		%ymm10	/* a message row */
/* avx512-ror's lanes 1..3 of a row, before the blend (ymm0-15 are all
 * cleared at the end). */
#define ROW1		%ymm7
#define ROW2		%ymm8
#define ROW3		%ymm9
#define IV_LO		%ymm12	/* IV0..IV3 */
#define IV_HI		%ymm13	/* IV4..IV7 */
#define T_F		%ymm14	/* t0, t1, f0, f1 */
#define T_F_X		%xmm14
#define F_X		%xmm15	/* f0, f1 */
/* Off-chain rotations and shifted copies of chain values (EVEX only). */
#define EARLY1		%ymm16
#define LATE1		%ymm17
#define EARLY2		%ymm18
#define LATE2		%ymm19
#define EARLY3		%ymm20
#define LATE3		%ymm21
#define A_M_TURNED	%ymm22	/* A_M and b rotated across lanes */
#define B_TURNED	%ymm23

/* ROW = (m[i0], m[i1], m[i2], m[i3]), lane 0 first. */
#if defined(AVX512_ROTATE_ON_CHAIN)
/* avx512-ror: four broadcasts merged by three vpblendd (why:
 * compress_avx512_ror.S). */
.macro MESSAGE_ROW i0, i1, i2, i3
	vpbroadcastq	8*\i0(IN), ROW
	vpbroadcastq	8*\i1(IN), ROW1
	vpbroadcastq	8*\i2(IN), ROW2
	vpbroadcastq	8*\i3(IN), ROW3
	vpblendd	$0x0c, ROW1, ROW, ROW		/* lane 1 */
	vpblendd	$0xc0, ROW3, ROW2, ROW2		/* lane 3 */
	vpblendd	$0xf0, ROW2, ROW, ROW		/* lanes 2, 3 */
.endm
#else
/* A broadcast, then three broadcasts merged into one lane each
 * (LANE1..LANE3). */
.macro MESSAGE_ROW i0, i1, i2, i3
	vpbroadcastq	8*\i0(IN), ROW
	vpbroadcastq	8*\i1(IN), ROW{LANE1}
	vpbroadcastq	8*\i2(IN), ROW{LANE2}
	vpbroadcastq	8*\i3(IN), ROW{LANE3}
.endm
#endif

/* A_M = a + (m[i0], m[i1], m[i2], m[i3]) */
.macro ADD_MESSAGE i0, i1, i2, i3
	MESSAGE_ROW	\i0, \i1, \i2, \i3
	vpaddq		ROW, A, A_M
.endm

#if defined(AVX512_ROTATE_ON_CHAIN)
/* avx512-ror: G with each rotation on the chain (why:
 * compress_avx512_ror.S). First half: a += m + b; d = (d ^ a) >>> 32;
 * c += d; b = (b ^ c) >>> 24. */
.macro G_HALF_32_24
	vpaddq		B, A_M, A
	vpxor		A, D, D
	vpshufd		$0xb1, D, D
	vpaddq		D, C, C
	vpxor		C, B, B
	vprorq		$24, B, B
.endm

/* Second half: a += m + b; d = (d ^ a) >>> 16; c += d; b = (b ^ c) >>> 63. */
.macro G_HALF_16_63
	vpaddq		B, A_M, A
	vpxor		A, D, D
	vprorq		$16, D, D
	vpaddq		D, C, C
	vpxor		C, B, B
	vprorq		$63, B, B
.endm
#else
/* First half of G on four lanes: a += m + b; d = (d ^ a) >>> 32;
 * c += d; b = (b ^ c) >>> 24. */
.macro G_HALF_32_24
	vpaddq		B, A_M, A
	vprorq		$24, B, EARLY1
	vpxor		A, D, D
	vpshufd		$0xb1, D, D
	vpaddq		D, C, C
	vpsrlq		$24, C, LATE1
	vpsllq		$40, C, B
	vpternlogq	$0x96, EARLY1, LATE1, B
.endm

/* Second half: a += m + b; d = (d ^ a) >>> 16; c += d; b = (b ^ c) >>> 63. */
.macro G_HALF_16_63
	vpaddq		B, A_M, A
	vprorq		$16, D, EARLY2
	vpsrlq		$16, A, LATE2
	vpsllq		$48, A, D
	vpternlogq	$0x96, EARLY2, LATE2, D
	vpaddq		D, C, C
	vprorq		$63, B, EARLY3
	vpsrlq		$63, C, LATE3
	vpaddq		C, C, B
	vpternlogq	$0x96, EARLY3, LATE3, B
.endm
#endif

/*
 * The second half of G fused with the move to the other form: rows a, c
 * and d rotate across lanes (valignq $k of a register with itself: lane j
 * <- lane j + k), b stays. A_M for the next step is built from the
 * rotated halves of a = A_M + b, rotate(A_M) + rotate(b): both are ready
 * before the step starts, so the slow rotations are off the chain
 * (measured faster on Zen 4 than rotating a once it is done:
 * docs/performance.md, "The x86-64 rule").
 * i0..i3 are the next step's first message words, in its own lane order.
 */
.macro TURN lanes_a, lanes_c, i0, i1, i2, i3
	valignq		$\lanes_a, A_M, A_M, A_M_TURNED
	valignq		$\lanes_a, B, B, B_TURNED
	G_HALF_16_63
	MESSAGE_ROW	\i0, \i1, \i2, \i3
	vpaddq		ROW, A_M_TURNED, A_M_TURNED
	vpaddq		B_TURNED, A_M_TURNED, A_M
	valignq		$2, D, D, D
	valignq		$\lanes_c, C, C, C
.endm

/*
 * A round but for its last half step, entered in column form with
 * A_M = a + (s0, s2, s4, s6). In diagonal form lane j holds a[j-1], b[j],
 * c[j+1], d[j+2] (indices mod 4) and runs diagonal G number j - 1: hence
 * the orders s14, s8, s10, s12 and s15, s9, s11, s13.
 */
.macro ROUND_BODY s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15
	G_HALF_32_24
	ADD_MESSAGE	\s1, \s3, \s5, \s7
	TURN		3, 1, \s14, \s8, \s10, \s12
	G_HALF_32_24
	ADD_MESSAGE	\s15, \s9, \s11, \s13
.endm

/* A round, then back to column form with A_M = a + the next round's
 * words 0, 2, 4, 6 (n0, n2, n4, n6). */
.macro ROUND s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, n0, n2, n4, n6
	ROUND_BODY	\s0, \s1, \s2, \s3, \s4, \s5, \s6, \s7, \s8, \s9, \s10, \s11, \s12, \s13, \s14, \s15
	TURN		1, 3, \n0, \n2, \n4, \n6
.endm

/* The last round, left in diagonal form. */
.macro LAST_ROUND s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15
	ROUND_BODY	\s0, \s1, \s2, \s3, \s4, \s5, \s6, \s7, \s8, \s9, \s10, \s11, \s12, \s13, \s14, \s15
	G_HALF_16_63
.endm

/* The opmasks MESSAGE_ROW merges under (avx512 only); clobbers eax. */
.macro SET_LANE_MASKS
#if !defined(AVX512_ROTATE_ON_CHAIN)
	mov		$2, %eax
	kmovw		%eax, LANE1
	mov		$4, %eax
	kmovw		%eax, LANE2
	mov		$8, %eax
	kmovw		%eax, LANE3
#endif
.endm

/*
 * One block: with h in H_LO, H_HI and the block's t and f in T_F, the 12
 * rounds on the block at IN, then h ^= (a ^ c, b ^ d).
 */
.macro BLOCK
	vpxor		IV_HI, T_F, D
	vmovdqa		H_LO, A
	vmovdqa		H_HI, B
	vmovdqa		IV_LO, C
	ADD_MESSAGE	0, 2, 4, 6

	/* Each round's row of blake2b_sigma (core/constants.h), then the
	 * next round's words 0, 2, 4, 6. */
	ROUND		 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15,  14,  4,  9, 13
	ROUND		14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3,  11, 12,  5, 15
	ROUND		11,  8, 12,  0,  5,  2, 15, 13, 10, 14,  3,  6,  7,  1,  9,  4,   7,  3, 13, 11
	ROUND		 7,  9,  3,  1, 13, 12, 11, 14,  2,  6,  5, 10,  4,  0, 15,  8,   9,  5,  2, 10
	ROUND		 9,  0,  5,  7,  2,  4, 10, 15, 14,  1, 11, 12,  6,  8,  3, 13,   2,  6,  0,  8
	ROUND		 2, 12,  6, 10,  0, 11,  8,  3,  4, 13,  7,  5, 15, 14,  1,  9,  12,  1, 14,  4
	ROUND		12,  5,  1, 15, 14, 13,  4, 10,  0,  7,  6,  3,  9,  2,  8, 11,  13,  7, 12,  3
	ROUND		13, 11,  7, 14, 12,  1,  3,  9,  5,  0, 15,  4,  8,  6,  2, 10,   6, 14, 11,  0
	ROUND		 6, 15, 14,  9, 11,  3,  0,  8, 12,  2, 13,  7,  1,  4, 10,  5,  10,  8,  7,  1
	ROUND		10,  2,  8,  4,  7,  6,  1,  5, 15, 11,  9, 14,  3, 12, 13,  0,   0,  2,  4,  6
	ROUND		 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15,  14,  4,  9, 13
	LAST_ROUND	14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3

	/* Back to column form, then h ^= (a ^ c, b ^ d). */
	valignq		$1, A, A, A
	valignq		$3, C, C, C
	valignq		$2, D, D, D
	vpternlogq	$0x96, A, C, H_LO
	vpternlogq	$0x96, B, D, H_HI
.endm

/* Leave no state or message words behind in the vector registers. */
.macro CLEAR_VECTORS
	/* Zeroing idioms need no execution port; vzeroall, which would clear
	 * ymm0-15 in one instruction, is microcoded on Intel cores since
	 * Skylake and measured slower per call on Zen 4 (docs/performance.md,
	 * "The x86-64 rule").
	 * vzeroupper then marks the upper halves clean for SSE code that
	 * follows. */
	vpxor		%xmm0, %xmm0, %xmm0
	vpxor		%xmm1, %xmm1, %xmm1
	vpxor		%xmm2, %xmm2, %xmm2
	vpxor		%xmm3, %xmm3, %xmm3
	vpxor		%xmm4, %xmm4, %xmm4
	vpxor		%xmm5, %xmm5, %xmm5
	vpxor		%xmm6, %xmm6, %xmm6
	vpxor		%xmm7, %xmm7, %xmm7
	vpxor		%xmm8, %xmm8, %xmm8
	vpxor		%xmm9, %xmm9, %xmm9
	vpxor		%xmm10, %xmm10, %xmm10
	vpxor		%xmm11, %xmm11, %xmm11
	vpxor		%xmm12, %xmm12, %xmm12
	vpxor		%xmm13, %xmm13, %xmm13
	vpxor		%xmm14, %xmm14, %xmm14
	vpxor		%xmm15, %xmm15, %xmm15
	vzeroupper
#if !defined(AVX512_ROTATE_ON_CHAIN)	/* avx512-ror's G does not use these */
	vpxord		EARLY1, EARLY1, EARLY1
	vpxord		LATE1, LATE1, LATE1
	vpxord		EARLY2, EARLY2, EARLY2
	vpxord		LATE2, LATE2, LATE2
	vpxord		EARLY3, EARLY3, EARLY3
	vpxord		LATE3, LATE3, LATE3
#endif
	vpxord		A_M_TURNED, A_M_TURNED, A_M_TURNED
	vpxord		B_TURNED, B_TURNED, B_TURNED
.endm

/* IV0..IV7 at .Liv, for IV_LO and IV_HI; leaves the assembler in .text. */
.macro IV_DATA
	.section .rodata
	.balign	32
.Liv:
	.quad	0x6a09e667f3bcc908, 0xbb67ae8584caa73b
	.quad	0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1
	.quad	0x510e527fade682d1, 0x9b05688c2b3e6c1f
	.quad	0x1f83d9abfb41bd6b, 0x5be0cd19137e2179
	.text
.endm
