/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Which lane-parallel compress goes with a backend, and its check. The
 * check runs once, when the library chooses its backend: a lane-parallel
 * compress that disagrees with one-at-a-time hashing is not used.
 */
#include <string.h>

#include "cpu_features.h"
#include "many.h"

int blake2b_compress4_selftest(blake2b_compress4_fn *compress4)
{
    /* Lengths around block boundaries, keyed and not, empty included;
     * more jobs than lanes, so that lanes are refilled. */
    static const struct {
        uint16_t inlen;
        uint8_t outlen, keylen;
    } spec[] = {
        { 0, 64, 0 },   { 0, 32, 64 },  { 1, 20, 0 },  { 127, 64, 1 },
        { 128, 48, 0 }, { 129, 64, 32 }, { 256, 1, 0 }, { 300, 64, 17 },
        { 1000, 33, 0 }, { 640, 64, 64 },
    };
    enum { NJOBS = sizeof(spec) / sizeof(spec[0]) };
    uint8_t msg[1024], key[BLAKE2B_KEYBYTES];
    uint8_t want[NJOBS][BLAKE2B_OUTBYTES], got[NJOBS][BLAKE2B_OUTBYTES];
    struct blake2b_many_job jobs[NJOBS];
    int ok;

    for (size_t i = 0; i < sizeof(msg); i++)
        msg[i] = (uint8_t)(i * 7 + (i >> 8) + 1);
    for (size_t i = 0; i < sizeof(key); i++)
        key[i] = (uint8_t)(0xa5 ^ i);
    for (size_t j = 0; j < NJOBS; j++) {
        /* Each message from its own place, so that lanes differ. */
        jobs[j].in = msg + (j * 3) % 24;
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
    blake2b_many(jobs, NJOBS, blake2b_compress_generic, NULL, compress4);
    ok = memcmp(want, got, sizeof(want)) == 0;
    blake2b_wipe(got, sizeof(got));
    return ok;
}

blake2b_compress4_fn *blake2b_compress4_for(const struct blake2b_backend *backend,
                                            int automatic)
{
    blake2b_compress4_fn *compress4 = NULL;

    if (backend == NULL)
        return NULL;
#if defined(BLAKE2B_BUILDS_X86_ASM)
    /*
     * AVX2 lanes beside the avx2 and avx512 backends (every AVX-512 CPU
     * has AVX2: the check is for a backend forced where it is not), and
     * beside generic when the automatic choice took it on an AVX2 CPU
     * (Zen 5: its two-cycle vector adds lengthen one message's chain,
     * which is why generic wins there, but four lanes are bound by
     * throughput, not that chain: docs/performance.md). A generic the
     * user named stays portable C throughout.
     */
    if ((strcmp(backend->name, "avx2") == 0
         || strcmp(backend->name, "avx512") == 0
         || (automatic && strcmp(backend->name, "generic") == 0))
        && blake2b_cpu_has_avx2())
        compress4 = blake2b_compress4_avx2;
#else
    (void)automatic;
#endif
    if (compress4 != NULL && !blake2b_compress4_selftest(compress4))
        compress4 = NULL;
    return compress4;
}
