/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Which backend runs: a name or the automatic choice, refused when the CPU
 * cannot run it or its self-test fails. Written once for the provider
 * (which raises OpenSSL errors from the answer) and the library (which
 * returns an error code).
 */
#include <string.h>

#include "backend.h"

enum blake2b_choice blake2b_backend_choose(const char *name,
                                           const struct blake2b_backend **backend)
{
    const struct blake2b_backend *b;

    if (name == NULL || name[0] == '\0' || strcmp(name, "auto") == 0) {
        b = blake2b_backend_auto();
    } else {
        b = blake2b_backend_by_name(name);
        *backend = b;
        if (b == NULL)
            return BLAKE2B_CHOICE_UNKNOWN;
        if (!blake2b_backend_cpu_can_run(b))
            return BLAKE2B_CHOICE_UNSUPPORTED;
    }
    *backend = b;
    /* A wrong answer from a miscompiled or mis-detected backend must
     * never reach a user. */
    return blake2b_backend_selftest(b) ? BLAKE2B_CHOSEN : BLAKE2B_CHOICE_SELFTEST;
}
