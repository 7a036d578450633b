/* SPDX-License-Identifier: Apache-2.0 */
/* What the CPU offers, asked of the OS at run time (never at build time). */
#ifndef BLAKE2NEON_CORE_CPU_FEATURES_H
#define BLAKE2NEON_CORE_CPU_FEATURES_H

int blake2b_cpu_has_neon(void);   /* 32-bit Arm: HWCAP_NEON */

#if defined(__x86_64__)
/* cpuid says the instructions exist AND XGETBV says the OS saves the
 * registers they use across context switches. */
int blake2b_cpu_has_avx2(void);     /* AVX2, YMM state */
int blake2b_cpu_has_avx512(void);   /* AVX2, AVX-512F, VL and BW, ZMM state */

enum blake2b_x86_vendor {
    BLAKE2B_X86_OTHER = 0, /* in a rule: any vendor */
    BLAKE2B_X86_INTEL,     /* "GenuineIntel" */
    BLAKE2B_X86_AMD,       /* "AuthenticAMD" */
};

/* Feature bits, as blake2b_cpu_has_avx2() and _avx512() answer. */
enum {
    BLAKE2B_X86_AVX2 = 1u << 0,
    BLAKE2B_X86_AVX512 = 1u << 1,
};

/* What the x86-64 backend choice looks at. */
struct blake2b_x86_cpu {
    enum blake2b_x86_vendor vendor;
    unsigned int family;   /* cpuid's display family (base + extended):
                              AMD 0x19 Zen 3/4, 0x1a Zen 5; Intel 6 */
    unsigned int features; /* BLAKE2B_X86_* bits */
};
/* Fill out for the CPU this runs on. */
void blake2b_cpu_x86(struct blake2b_x86_cpu *out);
#endif

#endif
