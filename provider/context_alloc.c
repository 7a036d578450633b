/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The provider's contexts, zeroed when allocated and wiped before they go
 * back. (Placing them so that none straddles a 4 KiB page, and leaving
 * them unzeroed, were tried for speed and measured too little to keep:
 * docs/performance.md, "Short messages".)
 */
#include <stdlib.h>
#include <string.h>

#include "blake2b.h"
#include "context_alloc.h"

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
    void *ctx = b2n_malloc(core, size);

    if (ctx != NULL)
        memset(ctx, 0, size);
    return ctx;
}

void *b2n_context_dup(const struct b2n_core *core, const void *src,
                      size_t size)
{
    void *ctx = b2n_malloc(core, size);

    if (ctx != NULL)
        memcpy(ctx, src, size);
    return ctx;
}

void b2n_context_free(const struct b2n_core *core, void *p, size_t wipe_len)
{
    if (p == NULL)
        return;
    if (wipe_len > 0)
        blake2b_wipe(p, wipe_len);
    b2n_free(core, p);
}
