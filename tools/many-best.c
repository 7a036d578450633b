/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2b_many alone (no library, no argument checks), x86-64: 4 to 8, 12
 * and 16 messages of 1 KiB through each lanes of this build that the CPU runs
 * (four AVX2, eight AVX-512, four AVX-512VL in ymm; the eight also with
 * each four-lane kind as their narrower, for the last messages of a
 * batch) against the same messages one at a time on
 * the best single-message backend the CPU runs (avx512-ror, else avx2),
 * and each lane-parallel compress alone against as many blocks of that
 * backend's single compress; each the fastest of many calls, in TSC
 * cycles (what a call costs left alone on a shared machine: see
 * tools/compress-best.sh on why the fastest call).
 *
 *   cc -O2 -Icore tools/many-best.c build/core/libblake2b_many.a \
 *       build/core/libblake2b_core.a -o /tmp/many-best && /tmp/many-best
 */
#include <stdio.h>
#include <string.h>
#include <x86intrin.h>

#include "backend.h"
#include "many.h"

enum { LEN = 1024, MAX_JOBS = 16, CALLS = 20000 };

static uint8_t msg[MAX_JOBS][LEN + 64], out[MAX_JOBS][64];
static struct blake2b_many_job jobs[MAX_JOBS];
static struct blake2b_state states[BLAKE2B_MAX_LANES];
static size_t njobs;
static const struct blake2b_backend *one;
static const struct blake2b_lanes *lanes;

static uint64_t fastest(void (*f)(void))
{
    uint64_t best = UINT64_MAX;

    for (int i = 0; i < CALLS; i++) {
        uint64_t t0 = __rdtsc();

        f();
        t0 = __rdtsc() - t0;
        if (t0 < best)
            best = t0;
    }
    return best;
}

static void one_at_a_time(void)
{
    blake2b_many(jobs, njobs, one->compress, one->hash_short, NULL);
}

static void many(void)
{
    blake2b_many(jobs, njobs, one->compress, one->hash_short, lanes);
}

static void single_blocks(void)
{
    for (unsigned int j = 0; j < lanes->count; j++)
        one->compress(&states[j], msg[j], 1, 128);
}

static void one_lanes_compress(void)
{
    struct blake2b_state *S[BLAKE2B_MAX_LANES];
    const uint8_t *b[BLAKE2B_MAX_LANES];

    for (unsigned int j = 0; j < lanes->count; j++) {
        S[j] = &states[j];
        b[j] = msg[j];
    }
    lanes->compress(S, b);
}

int main(void)
{
    static const char *const names[] = { "avx2", "avx512", "avx512-ymm" };
    static const char *const narrow_names[] = { "avx2", "avx512-ymm" };
    /* Equal lengths: 5 to 8 end together and never reach the narrower;
     * 12 leaves four for it after the first eight. */
    static const size_t counts[] = { 4, 5, 6, 7, 8, 12, MAX_JOBS };
    const struct blake2b_lanes *wide = blake2b_lanes_by_name("avx512");

    one = blake2b_backend_by_name("avx512-ror");
    if (one == NULL || !blake2b_backend_cpu_can_run(one))
        one = blake2b_backend_by_name("avx2");
    if (one == NULL || !blake2b_backend_cpu_can_run(one)) {
        fprintf(stderr, "many-best: this CPU has no AVX2\n");
        return 77;
    }
    memset(msg, 0x5a, sizeof(msg));
    for (size_t j = 0; j < MAX_JOBS; j++)
        jobs[j] = (struct blake2b_many_job){ msg[j] + j, LEN, out[j], 64, 0,
                                             NULL };
    printf("one at a time: backend %s; fastest of %d calls, TSC cycles\n",
           one->name, CALLS);
    for (size_t n = 0; n < sizeof(counts) / sizeof(counts[0]); n++) {
        uint64_t alone;

        njobs = counts[n];
        alone = fastest(one_at_a_time);
        for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
            uint64_t lanes_cycles;

            lanes = blake2b_lanes_by_name(names[i]);
            if (lanes == NULL || !lanes->cpu_can_run())
                continue;
            lanes_cycles = fastest(many);
            printf("%2zu x %d B: one at a time %7llu, lanes %-10s (%u) %7llu: "
                   "%.2fx\n", njobs, LEN, (unsigned long long)alone,
                   lanes->name, lanes->count,
                   (unsigned long long)lanes_cycles,
                   (double)alone / (double)lanes_cycles);
        }
        /* The eight lanes with each narrower, whatever the table pairs. */
        for (size_t i = 0; i < sizeof(narrow_names) / sizeof(narrow_names[0])
                           && wide != NULL && wide->cpu_can_run();
             i++) {
            struct blake2b_lanes paired = *wide;
            uint64_t lanes_cycles;

            paired.narrower = blake2b_lanes_by_name(narrow_names[i]);
            if (paired.narrower == NULL || !paired.narrower->cpu_can_run())
                continue;
            lanes = &paired;
            lanes_cycles = fastest(many);
            printf("%2zu x %d B: one at a time %7llu, lanes avx512 then %-10s "
                   "%7llu: %.2fx\n", njobs, LEN, (unsigned long long)alone,
                   paired.narrower->name, (unsigned long long)lanes_cycles,
                   (double)alone / (double)lanes_cycles);
        }
    }
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        uint64_t single, parallel;

        lanes = blake2b_lanes_by_name(names[i]);
        if (lanes == NULL || !lanes->cpu_can_run())
            continue;
        single = fastest(single_blocks);
        parallel = fastest(one_lanes_compress);
        printf("%u blocks: %u single compress %llu, one %s lanes compress "
               "%llu: %.2fx\n", lanes->count, lanes->count,
               (unsigned long long)single, lanes->name,
               (unsigned long long)parallel,
               (double)single / (double)parallel);
    }
    return 0;
}
