/*
 * AArch64 Advanced SIMD (NEON) compress backend.
 *
 * The 16 working words sit in 8 q registers, two per row: a = words 0..3,
 * b = 4..7, c = 8..11, d = 12..15, each as a low pair (columns 0, 1) and a
 * high pair (columns 2, 3). One vector G step thus mixes two columns; the
 * diagonal step first rotates rows b, c, d by one, two and three lanes with
 * vextq_u64 (row c needs only its halves swapped) and turns them back
 * afterwards.
 *
 * One block is a chain of dependent vector operations two columns wide, so
 * on the cores llvm-mca-14 models this is slower than the scalar generic
 * backend (scripts/model-speed.sh); it is there to be chosen by name and
 * as the base of compress_sha3.c.
 */
#if !defined(__aarch64__)
#error "compress_asimd.c is for AArch64 only"
#endif
#if defined(__AARCH64EB__)
#error "compress_asimd.c loads message words as native lanes: little-endian only"
#endif

#include <arm_neon.h>

#include "backend.h"
#include "constants.h"

#define B2B_INLINE static inline __attribute__((always_inline))

struct rows {
    uint64x2_t a[2], b[2], c[2], d[2];
};

/*
 * Rotations right of each 64-bit lane. 32 is a swap of 32-bit halves. 24
 * and 16 are byte moves done by one TBL: modelled by llvm-mca-14, it beats
 * SHL+SRI and EXT on each 64-bit half on every modelled core (Cortex-A53
 * 17.2 / 19.8 / 22.5 cycles per byte, Cortex-A57 9.5 / 9.6 / 12.8).
 * 63 is a rotation left by one: x + x, then the top bit shifted in by SRI.
 */
B2B_INLINE uint64x2_t ror32(uint64x2_t x)
{
    return vreinterpretq_u64_u32(vrev64q_u32(vreinterpretq_u32_u64(x)));
}

B2B_INLINE uint64x2_t ror_bytes(uint64x2_t x, uint8x16_t index)
{
    return vreinterpretq_u64_u8(vqtbl1q_u8(vreinterpretq_u8_u64(x), index));
}

B2B_INLINE uint64x2_t ror63(uint64x2_t x)
{
    return vsriq_n_u64(vaddq_u64(x, x), x, 63);
}

/* RFC 7693 G on two columns (or diagonals) at once. */
B2B_INLINE void g2(uint64x2_t *a, uint64x2_t *b, uint64x2_t *c, uint64x2_t *d,
                   uint64x2_t x, uint64x2_t y)
{
    /* Byte k of a lane rotated right by 24 (16) bits is byte k+3 (k+2). */
    static const uint8_t by24[16] = { 3, 4, 5, 6, 7, 0, 1, 2,
                                      11, 12, 13, 14, 15, 8, 9, 10 };
    static const uint8_t by16[16] = { 2, 3, 4, 5, 6, 7, 0, 1,
                                      10, 11, 12, 13, 14, 15, 8, 9 };

    /* Adding the message word first takes it off the dependency chain. */
    *a = vaddq_u64(vaddq_u64(*a, x), *b);
    *d = ror32(veorq_u64(*d, *a));
    *c = vaddq_u64(*c, *d);
    *b = ror_bytes(veorq_u64(*b, *c), vld1q_u8(by24));
    *a = vaddq_u64(vaddq_u64(*a, y), *b);
    *d = ror_bytes(veorq_u64(*d, *a), vld1q_u8(by16));
    *c = vaddq_u64(*c, *d);
    *b = ror63(veorq_u64(*b, *c));
}

/*
 * (m[i], m[j]) from the message held as pairs mp[k] = (m[2k], m[2k+1]).
 * i and j are constants after inlining, so one case survives, and each
 * case is at most one instruction.
 */
B2B_INLINE uint64x2_t msg_pair(const uint64x2_t mp[8], int i, int j)
{
    uint64x2_t p = mp[i / 2], q = mp[j / 2];

    if (i % 2 == 0 && j == i + 1)
        return p;
    if (i % 2 == 0 && j % 2 == 0)
        return vzip1q_u64(p, q);
    if (i % 2 == 1 && j % 2 == 1)
        return vzip2q_u64(p, q);
    if (i % 2 == 1)                 /* (p high, q low) */
        return vextq_u64(p, q, 1);
    return vcopyq_laneq_u64(p, 1, q, 1); /* (p low, q high) */
}

/* Rotate b, c, d left by 1, 2, 3 lanes: diagonals become columns. */
B2B_INLINE void diagonalize(struct rows *v)
{
    uint64x2_t t;

    t = vextq_u64(v->b[0], v->b[1], 1);
    v->b[1] = vextq_u64(v->b[1], v->b[0], 1);
    v->b[0] = t;
    t = v->c[0];
    v->c[0] = v->c[1];
    v->c[1] = t;
    t = vextq_u64(v->d[1], v->d[0], 1);
    v->d[1] = vextq_u64(v->d[0], v->d[1], 1);
    v->d[0] = t;
}

B2B_INLINE void undiagonalize(struct rows *v)
{
    uint64x2_t t;

    t = vextq_u64(v->b[1], v->b[0], 1);
    v->b[1] = vextq_u64(v->b[0], v->b[1], 1);
    v->b[0] = t;
    t = v->c[0];
    v->c[0] = v->c[1];
    v->c[1] = t;
    t = vextq_u64(v->d[0], v->d[1], 1);
    v->d[1] = vextq_u64(v->d[1], v->d[0], 1);
    v->d[0] = t;
}

B2B_INLINE void one_round(struct rows *v, const uint64x2_t mp[8],
                          const uint8_t s[16])
{
    g2(&v->a[0], &v->b[0], &v->c[0], &v->d[0],
       msg_pair(mp, s[0], s[2]), msg_pair(mp, s[1], s[3]));
    g2(&v->a[1], &v->b[1], &v->c[1], &v->d[1],
       msg_pair(mp, s[4], s[6]), msg_pair(mp, s[5], s[7]));
    diagonalize(v);
    g2(&v->a[0], &v->b[0], &v->c[0], &v->d[0],
       msg_pair(mp, s[8], s[10]), msg_pair(mp, s[9], s[11]));
    g2(&v->a[1], &v->b[1], &v->c[1], &v->d[1],
       msg_pair(mp, s[12], s[14]), msg_pair(mp, s[13], s[15]));
    undiagonalize(v);
}

B2B_INLINE void compress_one(uint64x2_t h[4], const uint64_t t[2],
                             const uint64_t f[2], const uint8_t *in)
{
    uint64x2_t mp[8];
    struct rows v;

    /* Byte loads: any alignment; lanes are little-endian words. Spelled
     * out so that GCC keeps mp in registers instead of a stack copy. */
    mp[0] = vreinterpretq_u64_u8(vld1q_u8(in));
    mp[1] = vreinterpretq_u64_u8(vld1q_u8(in + 16));
    mp[2] = vreinterpretq_u64_u8(vld1q_u8(in + 32));
    mp[3] = vreinterpretq_u64_u8(vld1q_u8(in + 48));
    mp[4] = vreinterpretq_u64_u8(vld1q_u8(in + 64));
    mp[5] = vreinterpretq_u64_u8(vld1q_u8(in + 80));
    mp[6] = vreinterpretq_u64_u8(vld1q_u8(in + 96));
    mp[7] = vreinterpretq_u64_u8(vld1q_u8(in + 112));

    v.a[0] = h[0];
    v.a[1] = h[1];
    v.b[0] = h[2];
    v.b[1] = h[3];
    v.c[0] = vld1q_u64(&blake2b_iv[0]);
    v.c[1] = vld1q_u64(&blake2b_iv[2]);
    v.d[0] = veorq_u64(vld1q_u64(&blake2b_iv[4]), vld1q_u64(t));
    v.d[1] = veorq_u64(vld1q_u64(&blake2b_iv[6]), vld1q_u64(f));

    one_round(&v, mp, blake2b_sigma[0]);
    one_round(&v, mp, blake2b_sigma[1]);
    one_round(&v, mp, blake2b_sigma[2]);
    one_round(&v, mp, blake2b_sigma[3]);
    one_round(&v, mp, blake2b_sigma[4]);
    one_round(&v, mp, blake2b_sigma[5]);
    one_round(&v, mp, blake2b_sigma[6]);
    one_round(&v, mp, blake2b_sigma[7]);
    one_round(&v, mp, blake2b_sigma[8]);
    one_round(&v, mp, blake2b_sigma[9]);
    one_round(&v, mp, blake2b_sigma[10]);
    one_round(&v, mp, blake2b_sigma[11]);

    h[0] = veorq_u64(h[0], veorq_u64(v.a[0], v.c[0]));
    h[1] = veorq_u64(h[1], veorq_u64(v.a[1], v.c[1]));
    h[2] = veorq_u64(h[2], veorq_u64(v.b[0], v.d[0]));
    h[3] = veorq_u64(h[3], veorq_u64(v.b[1], v.d[1]));
}

void blake2b_compress_asimd(struct blake2b_state *S, const uint8_t *in,
                            size_t nblocks, unsigned int inc)
{
    uint64x2_t h[4];

    /* The chaining value stays in registers from block to block. */
    for (int k = 0; k < 4; k++)
        h[k] = vld1q_u64(&S->h[2 * k]);
    while (nblocks-- > 0) {
        blake2b_counter_add(S, inc);
        compress_one(h, S->t, S->f, in);
        in += BLAKE2B_BLOCKBYTES;
    }
    for (int k = 0; k < 4; k++)
        vst1q_u64(&S->h[2 * k], h[k]);
}
