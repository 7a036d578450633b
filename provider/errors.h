/* Errors raised through the core's error upcalls, with readable reasons. */
#ifndef BLAKE2NEON_PROVIDER_ERRORS_H
#define BLAKE2NEON_PROVIDER_ERRORS_H

#include <openssl/core.h>

#include "provider.h"

enum b2n_reason {
    B2N_R_INVALID_SIZE = 1,
    B2N_R_INVALID_KEY_LENGTH,
    B2N_R_NO_KEY_SET,
    B2N_R_INVALID_SALT_LENGTH,
    B2N_R_INVALID_CUSTOM_LENGTH,
    B2N_R_WRONG_PARAMETER_TYPE,
    B2N_R_OUTPUT_BUFFER_TOO_SMALL,
    B2N_R_CALLED_OUT_OF_ORDER,
    B2N_R_OUT_OF_MEMORY,
    B2N_R_UNKNOWN_BACKEND,
    B2N_R_BACKEND_NOT_SUPPORTED_BY_CPU,
    B2N_R_BACKEND_SELFTEST_FAILED,
};

/* The table handed to the core by OSSL_FUNC_PROVIDER_GET_REASON_STRINGS. */
extern const OSSL_ITEM b2n_reason_strings[];

/* Raise reason, with printf-style detail, on the caller's error queue. */
#define B2N_RAISE(core, reason, ...) \
    b2n_raise_at((core), __FILE__, __LINE__, __func__, (reason), __VA_ARGS__)

void b2n_raise_at(const struct b2n_core *core, const char *file, int line,
                  const char *func, enum b2n_reason reason, const char *fmt,
                  ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

#endif
