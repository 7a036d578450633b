#include "cpu_features.h"

#if defined(__linux__) && (defined(__arm__) || defined(__aarch64__))
#include <sys/auxv.h>

/* Bit values of the Linux UAPI <asm/hwcap.h>, spelled out so that old
 * C libraries' headers do not need them. */
#if defined(__arm__)
#define B2B_HWCAP_NEON (1UL << 12)
#else
#define B2B_HWCAP_ASIMD (1UL << 1)
#define B2B_HWCAP_SHA3 (1UL << 17)
#endif

static unsigned long hwcap(void)
{
    return getauxval(AT_HWCAP);
}
#endif

int blake2b_cpu_has_neon(void)
{
#if defined(__linux__) && defined(__arm__)
    return (hwcap() & B2B_HWCAP_NEON) != 0;
#else
    return 0;
#endif
}

int blake2b_cpu_has_asimd(void)
{
#if defined(__linux__) && defined(__aarch64__)
    return (hwcap() & B2B_HWCAP_ASIMD) != 0;
#else
    return 0;
#endif
}

int blake2b_cpu_has_sha3(void)
{
#if defined(__linux__) && defined(__aarch64__)
    return (hwcap() & B2B_HWCAP_SHA3) != 0;
#else
    return 0;
#endif
}
