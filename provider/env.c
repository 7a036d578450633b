/* SPDX-License-Identifier: Apache-2.0 */
/*
 * secure_getenv where the C library has it: glibc 2.17 and later, which
 * declares it only with _GNU_SOURCE (the build asks for plain C11).
 * Elsewhere OpenSSL's own test of the same condition decides:
 * OPENSSL_issetugid() is getauxval(AT_SECURE) on glibc, issetugid() on
 * the BSDs, a real/effective uid and gid comparison on other Unix systems,
 * and always 0 on Windows (no setuid there). Defining
 * B2N_NO_SECURE_GETENV forces that fallback, to test it on glibc.
 */
#define _GNU_SOURCE 1

#include <stdlib.h>

#include <openssl/crypto.h>

#include "env.h"

#if !defined(B2N_NO_SECURE_GETENV) && defined(__GLIBC__) \
    && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 17))
#define B2N_HAVE_SECURE_GETENV 1
#endif

const char *b2n_secure_getenv(const char *name)
{
#if defined(B2N_HAVE_SECURE_GETENV)
    return secure_getenv(name);
#else
    return OPENSSL_issetugid() ? NULL : getenv(name);
#endif
}
