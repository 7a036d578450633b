/* SPDX-License-Identifier: Apache-2.0 */
#include <pthread.h>
#include <stdarg.h>
#include <string.h>

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
    { 0, NULL },
};

void b2n_raise_at(const struct b2n_core *core, const char *file, int line,
                  const char *func, uint32_t reason, const char *fmt,
                  ...)
{
    va_list args;

    /* Without the upcalls (a core that offers none, a slot never
     * claimed) there is nowhere to report to; the failing return value
     * still reaches the caller. */
    if (core->new_error == NULL || core->vset_error == NULL)
        return;
    core->new_error(core->handle);
    if (core->set_error_debug != NULL)
        core->set_error_debug(core->handle, file, line, func);
    va_start(args, fmt);
    core->vset_error(core->handle, reason, fmt, args);
    va_end(args);
}

/* Claimed slots are never given back: a libcrypto's upcalls stay where
 * they are while it is loaded, and a slot holds nothing else. */
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;
static struct b2n_core slots[B2N_ERROR_SLOTS];

static int same_upcalls(const struct b2n_core *a, const struct b2n_core *b)
{
    return a->new_error == b->new_error
           && a->set_error_debug == b->set_error_debug
           && a->vset_error == b->vset_error;
}

unsigned int b2n_error_slot_claim(const struct b2n_core *core)
{
    unsigned int slot;

    if (core->new_error == NULL || core->vset_error == NULL)
        return B2N_ERROR_SLOTS;
    pthread_mutex_lock(&slots_lock);
    for (slot = 0; slot < B2N_ERROR_SLOTS; slot++) {
        if (slots[slot].vset_error == NULL) {
            slots[slot].new_error = core->new_error;
            slots[slot].set_error_debug = core->set_error_debug;
            slots[slot].vset_error = core->vset_error;
            break;
        }
        if (same_upcalls(&slots[slot], core))
            break;
    }
    pthread_mutex_unlock(&slots_lock);
    return slot;
}

void b2n_error_slot_core(unsigned int slot, struct b2n_core *out)
{
    memset(out, 0, sizeof(*out));
    if (slot >= B2N_ERROR_SLOTS)
        return;
    pthread_mutex_lock(&slots_lock);
    *out = slots[slot];
    pthread_mutex_unlock(&slots_lock);
}
