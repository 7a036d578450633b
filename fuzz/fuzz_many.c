/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The many-messages scheduler: any batch of jobs (lengths, output sizes,
 * keys, messages overlapping in memory) hashed by blake2b_many, with each
 * of the lanes this build has that the CPU can run and with none (four
 * AVX2, eight AVX-512 and four AVX-512VL lanes on x86-64), must give each
 * job's digest as the generic backend gives it one job at a time; and no
 * output byte outside a job's outlen may be written.
 *
 * Input: job count, then per job: output size, key length, message length
 * (two bytes, little-endian, mod 2048), message offset (two bytes, mod
 * 1024); then the pool (the rest), repeated to fill the arena that holds
 * every message and key.
 */
#include <string.h>

#include "blake2b.h"
#include "fuzz_util.h"
#include "many.h"

enum { MAX_JOBS = 16, MAX_LEN = 2048, MAX_OFFSET = 1024, GUARD = 0x5c };

static uint8_t pool_byte(const uint8_t *pool, size_t pool_len, size_t i)
{
    return pool_len == 0 ? 0 : pool[i % pool_len];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The messages and keys come from a copy of the pool large enough
     * for every offset + length the header can ask for. */
    static uint8_t arena[MAX_OFFSET + MAX_LEN + BLAKE2B_KEYBYTES];
    static uint8_t want[MAX_JOBS][BLAKE2B_OUTBYTES];
    static uint8_t got[MAX_JOBS][BLAKE2B_OUTBYTES + 1];
    struct f_in in = { data, size };
    struct blake2b_many_job jobs[MAX_JOBS];
    const struct blake2b_lanes *lanes[8] = { NULL };
    size_t nlanes = 1; /* lanes[0]: none, one job at a time */
    size_t njobs = f_byte(&in) % (MAX_JOBS + 1), pool_len;
    const uint8_t *pool;

    for (size_t j = 0; j < njobs; j++) {
        size_t offset, len;

        jobs[j].outlen = (uint8_t)(f_byte(&in) % BLAKE2B_OUTBYTES + 1);
        jobs[j].keylen = (uint8_t)(f_byte(&in) % (BLAKE2B_KEYBYTES + 1));
        len = f_byte(&in);
        len |= (size_t)f_byte(&in) << 8;
        offset = f_byte(&in);
        offset |= (size_t)f_byte(&in) << 8;
        jobs[j].inlen = len % MAX_LEN;
        jobs[j].in = arena + offset % MAX_OFFSET;
        /* The key right after the message, in the same arena. */
        jobs[j].key = jobs[j].in + jobs[j].inlen;
    }
    pool = f_rest(&in, &pool_len);
    for (size_t i = 0; i < sizeof(arena); i++)
        arena[i] = pool_byte(pool, pool_len, i);

    /* The oracle: generic, one job at a time, through the core's own
     * init/update/final. */
    for (size_t j = 0; j < njobs; j++) {
        struct blake2b_params p;
        struct blake2b_state S;

        blake2b_params_init(&p, jobs[j].outlen);
        p.key_length = jobs[j].keylen;
        blake2b_init(&S, &p, jobs[j].key);
        blake2b_update(&S, jobs[j].in, jobs[j].inlen, blake2b_compress_generic);
        blake2b_final(&S, want[j], blake2b_compress_generic);
    }

    for (size_t i = 0; blake2b_lanes_at(i) != NULL && nlanes < 8; i++) {
        const struct blake2b_lanes *l = blake2b_lanes_at(i);

        if (l->cpu_can_run())
            lanes[nlanes++] = l;
    }
    for (size_t k = 0; k < nlanes; k++) {
        memset(got, GUARD, sizeof(got));
        for (size_t j = 0; j < njobs; j++)
            jobs[j].out = got[j];
        blake2b_many(jobs, njobs, blake2b_compress_generic, NULL, lanes[k]);
        for (size_t j = 0; j < njobs; j++) {
            if (memcmp(got[j], want[j], jobs[j].outlen) != 0)
                f_fail("job %zu of %zu (%zu bytes, outlen %u, keylen %u): "
                       "%s%s differs from one at a time", j, njobs,
                       jobs[j].inlen, jobs[j].outlen, jobs[j].keylen,
                       k == 0 ? "the fallback" : "the lanes ",
                       k == 0 ? "" : lanes[k]->name);
            for (size_t i = jobs[j].outlen; i < sizeof(got[j]); i++)
                if (got[j][i] != GUARD)
                    f_fail("job %zu: byte %zu written past outlen %u", j, i,
                           jobs[j].outlen);
        }
    }
    return 0;
}
