/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The many-messages row: four 1 KiB messages through libblake2neon's
 * blake2neon_hash_many against the same four through blake2neon_hash one
 * at a time, in one run, on one clock.
 */
#ifndef BLAKE2NEON_BENCH_MANY_ROW_H
#define BLAKE2NEON_BENCH_MANY_ROW_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Time both ways in rounds interleaved (alternating which goes first),
 * batches of about batch_ns each, and print the two rows and their ratio
 * to f. The library uses the backend BLAKE2NEON_BACKEND names, else its
 * automatic choice (once per process: the forced rows of the EVP table
 * do not apply here). Returns 0 if a call failed or the two disagree.
 */
int bench_many_run(FILE *f, size_t rounds, uint64_t batch_ns);

#endif
