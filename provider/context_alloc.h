/*
 * Memory for digest and MAC contexts. OpenSSL 3.0 frees and allocates the
 * provider's context on every EVP_DigestInit_ex, so where it lands matters
 * on every message: see context_alloc.c.
 */
#ifndef BLAKE2NEON_PROVIDER_CONTEXT_ALLOC_H
#define BLAKE2NEON_PROVIDER_CONTEXT_ALLOC_H

#include <stddef.h>

/* size bytes (size at most 4096) that do not cross a 4 KiB page boundary,
 * aligned for any type; NULL if out of memory. Not zeroed: on OpenSSL 3.0
 * a digest context is allocated per message, and the caller sets what it
 * reads (zeroing cost 1.5-2% of a 64-byte message, docs/performance.md). */
void *b2n_context_alloc(size_t size);

/* A copy of the size bytes at src, placed like b2n_context_alloc's. */
void *b2n_context_dup(const void *src, size_t size);

/* Wipe the first wipe_len bytes at p, then release p. p may be NULL. */
void b2n_context_free(void *p, size_t wipe_len);

#endif
