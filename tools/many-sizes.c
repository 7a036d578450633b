/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libblake2neon's blake2neon_hash_many against blake2neon_hash one at a
 * time, across message sizes, 4, 8 and 16 messages a batch (64-byte
 * digests, unkeyed), x86-64. Each of 201 rounds times 20 batches of each way,
 * alternated; prints TSC cycles per batch (median) and the ratio of the
 * medians and of the fastest rounds:
 *
 *   cc -O2 -Iinclude tools/many-sizes.c -Lbuild/lib -lblake2neon \
 *       -Wl,-rpath,$PWD/build/lib -o /tmp/many-sizes && /tmp/many-sizes
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "blake2neon.h"

enum { MAX_JOBS = 16, MAX_LEN = 4096, ROUNDS = 201, BATCHES = 20 };

static unsigned char msg[MAX_JOBS][MAX_LEN], out[MAX_JOBS][64];

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return (x > y) - (x < y);
}

static uint64_t one_at_a_time(size_t njobs, size_t len)
{
    uint64_t t0 = __rdtsc();

    for (int k = 0; k < BATCHES; k++)
        for (size_t j = 0; j < njobs; j++)
            if (blake2neon_hash(out[j], 64, msg[j], len, NULL, 0) != 0)
                exit(1);
    return __rdtsc() - t0;
}

static uint64_t in_one_call(const blake2neon_job *jobs, size_t njobs)
{
    uint64_t t0 = __rdtsc();

    for (int k = 0; k < BATCHES; k++)
        if (blake2neon_hash_many(jobs, njobs) != 0)
            exit(1);
    return __rdtsc() - t0;
}

int main(void)
{
    static const size_t lens[] = { 16, 64, 128, 129, 256, 512, 1024, 4096 };
    static const size_t batch[] = { 4, 8, MAX_JOBS };
    blake2neon_job jobs[MAX_JOBS];
    uint64_t one[ROUNDS], many[ROUNDS];

    memset(msg, 0x61, sizeof(msg));
    printf("backend %s; TSC cycles per batch, medians of %d rounds\n",
           blake2neon_backend(), ROUNDS);
    for (size_t s = 0; s < sizeof(lens) / sizeof(lens[0]); s++) {
        for (size_t b = 0; b < sizeof(batch) / sizeof(batch[0]); b++) {
            size_t n = batch[b];

            for (size_t j = 0; j < n; j++)
                jobs[j] = (blake2neon_job){ msg[j], lens[s], out[j], 64,
                                            NULL, 0 };
            for (int r = 0; r < ROUNDS; r++) {
                one[r] = one_at_a_time(n, lens[s]);
                many[r] = in_one_call(jobs, n);
            }
            qsort(one, ROUNDS, sizeof(one[0]), by_value);
            qsort(many, ROUNDS, sizeof(many[0]), by_value);
            printf("%5zu B x %2zu: one at a time %8.0f, one call %8.0f: "
                   "%.2fx (fastest rounds %.2fx)\n",
                   lens[s], n, one[ROUNDS / 2] / (double)BATCHES,
                   many[ROUNDS / 2] / (double)BATCHES,
                   (double)one[ROUNDS / 2] / (double)many[ROUNDS / 2],
                   (double)one[0] / (double)many[0]);
        }
    }
    return 0;
}
