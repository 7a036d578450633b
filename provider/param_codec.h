/* SPDX-License-Identifier: Apache-2.0 */
/*
 * OSSL_PARAM lookup, reading and writing without libcrypto: the module
 * links no libcrypto (one binary serves OpenSSL 3.0 through 4.x, in one
 * process or several), so it does what OSSL_PARAM_locate, _get_* and
 * _set_* do itself, with their conversion rules between integer types and
 * sizes, doubles and pointers. test/c/t_param_codec.c holds each function
 * to libcrypto's own, differentially, on the OpenSSL it runs against.
 * None of these raises an error: the caller says what was wrong.
 */
#ifndef BLAKE2NEON_PROVIDER_PARAM_CODEC_H
#define BLAKE2NEON_PROVIDER_PARAM_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/core.h>

/* The first element of the array params called key, or NULL. */
OSSL_PARAM *b2n_param_locate(OSSL_PARAM *params, const char *key);
const OSSL_PARAM *b2n_param_locate_const(const OSSL_PARAM *params,
                                         const char *key);

/* p's value as a size_t, from any integer or double that holds one
 * exactly; 0 (leaving *val alone) otherwise. */
int b2n_param_get_size_t(const OSSL_PARAM *p, size_t *val);

/* Store val in p, converted to p's integer or double type and size where
 * it fits. With no buffer (data NULL), only return_size is set: the size
 * the value needs. Returns 0 where it does not fit or p has another type. */
int b2n_param_set_size_t(OSSL_PARAM *p, size_t val);
int b2n_param_set_int(OSSL_PARAM *p, int val);

/* Point p (an OSSL_PARAM_UTF8_PTR) at the string val. */
int b2n_param_set_utf8_ptr(OSSL_PARAM *p, const char *val);

/* The bytes of an octet string p holds, OSSL_PARAM_OCTET_STRING or
 * OSSL_PARAM_OCTET_PTR, without copying; 0 for other types. */
int b2n_param_get_octet_string_ptr(const OSSL_PARAM *p, const void **val,
                                   size_t *len);

#endif
