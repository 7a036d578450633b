/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Argon2's memory, straight from the kernel: page-aligned (every block
 * on its own cache lines), returned to the system when freed rather than
 * kept in the C library's heap, and on Linux in transparent huge pages
 * where the system allows them, which cuts the page faults of a large
 * memcost (docs/performance.md, "Argon2"); left out of core dumps.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS and madvise under -std=c11 */
#include <stdint.h>
#include <sys/mman.h>

#include "argon2.h"

/* The bytes of blocks blocks, or 0 where they do not fit in size_t. */
static size_t memory_bytes(uint32_t blocks)
{
#if SIZE_MAX / 1024 < UINT32_MAX /* a 32-bit size_t; 1024: a block */
    if (blocks > SIZE_MAX / sizeof(struct blake2b_argon2_block))
        return 0;
#endif
    return (size_t)blocks * sizeof(struct blake2b_argon2_block);
}

struct blake2b_argon2_block *blake2b_argon2_memory_alloc(uint32_t blocks)
{
    size_t bytes = memory_bytes(blocks);
    void *p;

    if (bytes == 0)
        return NULL;
    p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
             -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    /* Advice, no harm if refused: huge pages, and no core dump of what
     * the password became. */
#if defined(MADV_HUGEPAGE)
    (void)madvise(p, bytes, MADV_HUGEPAGE);
#endif
#if defined(MADV_DONTDUMP)
    (void)madvise(p, bytes, MADV_DONTDUMP);
#endif
    return p;
}

void blake2b_argon2_memory_free(struct blake2b_argon2_block *memory,
                                uint32_t blocks)
{
    if (memory != NULL)
        munmap(memory, memory_bytes(blocks));
}
