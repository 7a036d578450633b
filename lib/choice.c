/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The backend, chosen once per process on first use: BLAKE2NEON_BACKEND
 * when set (and the process is not set-user-ID: core/env.c), else the
 * automatic choice, self-tested either way (core/backend_choose.c: an
 * automatic choice that fails gives way to generic).
 * pthread_once makes the first calls of several threads wait for one
 * choice, and publishes it to all of them. Once chosen, the backend is
 * read with one acquire load instead, cheaper than a call of
 * pthread_once, which a short message's one-shot hash notices on armhf
 * (docs/performance.md, "Short messages").
 */
#include <pthread.h>
#include <stdatomic.h>

#include "backend.h"
#include "ctx.h"
#include "env.h"

static pthread_once_t chosen_once = PTHREAD_ONCE_INIT;
static const struct blake2b_lanes *chosen_lanes; /* NULL: one at a time */
/* The backend, stored after chosen_lanes; NULL: not chosen yet, or none
 * usable. */
static _Atomic(const struct blake2b_backend *) chosen;

static void choose(void)
{
    const struct blake2b_backend *backend = NULL, *failed;

    const char *name = blake2b_secure_getenv(BLAKE2B_BACKEND_ENV);

    if (blake2b_backend_choose(name, &backend, &failed) == BLAKE2B_CHOSEN) {
        chosen_lanes = blake2b_lanes_for(backend,
                                         blake2b_backend_name_is_auto(name));
        atomic_store_explicit(&chosen, backend, memory_order_release);
    }
}

const struct blake2b_backend *b2n_lib_backend(void)
{
    const struct blake2b_backend *backend =
        atomic_load_explicit(&chosen, memory_order_acquire);

    if (backend != NULL)
        return backend;
    /* pthread_once fails only on an invalid argument: it cannot here. */
    (void)pthread_once(&chosen_once, choose);
    return atomic_load_explicit(&chosen, memory_order_acquire);
}

blake2b_compress_fn *b2n_lib_compress(void)
{
    const struct blake2b_backend *backend = b2n_lib_backend();

    return backend != NULL ? backend->compress : NULL;
}

const char *blake2neon_backend(void)
{
    const struct blake2b_backend *backend = b2n_lib_backend();

    return backend != NULL ? backend->name : NULL;
}

const struct blake2b_lanes *b2n_lib_lanes(void)
{
    (void)b2n_lib_backend();
    return chosen_lanes;
}
