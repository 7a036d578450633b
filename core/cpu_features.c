/* SPDX-License-Identifier: Apache-2.0 */
#include "cpu_features.h"

#if defined(__linux__) && defined(__arm__)
#include <sys/auxv.h>

/* The bit value of the Linux UAPI <asm/hwcap.h>, spelled out so that old
 * C libraries' headers do not need it. */
#define BLAKE2B_HWCAP_NEON (1UL << 12)
#endif

int blake2b_cpu_has_neon(void)
{
#if defined(__linux__) && defined(__arm__)
    return (getauxval(AT_HWCAP) & BLAKE2B_HWCAP_NEON) != 0;
#else
    return 0;
#endif
}

#if defined(__x86_64__)
#include <cpuid.h>

/* XCR0 bits: 1 SSE, 2 AVX (YMM upper halves), 5 opmask, 6 ZMM0-15 upper
 * halves, 7 ZMM16-31. */
#define BLAKE2B_XCR0_YMM 0x06u
#define BLAKE2B_XCR0_ZMM 0xe6u

/*
 * XCR0, the register state the OS saves, or 0 when the OS has not enabled
 * XSAVE (then XGETBV would fault) or cpuid does not report AVX itself:
 * Intel's check for AVX2 asks for it (a hypervisor may hide AVX and leave
 * XCR0 alone), and the AVX-512 backend runs AVX2 code too.
 */
static unsigned int xcr0_if_avx(void)
{
    unsigned int eax, ebx, ecx, edx, lo, hi;

    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_OSXSAVE)
        || !(ecx & bit_AVX))
        return 0;
    /* Spelled as asm so that this file needs no -mxsave. */
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    return lo;
}

/* EBX of cpuid leaf 7 subleaf 0 (structured extended features). */
static unsigned int leaf7_ebx(void)
{
    unsigned int eax, ebx, ecx, edx;

    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx))
        return 0;
    return ebx;
}

/* The BLAKE2B_X86_* bits of this CPU, from one read of XCR0 and of leaf
 * 7: what blake2b_cpu_has_avx2 and _avx512 answer, and what the backend
 * choice looks at. */
static unsigned int x86_features(void)
{
    /* The AVX-512 backends use AVX2 instructions as well, and for short
     * messages byte-masked loads (BW): every core with VL has BW. */
    const unsigned int avx512 = bit_AVX2 | bit_AVX512F | bit_AVX512VL
                                | bit_AVX512BW;
    const unsigned int xcr0 = xcr0_if_avx(), ebx = leaf7_ebx();
    unsigned int features = 0;

    if ((xcr0 & BLAKE2B_XCR0_YMM) == BLAKE2B_XCR0_YMM && (ebx & bit_AVX2))
        features |= BLAKE2B_X86_AVX2;
    if ((xcr0 & BLAKE2B_XCR0_ZMM) == BLAKE2B_XCR0_ZMM
        && (ebx & avx512) == avx512)
        features |= BLAKE2B_X86_AVX512;
    return features;
}

int blake2b_cpu_has_avx2(void)
{
    return (x86_features() & BLAKE2B_X86_AVX2) != 0;
}

int blake2b_cpu_has_avx512(void)
{
    return (x86_features() & BLAKE2B_X86_AVX512) != 0;
}

/* Whether cpuid leaf 0's vendor string (in EBX, EDX, ECX) is the one
 * given as those three registers' values. */
static int vendor_is(unsigned int b, unsigned int d, unsigned int c)
{
    /* Zeroed for gcc -O1, which cannot see that they are read only when
     * __get_cpuid succeeds. */
    unsigned int eax = 0, ebx = 0, ecx = 0, edx = 0;

    return __get_cpuid(0, &eax, &ebx, &ecx, &edx) && ebx == b && edx == d
           && ecx == c;
}

/* The display family: the base family, plus the extended family when
 * the base is 0xf (both vendors' rule). */
static unsigned int display_family(void)
{
    unsigned int eax, ebx, ecx, edx, family;

    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx))
        return 0;
    family = (eax >> 8) & 0xf;
    return family == 0xf ? family + ((eax >> 20) & 0xff) : family;
}

void blake2b_cpu_x86(struct blake2b_x86_cpu *out)
{
    if (vendor_is(0x756e6547u, 0x49656e69u, 0x6c65746eu))      /* GenuineIntel */
        out->vendor = BLAKE2B_X86_INTEL;
    else if (vendor_is(0x68747541u, 0x69746e65u, 0x444d4163u)) /* AuthenticAMD */
        out->vendor = BLAKE2B_X86_AMD;
    else
        out->vendor = BLAKE2B_X86_OTHER;
    out->family = display_family();
    out->features = x86_features();
}
#endif
