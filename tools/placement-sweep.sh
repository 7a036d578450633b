#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Does where things sit in memory change the speed of a compress backend?
# Sweeps, one at a time, the offset within a 4 KiB page of the stack frame
# the backend runs in, of the state (h, t, f) and of the message, in steps
# of 64 bytes, the other two fixed; per placement, the best of 7 timings of
# 16 KiB (or SIZE) through the backend; prints the spread over placements.
# A placement effect (e.g. 4 KiB aliasing of stack stores with state or
# message loads) shows as a few slow offsets; noise as scattered ones, so
# slow offsets are timed again and reported only if they stay slow.
#
#   tools/placement-sweep.sh [BACKEND [SIZE]]   (BACKEND: generic, avx2...)
#   e.g. tools/placement-sweep.sh avx2 128      (results: docs/performance.md, "Short messages")
#
# x86-64 only (it links the x86 backends, as backends.c lists them for
# that target). Builds the core alone with gcc -O2 in a temporary
# directory; measures the machine it runs on (a measurement, not a model).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
# The compiler's target decides, as in core/CMakeLists.txt, not uname.
case $(gcc -dumpmachine) in
x86_64-*) ;;
*) echo "placement-sweep.sh: x86-64 only; gcc targets $(gcc -dumpmachine)" >&2; exit 2 ;;
esac
backend=${1:-generic}
size=${2:-16384}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/sweep.c" <<'EOF'
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "backend.h"

enum { PAGE = 4096, STEP = 64, REPS = 7 };

static const struct blake2b_backend *be;
static struct blake2b_state *S;
static const uint8_t *msg;
static size_t nblocks;

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Best of REPS timings, ns per byte, run in a frame pad bytes deeper. */
static __attribute__((noinline)) double timed(void)
{
    double best = 1e30;
    for (int r = 0; r < REPS; r++) {
        double t0 = now_ns();
        for (int i = 0; i < 16; i++)
            be->compress(S, msg, nblocks, 128);
        double t = (now_ns() - t0) / (16.0 * nblocks * 128);
        if (t < best)
            best = t;
    }
    return best;
}

static __attribute__((noinline)) double at_depth(size_t pad)
{
    volatile char frame[pad + 1];
    frame[0] = 0;
    double t = timed();
    frame[pad] = 1;
    return t;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* which: 0 stack, 1 state, 2 message. */
static void sweep(const char *name, int which, uint8_t *state_page,
                  uint8_t *msg_page)
{
    enum { N = PAGE / STEP };
    double t[N], sorted[N];
    for (int k = 0; k < N; k++) {
        size_t off = (size_t)k * STEP;
        S = (struct blake2b_state *)(state_page + (which == 1 ? off : 256));
        msg = msg_page + (which == 2 ? off : 0);
        memset(S, 0, sizeof(*S));
        t[k] = at_depth(which == 0 ? off : 0);
    }
    /* Slow outliers again: noise rarely repeats, placement always does. */
    memcpy(sorted, t, sizeof(t));
    qsort(sorted, N, sizeof(double), cmp);
    double med = sorted[N / 2];
    int slow = 0;
    for (int k = 0; k < N; k++) {
        if (t[k] <= med * 1.03)
            continue;
        size_t off = (size_t)k * STEP;
        S = (struct blake2b_state *)(state_page + (which == 1 ? off : 256));
        msg = msg_page + (which == 2 ? off : 0);
        double again = at_depth(which == 0 ? off : 0);
        if (again > med * 1.03) {
            printf("  %s offset %4zu: %.3f ns/B, again %.3f (median %.3f, +%.0f%%)\n",
                   name, off, t[k], again, med, 100 * (again / med - 1));
            slow++;
        }
    }
    printf("%-8s %d offsets: min %.3f median %.3f max %.3f ns/B; "
           "%d stay more than 3%% slower\n", name, N, sorted[0], med,
           sorted[N - 1], slow);
}

int main(int argc, char **argv)
{
    be = blake2b_backend_by_name(argc > 1 ? argv[1] : "generic");
    if (be == NULL || !blake2b_backend_cpu_can_run(be))
        return 2;
    nblocks = (argc > 2 ? (size_t)atol(argv[2]) : 16384) / 128;
    uint8_t *state_page = aligned_alloc(PAGE, 2 * PAGE);
    uint8_t *msg_page = aligned_alloc(PAGE, nblocks * 128 + 2 * PAGE);
    for (size_t i = 0; i < nblocks * 128 + 2 * PAGE; i++)
        msg_page[i] = (uint8_t)(i * 131);
    S = (struct blake2b_state *)state_page;
    msg = msg_page;
    timed(); /* warm up */
    printf("backend %s, %zu-byte messages, best of %d x 16 per placement\n",
           be->name, nblocks * 128, REPS);
    sweep("stack", 0, state_page, msg_page);
    sweep("state", 1, state_page, msg_page);
    sweep("message", 2, state_page, msg_page);
    return 0;
}
EOF

srcs=("$repo"/core/{backends,cpu_features,compress_generic,blake2b,selftest}.c)
gcc -O2 -mavx2 -c "$repo/core/x86/compress_avx2.c" -I"$repo/core" -o "$work/avx2.o"
gcc -c "$repo/core/x86/compress_avx512.S" -I"$repo/core" -o "$work/avx512.o"
# The flags core/CMakeLists.txt gives compress_generic.c under gcc on
# x86-64.
generic_flags=(-O2 -std=c11 -fschedule-insns -fsched-pressure -fira-loop-pressure)
gcc "${generic_flags[@]}" -I"$repo/core" "$work/sweep.c" "${srcs[@]}" \
    "$work/avx2.o" "$work/avx512.o" -o "$work/sweep"
"$work/sweep" "$backend" "$size"
