/* SPDX-License-Identifier: Apache-2.0 */
/* What the library says about itself and its return codes. */
#include "blake2neon.h"

#ifndef BLAKE2NEON_VERSION
#define BLAKE2NEON_VERSION "0"
#endif

const char *blake2neon_strerror(int code)
{
    switch (code) {
    case BLAKE2NEON_OK:
        return "success";
    case BLAKE2NEON_ERR_OUTLEN:
        return "output size is not 1..64 bytes";
    case BLAKE2NEON_ERR_KEYLEN:
        return "key is longer than 64 bytes";
    case BLAKE2NEON_ERR_NULL:
        return "NULL pointer where data is needed";
    case BLAKE2NEON_ERR_STATE:
        return "context not initialized or already finalized";
    case BLAKE2NEON_ERR_BACKEND:
        return "no usable backend (see BLAKE2NEON_BACKEND)";
    case BLAKE2NEON_ERR_ARGON2_PARAM:
        return "Argon2 parameter out of range";
    case BLAKE2NEON_ERR_MEMORY:
        return "Argon2's memory cannot be allocated";
    case BLAKE2NEON_ERR_ENCODING:
        return "not an Argon2 string, or no room for one";
    case BLAKE2NEON_ERR_MISMATCH:
        return "password does not match";
    }
    return "unknown error code";
}

const char *blake2neon_version(void)
{
    return BLAKE2NEON_VERSION;
}
