/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2b_hash_short_avx512_ror: hash_short_avx512.S on avx512-ror's
 * rounds (each rotation on the chain: compress_avx512_ror.S says why),
 * the one-block hash of the backend that uses them.
 */
#define blake2b_hash_short_avx512 blake2b_hash_short_avx512_ror
#define AVX512_ROTATE_ON_CHAIN 1

#include "hash_short_avx512.S"
