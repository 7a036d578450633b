/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Timers for the benchmark: wall-clock nanoseconds everywhere, a cycle
 * counter where the CPU has one that user code can read cheaply, and the
 * core's own clock, measured by timing a chain of dependent adds.
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

/* The core clock over one measurement. */
struct bench_core_clock {
    double ghz;          /* core cycles per ns; 0 if not measured */
    double per_counter;  /* core cycles per bench_cycles() tick; 0 without
                          * a cycle counter */
    double counter_ghz;  /* bench_cycles() ticks per ns; 0 likewise */
};

/* 1 if this build has the add chain that bench_core_clock() times. */
int bench_have_add_chain(void);

/* How the core clock is measured, for reports. */
const char *bench_add_chain_method(void);

/*
 * Measure the core clock: the fastest of several short runs of a chain of
 * dependent register adds, one add per core cycle. Fills *out with zeros
 * where there is no such chain. A few tens of milliseconds.
 */
void bench_core_clock(struct bench_core_clock *out);

#endif
