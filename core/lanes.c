/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The lane-parallel compresses of this build, by name: the one table that
 * blake2b_lanes_for and the tools pick from.
 */
#include <string.h>

#include "cpu_features.h"
#include "many.h"

static const struct blake2b_lanes lanes_table[] = {
#if defined(BLAKE2B_BUILDS_X86_ASM)
    { .name = "avx2", .count = 4, .compress = blake2b_compress4_avx2,
      .cpu_can_run = blake2b_cpu_has_avx2 },
    /* The last four messages or fewer go to the four ymm lanes below:
     * same CPU check, and faster per lane than the AVX2 ones, whose
     * rotations take two or three instructions and whose state does not
     * fit in 16 registers with the message. */
    { .name = "avx512", .count = 8, .compress = blake2b_compress8_avx512,
      .cpu_can_run = blake2b_cpu_has_avx512, .narrower = &lanes_table[2] },
    /* Four ymm lanes with AVX-512VL's rotations and 32 registers. */
    { .name = "avx512-ymm", .count = 4, .compress = blake2b_compress4_avx512,
      .cpu_can_run = blake2b_cpu_has_avx512 },
#endif
    { .name = NULL }, /* the end, and an array that is never empty */
};

const struct blake2b_lanes *blake2b_lanes_by_name(const char *name)
{
    if (name == NULL)
        return NULL;
    for (const struct blake2b_lanes *l = lanes_table; l->name != NULL; l++)
        if (strcmp(l->name, name) == 0)
            return l;
    return NULL;
}
