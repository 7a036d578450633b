/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The table of compress backends and the automatic choice among them.
 * CPU features are read once per call here; the provider calls this once,
 * at load.
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
      .hash_short = blake2b_hash_short_neon },
#endif
#if defined(BLAKE2B_BUILDS_A64)
    /* Base ARMv8-A: every AArch64 CPU runs it. */
    { .name = "a64", .description = "AArch64 scalar, shifted-register EOR",
      .compress = blake2b_compress_a64 },
#endif
#if defined(__x86_64__)
    { .name = "avx2", .description = "x86-64 AVX2",
      .compress = blake2b_compress_avx2,
      .cpu_can_run = blake2b_cpu_has_avx2 },
#if defined(BLAKE2B_BUILDS_X86_ASM)
    { .name = "avx512", .description = "x86-64 AVX-512VL (256-bit)",
      .compress = blake2b_compress_avx512,
      .cpu_can_run = blake2b_cpu_has_avx512vl },
    { .name = "avx512-ror", .description = "x86-64 AVX-512VL (256-bit), rotations on the chain",
      .compress = blake2b_compress_avx512_ror,
      .cpu_can_run = blake2b_cpu_has_avx512vl },
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

#if defined(__x86_64__)
/*
 * x86-64, by vendor and family where the feature bits do not tell the
 * fastest apart (the evidence for each branch: docs/performance.md):
 *  - AMD family 0x1a and later (Zen 5+): generic;
 *  - Intel: avx2, even where AVX-512 is there (Sapphire/Emerald Rapids);
 *  - any other: avx512 (Zen 4), else avx2, else generic.
 * A static rule rather than a timing at load: a timing long enough to
 * rank the candidates on a noisy machine would slow down every load.
 */
const char *blake2b_backend_x86_rule(const struct blake2b_x86_cpu *cpu)
{
    if (cpu->amd_family >= 0x1a)
        return "generic";
#if defined(BLAKE2B_BUILDS_X86_ASM) /* the only ones with avx512 */
    if (cpu->avx512vl)
        return cpu->intel ? "avx512-ror" : "avx512";
#endif
    if (cpu->avx2)
        return "avx2";
    return "generic";
}
#endif

const struct blake2b_backend *blake2b_backend_auto(void)
{
#if defined(__x86_64__)
    struct blake2b_x86_cpu cpu;
    const struct blake2b_backend *chosen;

    blake2b_cpu_x86(&cpu);
    chosen = blake2b_backend_by_name(blake2b_backend_x86_rule(&cpu));
    if (chosen != NULL)
        return chosen;
#endif
#if defined(BLAKE2B_BUILDS_NEON)
    /* ARMv7: neon wherever the kernel reports NEON (modelled, and
     * measured on a Cortex-A7: docs/performance.md). */
    if (blake2b_cpu_has_neon())
        return blake2b_backend_by_name("neon");
#endif
#if defined(BLAKE2B_BUILDS_A64)
    /* AArch64: a64 on every core. By the published latencies it is
     * level with generic or ahead on every core checked: ahead where
     * generic's plain ALU pipes are the limit (Cortex-A72) or its chain
     * is (six or more integer pipes: Neoverse V2, Cortex-X4). See
     * docs/performance.md, "a64: the shorter chain". */
    return blake2b_backend_by_name("a64");
#endif
    /* Everything else: generic. */
    return &backends[0];
}
