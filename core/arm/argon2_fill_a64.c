/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Argon2's BlaMka (core/blamka.h) in AArch64 Advanced SIMD (base ARMv8-A,
 * which every AArch64 CPU has), for the a64 backend.
 *
 * Same order of work as argon2_fill_neon.S: rows of R = prev ^ ref through
 * P into a stack buffer, R (XORed into next's old row when with_xor)
 * written to next, then P on the columns of the buffer XORed into next;
 * but two rows, then two columns, at a time.
 *
 * One P in eight q registers, two G functions per instruction: rows a, b,
 * c, d = (v0,v1)(v2,v3), (v4,v5)(v6,v7), ... For the diagonals b and d
 * turn by one and three words (ext), c by two (its registers swap roles).
 * One P alone is a chain of dependent multiply-accumulates and lookups
 * that leaves a core with two or more vector pipes idle most cycles; two
 * independent P's (16 q registers of the 32) give it four chains.
 *
 * a + b + 2 * lo32(a) * lo32(b) for both halves x, y of a row at once:
 * uzp1 gathers the four low halves of a (and of b) into one register, a +
 * b, then the product twice with umlal / umlal2 (lower and upper halves).
 * Narrowing the two halves together saves one instruction a row against
 * xtn, twice; the second umlal saves one against a doubling and an add.
 * Rotations: by 32 rev64; by 24 and 16 tbl with a byte table; by 63 an
 * add to itself and usra of the top bit.
 *
 * Intrinsics, not assembly: with 32 vector registers gcc 12 keeps both
 * P's in registers with no spills (docs/performance.md, "Argon2").
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

/* BLA2 with b's low halves already gathered into bl. */
#define BLA2L(ax, ay, bx, by, bl)                                      \
    do {                                                               \
        uint32x4_t al_ = vuzp1q_u32(vreinterpretq_u32_u64(ax),         \
                                    vreinterpretq_u32_u64(ay));        \
        ax = vaddq_u64(ax, bx);                                        \
        ay = vaddq_u64(ay, by);                                        \
        ax = vmlal_u32(ax, vget_low_u32(al_), vget_low_u32(bl));       \
        ay = vmlal_high_u32(ay, al_, bl);                              \
        ax = vmlal_u32(ax, vget_low_u32(al_), vget_low_u32(bl));       \
        ay = vmlal_high_u32(ay, al_, bl);                              \
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

/* Each step of G on both halves x, y of one P: a += b (BlaMka), then
 * d = (d ^ a) >>> n; ROT names the rotation. */
#define STEP(ax, ay, bx, by, dx, dy, ROT)       \
    do {                                        \
        BLA2(ax, ay, bx, by);                   \
        dx = ROT(veorq_u64(dx, ax));            \
        dy = ROT(veorq_u64(dy, ay));            \
    } while (0)

/* The first two steps of G. The low halves of d = (d ^ a) >>> 32 are the
 * high halves of d ^ a: uzp2 gathers them from d ^ a while rev64 turns
 * it, which takes rev64 off the chain into c += d's multiplies. */
#define STEP32(ax, ay, bx, by, cx, cy, dx, dy, ROT)                    \
    do {                                                               \
        uint32x4_t dl_;                                                \
        BLA2(ax, ay, bx, by);                                          \
        dx = veorq_u64(dx, ax);                                        \
        dy = veorq_u64(dy, ay);                                        \
        dl_ = vuzp2q_u32(vreinterpretq_u32_u64(dx),                    \
                         vreinterpretq_u32_u64(dy));                   \
        dx = ror32(dx);                                                \
        dy = ror32(dy);                                                \
        BLA2L(cx, cy, dx, dy, dl_);                                    \
        bx = ROT(veorq_u64(bx, cx));                                   \
        by = ROT(veorq_u64(by, cy));                                   \
    } while (0)

#define ROT24(x) ror_bytes(x, r24)
#define ROT16(x) ror_bytes(x, r16)

/*
 * Two G functions in each of the halves x and y of two independent P's
 * (a..d and e..h): four dependency chains in flight instead of two, so
 * that a core issuing two vector instructions a cycle is not left waiting
 * on the latency of one chain's multiply-accumulates and table lookups.
 * The steps alternate between the two P's; gcc keeps that order.
 */
#define G4(ax, bx, cx, dx, ay, by, cy, dy, ex, fx, gx, hx, ey, fy, gy, hy) \
    do {                                                               \
        STEP32(ax, ay, bx, by, cx, cy, dx, dy, ROT24);                 \
        STEP32(ex, ey, fx, fy, gx, gy, hx, hy, ROT24);                 \
        STEP(ax, ay, bx, by, dx, dy, ROT16);                           \
        STEP(ex, ey, fx, fy, hx, hy, ROT16);                           \
        STEP(cx, cy, dx, dy, bx, by, ror63);                           \
        STEP(gx, gy, hx, hy, fx, fy, ror63);                           \
    } while (0)

/* Rows b and d of one P turned to put the diagonals in columns: b by one
 * word, d by three (c by two is done by swapping c0 and c1 in G4's
 * arguments). */
#define DIAG(b0, b1, d0, d1)                                         \
    do {                                                             \
        uint64x2_t t_ = vextq_u64(b0, b1, 1); /* v5, v6 */           \
        b1 = vextq_u64(b1, b0, 1);            /* v7, v4 */           \
        b0 = t_;                                                     \
        t_ = vextq_u64(d1, d0, 1);            /* v15, v12 */         \
        d1 = vextq_u64(d0, d1, 1);            /* v13, v14 */         \
        d0 = t_;                                                     \
    } while (0)

/* Back from DIAG, into the eight pairs of a P. */
#define UNDIAG(v, a0, a1, b0, b1, c0, c1, d0, d1)                    \
    do {                                                             \
        v[0] = a0;                                                   \
        v[1] = a1;                                                   \
        v[2] = vextq_u64(b1, b0, 1);  /* v4, v5 */                   \
        v[3] = vextq_u64(b0, b1, 1);  /* v6, v7 */                   \
        v[4] = c0;                                                   \
        v[5] = c1;                                                   \
        v[6] = vextq_u64(d0, d1, 1);  /* v12, v13 */                 \
        v[7] = vextq_u64(d1, d0, 1);  /* v14, v15 */                 \
    } while (0)

/* P on the 16 words v[0..7] = (v0,v1) ... (v14,v15), and on w[0..7]. */
#define PERMUTE2(v, w)                                               \
    do {                                                             \
        uint64x2_t a0 = v[0], a1 = v[1], b0 = v[2], b1 = v[3];       \
        uint64x2_t c0 = v[4], c1 = v[5], d0 = v[6], d1 = v[7];       \
        uint64x2_t e0 = w[0], e1 = w[1], f0 = w[2], f1 = w[3];       \
        uint64x2_t g0 = w[4], g1 = w[5], h0 = w[6], h1 = w[7];       \
        G4(a0, b0, c0, d0, a1, b1, c1, d1,                           \
           e0, f0, g0, h0, e1, f1, g1, h1);                          \
        DIAG(b0, b1, d0, d1);                                        \
        DIAG(f0, f1, h0, h1);                                        \
        G4(a0, b0, c1, d0, a1, b1, c0, d1,                           \
           e0, f0, g1, h0, e1, f1, g0, h1);                          \
        UNDIAG(v, a0, a1, b0, b1, c0, c1, d0, d1);                   \
        UNDIAG(w, e0, e1, f0, f1, g0, g1, h0, h1);                   \
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
    uint64x2_t v[8], w[8];

    /* Two rows, then two columns, at a time. The loops over k unrolled:
     * rolled, gcc 12 keeps v and w on the stack. */
    for (int row = 0; row < 8; row += 2) {
        const uint64_t *p = prev->v + 16 * row, *f = ref->v + 16 * row;
        uint64_t *n = next->v + 16 * row;

#pragma GCC unroll 8
        for (int k = 0; k < 8; k++) {
            v[k] = veorq_u64(vld1q_u64(p + 2 * k), vld1q_u64(f + 2 * k));
            w[k] = veorq_u64(vld1q_u64(p + 16 + 2 * k),
                             vld1q_u64(f + 16 + 2 * k));
        }
        if (with_xor) {
#pragma GCC unroll 8
            for (int k = 0; k < 8; k++) {
                vst1q_u64(n + 2 * k, veorq_u64(v[k], vld1q_u64(n + 2 * k)));
                vst1q_u64(n + 16 + 2 * k,
                          veorq_u64(w[k], vld1q_u64(n + 16 + 2 * k)));
            }
        } else {
#pragma GCC unroll 8
            for (int k = 0; k < 8; k++) {
                vst1q_u64(n + 2 * k, v[k]);
                vst1q_u64(n + 16 + 2 * k, w[k]);
            }
        }
        PERMUTE2(v, w);
#pragma GCC unroll 8
        for (int k = 0; k < 8; k++) {
            vst1q_u64(q.v + 16 * row + 2 * k, v[k]);
            vst1q_u64(q.v + 16 * row + 16 + 2 * k, w[k]);
        }
    }
    for (int col = 0; col < 8; col += 2) {
#pragma GCC unroll 8
        for (int k = 0; k < 8; k++) {
            v[k] = vld1q_u64(q.v + 2 * col + 16 * k);
            w[k] = vld1q_u64(q.v + 2 * col + 2 + 16 * k);
        }
        PERMUTE2(v, w);
#pragma GCC unroll 8
        for (int k = 0; k < 8; k++) {
            uint64_t *n = next->v + 2 * col + 16 * k;

            vst1q_u64(n, veorq_u64(v[k], vld1q_u64(n)));
            vst1q_u64(n + 2, veorq_u64(w[k], vld1q_u64(n + 2)));
        }
    }
    /* q holds what the password became. */
    blake2b_wipe(&q, sizeof(q));
}
