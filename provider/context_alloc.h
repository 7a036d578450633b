/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Memory for the provider's contexts: through the core's allocation
 * upcalls where provider.c chose them (an application's allocator), else
 * from the C library. OpenSSL 3.0 frees and allocates the provider's
 * digest context on every EVP_DigestInit_ex, so where it lands matters on
 * every message: see context_alloc.c.
 */
#ifndef BLAKE2NEON_PROVIDER_CONTEXT_ALLOC_H
#define BLAKE2NEON_PROVIDER_CONTEXT_ALLOC_H

#include <stddef.h>

#include "provider.h"

/* n bytes from core's upcall, or malloc where it has none; NULL if out of
 * memory. */
void *b2n_malloc(const struct b2n_core *core, size_t n);

/* Release what b2n_malloc gave. p may be NULL. */
void b2n_free(const struct b2n_core *core, void *p);

/* size bytes (size at most 4096) that do not cross a 4 KiB page boundary,
 * aligned for any type; NULL if out of memory. Not zeroed: on OpenSSL 3.0
 * a digest context is allocated per message, and the caller sets what it
 * reads (zeroing would slow every short message: docs/performance.md). */
void *b2n_context_alloc(const struct b2n_core *core, size_t size);

/* A copy of the size bytes at src, placed like b2n_context_alloc's. */
void *b2n_context_dup(const struct b2n_core *core, const void *src,
                      size_t size);

/* Wipe the first wipe_len bytes at p, then release p. p may be NULL. */
void b2n_context_free(const struct b2n_core *core, void *p, size_t wipe_len);

#endif
