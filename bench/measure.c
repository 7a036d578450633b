/* SPDX-License-Identifier: Apache-2.0 */
#include <stdint.h>
#include <stdlib.h>

#include "clock.h"
#include "measure.h"

/* Where every digest ends up, so the compiler cannot drop a call. */
static volatile uint8_t sink;

int bench_batch(struct bench_contender *c, const uint8_t *msg, size_t len,
                size_t iters, struct bench_sample *out)
{
    uint8_t digest[BENCH_DIGEST_BYTES];
    uint8_t acc = 0;
    uint64_t ns0, cy0;

    ns0 = bench_now_ns();
    cy0 = bench_cycles();
    for (size_t i = 0; i < iters; i++) {
        if (!bench_hash(c, msg, len, digest))
            return 0;
        acc ^= digest[0];
    }
    out->cycles = bench_cycles() - cy0;
    out->ns = bench_now_ns() - ns0;
    out->bytes = (uint64_t)len * iters;
    sink ^= acc;
    return 1;
}

size_t bench_calibrate_with(bench_batch_fn *run, void *arg, uint64_t batch_ns)
{
    struct bench_sample s;
    size_t iters = 1;

    /* Double until a batch takes a quarter of the target: that is the
     * warm-up too (caches, branch predictors, the CPU's clock ramping up). */
    for (;;) {
        if (!run(arg, iters, &s))
            return 0;
        if (s.ns >= batch_ns / 4 || iters >= SIZE_MAX / 4)
            break;
        iters *= 2;
    }
    /* One more at the projected size, so warm-up lasts a full batch. */
    iters = (size_t)((double)iters * (double)batch_ns / (double)(s.ns + 1));
    if (iters == 0)
        iters = 1;
    if (!run(arg, iters, &s))
        return 0;
    return iters;
}

struct contender_batch {
    struct bench_contender *c;
    const uint8_t *msg;
    size_t len;
};

static int contender_batch(void *arg, size_t iters, struct bench_sample *out)
{
    struct contender_batch *b = arg;

    return bench_batch(b->c, b->msg, b->len, iters, out);
}

size_t bench_calibrate(struct bench_contender *c, const uint8_t *msg,
                       size_t len, uint64_t batch_ns)
{
    struct contender_batch b = { c, msg, len };

    return bench_calibrate_with(contender_batch, &b, batch_ns);
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* Quantile q of sorted v[0..n-1], interpolating between neighbours. */
static double quantile(const double *v, size_t n, double q)
{
    double pos = q * (double)(n - 1);
    size_t i = (size_t)pos;
    double frac = pos - (double)i;

    if (i + 1 >= n)
        return v[n - 1];
    return v[i] + (v[i + 1] - v[i]) * frac;
}

void bench_summarize(const struct bench_sample *samples, size_t n,
                     struct bench_summary *out)
{
    double *mbps = calloc(n ? n : 1, sizeof(double));
    double *per_byte = calloc(n ? n : 1, sizeof(double));

    out->rounds = n;
    out->ratio_to_reference = 0;
    if (n == 0 || mbps == NULL || per_byte == NULL) {
        out->mbps_median = out->mbps_p25 = out->mbps_p75 = 0;
        out->mbps_min = out->mbps_max = out->per_byte_median = 0;
        free(mbps);
        free(per_byte);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        double bytes = (double)samples[i].bytes;

        /* bytes per ns * 1000 = 10^6 bytes per second */
        mbps[i] = bytes * 1000.0 / (double)(samples[i].ns ? samples[i].ns : 1);
        per_byte[i] = (bench_have_cycles() ? (double)samples[i].cycles
                                           : (double)samples[i].ns) / bytes;
    }
    qsort(mbps, n, sizeof(double), compare_doubles);
    qsort(per_byte, n, sizeof(double), compare_doubles);
    out->mbps_median = quantile(mbps, n, 0.5);
    out->mbps_p25 = quantile(mbps, n, 0.25);
    out->mbps_p75 = quantile(mbps, n, 0.75);
    out->mbps_min = mbps[0];
    out->mbps_max = mbps[n - 1];
    out->per_byte_median = quantile(per_byte, n, 0.5);
    free(mbps);
    free(per_byte);
}
