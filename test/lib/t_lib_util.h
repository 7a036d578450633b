/* SPDX-License-Identifier: Apache-2.0 */
/* Helpers of the library's tests (test/lib), beside test/c's t_util. */
#ifndef BLAKE2NEON_TEST_T_LIB_UTIL_H
#define BLAKE2NEON_TEST_T_LIB_UTIL_H

#include <stddef.h>
#include <stdint.h>

/*
 * The backend this run must be on, checked against blake2neon_backend():
 * `want` is a backend name, which BLAKE2NEON_BACKEND must also name (CTest
 * sets both), or "auto": then BLAKE2NEON_BACKEND if set (a whole run on
 * one backend), else BLAKE2NEON_EXPECT_BACKEND if set (what the automatic
 * choice picks here). Returns 1 to go on, or 0 when this CPU cannot run
 * `want` (the caller exits T_SKIP; the reason is printed).
 */
int t_lib_backend_is(const char *want);

/* main's start for PROG DATA_DIR BACKEND|auto: -1 to go on, else the
 * exit status (usage, or T_SKIP as t_lib_backend_is says). */
int t_lib_start(int argc, char **argv);

/* One-shot hash through init_param/update/final in the pieces rng picks
 * (NULL: one update). Returns the first return code that is not OK. */
struct t_rng;
int t_lib_hash_split(uint8_t *out, size_t outlen, const uint8_t *key,
                     size_t keylen, const uint8_t *salt,
                     const uint8_t *personal, const uint8_t *msg, size_t len,
                     struct t_rng *rng);

#endif
