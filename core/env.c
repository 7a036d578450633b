/* SPDX-License-Identifier: Apache-2.0 */
/*
 * secure_getenv where the C library has it: glibc 2.17 and later (which
 * declares it only with _GNU_SOURCE; the build asks for plain C11), musl.
 * Elsewhere the kernel's AT_SECURE flag where getauxval can read it, else
 * the BSDs' issetugid, else a comparison of real and effective ids.
 */
#define _GNU_SOURCE 1

#include <stdlib.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/auxv.h>
#endif

#include "env.h"

#if (defined(__GLIBC__) && (__GLIBC__ > 2 \
                            || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 17))) \
    || (defined(__linux__) && !defined(__GLIBC__))
#define BLAKE2B_HAVE_SECURE_GETENV 1
#endif

const char *blake2b_secure_getenv(const char *name)
{
#if defined(BLAKE2B_HAVE_SECURE_GETENV)
    return secure_getenv(name);
#else
    int privileged;
#if defined(__linux__)
    privileged = getauxval(AT_SECURE) != 0;
#elif defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__) \
    || defined(__APPLE__)
    privileged = issetugid() != 0;
#else
    privileged = getuid() != geteuid() || getgid() != getegid();
#endif
    return privileged ? NULL : getenv(name);
#endif
}
