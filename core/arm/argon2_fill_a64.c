/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Argon2's BlaMka (core/blamka.h) in AArch64 Advanced SIMD (base ARMv8-A,
 * which every AArch64 CPU has), for the a64 backend.
 *
 * Same order of work as argon2_fill_neon.S: rows of R = prev ^ ref through
 * P into a stack buffer, R (XORed into next's old row when with_xor)
 * written to next row by row, then P on each column of the buffer XORed
 * into next.
 *
 * One P in eight q registers, two G functions per instruction: rows a, b,
 * c, d = (v0,v1)(v2,v3), (v4,v5)(v6,v7), ... For the diagonals b and d
 * turn by one and three words (ext), c by two (its registers swap roles).
 *
 * a + b + 2 * lo32(a) * lo32(b) for both halves x, y of a row at once:
 * uzp1 gathers the four low halves of a (and of b) into one register, a +
 * b, then the product twice with umlal / umlal2 (lower and upper halves).
 * Narrowing the two halves together saves one instruction a row against
 * xtn, twice; the second umlal saves one against a doubling and an add.
 * Rotations: by 32 rev64; by 24 and 16 tbl with a byte table; by 63 an
 * add to itself and usra of the top bit.
 *
 * Intrinsics, not assembly: with 32 vector registers gcc 12 keeps P in
 * registers with no moves or spills (docs/argon2-arm.md).
 */
#include <arm_neon.h>

#include "backend.h"

#if !defined(BLAKE2B_BUILDS_A64)
#error "argon2_fill_a64.c is for AArch64 LP64, little-endian"
#endif

/* Both halves of a row: a += b + 2 lo(a) lo(b), lane by lane. */
#define BLA2(ax, ay, bx, by)                                           \
    do {                                                               \
        uint32x4_t al_ = vuzp1q_u32(vreinterpretq_u32_u64(ax),         \
                                    vreinterpretq_u32_u64(ay));        \
        uint32x4_t bl_ = vuzp1q_u32(vreinterpretq_u32_u64(bx),         \
                                    vreinterpretq_u32_u64(by));        \
        ax = vaddq_u64(ax, bx);                                        \
        ay = vaddq_u64(ay, by);                                        \
        ax = vmlal_u32(ax, vget_low_u32(al_), vget_low_u32(bl_));      \
        ay = vmlal_high_u32(ay, al_, bl_);                             \
        ax = vmlal_u32(ax, vget_low_u32(al_), vget_low_u32(bl_));      \
        ay = vmlal_high_u32(ay, al_, bl_);                             \
    } while (0)

static inline uint64x2_t ror32(uint64x2_t x)
{
    return vreinterpretq_u64_u32(vrev64q_u32(vreinterpretq_u32_u64(x)));
}

static inline uint64x2_t ror_bytes(uint64x2_t x, uint8x16_t table)
{
    return vreinterpretq_u64_u8(vqtbl1q_u8(vreinterpretq_u8_u64(x), table));
}

/* x + x is x << 1; the top bit is added back in (the low bit is zero). */
static inline uint64x2_t ror63(uint64x2_t x)
{
    return vsraq_n_u64(vaddq_u64(x, x), x, 63);
}

/* Two G functions in each of the halves x and y. */
#define G2(ax, bx, cx, dx, ay, by, cy, dy)      \
    do {                                        \
        BLA2(ax, ay, bx, by);                   \
        dx = ror32(veorq_u64(dx, ax));          \
        dy = ror32(veorq_u64(dy, ay));          \
        BLA2(cx, cy, dx, dy);                   \
        bx = ror_bytes(veorq_u64(bx, cx), r24); \
        by = ror_bytes(veorq_u64(by, cy), r24); \
        BLA2(ax, ay, bx, by);                   \
        dx = ror_bytes(veorq_u64(dx, ax), r16); \
        dy = ror_bytes(veorq_u64(dy, ay), r16); \
        BLA2(cx, cy, dx, dy);                   \
        bx = ror63(veorq_u64(bx, cx));          \
        by = ror63(veorq_u64(by, cy));          \
    } while (0)

/* P on the 16 words v[0..7] = (v0,v1) ... (v14,v15). */
#define PERMUTE(v)                                                   \
    do {                                                             \
        uint64x2_t a0 = v[0], a1 = v[1], b0 = v[2], b1 = v[3];       \
        uint64x2_t c0 = v[4], c1 = v[5], d0 = v[6], d1 = v[7], t_;   \
        G2(a0, b0, c0, d0, a1, b1, c1, d1);                          \
        t_ = vextq_u64(b0, b1, 1);  /* v5, v6 */                     \
        b1 = vextq_u64(b1, b0, 1);  /* v7, v4 */                     \
        b0 = t_;                                                     \
        t_ = vextq_u64(d1, d0, 1);  /* v15, v12 */                   \
        d1 = vextq_u64(d0, d1, 1);  /* v13, v14 */                   \
        d0 = t_;                                                     \
        G2(a0, b0, c1, d0, a1, b1, c0, d1);                          \
        v[0] = a0;                                                   \
        v[1] = a1;                                                   \
        v[2] = vextq_u64(b1, b0, 1);  /* v4, v5 */                   \
        v[3] = vextq_u64(b0, b1, 1);  /* v6, v7 */                   \
        v[4] = c0;                                                   \
        v[5] = c1;                                                   \
        v[6] = vextq_u64(d0, d1, 1);  /* v12, v13 */                 \
        v[7] = vextq_u64(d1, d0, 1);  /* v14, v15 */                 \
    } while (0)

void blake2b_argon2_fill_a64(struct blake2b_argon2_block *next,
                             const struct blake2b_argon2_block *prev,
                             const struct blake2b_argon2_block *ref,
                             int with_xor)
{
    static const uint8_t tables[32] = {
        3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10, /* >>> 24 */
        2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9, /* >>> 16 */
    };
    const uint8x16_t r24 = vld1q_u8(tables), r16 = vld1q_u8(tables + 16);
    struct blake2b_argon2_block q;
    uint64x2_t v[8];

    /* The loops over k unrolled: rolled, gcc 12 keeps v on the stack. */
    for (int row = 0; row < 8; row++) {
        const uint64_t *p = prev->v + 16 * row, *f = ref->v + 16 * row;
        uint64_t *n = next->v + 16 * row;

#pragma GCC unroll 8
        for (int k = 0; k < 8; k++)
            v[k] = veorq_u64(vld1q_u64(p + 2 * k), vld1q_u64(f + 2 * k));
        if (with_xor)
    #pragma GCC unroll 8
        for (int k = 0; k < 8; k++)
                vst1q_u64(n + 2 * k, veorq_u64(v[k], vld1q_u64(n + 2 * k)));
        else
    #pragma GCC unroll 8
        for (int k = 0; k < 8; k++)
                vst1q_u64(n + 2 * k, v[k]);
        PERMUTE(v);
#pragma GCC unroll 8
        for (int k = 0; k < 8; k++)
            vst1q_u64(q.v + 16 * row + 2 * k, v[k]);
    }
    for (int col = 0; col < 8; col++) {
#pragma GCC unroll 8
        for (int k = 0; k < 8; k++)
            v[k] = vld1q_u64(q.v + 2 * col + 16 * k);
        PERMUTE(v);
#pragma GCC unroll 8
        for (int k = 0; k < 8; k++) {
            uint64_t *n = next->v + 2 * col + 16 * k;

            vst1q_u64(n, veorq_u64(v[k], vld1q_u64(n)));
        }
    }
    /* q holds what the password became. */
    blake2b_wipe(&q, sizeof(q));
}
