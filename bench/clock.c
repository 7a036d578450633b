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

/*
 * The add chain: ADDS_PER_PASS register-register adds, each taking the
 * previous one's result, then the loop counter (on its own register, off
 * the chain). Every core of these architectures adds registers with a
 * latency of one cycle, so a pass takes ADDS_PER_PASS core cycles. An add
 * of a register, not of an immediate: some cores fold chains of small
 * immediates at rename and would run them faster than one a cycle.
 */
#define ADDS_PER_PASS 100
#define CHAIN_PASSES 20000  /* 2M adds: about a millisecond */
#define CHAIN_TRIALS 30
#define STR_(x) #x
#define STR(x) STR_(x)

#if defined(__x86_64__) || defined(__i386__)
#define HAVE_ADD_CHAIN 1
static void add_chain(unsigned long passes)
{
    unsigned long acc = 0, one = 1;

    __asm__ volatile("1:\n\t"
                     ".rept " STR(ADDS_PER_PASS) "\n\t"
                     "add %[one], %[acc]\n\t"
                     ".endr\n\t"
                     "sub $1, %[n]\n\t"
                     "jnz 1b"
                     : [acc] "+r"(acc), [n] "+r"(passes)
                     : [one] "r"(one)
                     : "cc");
}
#elif defined(__aarch64__) || defined(__arm__)
#define HAVE_ADD_CHAIN 1
#if defined(__aarch64__)
#define BRANCH_IF_NOT_ZERO "b.ne"
#else
#define BRANCH_IF_NOT_ZERO "bne"
#endif
static void add_chain(unsigned long passes)
{
    unsigned long acc = 0, one = 1;

    __asm__ volatile("1:\n\t"
                     ".rept " STR(ADDS_PER_PASS) "\n\t"
                     "add %[acc], %[acc], %[one]\n\t"
                     ".endr\n\t"
                     "subs %[n], %[n], #1\n\t"
                     BRANCH_IF_NOT_ZERO " 1b"
                     : [acc] "+r"(acc), [n] "+r"(passes)
                     : [one] "r"(one)
                     : "cc");
}
#else
#define HAVE_ADD_CHAIN 0
#endif

int bench_have_add_chain(void)
{
    return HAVE_ADD_CHAIN;
}

const char *bench_add_chain_method(void)
{
    return HAVE_ADD_CHAIN ? "a chain of dependent register adds (one a "
                            "cycle), the fastest of " STR(CHAIN_TRIALS)
                            " runs of " STR(CHAIN_PASSES) " x "
                            STR(ADDS_PER_PASS) " adds"
                          : "";
}

void bench_core_clock(struct bench_core_clock *out)
{
    out->ghz = out->per_counter = out->counter_ghz = 0;
#if HAVE_ADD_CHAIN
    const double adds = (double)ADDS_PER_PASS * CHAIN_PASSES;
    uint64_t best_ns = UINT64_MAX, best_ticks = 0;

    /* A warm-up of 50 ms, so that the clock has ramped up from idle
     * before the first trial. */
    for (uint64_t t0 = bench_now_ns(); bench_now_ns() - t0 < 50000000;)
        add_chain(CHAIN_PASSES);
    /* The fastest run: an interruption only ever makes a run slower. */
    for (int i = 0; i < CHAIN_TRIALS; i++) {
        uint64_t ns0 = bench_now_ns(), c0 = bench_cycles();

        add_chain(CHAIN_PASSES);

        uint64_t ticks = bench_cycles() - c0, ns = bench_now_ns() - ns0;

        if (ns > 0 && ns < best_ns) {
            best_ns = ns;
            best_ticks = ticks;
        }
    }
    if (best_ns == UINT64_MAX)
        return;
    out->ghz = adds / (double)best_ns;
    if (bench_have_cycles() && best_ticks > 0) {
        out->per_counter = adds / (double)best_ticks;
        out->counter_ghz = (double)best_ticks / (double)best_ns;
    }
#endif
}
