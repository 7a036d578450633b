/*
 * compress_neon.S reaches into struct blake2b_state by fixed offsets
 * (STATE_H, STATE_T, STATE_F there); the build fails here if they drift.
 */
#include <stddef.h>

#include "blake2b.h"

_Static_assert(offsetof(struct blake2b_state, h) == 0,
               "compress_neon.S: STATE_H");
_Static_assert(offsetof(struct blake2b_state, t) == 64,
               "compress_neon.S: STATE_T");
_Static_assert(offsetof(struct blake2b_state, f) == 80,
               "compress_neon.S: STATE_F");
_Static_assert(sizeof(((struct blake2b_state *)0)->t) == 16
               && sizeof(((struct blake2b_state *)0)->f) == 16,
               "compress_neon.S: t and f are two 64-bit words each");
