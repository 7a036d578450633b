/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The x86-64 rule: which backend, and which lanes for many messages, the
 * automatic choice takes on each kind of core. Feature bits alone do not
 * say which code is fastest (Intel and AMD with the same AVX-512 want
 * different kernels; Zen 5's scalar code beats its vector code), so a row
 * names a vendor and a family as well, and the section of
 * docs/performance.md that holds its evidence ("The x86-64 rule"). Adding a measured core is
 * adding its row. A static table rather than a timing at load: a timing
 * long enough to rank the candidates on a noisy machine would slow down
 * every load.
 */
#include <stddef.h>

#include "backend.h"

#if defined(__x86_64__)
/* The first row that fits the CPU, and whose backend this build has,
 * wins (blake2b_x86_rule, core/backends.c): rows for a vendor come
 * before the rows for any vendor. */
static const struct blake2b_x86_row rows[] = {
    { "AMD Zen 5 and later", BLAKE2B_X86_AMD, 0x1a, BLAKE2B_X86_AVX512,
      "generic", "avx512", "AMD Zen 5: reported, not measured here" },
    { "AMD Zen 5 and later, AVX-512 hidden", BLAKE2B_X86_AMD, 0x1a,
      BLAKE2B_X86_AVX2, "generic", "avx2",
      "AMD Zen 5: reported, not measured here" },
    { "Intel with AVX-512 (Skylake-SP to Granite Rapids, Ice/Tiger Lake)",
      BLAKE2B_X86_INTEL, 0, BLAKE2B_X86_AVX512, "avx512-ror", "avx512",
      "Intel Xeon with AVX-512 (Granite Rapids class), measured" },
    { "AMD Zen 4, and any other vendor with AVX-512", BLAKE2B_X86_OTHER, 0,
      BLAKE2B_X86_AVX512, "avx512", "avx512",
      "AMD EPYC Zen 4, measured" },
    { "any with AVX2 (Zen 3, Intel without AVX-512)", BLAKE2B_X86_OTHER, 0,
      BLAKE2B_X86_AVX2, "avx2", "avx2", "AMD EPYC Zen 3, measured" },
    { "any other x86-64", BLAKE2B_X86_OTHER, 0, 0, "generic", NULL,
      "The x86-64 rule" },
};

const struct blake2b_x86_row *blake2b_x86_row_at(size_t index)
{
    if (index >= sizeof(rows) / sizeof(rows[0]))
        return NULL;
    return &rows[index];
}

int blake2b_x86_row_fits(const struct blake2b_x86_row *row,
                         const struct blake2b_x86_cpu *cpu)
{
    return (row->vendor == BLAKE2B_X86_OTHER || row->vendor == cpu->vendor)
           && cpu->family >= row->min_family
           && (cpu->features & row->needs) == row->needs;
}

#endif
