/* SPDX-License-Identifier: Apache-2.0 */
/* Argon2's memory filling, shared by argon2.c (one segment) and
 * argon2_lanes.c (the lanes of a slice, on threads). */
#ifndef BLAKE2NEON_CORE_ARGON2_LANES_H
#define BLAKE2NEON_CORE_ARGON2_LANES_H

#include "argon2.h"

/* Where the filling stands: what every segment of it needs. */
struct blake2b_argon2_fill {
    const struct blake2b_argon2_params *p;
    struct blake2b_argon2_block *memory;
    blake2b_argon2_fill_fn *fill;
    uint32_t blocks;          /* m' */
    uint32_t lane_length;     /* q = m' / lanes */
    uint32_t segment_length;  /* q / 4 */
};

/* One lane's segment of slice in pass (argon2.c). */
void blake2b_argon2_fill_segment(const struct blake2b_argon2_fill *f,
                                 uint32_t pass, uint32_t lane, uint32_t slice);

/* Every lane's segment of slice in pass, up to p->threads at once: the
 * segments of a slice depend on none of each other (argon2_lanes.c). */
void blake2b_argon2_fill_slice(const struct blake2b_argon2_fill *f,
                               uint32_t pass, uint32_t slice);

#endif
