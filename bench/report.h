/* SPDX-License-Identifier: Apache-2.0 */
/* The benchmark's results as a plain table, CSV or JSON. */
#ifndef BLAKE2NEON_BENCH_REPORT_H
#define BLAKE2NEON_BENCH_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "measure.h"

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
};

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
