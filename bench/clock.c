/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
#include <time.h>

#include "clock.h"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

uint64_t bench_now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * x86: the time-stamp counter. On every CPU of the last 15 years it ticks at
 * a constant rate (the nominal clock) whatever the core's actual clock, so
 * "TSC cycles" are not core cycles under turbo, but they are stable and
 * comparable between contenders on one machine.
 * Elsewhere there is no cheap, user-readable cycle counter (AArch64's
 * cntvct_el0 ticks at a fixed, much lower rate), so only ns are reported.
 */
int bench_have_cycles(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return 1;
#else
    return 0;
#endif
}

uint64_t bench_cycles(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return __rdtsc();
#else
    return 0;
#endif
}

const char *bench_cycles_name(void)
{
    return bench_have_cycles() ? "TSC cycles" : "";
}
