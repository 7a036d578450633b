/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2neon_hash_many against one-at-a-time hashing, on the backend named
 * by the second argument (as t_lib_vectors: one CTest test per backend):
 *
 *   t_lib_many DATA_DIR BACKEND|auto
 *
 *  - kat.txt (hashlib) in one call: every length 0..256, four sizes,
 *    keyed and not, 2056 messages;
 *  - random batches of 0 to 20 jobs (eight lanes refilled), lengths
 *    0..~3 KiB,
 *    random output sizes and keys, unaligned inputs, keys and outputs,
 *    against blake2neon_hash of each job, with guard bytes around every
 *    output;
 *  - invalid jobs anywhere in a batch: the error code, and no output
 *    written for any job;
 *  - the core's scheduler with lanes made of the generic compress (2, 3
 *    and 8 of them), so that it runs on every target; every lanes this
 *    build has and the CPU runs, through the scheduler against one at a
 *    time; and the lanes the library pairs with the backend: "avx512"
 *    (eight, the last four messages on "avx512-ymm", four AVX-512VL
 *    lanes) beside avx512 and avx512-ror, "avx2" (four) beside avx2, the
 *    automatic choice's from its row of the x86-64 rule (generic's on
 *    Zen 5), none elsewhere. Lanes that fail their self-test are dropped
 *    by the library, and that fails here.
 */
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "blake2neon.h"
#include "cpu_features.h"
#include "many.h"
#include "t_lib_util.h"
#include "t_util.h"

enum { MAX_LEN = 3200, MAX_JOBS = 20, GUARD = 8, OUT_SLOT = 64 + 2 * GUARD };

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
        size_t n = b <= MAX_JOBS ? (size_t)b : t_rng_below(&rng, MAX_JOBS + 1);
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

/* Lanes each on generic's compress, for the scheduler alone, at any
 * count. */
static void lanes_by_generic(struct blake2b_state *const S[],
                             const uint8_t *const block[], unsigned int n)
{
    for (unsigned int i = 0; i < n; i++)
        blake2b_compress_generic(S[i], block[i], 1, 0);
}

static void generic2(struct blake2b_state *const S[],
                     const uint8_t *const block[])
{
    lanes_by_generic(S, block, 2);
}

static void generic3(struct blake2b_state *const S[],
                     const uint8_t *const block[])
{
    lanes_by_generic(S, block, 3);
}

/* Calls of the eight-lane and the three-lane generic compress. */
static unsigned long calls8, calls3;

static void generic8(struct blake2b_state *const S[],
                     const uint8_t *const block[])
{
    calls8++;
    lanes_by_generic(S, block, BLAKE2B_MAX_LANES);
}

static void generic3_counted(struct blake2b_state *const S[],
                             const uint8_t *const block[])
{
    calls3++;
    lanes_by_generic(S, block, 3);
}

/* Wide lanes hand the last messages to their narrower ones, busy lanes
 * packed first: with at most three messages the wide ones never run. */
static void check_narrower(void)
{
    const struct blake2b_lanes narrow = { "generic-3", 3, generic3_counted,
                                          NULL, NULL };
    const struct blake2b_lanes wide = { "generic-8-3", BLAKE2B_MAX_LANES,
                                        generic8, NULL, &narrow };
    uint8_t text[600], want[3][64], got[3][64];
    struct blake2b_many_job jobs[3];

    t_pattern(text, sizeof(text));
    for (size_t j = 0; j < 3; j++)
        jobs[j] = (struct blake2b_many_job){ text + j, 100 + 200 * j, want[j],
                                             64, 0, NULL };
    blake2b_many(jobs, 3, blake2b_compress_generic, NULL, NULL);
    for (size_t j = 0; j < 3; j++)
        jobs[j].out = got[j];
    calls8 = calls3 = 0;
    blake2b_many(jobs, 3, blake2b_compress_generic, NULL, &wide);
    T_SAME(&got[0][0], &want[0][0], sizeof(want), "three jobs on 8-3 lanes");
    T_CHECK(calls8 == 0 && calls3 > 0, "three jobs: %lu wide and %lu narrow "
            "compresses, want only narrow ones", calls8, calls3);
    /* Twenty jobs: wide while more than three are left, then narrow. */
    calls8 = calls3 = 0;
    T_CHECK(blake2b_lanes_selftest(&wide), "8-3 lanes disagree with one at "
            "a time");
    T_CHECK(calls8 > 0 && calls3 > 0, "twenty jobs: %lu wide and %lu narrow "
            "compresses, want both", calls8, calls3);
}

/*
 * Random batches straight through the core's scheduler with lanes, against
 * generic one job at a time: the lanes themselves checked, apart from the
 * self-test that decides whether the library uses them.
 */
static void check_lanes_direct(const struct blake2b_lanes *lanes)
{
    enum { JOBS = 2 * BLAKE2B_MAX_LANES + 3 };
    static uint8_t keys[JOBS][64];
    struct t_rng rng;
    unsigned long bad = 0;

    t_rng_seed(&rng, 0x6c616e65);
    t_rng_fill(&rng, msg, sizeof(msg));
    t_rng_fill(&rng, &keys[0][0], sizeof(keys));
    for (int b = 0; b < 200; b++) {
        struct blake2b_many_job jobs[JOBS];
        uint8_t want[JOBS][64], got[JOBS][64];
        size_t n = 2 + t_rng_below(&rng, JOBS - 1);

        for (size_t j = 0; j < n; j++) {
            jobs[j].in = msg + t_rng_below(&rng, 64);
            jobs[j].inlen = random_len(&rng);
            jobs[j].outlen = (uint8_t)(1 + t_rng_below(&rng, 64));
            jobs[j].keylen = (uint8_t)(t_rng_below(&rng, 2)
                                           ? 0 : t_rng_below(&rng, 65));
            jobs[j].key = keys[j];
            jobs[j].out = want[j];
        }
        blake2b_many(jobs, n, blake2b_compress_generic, NULL, NULL);
        for (size_t j = 0; j < n; j++)
            jobs[j].out = got[j];
        blake2b_many(jobs, n, blake2b_compress_generic, NULL, lanes);
        for (size_t j = 0; j < n; j++)
            if (memcmp(got[j], want[j], jobs[j].outlen) != 0)
                bad++;
    }
    T_CHECK(bad == 0, "lanes %s: %lu digests of 200 random batches differ "
            "from one at a time", lanes->name, bad);
}

static void check_core_scheduler(const char *backend)
{
    const struct blake2b_lanes generic_lanes[] = {
        { "generic-2", 2, generic2, NULL, NULL },
        { "generic-3", 3, generic3, NULL, NULL },
        { "generic-8", BLAKE2B_MAX_LANES, generic8, NULL, NULL },
    };
    const struct blake2b_backend *b;
    const struct blake2b_lanes *lanes, *want = NULL;
    int automatic = strcmp(backend, "auto") == 0;

    for (size_t i = 0; i < sizeof(generic_lanes) / sizeof(generic_lanes[0]);
         i++)
        T_CHECK(blake2b_lanes_selftest(&generic_lanes[i]),
                "the scheduler on %u generic lanes disagrees with one at a "
                "time", generic_lanes[i].count);
    /* Every lanes of this build that this CPU runs, whichever backend. */
    for (size_t i = 0; blake2b_lanes_at(i) != NULL; i++) {
        const struct blake2b_lanes *l = blake2b_lanes_at(i);

        T_CHECK(blake2b_lanes_by_name(l->name) == l,
                "lanes %s are not found by their name", l->name);
        if (!l->cpu_can_run())
            continue;
        T_CHECK(l->count >= 2 && l->count <= BLAKE2B_MAX_LANES,
                "lanes %s: %u lanes", l->name, l->count);
        T_CHECK(blake2b_lanes_selftest(l), "lanes %s fail their self-test",
                l->name);
        check_lanes_direct(l);
    }
    if (automatic)
        backend = blake2neon_backend();
    b = backend ? blake2b_backend_by_name(backend) : NULL;
    if (!T_CHECK(b != NULL, "no backend"))
        return;
    lanes = blake2b_lanes_for(b, automatic);
#if defined(BLAKE2B_BUILDS_X86_ASM)
    T_CHECK(blake2b_lanes_by_name("avx2") != NULL
                && blake2b_lanes_by_name("avx2")->count == 4
                && blake2b_lanes_by_name("avx2")->narrower == NULL
                && blake2b_lanes_by_name("avx512-ymm") != NULL
                && blake2b_lanes_by_name("avx512-ymm")->count == 4
                && blake2b_lanes_by_name("avx512-ymm")->narrower == NULL
                && blake2b_lanes_by_name("avx512") != NULL
                && blake2b_lanes_by_name("avx512")->count == 8
                && blake2b_lanes_by_name("avx512-ymm")->cpu_can_run
                       == blake2b_lanes_by_name("avx512")->cpu_can_run
                && blake2b_lanes_by_name("avx512")->narrower
                       == blake2b_lanes_by_name("avx512-ymm"),
            "this build lacks the avx2 (4), avx512-ymm (4) or avx512 (8, "
            "then avx512-ymm) lanes");
    {
        /* The automatic choice's lanes come from its row of the rule
         * (the rows themselves: t_backends), unless generic stands in
         * for the row's backend; a named backend brings its own. */
        const struct blake2b_backend *generic =
            blake2b_backend_by_name("generic");
        const struct blake2b_x86_cpu zen5_cpu = {
            BLAKE2B_X86_AMD, 0x1a, BLAKE2B_X86_AVX2 | BLAKE2B_X86_AVX512 };
        const struct blake2b_x86_cpu intel_cpu = {
            BLAKE2B_X86_INTEL, 6, BLAKE2B_X86_AVX2 | BLAKE2B_X86_AVX512 };
        const struct blake2b_x86_row *zen5 = blake2b_x86_rule(&zen5_cpu);
        const struct blake2b_x86_row *intel = blake2b_x86_rule(&intel_cpu);
        const char *name;
        struct blake2b_x86_cpu here;

        name = blake2b_lanes_name_auto(generic, zen5);
        T_CHECK(name != NULL && strcmp(name, "avx512") == 0,
                "generic chosen on Zen 5: lanes %s, want avx512",
                name ? name : "none");
        name = blake2b_lanes_name_auto(blake2b_backend_by_name("avx512-ror"),
                                       intel);
        T_CHECK(name != NULL && strcmp(name, "avx512") == 0,
                "avx512-ror chosen on Intel: lanes %s, want avx512",
                name ? name : "none");
        T_CHECK(blake2b_lanes_name_auto(generic, intel) == NULL,
                "generic standing in on Intel has lanes");
        T_CHECK(blake2b_lanes_for(generic, 0) == NULL,
                "named generic has lanes");
        blake2b_cpu_x86(&here);
        if (automatic && strcmp(blake2b_x86_rule(&here)->backend, b->name) == 0)
            want = blake2b_lanes_by_name(blake2b_x86_rule(&here)->lanes);
        else if (strcmp(b->name, "avx2") == 0)
            want = blake2b_lanes_by_name("avx2");
        else if (strncmp(b->name, "avx512", 6) == 0)
            want = blake2b_lanes_by_name("avx512");
    }
#endif
    T_CHECK(lanes == want, "backend %s: lanes %s, want %s", b->name,
            lanes ? lanes->name : "none (one at a time)",
            want ? want->name : "none (one at a time)");
    if (lanes != NULL)
        t_note("backend %s: lanes %s, %u lanes", b->name, lanes->name,
               lanes->count);
    else
        t_note("backend %s: one message at a time", b->name);
}

int main(int argc, char **argv)
{
    int rc = t_lib_start(argc, argv);

    if (rc >= 0)
        return rc;
    check_core_scheduler(argv[2]);
    check_narrower();
    check_kat(argv[1]);
    check_random();
    check_own_overlap();
    check_refusals();
    return t_report("t_lib_many");
}
