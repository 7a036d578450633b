/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The life of a digest or MAC context, one for both: init starts a
 * computation, update feeds it, final ends it. The checks are inline, as
 * update and final run once a message; the refusals, which raise, are
 * not (lifecycle.c).
 */
#ifndef BLAKE2NEON_PROVIDER_LIFECYCLE_H
#define BLAKE2NEON_PROVIDER_LIFECYCLE_H

#include <stddef.h>

#include "provider.h"

enum b2n_phase {
    B2N_FRESH,    /* never initialized: the state holds nothing */
    B2N_RUNNING,  /* between init and final: the state holds input */
    B2N_FINISHED, /* after final, which wiped the state */
};

/* Raise the error of a refused update or final; return 0. what names the
 * operation ("digest", "MAC") in the message. */
int b2n_refuse_update(const struct b2n_core *core, const char *what);
int b2n_refuse_final(const struct b2n_core *core, const char *what,
                     enum b2n_phase phase, size_t outlen, size_t outsize);

/* 1 if update may run; else 0 with an error raised. */
static inline int b2n_may_update(const struct b2n_core *core,
                                 enum b2n_phase phase, const char *what)
{
    return phase == B2N_RUNNING || b2n_refuse_update(core, what);
}

/* 1 if final may run and its outlen bytes fit in outsize; else 0 with an
 * error raised. */
static inline int b2n_may_final(const struct b2n_core *core,
                                enum b2n_phase phase, const char *what,
                                size_t outlen, size_t outsize)
{
    return (phase == B2N_RUNNING && outsize >= outlen)
           || b2n_refuse_final(core, what, phase, outlen, outsize);
}

#endif
