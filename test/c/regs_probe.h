/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Call a compress backend (or a backend's hash_short) from assembly, with
 * every register the backend could leave secrets in (vector registers; on
 * AArch64, where a64 uses none, the general-purpose ones) filled
 * beforehand and stored right after its return (nothing of the C
 * compiler's runs in between).
 */
#ifndef BLAKE2NEON_TEST_REGS_PROBE_H
#define BLAKE2NEON_TEST_REGS_PROBE_H

#include <stdint.h>

#include "backend.h"
#include "regs_probe_layout.h"

/*
 * Field offsets (regs_probe_layout.h) are the same on 32- and 64-bit
 * targets (8-byte slots).
 */
struct regs_probe {
    /* Called with S, in, nblocks and inc as its four arguments; a
     * hash_short takes them as digest (S's first 64 bytes, h), in, len
     * and outlen. */
    _Alignas(8) union {
        blake2b_compress_fn *compress;
        blake2b_hash_short_fn *hash_short;
    } fn;                                 /* 0 */
    _Alignas(8) struct blake2b_state *S;  /* 8 */
    _Alignas(8) const uint8_t *in;        /* 16 */
    uint64_t nblocks;            /* 24 */
    uint64_t inc;                /* 32 */
    /*
     * Before the call the probe loads fill[] into the registers (Arm: d0..d31;
     * x86-64: ymm0..ymm31, four words each; AArch64: xN at index N); after
     * it, it stores them into after[]. Arm uses 32 words, x86-64 128.
     */
    uint64_t fill[128];          /* 40 */
    uint64_t after[128];         /* 40 + 1024 */
    /* x86-64: the 128 bytes below the stack pointer the backend was
     * called with (its red zone), filled from fill[0..15] before the call
     * and stored after it. */
    uint64_t below[16];          /* 40 + 2048 */
};

#if defined(BLAKE2B_BUILDS_NEON)
void regs_probe_neon(struct regs_probe *p);
#endif
#if defined(BLAKE2B_BUILDS_X86_ASM)
void regs_probe_avx512(struct regs_probe *p);
#endif
#if defined(BLAKE2B_BUILDS_A64)
void regs_probe_a64(struct regs_probe *p);
#endif

#endif
