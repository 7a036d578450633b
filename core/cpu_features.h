/* What the CPU offers, asked of the OS at run time (never at build time). */
#ifndef BLAKE2NEON_CORE_CPU_FEATURES_H
#define BLAKE2NEON_CORE_CPU_FEATURES_H

int blake2b_cpu_has_neon(void);   /* 32-bit Arm: HWCAP_NEON */
int blake2b_cpu_has_asimd(void);  /* AArch64: HWCAP_ASIMD */
int blake2b_cpu_has_sha3(void);   /* AArch64: HWCAP_SHA3 (EOR3, XAR, ...) */

#endif
