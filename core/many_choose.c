/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Which lanes go with a backend, and their check. The check runs once,
 * when the library chooses its backend: lanes that disagree with
 * one-at-a-time hashing are not used. Through blake2b_many it covers
 * the narrower lanes too, which finish the last messages.
 */
#include <string.h>

#include "cpu_features.h"
#include "many.h"

int blake2b_lanes_selftest(const struct blake2b_lanes *lanes)
{
    /* Lengths around block boundaries, keyed and not, empty included;
     * more jobs than the most lanes, so that every lane is refilled, and
     * lengths mixed so that lanes end at different blocks. */
    static const struct {
        uint16_t inlen;
        uint8_t outlen, keylen;
    } spec[] = {
        { 0, 64, 0 },    { 0, 32, 64 },   { 1, 20, 0 },   { 127, 64, 1 },
        { 128, 48, 0 },  { 129, 64, 32 }, { 256, 1, 0 },  { 300, 64, 17 },
        { 1000, 33, 0 }, { 640, 64, 64 }, { 255, 64, 0 }, { 257, 16, 8 },
        { 384, 64, 0 },  { 2, 64, 64 },   { 900, 28, 0 }, { 512, 64, 3 },
        { 128, 64, 64 }, { 1023, 40, 0 }, { 64, 64, 0 },  { 769, 64, 48 },
    };
    enum { NJOBS = sizeof(spec) / sizeof(spec[0]) };
    uint8_t msg[1024 + 64], key[BLAKE2B_KEYBYTES];
    uint8_t want[NJOBS][BLAKE2B_OUTBYTES], got[NJOBS][BLAKE2B_OUTBYTES];
    struct blake2b_many_job jobs[NJOBS];
    int ok;

    if (lanes == NULL)
        return 0;
    for (size_t i = 0; i < sizeof(msg); i++)
        msg[i] = (uint8_t)(i * 7 + (i >> 8) + 1);
    for (size_t i = 0; i < sizeof(key); i++)
        key[i] = (uint8_t)(0xa5 ^ i);
    for (size_t j = 0; j < NJOBS; j++) {
        /* Each message from its own place, so that lanes differ. */
        jobs[j].in = msg + (j * 3) % 64;
        jobs[j].inlen = spec[j].inlen;
        jobs[j].outlen = spec[j].outlen;
        jobs[j].keylen = spec[j].keylen;
        jobs[j].key = key;
        jobs[j].out = want[j];
    }
    memset(want, 0, sizeof(want));
    memset(got, 0, sizeof(got));
    blake2b_many(jobs, NJOBS, blake2b_compress_generic, NULL, NULL);
    for (size_t j = 0; j < NJOBS; j++)
        jobs[j].out = got[j];
    blake2b_many(jobs, NJOBS, blake2b_compress_generic, NULL, lanes);
    ok = memcmp(want, got, sizeof(want)) == 0;
    blake2b_wipe(got, sizeof(got));
    return ok;
}

#if defined(__x86_64__)
const char *blake2b_lanes_name_auto(const struct blake2b_backend *backend,
                                    const struct blake2b_x86_row *row)
{
    return strcmp(backend->name, row->backend) == 0 ? row->lanes
                                                    : backend->lanes;
}
#endif

const struct blake2b_lanes *blake2b_lanes_for(const struct blake2b_backend *backend,
                                              int automatic)
{
    const struct blake2b_lanes *lanes;
    const char *name;

    if (backend == NULL)
        return NULL;
    name = backend->lanes;
#if defined(__x86_64__)
    if (automatic) {
        struct blake2b_x86_cpu cpu;

        blake2b_cpu_x86(&cpu);
        name = blake2b_lanes_name_auto(backend, blake2b_x86_rule(&cpu));
    }
#else
    (void)automatic;
#endif
    lanes = blake2b_lanes_by_name(name);
    if (lanes != NULL
        && (!lanes->cpu_can_run() || !blake2b_lanes_selftest(lanes)))
        lanes = NULL;
    return lanes;
}
