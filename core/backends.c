/*
 * The table of compress backends and the automatic choice among them.
 * CPU features are read once per call here; the provider calls this once,
 * at load.
 */
#include <string.h>

#include "backend.h"
#include "cpu_features.h"

static const struct blake2b_backend backends[] = {
    { "generic", "portable C", blake2b_compress_generic, NULL },
#if defined(__arm__)
    { "neon", "ARMv7 NEON", blake2b_compress_neon, blake2b_cpu_has_neon },
#endif
#if defined(__aarch64__)
    { "asimd", "AArch64 Advanced SIMD", blake2b_compress_asimd,
      blake2b_cpu_has_asimd },
    { "sha3", "AArch64 SHA3 (EOR3/XAR)", blake2b_compress_sha3,
      blake2b_cpu_has_sha3 },
#endif
#if defined(__x86_64__)
    /* (x86-64 AVX2 and AVX-512 entries go here.) */
#endif
};

const struct blake2b_backend *blake2b_backend_at(size_t index)
{
    if (index >= sizeof(backends) / sizeof(backends[0]))
        return NULL;
    return &backends[index];
}

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

const struct blake2b_backend *blake2b_backend_auto(void)
{
#if defined(__arm__)
    /*
     * ARMv7: NEON wherever the kernel reports it. Modelled by llvm-mca-14
     * (scripts/model-speed.sh armv7), not measured: 7.9 cycles/byte against
     * 20-34 for the C backend on Cortex-A9/A15; measured on a real
     * Cortex-A7 by the project's seed, 14.1 against 39.9.
     */
    if (blake2b_cpu_has_neon())
        return blake2b_backend_by_name("neon");
#endif
#if defined(__aarch64__)
    /*
     * AArch64: generic, whatever HWCAP says. Modelled by llvm-mca-14, not
     * measured (scripts/model-speed.sh aarch64; clang-14 -O2, gcc -O2 in
     * brackets), cycles per byte, generic vs asimd: Cortex-A53 6.3 (10.6)
     * vs 17.2 (18.9); Cortex-A72 and Neoverse-N1, both the Cortex-A57
     * model in LLVM 14, 5.7 (5.5) vs 9.5 (10.4). None of these has SHA3;
     * where the A57 model stands in for cores that have it, sha3 is level
     * with generic (5.4 vs 5.7; gcc 6.3 vs 5.5). Only the apple-m1 model
     * (LLVM 14's Cyclone) favours sha3, 3.6 vs 11.0, and it issues one
     * scalar add a cycle, so its generic figure cannot be trusted.
     * "asimd" and "sha3" stay available by name.
     */
#endif
    return &backends[0];
}
