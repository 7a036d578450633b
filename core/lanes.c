/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The lane-parallel compresses of this build, by name: the one table that
 * blake2b_lanes_for and the tests and tools pick from.
 */
#include <string.h>

#include "cpu_features.h"
#include "many.h"

#if defined(BLAKE2B_BUILDS_X86_ASM)
static const struct blake2b_lanes avx2 = {
    .name = "avx2", .count = 4, .compress = blake2b_compress4_avx2,
    .cpu_can_run = blake2b_cpu_has_avx2,
};

/* Four ymm lanes with AVX-512VL's rotations and 32 registers. */
static const struct blake2b_lanes avx512_ymm = {
    .name = "avx512-ymm", .count = 4, .compress = blake2b_compress4_avx512,
    .cpu_can_run = blake2b_cpu_has_avx512,
};

/* The last four messages or fewer go to the four ymm lanes: the same CPU
 * check, and each of their rotations one instruction where the AVX2
 * lanes take two or three (docs/performance.md, "Many messages at
 * once"). */
static const struct blake2b_lanes avx512 = {
    .name = "avx512", .count = 8, .compress = blake2b_compress8_avx512,
    .cpu_can_run = blake2b_cpu_has_avx512, .narrower = &avx512_ymm,
};
#endif

static const struct blake2b_lanes *const lanes_table[] = {
#if defined(BLAKE2B_BUILDS_X86_ASM)
    &avx2, &avx512, &avx512_ymm,
#endif
    NULL, /* the end, and an array that is never empty */
};

const struct blake2b_lanes *blake2b_lanes_at(size_t index)
{
    if (index >= sizeof(lanes_table) / sizeof(lanes_table[0]))
        return NULL;
    return lanes_table[index];
}

const struct blake2b_lanes *blake2b_lanes_by_name(const char *name)
{
    const struct blake2b_lanes *l;

    if (name == NULL)
        return NULL;
    for (size_t i = 0; (l = blake2b_lanes_at(i)) != NULL; i++)
        if (strcmp(l->name, name) == 0)
            return l;
    return NULL;
}
