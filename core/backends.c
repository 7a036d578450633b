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
    { "avx2", "x86-64 AVX2", blake2b_compress_avx2, blake2b_cpu_has_avx2 },
#if defined(__ELF__) /* compress_avx512.S is written for ELF targets */
    { "avx512", "x86-64 AVX-512VL (256-bit)", blake2b_compress_avx512,
      blake2b_cpu_has_avx512vl },
#endif
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
#if defined(__x86_64__)
    /*
     * x86-64: avx512, else avx2, else generic; but generic on AMD Zen 5
     * and later. Measured 2026-11-29 with build/blake2neon-bench on AMD
     * EPYC Zen 4 (family 0x19), EVP BLAKE2B-512, TSC cycles/byte, gcc 12.2
     * -O3 (the avx512 backend is assembly): 16 KiB avx512 1.92, avx2 2.21,
     * generic 2.32, OpenSSL default 2.73; 64 bytes avx512 6.1, avx2 6.9,
     * generic 6.7, OpenSSL default 8.9.
     * The SIMD kernels are bound by the latency of the G chain, the scalar
     * one by its 112 ALU operations a round over Zen 4's four integer ALUs;
     * Zen 5 has six, enough for generic to overtake the vector kernels
     * there (as reported to the project; not measured here, no Zen 5 at
     * hand: revisit with the benchmark when one is). A static rule rather
     * than a timing at load: a timing long enough to rank the candidates
     * reliably on a noisy machine would slow down every load.
     */
    if (blake2b_cpu_amd_family() >= 0x1a)
        return &backends[0];
#if defined(__ELF__)
    if (blake2b_cpu_has_avx512vl())
        return blake2b_backend_by_name("avx512");
#endif
    if (blake2b_cpu_has_avx2())
        return blake2b_backend_by_name("avx2");
#endif
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
