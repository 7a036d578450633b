/* SPDX-License-Identifier: Apache-2.0 */
/* What argon2.c gives argon2_encoded.c. Internal to the library. */
#ifndef BLAKE2NEON_LIB_ARGON2_LIB_H
#define BLAKE2NEON_LIB_ARGON2_LIB_H

#include "argon2.h"
#include "blake2neon.h"

/* The core's parameters from the public ones and a tag length, checked:
 * BLAKE2NEON_OK or the error code blake2neon_argon2 returns. */
int b2n_lib_argon2_params(struct blake2b_argon2_params *core, size_t outlen,
                          const blake2neon_argon2_params *p);

/* The tag of checked parameters into out: BLAKE2NEON_OK,
 * BLAKE2NEON_ERR_BACKEND or BLAKE2NEON_ERR_MEMORY. */
int b2n_lib_argon2_run(void *out, const struct blake2b_argon2_params *p);

#endif
