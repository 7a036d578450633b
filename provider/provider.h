/* SPDX-License-Identifier: Apache-2.0 */
/* State shared by the blake2neon provider's glue files. */
#ifndef BLAKE2NEON_PROVIDER_H
#define BLAKE2NEON_PROVIDER_H

#include <stdatomic.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include "../core/backend.h"

#define B2N_PROVIDER_NAME "blake2neon"
#define B2N_PROPERTIES "provider=" B2N_PROVIDER_NAME

/* What the provider keeps from the core: its handle, the error upcalls,
 * and the allocation upcalls where they are to be used (else NULL:
 * provider.c, use_core_allocator). */
struct b2n_core {
    const OSSL_CORE_HANDLE *handle;
    OSSL_FUNC_core_new_error_fn *new_error;
    OSSL_FUNC_core_set_error_debug_fn *set_error_debug;
    OSSL_FUNC_core_vset_error_fn *vset_error;
    OSSL_FUNC_CRYPTO_malloc_fn *crypto_malloc;
    OSSL_FUNC_CRYPTO_free_fn *crypto_free;
};

/* One per load of the provider into a library context. */
struct b2n_provctx {
    struct b2n_core core;
    const struct blake2b_backend *backend; /* chosen and self-tested at load */
    /* The automatic choice that failed its self-test, for which generic
     * stands in (provider.c, choose_backend); else NULL. */
    const struct blake2b_backend *failed_backend;
    /* Built at load from the two above: the backend parameter, and the
     * build info that holds it. */
    char backend_text[64];
    char buildinfo[96];
    /* OpenSSL 3.6 and later refuse a parameter array naming one of an
     * algorithm's parameters twice (their generated decoders); 3.5 and
     * earlier take the first. Set at load from the core's version. */
    int refuse_repeated_params;
    /* A freed digest context kept for the next newctx (digest.c), wiped;
     * NULL if none. */
    _Atomic(void *) spare_digest_ctx;
};

extern const OSSL_ALGORITHM b2n_digest_algorithms[];
/* Release what the digests keep in provctx (at teardown). */
void b2n_digest_teardown(struct b2n_provctx *provctx);
extern const OSSL_ALGORITHM b2n_mac_algorithms[];
extern const OSSL_ALGORITHM b2n_kdf_algorithms[];

#endif
