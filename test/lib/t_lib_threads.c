/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The first use of the library from many threads at once: all wait at a
 * barrier, then each makes the process's first call (so the one-time
 * backend choice runs while the others call too), hashes, and asks for
 * the backend. All must see one backend and the right digests (built for
 * ThreadSanitizer as well: BLAKE2NEON_SANITIZE=thread).
 *
 *   t_lib_threads DATA_DIR ok        the choice succeeds
 *   t_lib_threads DATA_DIR refused   BLAKE2NEON_BACKEND names no backend:
 *                                    every call refuses, in every thread
 */
/* pthread_barrier_*: POSIX, beyond the C11 the build asks for. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <string.h>

#include "blake2neon.h"
#include "t_util.h"

enum { THREADS = 8, ROUNDS = 50 };

static pthread_barrier_t start;
static int expect_refused;
static const uint8_t *want; /* BLAKE2b-512 of lcg_message(1000, 1) */

struct result {
    const char *backend;
    int bad;    /* digests that differed from want */
    int codes;  /* calls that returned other than expected */
};

static void *worker(void *arg)
{
    struct result *r = arg;
    uint8_t msg[1000], out[64];
    int expect = expect_refused ? BLAKE2NEON_ERR_BACKEND : BLAKE2NEON_OK;

    t_lcg_message(msg, sizeof(msg), 1);
    pthread_barrier_wait(&start);
    for (int i = 0; i < ROUNDS; i++) {
        blake2neon_ctx ctx;
        int rc = (i & 1) ? blake2neon_hash(out, 64, msg, sizeof(msg), NULL, 0)
                         : blake2neon_init(&ctx, 64);

        if (rc == BLAKE2NEON_OK && !(i & 1))
            rc = blake2neon_update(&ctx, msg, sizeof(msg)) == 0
                     ? blake2neon_final(&ctx, out) : -100;
        if (rc != expect)
            r->codes++;
        else if (rc == BLAKE2NEON_OK && memcmp(out, want, 64) != 0)
            r->bad++;
    }
    r->backend = blake2neon_backend();
    return NULL;
}

int main(int argc, char **argv)
{
    static uint8_t digest[64];
    pthread_t tid[THREADS];
    struct result res[THREADS];
    struct t_data d;
    int found = 0;

    if (argc != 3 || (strcmp(argv[2], "ok") != 0
                      && strcmp(argv[2], "refused") != 0)) {
        fprintf(stderr, "usage: %s DATA_DIR ok|refused\n", argv[0]);
        return 2;
    }
    expect_refused = strcmp(argv[2], "refused") == 0;
    /* The expected digest (hashlib): stream.txt's "64 0 lcg1 1000". */
    if (t_data_open(&d, argv[1], "stream.txt")) {
        while (t_data_next(&d)) {
            size_t n;

            if (d.nfields == 5 && strcmp(d.field[0], "64") == 0
                && strcmp(d.field[1], "0") == 0
                && strcmp(d.field[2], "lcg1") == 0
                && strcmp(d.field[3], "1000") == 0
                && t_unhex(d.field[4], digest, 64, &n) && n == 64)
                found = 1;
        }
        t_data_close(&d);
    }
    if (!T_CHECK(found, "stream.txt has no 64 0 lcg1 1000 line"))
        return t_report("t_lib_threads");
    want = digest;

    pthread_barrier_init(&start, NULL, THREADS);
    memset(res, 0, sizeof(res));
    for (int i = 0; i < THREADS; i++)
        T_CHECK(pthread_create(&tid[i], NULL, worker, &res[i]) == 0,
                "pthread_create");
    for (int i = 0; i < THREADS; i++)
        pthread_join(tid[i], NULL);
    pthread_barrier_destroy(&start);

    for (int i = 0; i < THREADS; i++) {
        T_CHECK(res[i].codes == 0, "thread %d: %d unexpected return codes",
                i, res[i].codes);
        T_CHECK(res[i].bad == 0, "thread %d: %d wrong digests", i, res[i].bad);
        if (expect_refused)
            T_CHECK(res[i].backend == NULL, "thread %d: backend %s", i,
                    res[i].backend);
        else
            T_CHECK(res[i].backend != NULL && res[i].backend == res[0].backend,
                    "thread %d: backend %s, thread 0: %s", i,
                    res[i].backend ? res[i].backend : "(none)",
                    res[0].backend ? res[0].backend : "(none)");
    }
    t_note("%d threads, first calls at once: backend %s", THREADS,
           res[0].backend ? res[0].backend : "(none, refused)");
    return t_report("t_lib_threads");
}
