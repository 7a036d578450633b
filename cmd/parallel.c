/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Several files hashed at once, reported in order: worker threads take
 * the next file in turn and leave its digest in its slot; the calling
 * thread reports each slot in order, waiting for it if need be, and does
 * the job itself if no worker has taken it yet (so any number of workers,
 * even none, gives the same result). Standard input ("-") is read only by
 * the calling thread, in its turn, as b2sum reads it. Every message and
 * line comes from the calling thread, in file order: the output is the
 * one-at-a-time output.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "b2nsum.h"
#include "blake2neon.h"

struct slot {
    int done;
    int err;
    unsigned char digest[BLAKE2NEON_OUTBYTES];
};

struct pool {
    char *const *names;
    size_t n, outlen;
    size_t next;           /* jobs [0, next) are taken */
    struct slot *slots;
    pthread_mutex_t lock;
    pthread_cond_t done;
};

static int is_stdin(const char *name)
{
    return strcmp(name, "-") == 0;
}

static void *worker(void *arg)
{
    struct pool *p = arg;

    for (;;) {
        unsigned char digest[BLAKE2NEON_OUTBYTES];
        size_t i;
        int err;

        pthread_mutex_lock(&p->lock);
        while (p->next < p->n && is_stdin(p->names[p->next]))
            p->next++;
        if (p->next >= p->n) {
            pthread_mutex_unlock(&p->lock);
            return NULL;
        }
        i = p->next++;
        pthread_mutex_unlock(&p->lock);

        err = b2n_hash_file(p->names[i], p->outlen, digest);

        pthread_mutex_lock(&p->lock);
        p->slots[i].err = err;
        memcpy(p->slots[i].digest, digest, p->outlen);
        p->slots[i].done = 1;
        pthread_cond_broadcast(&p->done);
        pthread_mutex_unlock(&p->lock);
    }
}

/* Job i's result, in the calling thread's turn. */
static int result(struct pool *p, size_t i, unsigned char *digest)
{
    int err, mine;

    pthread_mutex_lock(&p->lock);
    /* Every job before i is reported, so taken: next <= i means next == i. */
    mine = is_stdin(p->names[i]) || p->next <= i;
    if (!mine) {
        while (!p->slots[i].done)
            pthread_cond_wait(&p->done, &p->lock);
        memcpy(digest, p->slots[i].digest, p->outlen);
        err = p->slots[i].err;
    } else if (p->next <= i) {
        p->next = i + 1;
    }
    pthread_mutex_unlock(&p->lock);
    return mine ? b2n_hash_file(p->names[i], p->outlen, digest) : err;
}

void b2n_hash_in_order(char *const *names, size_t n, size_t outlen,
                       unsigned int jobs, b2n_report_fn *report, void *arg)
{
    struct pool p = { names, n, outlen, 0, NULL, PTHREAD_MUTEX_INITIALIZER,
                      PTHREAD_COND_INITIALIZER };
    pthread_t *tids = NULL;
    size_t started = 0;

    if (jobs > 1 && n > 1) {
        p.slots = calloc(n, sizeof(*p.slots));
        tids = calloc(jobs, sizeof(*tids));
    }
    if (p.slots != NULL && tids != NULL) {
        /* A thread that cannot be made leaves its share to the others,
         * and to the calling thread. */
        while (started < jobs && started < n
               && pthread_create(&tids[started], NULL, worker, &p) == 0)
            started++;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char digest[BLAKE2NEON_OUTBYTES];
        int err = result(&p, i, digest);

        report(names[i], err, digest, arg);
    }
    for (size_t t = 0; t < started; t++)
        pthread_join(tids[t], NULL);
    free(tids);
    free(p.slots);
    pthread_mutex_destroy(&p.lock);
    pthread_cond_destroy(&p.done);
}
