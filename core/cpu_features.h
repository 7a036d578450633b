/* SPDX-License-Identifier: Apache-2.0 */
/* What the CPU offers, asked of the OS at run time (never at build time). */
#ifndef BLAKE2NEON_CORE_CPU_FEATURES_H
#define BLAKE2NEON_CORE_CPU_FEATURES_H

int blake2b_cpu_has_neon(void);   /* 32-bit Arm: HWCAP_NEON */

#if defined(__x86_64__)
/* cpuid says the instructions exist AND XGETBV says the OS saves the
 * registers they use across context switches. */
int blake2b_cpu_has_avx2(void);     /* AVX2, YMM state */
int blake2b_cpu_has_avx512vl(void); /* AVX2, AVX-512F and VL, ZMM state */

/* What the x86-64 backend choice looks at. */
struct blake2b_x86_cpu {
    int intel;               /* cpuid's vendor string is "GenuineIntel" */
    unsigned int amd_family; /* AMD's CPU family (0x19 Zen 3/4, 0x1a Zen 5),
                                0 on other vendors */
    int avx2, avx512vl;      /* blake2b_cpu_has_avx2(), _avx512vl() */
};
/* Fill out for the CPU this runs on. */
void blake2b_cpu_x86(struct blake2b_x86_cpu *out);
#endif

#endif
