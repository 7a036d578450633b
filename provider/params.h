/* SPDX-License-Identifier: Apache-2.0 */
/* OSSL_PARAM readers shared by the digests and the MAC. */
#ifndef BLAKE2NEON_PROVIDER_PARAMS_H
#define BLAKE2NEON_PROVIDER_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/core.h>

#include "provider.h"

/*
 * If params holds `size`, store it in *size after checking it is an
 * integer in 1..64. Returns 0, with an error raised, otherwise.
 */
int b2n_read_size_param(const struct b2n_core *core, const OSSL_PARAM params[],
                        uint8_t *size);

/*
 * p's bytes if it is an octet string (OSSL_PARAM_OCTET_STRING or _PTR) that
 * holds some: 0 for other types, and for a NULL pointer with a length.
 * Raises nothing.
 */
int b2n_get_octets(const OSSL_PARAM *p, const void **data, size_t *len);

/*
 * If params holds name as an octet string of at most max bytes, copy it
 * zero-padded into out (max bytes) and set *len. Returns 0, with reason
 * raised, on a wrong type or length; 1 (leaving out alone) if absent.
 */
int b2n_read_bytes_param(const struct b2n_core *core, const OSSL_PARAM params[],
                         const char *name, uint8_t *out, size_t max,
                         size_t *len, int reason);

/*
 * If params holds name, set it to value, a size_t or an int as the
 * gettable lists declare it (a parameter with no buffer learns that size),
 * converted to the parameter's type as libcrypto would (param_codec.h).
 * Returns 0, with B2N_PARAM_NOT_SET raised (nothing where core is NULL:
 * a digest's get_params has none), if it cannot; 1 otherwise.
 */
int b2n_write_size_param(const struct b2n_core *core, OSSL_PARAM params[],
                         const char *name, size_t value);
int b2n_write_int_param(const struct b2n_core *core, OSSL_PARAM params[],
                        const char *name, int value);

#endif
