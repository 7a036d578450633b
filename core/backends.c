/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The table of compress backends and the automatic choice among them
 * (on x86-64, core/x86_rule.c's table). CPU features are read once per
 * call here; the provider calls this once, at load.
 */
#include <string.h>

#include "backend.h"
#include "cpu_features.h"

static const struct blake2b_backend backends[] = {
    { .name = "generic", .description = "portable C",
      .compress = blake2b_compress_generic },
#if defined(BLAKE2B_BUILDS_NEON)
    { .name = "neon", .description = "ARMv7 NEON",
      .compress = blake2b_compress_neon,
      .cpu_can_run = blake2b_cpu_has_neon,
      .hash_short = blake2b_hash_short_neon,
      .argon2_fill = blake2b_argon2_fill_neon },
#endif
#if defined(BLAKE2B_BUILDS_A64)
    /* Base ARMv8-A: every AArch64 CPU runs it. */
    { .name = "a64", .description = "AArch64 scalar, shifted-register EOR",
      .compress = blake2b_compress_a64,
      .argon2_fill = blake2b_argon2_fill_a64 },
#endif
#if defined(__x86_64__)
    { .name = "avx2", .description = "x86-64 AVX2",
      .compress = blake2b_compress_avx2,
      .cpu_can_run = blake2b_cpu_has_avx2, .lanes = "avx2",
      .argon2_fill = blake2b_argon2_fill_avx2 },
#if defined(BLAKE2B_BUILDS_X86_ASM)
    { .name = "avx512", .description = "x86-64 AVX-512VL (256-bit)",
      .compress = blake2b_compress_avx512,
      .cpu_can_run = blake2b_cpu_has_avx512,
      .hash_short = blake2b_hash_short_avx512, .lanes = "avx512",
      .argon2_fill = blake2b_argon2_fill_avx512 },
    { .name = "avx512-ror",
      .description = "x86-64 AVX-512VL (256-bit), rotations on the chain",
      .compress = blake2b_compress_avx512_ror,
      .cpu_can_run = blake2b_cpu_has_avx512,
      .hash_short = blake2b_hash_short_avx512_ror, .lanes = "avx512",
      .argon2_fill = blake2b_argon2_fill_avx512 },
#endif
#endif
};

const struct blake2b_backend *blake2b_backend_at(size_t index)
{
    if (index >= sizeof(backends) / sizeof(backends[0]))
        return NULL;
    return &backends[index];
}

/* Out of line: inlined into blake2b_backend_auto, where the rule's names
 * are constants, gcc 12 warns (-Wstring-compare, -O3) that a table name of
 * another length never matches, which is what a lookup expects. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
const struct blake2b_backend *blake2b_backend_by_name(const char *name)
{
    const struct blake2b_backend *b;

    for (size_t i = 0; (b = blake2b_backend_at(i)) != NULL; i++)
        if (strcmp(b->name, name) == 0)
            return b;
    return NULL;
}

int blake2b_backend_cpu_can_run(const struct blake2b_backend *backend)
{
    return backend->cpu_can_run == NULL || backend->cpu_can_run();
}

blake2b_argon2_fill_fn *blake2b_backend_argon2_fill(
    const struct blake2b_backend *backend)
{
    return backend->argon2_fill != NULL ? backend->argon2_fill
                                        : blake2b_argon2_fill_generic;
}

#if defined(__x86_64__)
const struct blake2b_x86_row *blake2b_x86_rule(const struct blake2b_x86_cpu *cpu)
{
    const struct blake2b_x86_row *row;

    for (size_t i = 0; (row = blake2b_x86_row_at(i)) != NULL; i++)
        if (blake2b_x86_row_fits(row, cpu)
            && blake2b_backend_by_name(row->backend) != NULL)
            return row;
    return NULL; /* not reached: the last row fits every CPU */
}
#endif

const struct blake2b_backend *blake2b_backend_auto(void)
{
#if defined(__x86_64__)
    /* By kind of core: core/x86_rule.c. */
    struct blake2b_x86_cpu cpu;

    blake2b_cpu_x86(&cpu);
    return blake2b_backend_by_name(blake2b_x86_rule(&cpu)->backend);
#elif defined(BLAKE2B_BUILDS_NEON)
    /* ARMv7: neon wherever the kernel reports NEON (modelled, and
     * measured on a Cortex-A7: docs/performance.md, "32-bit Arm
     * (ARMv7)"), else generic. */
    if (blake2b_cpu_has_neon())
        return blake2b_backend_by_name("neon");
    return &backends[0];
#elif defined(BLAKE2B_BUILDS_A64)
    /* AArch64: a64 on every core. By the published latencies it is
     * level with generic or ahead on every core checked: ahead where
     * generic's plain ALU pipes are the limit (Cortex-A72) or its chain
     * is (six or more integer pipes: Neoverse V2, Cortex-X4). See
     * docs/performance.md, "AArch64". */
    return blake2b_backend_by_name("a64");
#else
    /* Everything else: generic. */
    return &backends[0];
#endif
}
