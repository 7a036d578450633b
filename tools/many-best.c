/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2b_many alone (no library, no argument checks), x86-64: four 1 KiB
 * messages through the AVX2 lanes against the same four one at a time on
 * the avx2 backend, and the lane-parallel compress alone against four
 * blocks of the single one; each the fastest of many calls, in TSC cycles
 * (what a call costs left alone on a shared machine: see
 * tools/compress-best.sh on why the fastest call).
 *
 *   cc -O2 -Icore tools/many-best.c build/core/libblake2b_many.a \
 *       build/core/libblake2b_core.a -o /tmp/many-best && /tmp/many-best
 */
#include <stdio.h>
#include <string.h>
#include <x86intrin.h>

#include "many.h"

enum { LEN = 1024, CALLS = 20000 };

static uint8_t msg[4][LEN + 64], out[4][64];
static struct blake2b_many_job jobs[4];
static struct blake2b_state lanes[4];

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
    for (int j = 0; j < 4; j++) {
        struct blake2b_state S;

        blake2b_init_unkeyed(&S, 64);
        blake2b_update(&S, msg[j], LEN, blake2b_compress_avx2);
        blake2b_final(&S, out[j], blake2b_compress_avx2);
    }
}

static void many(void)
{
    blake2b_many(jobs, 4, blake2b_compress_avx2, NULL,
                 blake2b_compress4_avx2);
}

static void four_single_blocks(void)
{
    for (int j = 0; j < 4; j++)
        blake2b_compress_avx2(&lanes[j], msg[j], 1, 128);
}

static void one_compress4(void)
{
    struct blake2b_state *S[4] = { &lanes[0], &lanes[1], &lanes[2],
                                   &lanes[3] };
    const uint8_t *b[4] = { msg[0], msg[1], msg[2], msg[3] };

    blake2b_compress4_avx2(S, b);
}

int main(void)
{
    uint64_t one, lanes4, single4, c4;

    memset(msg, 0x5a, sizeof(msg));
    for (int j = 0; j < 4; j++)
        jobs[j] = (struct blake2b_many_job){ msg[j], LEN, out[j], 64, 0,
                                             NULL };
    one = fastest(one_at_a_time);
    lanes4 = fastest(many);
    single4 = fastest(four_single_blocks);
    c4 = fastest(one_compress4);
    printf("4 x %d B: one at a time %llu, blake2b_many %llu TSC cycles: "
           "%.2fx\n", LEN, (unsigned long long)one,
           (unsigned long long)lanes4, (double)one / (double)lanes4);
    printf("4 blocks: 4 single compress %llu, one compress4 %llu TSC "
           "cycles: %.2fx\n", (unsigned long long)single4,
           (unsigned long long)c4, (double)single4 / (double)c4);
    return 0;
}
