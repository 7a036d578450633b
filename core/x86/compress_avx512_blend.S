/*
 * blake2b_compress_avx512_blend: compress_avx512.S with message rows built
 * from four plain broadcasts merged by three vpblendd, instead of three
 * broadcasts merged under opmasks. On Intel a masked broadcast from memory
 * is two uops, one on port 5, which the lane rotations on the G chain need
 * too; vpblendd runs on any vector port. Zen 4 measured it 1% slower at
 * 16 KiB; llvm-mca-14 models it 4% faster on Sapphire Rapids (modelled,
 * not measured: docs/performance.md). By name only ("avx512-blend"), so
 * that the benchmark's verdict on an Intel core can settle it.
 */
#define blake2b_compress_avx512 blake2b_compress_avx512_blend
#define B2N_OWN_MESSAGE_ROW

/* ymm7-9: not used by compress_avx512.S, cleared by its vzeroall. */
.macro MESSAGE_ROW i0, i1, i2, i3
	vpbroadcastq	8*\i0(%rsi), %ymm10
	vpbroadcastq	8*\i1(%rsi), %ymm7
	vpbroadcastq	8*\i2(%rsi), %ymm8
	vpbroadcastq	8*\i3(%rsi), %ymm9
	vpblendd	$0x0c, %ymm7, %ymm10, %ymm10	/* lane 1 */
	vpblendd	$0xc0, %ymm9, %ymm8, %ymm8	/* lane 3 */
	vpblendd	$0xf0, %ymm8, %ymm10, %ymm10	/* lanes 2, 3 */
.endm

#include "compress_avx512.S"
