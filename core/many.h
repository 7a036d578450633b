/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Many independent messages in one call, several compressed side by side
 * by a lane-parallel compress (the second seam, beside
 * blake2b_compress_fn). Used by the library only: the provider hashes one
 * message at a time and never links this.
 */
#ifndef BLAKE2NEON_CORE_MANY_H
#define BLAKE2NEON_CORE_MANY_H

#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "blake2b.h"

enum { BLAKE2B_LANES = 4 };

/*
 * Compress one 128-byte block for each of BLAKE2B_LANES states: block[i]
 * (any alignment) into S[i]. The counter t and the flags f of each state
 * already hold this block's values (the scheduler adds and sets them);
 * only h changes. The states are distinct; a lane without work gets a
 * scratch state whose result nobody reads.
 */
typedef void blake2b_compress4_fn(struct blake2b_state *const S[BLAKE2B_LANES],
                                  const uint8_t *const block[BLAKE2B_LANES]);

/* One message: out (outlen 1..64 bytes) = BLAKE2b of in, keyed with key
 * when keylen (0..64) > 0. */
struct blake2b_many_job {
    const uint8_t *in;
    size_t inlen;
    uint8_t *out;
    uint8_t outlen;
    uint8_t keylen;
    const uint8_t *key;
};

/*
 * Hash every job; the jobs must have been checked (lengths in range,
 * pointers non-NULL where data is). With compress4, messages run in
 * lanes, a lane refilled with the next job as soon as its message ends;
 * the last one left alone finishes on compress. Without compress4 (NULL),
 * each job is hashed on its own by blake2b_hash with compress and
 * hash_short (NULL: none): the fallback of every backend that has no
 * lane-parallel compress. An output is written once
 * its own message is done, while others may still be read.
 */
void blake2b_many(const struct blake2b_many_job *jobs, size_t njobs,
                  blake2b_compress_fn *compress,
                  blake2b_hash_short_fn *hash_short,
                  blake2b_compress4_fn *compress4);

/*
 * The lane-parallel compress to use beside backend, or NULL for the
 * one-at-a-time fallback; automatic: backend is the automatic choice, not
 * one the user named. Checked against one-at-a-time hashing on generic
 * first (a wrong one gives NULL, as a failed self-test of a backend does).
 */
blake2b_compress4_fn *blake2b_compress4_for(const struct blake2b_backend *backend,
                                            int automatic);

/* 1 if compress4 gives, through blake2b_many, the digests of one-at-a-time
 * hashing with generic on a fixed set of jobs (keyed and not, lengths
 * across block boundaries, more jobs than lanes). */
int blake2b_compress4_selftest(blake2b_compress4_fn *compress4);

#if defined(BLAKE2B_BUILDS_X86_ASM)
blake2b_compress4_fn blake2b_compress4_avx2;
#endif

#endif
