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

enum { BLAKE2B_MAX_LANES = 8 };

/*
 * Compress one 128-byte block for each of the lanes' count states:
 * block[i] (any alignment) into S[i]. The counter t and the flags f of
 * each state already hold this block's values (the scheduler adds and sets
 * them); only h changes. The busy lanes' states are distinct; lanes
 * without work may all get one scratch state, written and never read.
 */
typedef void blake2b_compress_lanes_fn(struct blake2b_state *const S[],
                                       const uint8_t *const block[]);

/* A lane-parallel compress and what it needs. */
struct blake2b_lanes {
    const char *name;   /* "avx2": 4 ymm lanes; "avx512": 8 zmm lanes;
                         * "avx512-ymm": 4 ymm lanes, AVX-512VL */
    unsigned int count; /* lanes, 2..BLAKE2B_MAX_LANES */
    blake2b_compress_lanes_fn *compress;
    int (*cpu_can_run)(void);
    /* Fewer lanes, for when no more messages are left than they hold: a
     * wide compress with lanes idle costs what a full one does. They run
     * wherever these do; NULL: none. */
    const struct blake2b_lanes *narrower;
};

/* Every lanes of this build in turn; NULL past the end. */
const struct blake2b_lanes *blake2b_lanes_at(size_t index);

/* The lanes called name in this build, or NULL. */
const struct blake2b_lanes *blake2b_lanes_by_name(const char *name);

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
 * pointers non-NULL where data is). With lanes, messages run in
 * lanes->count lanes, a lane refilled with the next job as soon as its
 * message ends; the last one left alone finishes on compress. Without
 * lanes (NULL),
 * each job is hashed on its own by blake2b_hash with compress and
 * hash_short (NULL: none): the fallback of every backend that has no
 * lane-parallel compress. An output is written once
 * its own message is done, while others may still be read.
 */
void blake2b_many(const struct blake2b_many_job *jobs, size_t njobs,
                  blake2b_compress_fn *compress,
                  blake2b_hash_short_fn *hash_short,
                  const struct blake2b_lanes *lanes);

/*
 * The lanes to use beside backend, or NULL for the one-at-a-time
 * fallback; automatic: backend is the automatic choice, not one the user
 * named. A named backend brings its own lanes (backend.h); the automatic
 * choice takes them from the x86-64 rule's row for this CPU. Checked
 * against one-at-a-time hashing on generic first (wrong lanes give NULL,
 * as a failed self-test of a backend does).
 */
const struct blake2b_lanes *blake2b_lanes_for(const struct blake2b_backend *backend,
                                              int automatic);

#if defined(__x86_64__)
/* The lanes' name for backend as the automatic choice on a CPU of row's
 * kind: the row's lanes, unless backend is not the row's backend (generic
 * standing in for one that failed its self-test keeps its own). */
const char *blake2b_lanes_name_auto(const struct blake2b_backend *backend,
                                    const struct blake2b_x86_row *row);
#endif

/* 1 if lanes give, through blake2b_many, the digests of one-at-a-time
 * hashing with generic on a fixed set of jobs (keyed and not, lengths
 * across block boundaries, more jobs than BLAKE2B_MAX_LANES). */
int blake2b_lanes_selftest(const struct blake2b_lanes *lanes);

#if defined(BLAKE2B_BUILDS_X86_ASM)
blake2b_compress_lanes_fn blake2b_compress4_avx2;   /* 4 lanes, AVX2 */
blake2b_compress_lanes_fn blake2b_compress8_avx512; /* 8 lanes, AVX-512F */
blake2b_compress_lanes_fn blake2b_compress4_avx512; /* 4 lanes, AVX-512VL */
#endif

#endif
