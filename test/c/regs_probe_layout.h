/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Byte offsets of struct regs_probe's fields (regs_probe.h), the same on
 * 32- and 64-bit targets (8-byte slots): the assembly probes use these,
 * t_regs_clear.c checks them against the struct.
 */
#ifndef BLAKE2NEON_TEST_REGS_PROBE_LAYOUT_H
#define BLAKE2NEON_TEST_REGS_PROBE_LAYOUT_H

#define P_FN 0
#define P_S 8
#define P_IN 16
#define P_NBLOCKS 24
#define P_INC 32
#define P_FILL 40
#define P_AFTER (40 + 1024)
#define P_BELOW (40 + 2048)

#endif
