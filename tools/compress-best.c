/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The compress kernels alone, timed as the fastest of many short calls:
 * core cycles per byte and the fraction of the latency bound (288 core
 * cycles a block on x86-64). On a machine shared with other work a call of
 * a few tens of microseconds mostly runs uninterrupted, so the fastest of
 * a few hundred is what the kernel does when left alone, where the bench's
 * medians of long batches measure its share of the machine. Built and run
 * by tools/compress-best.sh, which says how to read it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "clock.h"

#if defined(B2N_VARIANT)
blake2b_compress_fn b2n_variant_compress;
#endif

struct kernel {
    const char *name;
    blake2b_compress_fn *fn;
    double best, worst_round; /* per byte, in the unit of the counter */
};

/* The fastest of trials calls on nblocks blocks, per byte, in TSC ticks
 * (or ns where there is no cycle counter). */
static double fastest(blake2b_compress_fn *fn, const uint8_t *buf,
                      size_t nblocks, int trials)
{
    struct blake2b_state S;
    uint64_t best = UINT64_MAX;

    memset(&S, 0, sizeof(S));
    for (int t = 0; t < trials; t++) {
        uint64_t t0 = bench_have_cycles() ? bench_cycles() : bench_now_ns();

        fn(&S, buf, nblocks, BLAKE2B_BLOCKBYTES);

        uint64_t t1 = bench_have_cycles() ? bench_cycles() : bench_now_ns();

        if (t1 - t0 < best)
            best = t1 - t0;
    }
    return (double)best / ((double)nblocks * BLAKE2B_BLOCKBYTES);
}

#if defined(__x86_64__)
/*
 * Latency of the lane moves the avx2 kernel could use between column and
 * diagonal steps, in core cycles: chains of 100 dependent instructions,
 * timed like the add chain (the fastest of many runs) against the TSC.
 * Inline assembly needs no -mavx2; the caller checks the CPU has AVX2.
 */
#define CHAIN(insn)                                                        \
    __asm__ volatile("1:\n\t.rept 100\n\t" insn "\n\t.endr\n\t"         \
                     "sub $1, %0\n\tjnz 1b"                                \
                     : "+r"(passes)                                        \
                     :                                                     \
                     : "cc", "xmm0", "xmm1")

static double chain_ticks(int which)
{
    uint64_t best = UINT64_MAX;

    for (int t = 0; t < 200; t++) {
        unsigned long passes = 1000;
        uint64_t t0 = bench_cycles();

        switch (which) {
        case 0: CHAIN("vpermq $0x39, %%ymm0, %%ymm0"); break;
        case 1: CHAIN("vperm2i128 $0x01, %%ymm0, %%ymm0, %%ymm0"); break;
        case 2: CHAIN("vpalignr $8, %%ymm0, %%ymm0, %%ymm0"); break;
        case 3: CHAIN("vpshufb %%ymm1, %%ymm0, %%ymm0"); break;
        default: CHAIN("vpaddq %%ymm1, %%ymm0, %%ymm0"); break;
        }
        uint64_t ticks = bench_cycles() - t0;

        if (ticks < best)
            best = ticks;
    }
    return (double)best / (100.0 * 1000);
}

static void avx2_latencies(double core_per_tsc)
{
    static const char *const names[] = { "vpermq", "vperm2i128",
                                         "vpalignr", "vpshufb", "vpaddq" };

    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2"))
        return;
    printf("latency, core cycles (ymm, a chain of 100):");
    for (int i = 0; i < 5; i++)
        printf(" %s %.2f", names[i], chain_ticks(i) * core_per_tsc);
    printf("\n");
}
#endif

int main(int argc, char **argv)
{
    size_t nblocks = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 128;
    int trials = argc > 2 ? atoi(argv[2]) : 200;
    int rounds = argc > 3 ? atoi(argv[3]) : 5;
    struct kernel k[16];
    size_t n = 0;
    uint8_t *buf;
    struct bench_core_clock before, after;

    if (nblocks < 1 || nblocks > 65536 || trials < 1 || rounds < 1) {
        fprintf(stderr, "usage: compress-best [BLOCKS [TRIALS [ROUNDS]]]\n");
        return 2;
    }
    for (size_t i = 0; n < 15; i++) {
        const struct blake2b_backend *b = blake2b_backend_at(i);

        if (b == NULL)
            break;
        if (blake2b_backend_cpu_can_run(b))
            k[n++] = (struct kernel){ b->name, b->compress, 1e30, 0 };
    }
#if defined(B2N_VARIANT)
    k[n++] = (struct kernel){ "variant", b2n_variant_compress, 1e30, 0 };
#endif
    buf = malloc(nblocks * BLAKE2B_BLOCKBYTES);
    if (buf == NULL)
        return 1;
    for (size_t i = 0; i < nblocks * BLAKE2B_BLOCKBYTES; i++)
        buf[i] = (uint8_t)(i * 7 + 1);

    bench_core_clock(&before);
    /* Rounds, each kernel in turn: a slow spell of the machine hits all. */
    for (int r = 0; r < rounds; r++)
        for (size_t i = 0; i < n; i++) {
            double v = fastest(k[i].fn, buf, nblocks, trials);

            if (v < k[i].best)
                k[i].best = v;
            if (v > k[i].worst_round)
                k[i].worst_round = v;
        }
    bench_core_clock(&after);

    /* The faster clock, as the bench takes it. */
    double core_per_unit =
            bench_have_cycles()
                    ? (before.per_counter > after.per_counter ? before.per_counter
                                                              : after.per_counter)
                    : (before.ghz > after.ghz ? before.ghz : after.ghz);
    printf("core clock %.3f GHz before, %.3f after (%s)", before.ghz,
           after.ghz, bench_have_add_chain() ? bench_add_chain_method()
                                             : "not measured here");
    if (bench_have_cycles())
        printf("; %.4f core cycles per TSC cycle", core_per_unit);
    printf("\n%zu blocks a call, fastest of %d calls, %d rounds\n", nblocks,
           trials, rounds);
    printf("%-14s %9s %14s %9s\n", "kernel", "core c/B", "rounds' worst",
           "of bound");
    for (size_t i = 0; i < n; i++) {
        double c = k[i].best * core_per_unit, w = k[i].worst_round * core_per_unit;
#if defined(__x86_64__)
        printf("%-14s %9.3f %14.3f %9.3f\n", k[i].name, c, w, 2.25 / c);
#else
        printf("%-14s %9.3f %14.3f %9s\n", k[i].name, c, w, "n/a");
#endif
    }
#if defined(__x86_64__)
    avx2_latencies(core_per_unit);
#endif
    free(buf);
    return 0;
}
