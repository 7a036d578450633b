/* SPDX-License-Identifier: Apache-2.0 */
/* blake2neon_hash_many: every job checked, then the core's scheduler with
 * the chosen backend and its lanes, if it has any. */
#include "ctx.h"
#include "many.h"

/* The core's jobs, converted a few at a time so that any njobs needs no
 * allocation; the scheduler refills lanes across chunks only within one,
 * which costs a little at a chunk's end and nothing in correctness. */
enum { CHUNK = 64 };

int blake2neon_hash_many(const blake2neon_job *jobs, size_t njobs)
{
    struct blake2b_many_job core_jobs[CHUNK];
    const struct blake2b_backend *backend;
    const struct blake2b_lanes *lanes;

    if (jobs == NULL && njobs > 0)
        return BLAKE2NEON_ERR_NULL;
    for (size_t i = 0; i < njobs; i++) {
        int rc = b2n_lib_check_hash_args(jobs[i].out, jobs[i].outlen,
                                         jobs[i].in, jobs[i].inlen,
                                         jobs[i].key, jobs[i].keylen);

        if (rc != BLAKE2NEON_OK)
            return rc;
    }
    backend = b2n_lib_backend();
    if (backend == NULL)
        return BLAKE2NEON_ERR_BACKEND;
    lanes = b2n_lib_lanes();

    for (size_t done = 0; done < njobs;) {
        size_t n = njobs - done < CHUNK ? njobs - done : CHUNK;

        for (size_t i = 0; i < n; i++) {
            const blake2neon_job *job = &jobs[done + i];

            core_jobs[i].in = job->in;
            core_jobs[i].inlen = job->inlen;
            core_jobs[i].out = job->out;
            core_jobs[i].outlen = (uint8_t)job->outlen;
            core_jobs[i].keylen = (uint8_t)job->keylen;
            core_jobs[i].key = job->key;
        }
        blake2b_many(core_jobs, n, backend->compress, backend->hash_short,
                     lanes);
        done += n;
    }
    return BLAKE2NEON_OK;
}
