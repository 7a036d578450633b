/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A context that straddles a 4 KiB page boundary makes every message
 * slower: the buffer and state stores that cross the boundary cost far
 * more than others (measured: docs/performance.md).
 *
 * So contexts come from a block twice their size plus a header: if the
 * first place in it would cross a boundary, the boundary itself is used,
 * and the rest of the context still fits. The header, just before the
 * context, remembers where the block starts. (aligned_alloc would do too,
 * but measured slower than the crossing it avoids, with glibc 2.36.)
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "blake2b.h"
#include "context_alloc.h"

enum { PAGE = 4096, HEADER = 16 }; /* HEADER keeps malloc's alignment */

/* The "file" an application's allocator is told the provider's calls come
 * from: a fixed name, whatever the build's file names (or none). */
static const char allocator_tag[] = "blake2neon";

void *b2n_malloc(const struct b2n_core *core, size_t n)
{
    return core->crypto_malloc != NULL
               ? core->crypto_malloc(n, allocator_tag, 0)
               : malloc(n);
}

void b2n_free(const struct b2n_core *core, void *p)
{
    if (core->crypto_free != NULL)
        core->crypto_free(p, allocator_tag, 0);
    else
        free(p);
}

void *b2n_context_alloc(const struct b2n_core *core, size_t size)
{
    uint8_t *block, *ctx;
    uintptr_t first, boundary;

    if (size == 0 || size > PAGE)
        return NULL;
    block = b2n_malloc(core, HEADER + 2 * size);
    if (block == NULL)
        return NULL;
    ctx = block + HEADER;
    first = (uintptr_t)ctx;
    boundary = (first + PAGE - 1) & ~(uintptr_t)(PAGE - 1);
    if (boundary > first && boundary < first + size)
        ctx += boundary - first;
    memcpy(ctx - sizeof(block), &block, sizeof(block));
    return ctx;
}

void *b2n_context_dup(const struct b2n_core *core, const void *src,
                      size_t size)
{
    uint8_t *ctx = b2n_context_alloc(core, size);

    if (ctx != NULL)
        memcpy(ctx, src, size);
    return ctx;
}

void b2n_context_free(const struct b2n_core *core, void *p, size_t wipe_len)
{
    uint8_t *ctx = p, *block;

    if (ctx == NULL)
        return;
    memcpy(&block, ctx - sizeof(block), sizeof(block));
    if (wipe_len > 0)
        blake2b_wipe(ctx, wipe_len);
    b2n_free(core, block);
}
