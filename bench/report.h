/* SPDX-License-Identifier: Apache-2.0 */
/* The benchmark's results as a plain table, CSV or JSON. */
#ifndef BLAKE2NEON_BENCH_REPORT_H
#define BLAKE2NEON_BENCH_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "clock.h"
#include "measure.h"

/*
 * The latency bound: a message is one chain of dependent operations, 12
 * one-cycle operations per G step from b to b, two steps a round on the
 * chain, 12 rounds: 288 core cycles per 128-byte block compressed. It
 * holds where 64-bit add, xor and rotate take one cycle each: x86-64
 * (docs/performance.md, "The latency bound").
 */
#define BENCH_BOUND_CYCLES_PER_BLOCK 288

/* 1 if this build's architecture has the bound above. */
int bench_have_bound(void);

/* The bound for a len-byte message in core cycles per byte: it compresses
 * max(1, ceil(len / 128)) blocks. 0 where there is no bound. */
double bench_bound_per_byte(size_t len);

struct bench_meta {
    const char *cpu;
    const char *compiler;   /* that built this benchmark and the module */
    const char *openssl;
    const char *sodium;     /* NULL when not in the race */
    const char *date;
    const char *command;
    const char *per_byte_unit; /* "TSC cycles/B", or "ns/B" without a
                                * cycle counter */
    size_t rounds;
    double batch_ms;
    /* The core clock, measured before and after the rounds (all zero
     * without an add chain), and how. */
    struct bench_core_clock clock_before, clock_after;
    const char *clock_method;
};

/* summary[s * ncontenders + c] is contender c at sizes[s]. */
struct bench_results {
    const size_t *sizes;
    size_t nsizes;
    const char *const *contenders;
    size_t ncontenders;
    /* backends[c]: the blake2neon backend contender c forces, NULL for
     * the automatic choice, another build raced with --against, and
     * contenders other than blake2neon: the verdict ranks the others. */
    const char *const *backends;
    const char *auto_backend; /* what the automatic choice took */
    size_t auto_index;        /* its contender; ncontenders if none */
    const struct bench_summary *summary;
    /* Core cycles per unit of per_byte_median (a TSC tick, or a ns): the
     * faster of the clock before and after. 0 when not measured. */
    double core_per_unit;
};

/* Contender c at sizes[s] in core cycles per byte, and its fraction of
 * the bound (bound / core c/B); 0 where not known. */
double bench_core_per_byte(const struct bench_results *r, size_t s, size_t c);
double bench_fraction_of_bound(const struct bench_results *r, size_t s,
                               size_t c);

void bench_report_table(FILE *f, const struct bench_meta *m,
                        const struct bench_results *r);
/*
 * One line, "verdict: ...": the backend the automatic choice took, the
 * fastest backend at each size and its lead over the next, and how far
 * the automatic row is from the fastest, for users to report.
 */
void bench_report_verdict(FILE *f, const struct bench_results *r);
void bench_report_csv(FILE *f, const struct bench_meta *m,
                      const struct bench_results *r);
void bench_report_json(FILE *f, const struct bench_meta *m,
                       const struct bench_results *r);

#endif
