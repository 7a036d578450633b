/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Which lanes go with a backend, and their check. The check runs once,
 * when the library chooses its backend: lanes that disagree with
 * one-at-a-time hashing are not used.
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

/* Which lanes' name goes with a backend on this CPU; NULL: none. */
static const char *lanes_name_for(const char *backend, int automatic)
{
#if defined(BLAKE2B_BUILDS_X86_ASM)
    /*
     * Eight zmm lanes beside the AVX-512 backends on a CPU that has them
     * (the check is for a backend forced where it is not). AVX2 lanes
     * beside the avx2 and avx512 backends (every AVX-512 CPU has AVX2),
     * and beside generic when the automatic choice took it on an AVX2 CPU
     * (Zen 5: its two-cycle vector adds lengthen one message's chain,
     * which is why generic wins there, but lanes are bound by throughput,
     * not that chain: docs/performance.md). A generic the user named
     * stays portable C throughout.
     */
    if ((strcmp(backend, "avx512") == 0 || strcmp(backend, "avx512-ror") == 0)
        && blake2b_cpu_has_avx512vl())
        return "avx512";
    if ((strcmp(backend, "avx2") == 0 || strcmp(backend, "avx512") == 0
         || (automatic && strcmp(backend, "generic") == 0))
        && blake2b_cpu_has_avx2())
        return "avx2";
#else
    (void)backend;
    (void)automatic;
#endif
    return NULL;
}

const struct blake2b_lanes *blake2b_lanes_for(const struct blake2b_backend *backend,
                                              int automatic)
{
    const struct blake2b_lanes *lanes;

    if (backend == NULL)
        return NULL;
    lanes = blake2b_lanes_by_name(lanes_name_for(backend->name, automatic));
    if (lanes != NULL && !blake2b_lanes_selftest(lanes))
        lanes = NULL;
    return lanes;
}
