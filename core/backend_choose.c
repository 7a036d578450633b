/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Which backend runs: a name or the automatic choice, refused when the CPU
 * cannot run it or its self-test fails. Written once for the provider
 * (which raises OpenSSL errors from the answer) and the library (which
 * returns an error code).
 */
#include <string.h>

#include "backend.h"

int blake2b_backend_name_is_auto(const char *name)
{
    return name == NULL || name[0] == '\0' || strcmp(name, "auto") == 0;
}

enum blake2b_choice blake2b_backend_choose(const char *name,
                                           const struct blake2b_backend **backend,
                                           const struct blake2b_backend **failed)
{
    const struct blake2b_backend *b;

    *failed = NULL;
    if (blake2b_backend_name_is_auto(name)) {
        b = blake2b_backend_auto();
        *backend = b;
        if (blake2b_backend_selftest(b))
            return BLAKE2B_CHOSEN;
        if (b == blake2b_backend_at(0))
            return BLAKE2B_CHOICE_SELFTEST;
        /* An automatic choice that fails gives way to generic, as Linux's
         * crypto falls back to its generic code: losing every BLAKE2b
         * digest would be worse. A backend the user named must pass. */
        *failed = b;
        b = blake2b_backend_at(0);
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
