/* SPDX-License-Identifier: Apache-2.0 */
/* What the public blake2neon_ctx holds: the core's state and the backend
 * chosen at init. Internal to the library. */
#ifndef BLAKE2NEON_LIB_CTX_H
#define BLAKE2NEON_LIB_CTX_H

#include "backend.h"
#include "blake2b.h"
#include "blake2neon.h"
#include "many.h"

struct b2n_lib_ctx {
    struct blake2b_state state;
    /* NULL in a context that is all zero bytes: not initialized. */
    blake2b_compress_fn *compress;
};

/* The public type must hold the internal one; its size is ABI. */
_Static_assert(sizeof(struct b2n_lib_ctx) <= sizeof(blake2neon_ctx),
               "blake2neon_ctx too small for the library's state");
_Static_assert(_Alignof(struct b2n_lib_ctx) <= _Alignof(blake2neon_ctx),
               "blake2neon_ctx less aligned than the library's state");

/* Only the library ever accesses the caller's object, and only as this
 * type: the caller's code never reads or writes opaque[] itself. */
static inline struct b2n_lib_ctx *b2n_lib_ctx(blake2neon_ctx *ctx)
{
    return (struct b2n_lib_ctx *)(void *)ctx;
}

/* BLAKE2NEON_OK, or the code blake2neon_hash returns for these arguments
 * (the rules blake2neon_hash_many applies to each job too). */
int b2n_lib_check_hash_args(const void *out, size_t outlen, const void *in,
                            size_t inlen, const void *key, size_t keylen);

/* The backend, chosen on first call; NULL if none can be used
 * (BLAKE2NEON_ERR_BACKEND). */
const struct blake2b_backend *b2n_lib_backend(void);

/* Its compress function; NULL likewise. */
blake2b_compress_fn *b2n_lib_compress(void);

/* The lanes that go with it (core/many.h), chosen and checked at the same
 * time; NULL where there are none (or no backend). */
const struct blake2b_lanes *b2n_lib_lanes(void);

#endif
