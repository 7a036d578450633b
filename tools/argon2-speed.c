/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Argon2 speed on this machine: the BlaMka kernels alone (core cycles per
 * 1 KiB block, blocks in L1) and Argon2id m = 64 MiB, t = 3, p = 1 through
 * the core, backends (and libsodium's crypto_pwhash, when built with
 * -DWITH_SODIUM -lsodium) taking turns so that drift hits them alike.
 *
 *   cc -O2 -Icore -Ibench tools/argon2-speed.c bench/clock.c \
 *      build/core/libblake2b_core.a -lpthread [-DWITH_SODIUM -lsodium]
 *   ./a.out [-r rounds] [-k] [-c] backend...  (libsodium: "sodium")
 * -k: kernels only; -c: one cold derivation (fresh memory) and exit;
 * -H: the core's memory from mmap with MADV_HUGEPAGE (libsodium's is its own);
 * -m KiB, -t passes: other costs than 64 MiB, t = 3 (libsodium keeps those).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "argon2.h"
#include "backend.h"
#include "clock.h"
#if defined(WITH_SODIUM)
#include <sodium.h>
#endif

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(*v), cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Fastest and median TSC ticks per block of batches of fills on blocks in
 * L1, for with_xor 0 and 1. */
static void kernel(blake2b_argon2_fill_fn *fill, double out[4])
{
    static struct blake2b_argon2_block blk[4];
    enum { BATCH = 200, TRIALS = 301 };
    double t[TRIALS];

    for (int i = 0; i < 4; i++)
        for (int w = 0; w < BLAKE2B_ARGON2_BLOCKWORDS; w++)
            blk[i].v[w] = (uint64_t)(i * 1000 + w) * 0x9e3779b97f4a7c15u;
    for (int x = 0; x <= 1; x++) {
        for (int k = 0; k < TRIALS; k++) {
            uint64_t c0 = bench_cycles();
            for (int i = 0; i < BATCH; i++)
                fill(&blk[(i + 2) & 3], &blk[(i + 1) & 3], &blk[i & 3], x);
            t[k] = (double)(bench_cycles() - c0) / BATCH;
        }
        qsort(t, TRIALS, sizeof(t[0]), cmp_double);
        out[2 * x] = t[0];
        out[2 * x + 1] = t[TRIALS / 2];
    }
}

/*
 * The core clock while 512-bit multiplies run: Intel lowers it for them
 * (the AVX-512 "heavy" licence), so the AVX-512 kernels' cycles are
 * counted at this clock. A chain of dependent adds as bench/clock.c's,
 * with independent vpmuludq zmm beside it (they use no port the adds
 * need). 0 where the CPU has no AVX-512F.
 */
static double heavy_clock_ghz(void)
{
#if defined(__x86_64__)
    const struct blake2b_backend *b = blake2b_backend_by_name("avx512");
    uint64_t best = UINT64_MAX;

    if (b == NULL || !blake2b_backend_cpu_can_run(b))
        return 0;
    for (int t = 0; t < 200; t++) {
        unsigned long acc = 0, one = 1, n = 20000;
        uint64_t t0 = bench_now_ns();

        __asm__ volatile("1:\n\t"
                         ".rept 20\n\t"
                         "add %[one], %[acc]\n\t"
                         "vpmuludq %%zmm1, %%zmm2, %%zmm3\n\t"
                         ".endr\n\t"
                         "sub $1, %[n]\n\t"
                         "jnz 1b"
                         : [acc] "+r"(acc), [n] "+r"(n)
                         : [one] "r"(one)
                         : "cc", "xmm3");
        t0 = bench_now_ns() - t0;
        if (t0 < best)
            best = t0;
    }
    return 20.0 * 20000 / (double)best;
#else
    return 0;
#endif
}

struct contender {
    const char *name;
    const struct blake2b_backend *b; /* NULL: libsodium */
    double *ms;
    uint8_t tag[32];
};

static const uint8_t salt[16];
static struct blake2b_argon2_params params = {
    .type = BLAKE2B_ARGON2ID, .version = 0x13, .t_cost = 3,
    .m_cost = 65536, .lanes = 1, .threads = 1, .outlen = 32,
    .pass = (const uint8_t *)"password", .passlen = 8,
    .salt = salt, .saltlen = 16,
};

static double derive(const struct contender *c,
                     struct blake2b_argon2_block *mem, uint8_t tag[32])
{
    uint64_t t0 = bench_now_ns();

    if (c->b != NULL) {
        uint8_t h0[BLAKE2B_ARGON2_H0BYTES];

        blake2b_argon2_h0(h0, &params, c->b->compress);
        blake2b_argon2_run(tag, &params, h0, mem, c->b);
    } else {
#if defined(WITH_SODIUM)
        if (crypto_pwhash(tag, 32, "password", 8, salt, params.t_cost,
                          (size_t)params.m_cost << 10,
                          crypto_pwhash_ALG_ARGON2ID13) != 0)
            exit(1);
#endif
    }
    return (double)(bench_now_ns() - t0) / 1e6;
}

int main(int argc, char **argv)
{
    int rounds = 11, kernels_only = 0, cold = 0, huge = 0, opt;
    struct contender cs[16];
    int n = 0;
    struct bench_core_clock clk;
    double heavy;
    struct blake2b_argon2_block *mem;
    const size_t bytes = (size_t)65536 * 1024;

    while ((opt = getopt(argc, argv, "r:kcHm:t:")) != -1) {
        if (opt == 'r')
            rounds = atoi(optarg);
        else if (opt == 'k')
            kernels_only = 1;
        else if (opt == 'c')
            cold = 1;
        else if (opt == 'H')
            huge = 1;
        else if (opt == 'm')
            params.m_cost = (uint32_t)atoi(optarg);
        else if (opt == 't')
            params.t_cost = (uint32_t)atoi(optarg);
    }
#if defined(WITH_SODIUM)
    if (sodium_init() < 0)
        return 1;
#endif
    for (int i = optind; i < argc && n < 16; i++) {
        cs[n].name = argv[i];
        cs[n].b = strcmp(argv[i], "sodium") == 0 ? NULL
                                                  : blake2b_backend_by_name(argv[i]);
        if (cs[n].b == NULL && strcmp(argv[i], "sodium") != 0) {
            fprintf(stderr, "no backend %s\n", argv[i]);
            return 1;
        }
        if (cs[n].b != NULL && !blake2b_backend_selftest(cs[n].b)) {
            fprintf(stderr, "%s fails its self-test\n", argv[i]);
            return 1;
        }
        cs[n].ms = calloc((size_t)rounds, sizeof(double));
        n++;
    }
    if (huge) {
        /* As a caller that asks for transparent huge pages would. */
        void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return 1;
        madvise(p, bytes, MADV_HUGEPAGE);
        mem = p;
    } else {
        mem = aligned_alloc(64, bytes);
    }
    if (cold) {
        uint8_t tag[32];
        double ms = derive(&cs[0], mem, tag);

        printf("%s cold %.1f ms tag %02x%02x%02x%02x\n", cs[0].name, ms,
               tag[0], tag[1], tag[2], tag[3]);
        return 0;
    }
    bench_core_clock(&clk);
    heavy = heavy_clock_ghz();
    printf("core %.2f GHz (%.2f GHz beside 512-bit multiplies), TSC %.2f GHz\n",
           clk.ghz, heavy, clk.counter_ghz);
    for (int i = 0; i < n; i++) {
        double k[4], ghz;

        if (cs[i].b == NULL)
            continue;
        /* The AVX-512 kernel runs at the lower clock. */
        ghz = strncmp(cs[i].name, "avx512", 6) == 0 && heavy > 0 ? heavy
                                                                 : clk.ghz;
        kernel(blake2b_backend_argon2_fill(cs[i].b), k);
        for (int j = 0; j < 4; j++)
            k[j] = k[j] / clk.counter_ghz * ghz;
        printf("%-12s kernel core cycles/block at %.2f GHz: fresh %.0f "
               "(median %.0f), xor %.0f (median %.0f)\n", cs[i].name, ghz,
               k[0], k[1], k[2], k[3]);
    }
    if (kernels_only)
        return 0;
    memset(mem, 0, bytes); /* page faults are the caller's, not timed */
    for (int r = 0; r < rounds; r++)
        for (int i = 0; i < n; i++)
            cs[i].ms[r] = derive(&cs[i], mem, cs[i].tag);
    for (int i = 0; i < n; i++) {
        double m = median(cs[i].ms, rounds);
        printf("%-12s Argon2id %u KiB t=%u p=1: median %.1f ms (min %.1f, "
               "max %.1f) of %d; %.0f core cycles/block\n", cs[i].name,
               params.m_cost, params.t_cost, m, cs[i].ms[0],
               cs[i].ms[rounds - 1], rounds,
               m * 1e6 * clk.ghz / ((double)params.t_cost * params.m_cost));
        if (memcmp(cs[i].tag, cs[0].tag, 32) != 0) {
            printf("%s: tag differs from %s's\n", cs[i].name, cs[0].name);
            return 1;
        }
    }
    return 0;
}
