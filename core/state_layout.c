/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The assembly backends (arm/compress_neon.S, arm/compress_a64.S,
 * x86/compress_avx512.S) reach into struct blake2b_state by fixed offsets,
 * STATE_H, STATE_T and STATE_F there; the build fails here if blake2b.h
 * moves them.
 */
#include <stddef.h>

#include "blake2b.h"

_Static_assert(offsetof(struct blake2b_state, h) == 0, "STATE_H");
_Static_assert(offsetof(struct blake2b_state, t) == 64, "STATE_T");
_Static_assert(offsetof(struct blake2b_state, f) == 80, "STATE_F");
_Static_assert(sizeof(((struct blake2b_state *)0)->t) == 16
               && sizeof(((struct blake2b_state *)0)->f) == 16,
               "t and f are two 64-bit words each");
