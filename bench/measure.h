/* SPDX-License-Identifier: Apache-2.0 */
/* Timing batches of messages, and the statistics over rounds of them. */
#ifndef BLAKE2NEON_BENCH_MEASURE_H
#define BLAKE2NEON_BENCH_MEASURE_H

#include <stddef.h>
#include <stdint.h>

#include "contenders.h"

/* One timed batch: iters messages of len bytes each. */
struct bench_sample {
    uint64_t ns;
    uint64_t cycles;   /* 0 without a cycle counter */
    uint64_t bytes;
};

/*
 * Hash the same len bytes of msg iters times, the result of each folded
 * into a sink so no work can be skipped. Returns 0 if a call failed.
 */
int bench_batch(struct bench_contender *c, const uint8_t *msg, size_t len,
                size_t iters, struct bench_sample *out);

/* Any timed batch of iters units of work; returns 0 if a call failed. */
typedef int bench_batch_fn(void *arg, size_t iters, struct bench_sample *out);

/*
 * Warm up run and return how many units make a batch of about batch_ns
 * (at least 1). Returns 0 if a call failed.
 */
size_t bench_calibrate_with(bench_batch_fn *run, void *arg, uint64_t batch_ns);

/* bench_calibrate_with for c on len-byte messages. */
size_t bench_calibrate(struct bench_contender *c, const uint8_t *msg,
                       size_t len, uint64_t batch_ns);

/* Summary of one contender at one size over all rounds. */
struct bench_summary {
    double mbps_median, mbps_p25, mbps_p75, mbps_min, mbps_max;
    double per_byte_median;  /* cycles/byte, or ns/byte without a counter */
    double ratio_to_reference; /* mbps_median / the reference's; 0 if none */
    size_t rounds;
};

void bench_summarize(const struct bench_sample *samples, size_t n,
                     struct bench_summary *out);

#endif
