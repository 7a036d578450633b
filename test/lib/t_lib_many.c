/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2neon_hash_many against one-at-a-time hashing, on the backend named
 * by the second argument (as t_lib_vectors: one CTest test per backend):
 *
 *   t_lib_many DATA_DIR BACKEND|auto
 *
 *  - kat.txt (hashlib) in one call: every length 0..256, four sizes,
 *    keyed and not, 2056 messages;
 *  - random batches of 0 to 13 jobs (lanes refilled), lengths 0..~3 KiB,
 *    random output sizes and keys, unaligned inputs, keys and outputs,
 *    against blake2neon_hash of each job, with guard bytes around every
 *    output;
 *  - invalid jobs anywhere in a batch: the error code, and no output
 *    written for any job;
 *  - the core's scheduler with a lane-parallel compress made of the
 *    generic one, so that it runs on every target, and the lane-parallel
 *    compress the library pairs with each backend checked to exist where
 *    one is built.
 */
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "blake2neon.h"
#include "cpu_features.h"
#include "many.h"
#include "t_lib_util.h"
#include "t_util.h"

enum { MAX_LEN = 3200, MAX_JOBS = 13, GUARD = 8, OUT_SLOT = 64 + 2 * GUARD };

static uint8_t msg[MAX_LEN + 64];

static void check_kat(const char *data_dir)
{
    static struct t_kat kat; /* static: too large for the stack */
    static uint8_t out[T_KAT_ENTRIES][64];
    static blake2neon_job jobs[T_KAT_ENTRIES];
    uint8_t key[64], pattern[T_KAT_MAX_LEN];
    size_t n = 0;

    t_pattern(key, sizeof(key));
    t_pattern(pattern, sizeof(pattern));
    if (!t_kat_load(&kat, data_dir))
        return;
    memset(out, 0, sizeof(out));
    for (int i = 0; i < T_KAT_SIZES; i++)
        for (int keyed = 0; keyed < 2; keyed++)
            for (size_t len = 0; len <= T_KAT_MAX_LEN; len++, n++) {
                jobs[n].in = len ? pattern : NULL;
                jobs[n].inlen = len;
                jobs[n].out = out[n];
                jobs[n].outlen = t_kat_sizes[i];
                jobs[n].key = keyed ? key : NULL;
                jobs[n].keylen = keyed ? 64 : 0;
            }
    T_CHECK(blake2neon_hash_many(jobs, n) == BLAKE2NEON_OK, "kat: call failed");
    n = 0;
    for (int i = 0; i < T_KAT_SIZES; i++)
        for (int keyed = 0; keyed < 2; keyed++)
            for (size_t len = 0; len <= T_KAT_MAX_LEN; len++, n++)
                T_SAME(out[n], t_kat_digest(&kat, t_kat_sizes[i], keyed, len),
                       t_kat_sizes[i], "kat size %zu keyed %d len %zu",
                       t_kat_sizes[i], keyed, len);
    t_note("kat.txt: %zu known answers in one call", n);
}

/* A job's length: short, around a block boundary, or anything to ~3 KiB. */
static size_t random_len(struct t_rng *rng)
{
    switch (t_rng_below(rng, 4)) {
    case 0:
        return t_rng_below(rng, 4);
    case 1:
        return 128 * (1 + t_rng_below(rng, 6)) - 1 + t_rng_below(rng, 3);
    default:
        return t_rng_below(rng, MAX_LEN + 1);
    }
}

static void check_random(void)
{
    struct t_rng rng;
    unsigned long batches = 0, jobs_checked = 0;
    static uint8_t keys[MAX_JOBS][64 + 8];

    t_rng_seed(&rng, 0x6a6f6273);
    t_rng_fill(&rng, msg, sizeof(msg));
    t_rng_fill(&rng, &keys[0][0], sizeof(keys));
    for (int b = 0; b < 1500; b++) {
        blake2neon_job jobs[MAX_JOBS];
        uint8_t out[MAX_JOBS][OUT_SLOT], want[MAX_JOBS][64];
        size_t n = b < 14 ? (size_t)b : t_rng_below(&rng, MAX_JOBS + 1);
        int same = t_rng_below(&rng, 5) == 0; /* all of one length */
        size_t same_len = random_len(&rng);

        memset(out, 0x5c, sizeof(out));
        for (size_t j = 0; j < n; j++) {
            size_t len = same ? same_len : random_len(&rng);
            size_t keylen = t_rng_below(&rng, 3) == 0 ? 0
                                                      : t_rng_below(&rng, 65);
            size_t outlen = t_rng_below(&rng, 2) ? 64
                                                 : 1 + t_rng_below(&rng, 64);

            jobs[j].in = len > 0 || t_rng_below(&rng, 2)
                             ? msg + t_rng_below(&rng, 64)
                             : NULL;
            jobs[j].inlen = len;
            jobs[j].outlen = outlen;
            jobs[j].out = out[j] + GUARD - t_rng_below(&rng, 4);
            jobs[j].key = keylen > 0 || t_rng_below(&rng, 2)
                              ? keys[j] + t_rng_below(&rng, 8)
                              : NULL;
            jobs[j].keylen = keylen;
            T_CHECK(blake2neon_hash(want[j], outlen, jobs[j].in, len,
                                    jobs[j].key, keylen) == BLAKE2NEON_OK,
                    "one at a time");
        }
        if (!T_CHECK(blake2neon_hash_many(n ? jobs : NULL, n) == BLAKE2NEON_OK,
                     "batch %d of %zu jobs failed", b, n))
            continue;
        for (size_t j = 0; j < n; j++) {
            const uint8_t *o = jobs[j].out;
            size_t before = (size_t)(o - out[j]);
            size_t after = OUT_SLOT - before - jobs[j].outlen;

            T_SAME(o, want[j], jobs[j].outlen,
                   "batch %d job %zu of %zu: len %zu out %zu key %zu", b, j,
                   n, jobs[j].inlen, jobs[j].outlen, jobs[j].keylen);
            for (size_t k = 0; k < before; k++)
                T_CHECK(out[j][k] == 0x5c, "batch %d job %zu: wrote before "
                        "its output", b, j);
            for (size_t k = 0; k < after; k++)
                T_CHECK(o[jobs[j].outlen + k] == 0x5c, "batch %d job %zu: "
                        "wrote past its output", b, j);
            jobs_checked++;
        }
        batches++;
    }
    t_note("%lu random batches, %lu jobs, against one at a time", batches,
           jobs_checked);
}

/* An output over its own job's input: written once that input is read. */
static void check_own_overlap(void)
{
    uint8_t buf[4][300], want[4][64];
    blake2neon_job jobs[4];

    for (size_t j = 0; j < 4; j++) {
        memcpy(buf[j], msg + j, sizeof(buf[j]));
        T_CHECK(blake2neon_hash(want[j], 64, buf[j], 130 + 50 * j, NULL, 0)
                    == 0, "one at a time");
        jobs[j] = (blake2neon_job){ buf[j], 130 + 50 * j, buf[j], 64, NULL, 0 };
    }
    T_CHECK(blake2neon_hash_many(jobs, 4) == BLAKE2NEON_OK, "overlap call");
    for (size_t j = 0; j < 4; j++)
        T_SAME(buf[j], want[j], 64, "output over its own input, job %zu", j);
}

static void check_refusals(void)
{
    static const struct {
        const char *what;
        size_t outlen, keylen;
        int null_in, null_out, null_key;
        int want;
    } bad[] = {
        { "outlen 0", 0, 0, 0, 0, 0, BLAKE2NEON_ERR_OUTLEN },
        { "outlen 65", 65, 0, 0, 0, 0, BLAKE2NEON_ERR_OUTLEN },
        { "keylen 65", 32, 65, 0, 0, 0, BLAKE2NEON_ERR_KEYLEN },
        { "NULL in", 32, 0, 1, 0, 0, BLAKE2NEON_ERR_NULL },
        { "NULL out", 32, 0, 0, 1, 0, BLAKE2NEON_ERR_NULL },
        { "NULL key", 32, 16, 0, 0, 1, BLAKE2NEON_ERR_NULL },
    };
    uint8_t out[MAX_JOBS][64], key[64] = { 0 };
    blake2neon_job jobs[MAX_JOBS];

    T_CHECK(blake2neon_hash_many(NULL, 0) == BLAKE2NEON_OK, "no jobs, NULL");
    T_CHECK(blake2neon_hash_many(jobs, 0) == BLAKE2NEON_OK, "no jobs");
    T_CHECK(blake2neon_hash_many(NULL, 3) == BLAKE2NEON_ERR_NULL,
            "NULL jobs with njobs 3 accepted");
    for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
        for (size_t at = 0; at < 9; at += 4) {
            int rc;

            for (size_t j = 0; j < 9; j++)
                jobs[j] = (blake2neon_job){ msg, 200, out[j], 32, key, 8 };
            jobs[at].outlen = bad[k].outlen;
            jobs[at].keylen = bad[k].keylen;
            if (bad[k].null_in)
                jobs[at].in = NULL;
            if (bad[k].null_out)
                jobs[at].out = NULL;
            if (bad[k].null_key)
                jobs[at].key = NULL;
            memset(out, 0x77, sizeof(out));
            rc = blake2neon_hash_many(jobs, 9);
            T_CHECK(rc == bad[k].want, "%s at job %zu: %d, want %d",
                    bad[k].what, at, rc, bad[k].want);
            for (size_t j = 0; j < 9; j++)
                for (size_t i = 0; i < 64; i++)
                    if (!T_CHECK(out[j][i] == 0x77, "%s at job %zu: job %zu "
                                 "was hashed", bad[k].what, at, j))
                        break;
        }
    }
    /* The first bad job's code, when several are bad. */
    for (size_t j = 0; j < 3; j++)
        jobs[j] = (blake2neon_job){ msg, 10, out[j], 32, NULL, 0 };
    jobs[1].keylen = 70;
    jobs[2].outlen = 0;
    T_CHECK(blake2neon_hash_many(jobs, 3) == BLAKE2NEON_ERR_KEYLEN,
            "first bad job's code");
}

/* Four lanes, each on generic's compress, for the scheduler alone. */
static void compress4_by_generic(struct blake2b_state *const S[BLAKE2B_LANES],
                                 const uint8_t *const block[BLAKE2B_LANES])
{
    for (int i = 0; i < BLAKE2B_LANES; i++)
        blake2b_compress_generic(S[i], block[i], 1, 0);
}

static void check_core_scheduler(const char *backend)
{
    const struct blake2b_backend *b;
    int automatic = strcmp(backend, "auto") == 0;

    T_CHECK(blake2b_compress4_selftest(compress4_by_generic),
            "the scheduler on generic lanes disagrees with one at a time");
    if (automatic)
        backend = blake2neon_backend();
    b = backend ? blake2b_backend_by_name(backend) : NULL;
    if (!T_CHECK(b != NULL, "no backend"))
        return;
#if defined(BLAKE2B_BUILDS_X86_ASM)
    /* Named generic stays portable; chosen automatically on an AVX2 CPU
     * (Zen 5's rule) it has the AVX2 lanes beside it. */
    T_CHECK(blake2b_compress4_for(blake2b_backend_by_name("generic"), 0) == NULL,
            "named generic has a lane-parallel compress");
    if (blake2b_cpu_has_avx2())
        T_CHECK(blake2b_compress4_for(blake2b_backend_by_name("generic"), 1)
                    == blake2b_compress4_avx2,
                "generic chosen automatically on an AVX2 CPU: no AVX2 lanes");
    if (strcmp(b->name, "avx2") == 0 || strcmp(b->name, "avx512") == 0
        || (automatic && blake2b_cpu_has_avx2())) {
        T_CHECK(blake2b_compress4_for(b, automatic) == blake2b_compress4_avx2,
                "backend %s: hash_many is not on the AVX2 lanes", b->name);
        t_note("backend %s: four AVX2 lanes", b->name);
        return;
    }
#endif
    T_CHECK(blake2b_compress4_for(b, automatic) == NULL,
            "backend %s has a lane-parallel compress this test does not know",
            b->name);
    t_note("backend %s: one message at a time", b->name);
}

int main(int argc, char **argv)
{
    int rc = t_lib_start(argc, argv);

    if (rc >= 0)
        return rc;
    check_core_scheduler(argv[2]);
    check_kat(argv[1]);
    check_random();
    check_own_overlap();
    check_refusals();
    return t_report("t_lib_many");
}
