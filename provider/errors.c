/* SPDX-License-Identifier: Apache-2.0 */
#include <stdarg.h>

#include "errors.h"

const OSSL_ITEM b2n_reason_strings[] = {
    { B2N_R_INVALID_SIZE, "invalid output size" },
    { B2N_R_INVALID_KEY_LENGTH, "invalid key length" },
    { B2N_R_NO_KEY_SET, "no key set" },
    { B2N_R_INVALID_SALT_LENGTH, "invalid salt length" },
    { B2N_R_INVALID_CUSTOM_LENGTH, "invalid custom length" },
    { B2N_R_WRONG_PARAMETER_TYPE, "parameter has the wrong type" },
    { B2N_R_OUTPUT_BUFFER_TOO_SMALL, "output buffer too small" },
    { B2N_R_CALLED_OUT_OF_ORDER, "operation called out of order" },
    { B2N_R_OUT_OF_MEMORY, "out of memory" },
    { B2N_R_INVALID_MEMORY_SIZE, "invalid memory size" },
    { B2N_R_INVALID_THREADS, "invalid thread count" },
    { B2N_R_REPEATED_PARAMETER, "repeated parameter" },
    { 0, NULL },
};

void b2n_raise_at(const struct b2n_core *core, const char *file, int line,
                  const char *func, uint32_t reason, const char *fmt,
                  ...)
{
    va_list args;

    /* Without the upcalls (none given: a digest's get_params; a core
     * that offers none) there is nowhere to report to; the failing
     * return value still reaches the caller. */
    if (core == NULL || core->new_error == NULL || core->vset_error == NULL)
        return;
    core->new_error(core->handle);
    if (core->set_error_debug != NULL)
        core->set_error_debug(core->handle, file, line, func);
    va_start(args, fmt);
    core->vset_error(core->handle, reason, fmt, args);
    va_end(args);
}
