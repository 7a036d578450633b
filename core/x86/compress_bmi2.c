/*
 * blake2b_compress_bmi2: the portable C backend (compress_generic.c),
 * compiled with BMI2 so that every rotation is one rorx. Intel's Golden
 * Cove cores (Sapphire and Emerald Rapids) spend two uops on a rotate by
 * an immediate (ror, rol), one on rorx, and the C kernel does 32 rotations
 * a round; rorx also leaves its source alone, which saves copies. Only
 * called where cpuid reports BMI2. By name only ("bmi2"): modelled well
 * ahead of generic on Intel, measured level with it on Zen 4, never run on
 * Intel here (docs/performance.md).
 */
#define blake2b_compress_generic blake2b_compress_bmi2

#include "../compress_generic.c"
