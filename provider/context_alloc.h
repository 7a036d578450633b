/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Memory for the provider's contexts: through the core's allocation
 * upcalls where it offers them (an application's allocator sees them),
 * else from the C library.
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

/* size zeroed bytes, aligned for any type; NULL if out of memory. */
void *b2n_context_alloc(const struct b2n_core *core, size_t size);

/* A copy of the size bytes at src. */
void *b2n_context_dup(const struct b2n_core *core, const void *src,
                      size_t size);

/* Wipe the first wipe_len bytes at p, then release p. p may be NULL. */
void b2n_context_free(const struct b2n_core *core, void *p, size_t wipe_len);

#endif
