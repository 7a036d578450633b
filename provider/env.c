/*
 * The build defines B2N_HAVE_SECURE_GETENV (and _GNU_SOURCE, which glibc
 * needs to declare it under -std=c11) when the C library has
 * secure_getenv; otherwise OpenSSL's own test of the same condition
 * decides: OPENSSL_issetugid() is getauxval(AT_SECURE) on glibc,
 * issetugid() on the BSDs, a real/effective uid and gid comparison on
 * other Unix systems, and always 0 on Windows (no setuid there).
 */
#include <stdlib.h>

#include <openssl/crypto.h>

#include "env.h"

const char *b2n_secure_getenv(const char *name)
{
#if defined(B2N_HAVE_SECURE_GETENV)
    return secure_getenv(name);
#else
    return OPENSSL_issetugid() ? NULL : getenv(name);
#endif
}
