/* SPDX-License-Identifier: Apache-2.0 */
/* Errors raised through the core's error upcalls, with readable reasons,
 * also where OpenSSL gives no provider context (error slots, below). */
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
 * reason, and one that needs no provider context (see b2n_raise_at). */
#define B2N_PARAM_NOT_SET B2N_LIBCRYPTO_REASON(PROV_R_FAILED_TO_SET_PARAMETER)

/* The table handed to the core by OSSL_FUNC_PROVIDER_GET_REASON_STRINGS. */
extern const OSSL_ITEM b2n_reason_strings[];

/*
 * Raise reason (an enum b2n_reason, or a B2N_LIBCRYPTO_REASON one), with
 * printf-style detail, on the caller's error queue through core's upcalls.
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

/*
 * OpenSSL calls a digest's get_params with no provider context, so the
 * upcalls to raise an error there must come from elsewhere. They are
 * libcrypto's functions, the same for every load by one libcrypto, and
 * one process may hold two (3.x and 4.x loading the same module file):
 * each libcrypto that loads the module gets an error slot with its
 * upcalls, and algorithm tables whose get_params raise through that slot
 * (digest.c). A slot's core has no handle: only B2N_LIBCRYPTO_REASON
 * reasons may be raised through it (the core reads the handle only to
 * find a provider's own reasons).
 */
enum { B2N_ERROR_SLOTS = 4 };

/* The slot of core's libcrypto, claimed at its first load: below
 * B2N_ERROR_SLOTS, or B2N_ERROR_SLOTS for a core with no error upcalls or
 * a fifth libcrypto, whose slot raises nothing (the call still fails). */
unsigned int b2n_error_slot_claim(const struct b2n_core *core);

/* A core that raises on the queue of slot's libcrypto. */
void b2n_error_slot_core(unsigned int slot, struct b2n_core *out);

#endif
