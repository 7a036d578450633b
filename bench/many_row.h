/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The many-messages rows: four, then eight 1 KiB messages through
 * libblake2neon's blake2neon_hash_many against the same messages through
 * blake2neon_hash one at a time, in one run, on one clock (four fill four
 * lanes, AVX2 or, on an AVX-512 CPU, AVX-512VL in ymm; eight the AVX-512
 * ones).
 */
#ifndef BLAKE2NEON_BENCH_MANY_ROW_H
#define BLAKE2NEON_BENCH_MANY_ROW_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Cases (message counts), each timed both ways. */
enum { BENCH_MANY_CASES = 2 };

/*
 * For each case, time both ways in rounds interleaved (alternating which
 * goes first), batches of about batch_ns each, and print the two rows and
 * their ratio to f. The library uses the backend BLAKE2NEON_BACKEND
 * names, else its automatic choice (once per process: the forced rows of
 * the EVP table do not apply here), and the lanes that go with it.
 * Returns 0 if a call failed or the two disagree.
 */
int bench_many_run(FILE *f, size_t rounds, uint64_t batch_ns);

#endif
