/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2b_compress_bmi2: the portable C backend (compress_generic.c),
 * compiled with BMI2 so that every rotation is one rorx. On the Golden
 * Cove and Raptor Cove cores of Sapphire and Emerald Rapids, LLVM 19's
 * model charges a rotate by an immediate (ror, rol) two uops and rorx one,
 * and the Emerald Rapids timing of generic bears the two out; the C kernel
 * does 32 rotations a round, and rorx also leaves its source alone, which
 * saves copies. Only called where cpuid reports BMI2. By name only
 * ("bmi2"): modelled well ahead of generic on Intel when gcc builds it,
 * measured 1-2% behind it on Zen 4, never run on Intel here
 * (docs/performance.md).
 */
#define blake2b_compress_generic blake2b_compress_bmi2

#include "../compress_generic.c"
