/* SPDX-License-Identifier: Apache-2.0 */
#include "errors.h"
#include "lifecycle.h"

int b2n_refuse_update(const struct b2n_core *core, const char *what)
{
    B2N_RAISE(core, B2N_R_CALLED_OUT_OF_ORDER,
              "%s update without init, or after final", what);
    return 0;
}

int b2n_refuse_final(const struct b2n_core *core, const char *what,
                     enum b2n_phase phase, size_t outlen, size_t outsize)
{
    if (phase != B2N_RUNNING)
        B2N_RAISE(core, B2N_R_CALLED_OUT_OF_ORDER,
                  "%s final without init, or twice", what);
    else
        /* OpenSSL before 3.2 offers a digest only the algorithm's
         * nominal size; 3.2+ the `size` reported, below the running size
         * after a smaller size was set mid-stream. */
        B2N_RAISE(core, B2N_R_OUTPUT_BUFFER_TOO_SMALL,
                  "a %zu-byte %s does not fit in %zu bytes", outlen, what,
                  outsize);
    return 0;
}
