/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The lanes of one slice, in parallel on the C library's threads
 * (pthreads is in glibc's libc from 2.34, so the module still needs
 * nothing else). Workers share the lanes by stride; a worker that cannot
 * be started leaves its lanes to the calling thread, so a derivation
 * never fails for want of threads and gives the same tag on any count.
 */
#include <pthread.h>

#include "argon2_lanes.h"

/* Enough for any machine's cores: more threads than cores only queue. */
enum { MAX_WORKERS = 256 };

struct worker {
    const struct blake2b_argon2_fill *f;
    uint32_t pass, slice, first_lane, stride;
    pthread_t thread;
    int started;
};

static void fill_lanes(const struct worker *w)
{
    for (uint32_t lane = w->first_lane; lane < w->f->p->lanes;
         lane += w->stride)
        blake2b_argon2_fill_segment(w->f, w->pass, lane, w->slice);
}

static void *worker_main(void *arg)
{
    fill_lanes(arg);
    return NULL;
}

void blake2b_argon2_fill_slice(const struct blake2b_argon2_fill *f,
                               uint32_t pass, uint32_t slice)
{
    struct worker workers[MAX_WORKERS];
    uint32_t n = f->p->threads < f->p->lanes ? f->p->threads : f->p->lanes;

    if (n > MAX_WORKERS)
        n = MAX_WORKERS;
    if (n <= 1) {
        for (uint32_t lane = 0; lane < f->p->lanes; lane++)
            blake2b_argon2_fill_segment(f, pass, lane, slice);
        return;
    }
    for (uint32_t k = 0; k < n; k++) {
        workers[k] = (struct worker){ .f = f, .pass = pass, .slice = slice,
                                      .first_lane = k, .stride = n };
        if (k > 0)
            workers[k].started = pthread_create(&workers[k].thread, NULL,
                                                worker_main, &workers[k]) == 0;
    }
    fill_lanes(&workers[0]);
    for (uint32_t k = 1; k < n; k++) {
        if (workers[k].started)
            pthread_join(workers[k].thread, NULL);
        else
            fill_lanes(&workers[k]);
    }
}
