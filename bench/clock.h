/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Timers for the benchmark: wall-clock nanoseconds everywhere, plus a
 * cycle counter where the CPU has one that user code can read cheaply.
 */
#ifndef BLAKE2NEON_BENCH_CLOCK_H
#define BLAKE2NEON_BENCH_CLOCK_H

#include <stdint.h>

/* Monotonic nanoseconds. */
uint64_t bench_now_ns(void);

/* 1 if bench_cycles() counts something like cycles on this build. */
int bench_have_cycles(void);

/* The cycle counter (0 when there is none). */
uint64_t bench_cycles(void);

/* What bench_cycles() counts, for reports: "TSC cycles" or "". */
const char *bench_cycles_name(void);

#endif
