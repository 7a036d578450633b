/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The lanes of one slice, in parallel on the C library's threads
 * (pthreads is in glibc's libc from 2.34, so the module still needs
 * nothing else). Workers share the lanes by stride; a worker that cannot
 * be started leaves its lanes to the calling thread, so a derivation
 * never fails for want of threads and gives the same tag on any count.
 */
#define _POSIX_C_SOURCE 200809L /* sigset_t, pthread_sigmask under -std=c11 */
#include <pthread.h>
#include <signal.h>

#include "argon2_lanes.h"

/* Enough for any machine's cores: more threads than cores only queue. A
 * worker's stack holds a segment's address blocks and a BlaMka's
 * temporaries, a few KiB: its own stack, not the default megabytes
 * times 255, which a 32-bit address space may not have. */
enum { MAX_WORKERS = 256, WORKER_STACK = 256 * 1024 };

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
    sigset_t all, saved;
    pthread_attr_t attr;
    int masked, have_attr;

    if (n > MAX_WORKERS)
        n = MAX_WORKERS;
    if (n <= 1) {
        for (uint32_t lane = 0; lane < f->p->lanes; lane++)
            blake2b_argon2_fill_segment(f, pass, lane, slice);
        return;
    }
    /* Workers take no signals (the application's handlers run on its
     * own threads): they start with all blocked, inherited from here. */
    sigfillset(&all);
    masked = pthread_sigmask(SIG_SETMASK, &all, &saved) == 0;
    have_attr = pthread_attr_init(&attr) == 0
                && pthread_attr_setstacksize(&attr, WORKER_STACK) == 0;
    for (uint32_t k = 0; k < n; k++) {
        workers[k] = (struct worker){ .f = f, .pass = pass, .slice = slice,
                                      .first_lane = k, .stride = n };
        if (k > 0)
            workers[k].started =
                pthread_create(&workers[k].thread, have_attr ? &attr : NULL,
                               worker_main, &workers[k]) == 0;
    }
    if (have_attr)
        pthread_attr_destroy(&attr);
    if (masked)
        pthread_sigmask(SIG_SETMASK, &saved, NULL);
    fill_lanes(&workers[0]);
    for (uint32_t k = 1; k < n; k++) {
        if (workers[k].started)
            pthread_join(workers[k].thread, NULL);
        else
            fill_lanes(&workers[k]);
    }
}
