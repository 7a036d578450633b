/*
 * blake2b_compress_avx512_blend: compress_avx512.S with message rows built
 * from four plain broadcasts merged by three vpblendd, instead of three
 * broadcasts merged under opmasks (its MESSAGE_ROW under
 * B2N_ROWS_BY_BLEND). On Intel a masked broadcast from memory is two uops,
 * one on port 5, which the lane rotations on the G chain need too;
 * vpblendd runs on any vector port. Zen 4 measured it slower, llvm-mca-14
 * models it faster on Sapphire Rapids (docs/performance.md). By name only
 * ("avx512-blend"), so that the benchmark's verdict on an Intel core can
 * settle it.
 */
#define blake2b_compress_avx512 blake2b_compress_avx512_blend
#define B2N_ROWS_BY_BLEND 1

#include "compress_avx512.S"
