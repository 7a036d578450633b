/* SPDX-License-Identifier: Apache-2.0 */
#include <stdlib.h>
#include <string.h>

#include "blake2neon.h"
#include "clock.h"
#include "many_row.h"
#include "measure.h"

/* MANY_JOBS: the most messages of a case (bench_many_cases). */
enum { MANY_JOBS = 8, MANY_LEN = 1024, MANY_OUT = 64 };

struct many_setup {
    /* Each message at its own offset, not a multiple of 64 apart, as
     * independent messages would be. */
    uint8_t buffer[MANY_JOBS * (MANY_LEN + 72)];
    uint8_t out[MANY_JOBS][MANY_OUT];
    blake2neon_job jobs[MANY_JOBS];
    size_t njobs; /* of this case */
};

static volatile uint8_t sink;

/* way 0: one at a time; way 1: one blake2neon_hash_many call. */
static int hash_all(struct many_setup *m, int way)
{
    if (way == 1)
        return blake2neon_hash_many(m->jobs, m->njobs) == BLAKE2NEON_OK;
    for (size_t j = 0; j < m->njobs; j++)
        if (blake2neon_hash(m->jobs[j].out, MANY_OUT, m->jobs[j].in, MANY_LEN,
                            NULL, 0) != BLAKE2NEON_OK)
            return 0;
    return 1;
}

static int batch(struct many_setup *m, int way, size_t iters,
                 struct bench_sample *s)
{
    uint8_t acc = 0;
    uint64_t ns0 = bench_now_ns(), cy0 = bench_cycles();

    for (size_t i = 0; i < iters; i++) {
        if (!hash_all(m, way))
            return 0;
        acc ^= m->out[i % m->njobs][0];
    }
    s->cycles = bench_cycles() - cy0;
    s->ns = bench_now_ns() - ns0;
    s->bytes = (uint64_t)iters * m->njobs * MANY_LEN;
    sink ^= acc;
    return 1;
}

struct way_batch {
    struct many_setup *m;
    int way;
};

static int way_batch(void *arg, size_t iters, struct bench_sample *s)
{
    struct way_batch *w = arg;

    return batch(w->m, w->way, iters, s);
}

static size_t calibrate(struct many_setup *m, int way, uint64_t batch_ns)
{
    struct way_batch w = { m, way };

    return bench_calibrate_with(way_batch, &w, batch_ns);
}

static void print_row(FILE *f, const char *name,
                      const struct bench_summary *x)
{
    double spread = x->mbps_median > 0
                        ? 50.0 * (x->mbps_p75 - x->mbps_p25) / x->mbps_median
                        : 0;

    fprintf(f, "  %-34s %9.1f %6.1f%% %9.1f %9.3f\n", name, x->mbps_median,
            spread, x->mbps_max, x->per_byte_median);
}

/* One case: njobs messages, both ways timed in interleaved rounds, its
 * rows and summary line printed. */
static int run_case(FILE *f, struct many_setup *m, size_t njobs,
                    size_t rounds, uint64_t batch_ns)
{
    uint8_t want[MANY_JOBS][MANY_OUT];
    struct bench_sample *samples[2];
    struct bench_summary summary[2];
    size_t iters[2];
    double ratio;
    int ok = 1;

    m->njobs = njobs;
    memset(m->out, 0, sizeof(m->out));
    /* Both ways must give the same digests before either is timed. */
    if (!hash_all(m, 0))
        ok = 0;
    memcpy(want, m->out, sizeof(want));
    memset(m->out, 0, sizeof(m->out));
    if (ok && (!hash_all(m, 1) || memcmp(want, m->out, sizeof(want)) != 0)) {
        fprintf(stderr, "blake2neon-bench: blake2neon_hash_many disagrees "
                "with blake2neon_hash; not timing a wrong answer\n");
        ok = 0;
    }
    if (!ok) {
        fprintf(stderr, "blake2neon-bench: libblake2neon failed (%s)\n",
                blake2neon_backend() ? "a call failed" : "no backend");
        return 0;
    }

    samples[0] = calloc(rounds, sizeof(struct bench_sample));
    samples[1] = calloc(rounds, sizeof(struct bench_sample));
    if (samples[0] == NULL || samples[1] == NULL) {
        free(samples[0]);
        free(samples[1]);
        return 0;
    }
    iters[0] = calibrate(m, 0, batch_ns);
    iters[1] = calibrate(m, 1, batch_ns);
    ok = iters[0] > 0 && iters[1] > 0;
    for (size_t r = 0; ok && r < rounds; r++) {
        int first = (int)(r & 1); /* alternate which way runs first */

        ok = batch(m, first, iters[first], &samples[first][r])
             && batch(m, !first, iters[!first], &samples[!first][r]);
    }
    if (ok) {
        bench_summarize(samples[0], rounds, &summary[0]);
        bench_summarize(samples[1], rounds, &summary[1]);
        ratio = summary[1].mbps_median / summary[0].mbps_median;
        fprintf(f, "\nmany messages through libblake2neon %s (backend %s): "
                "%zu x %d-byte messages, %d-byte digests, %zu rounds\n",
                blake2neon_version(), blake2neon_backend(), njobs, MANY_LEN,
                MANY_OUT, rounds);
        fprintf(f, "  %-34s %9s %7s %9s %9s\n", "", "MB/s", "spread",
                "best", bench_have_cycles() ? "TSC c/B" : "ns/B");
        print_row(f, "blake2neon_hash, one at a time", &summary[0]);
        print_row(f, "blake2neon_hash_many, one call", &summary[1]);
        fprintf(f, "many: hash_many is %.2fx one at a time (%zu x %d B; "
                "medians; best rounds %.2fx)\n", ratio, njobs, MANY_LEN,
                summary[1].mbps_max / summary[0].mbps_max);
    }
    free(samples[0]);
    free(samples[1]);
    return ok;
}

int bench_many_run(FILE *f, size_t rounds, uint64_t batch_ns)
{
    static const size_t cases[BENCH_MANY_CASES] = { 4, MANY_JOBS };
    static struct many_setup m;
    int ok = 1;

    for (size_t i = 0; i < sizeof(m.buffer); i++)
        m.buffer[i] = (uint8_t)(i * 131 + (i >> 7));
    for (size_t j = 0; j < MANY_JOBS; j++)
        m.jobs[j] = (blake2neon_job){ m.buffer + j * (MANY_LEN + 72) + 8 * j,
                                      MANY_LEN, m.out[j], MANY_OUT, NULL, 0 };
    for (size_t c = 0; ok && c < BENCH_MANY_CASES; c++)
        ok = run_case(f, &m, cases[c], rounds, batch_ns);
    return ok;
}
