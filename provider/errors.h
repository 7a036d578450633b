/* SPDX-License-Identifier: Apache-2.0 */
/* Errors raised through the core's error upcalls, with readable reasons. */
#ifndef BLAKE2NEON_PROVIDER_ERRORS_H
#define BLAKE2NEON_PROVIDER_ERRORS_H

#include <stdint.h>

#include <openssl/core.h>
#include <openssl/err.h> /* ERR_PACK and ERR_R_* only: no libcrypto call */
#include <openssl/proverr.h>

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
    B2N_R_INVALID_MEMORY_SIZE,
    B2N_R_INVALID_THREADS,
    B2N_R_REPEATED_PARAMETER,
};

/*
 * Reasons libcrypto itself can print: its "Provider routines" library with
 * ERR_R_* common reasons or PROV_R_*. A reason that carries a library
 * number is put on the queue as that library's (3.0 and later alike). The
 * detail text says what went wrong and names blake2neon.
 *
 * For a failed load: OpenSSL learns a provider's reason strings (and its
 * library name) only after OSSL_provider_init has succeeded, so an error
 * raised with our own reasons while init fails prints as
 * "lib(128):...:reason(10)".
 */
#define B2N_LIBCRYPTO_REASON(r) ((uint32_t)ERR_PACK(ERR_LIB_PROV, 0, (r)))
#define B2N_LOAD_UNKNOWN_BACKEND \
    B2N_LIBCRYPTO_REASON(ERR_R_PASSED_INVALID_ARGUMENT)
#define B2N_LOAD_BACKEND_UNSUPPORTED B2N_LIBCRYPTO_REASON(ERR_R_UNSUPPORTED)
#define B2N_LOAD_SELFTEST_FAILED \
    B2N_LIBCRYPTO_REASON(PROV_R_SELF_TEST_KAT_FAILURE)
#define B2N_LOAD_OUT_OF_MEMORY B2N_LIBCRYPTO_REASON(ERR_R_MALLOC_FAILURE)
/* A parameter asked for cannot hold the answer: the default provider's
 * reason. */
#define B2N_PARAM_NOT_SET B2N_LIBCRYPTO_REASON(PROV_R_FAILED_TO_SET_PARAMETER)

/* The table handed to the core by OSSL_FUNC_PROVIDER_GET_REASON_STRINGS. */
extern const OSSL_ITEM b2n_reason_strings[];

/*
 * Raise reason (an enum b2n_reason, or a B2N_LIBCRYPTO_REASON one), with
 * printf-style detail, on the caller's error queue through core's upcalls.
 * core NULL raises nothing.
 */
#define B2N_RAISE(core, reason, ...) \
    b2n_raise_at((core), __FILE__, __LINE__, __func__, (reason), __VA_ARGS__)

void b2n_raise_at(const struct b2n_core *core, const char *file, int line,
                  const char *func, uint32_t reason, const char *fmt,
                  ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

#endif
