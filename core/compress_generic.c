/*
 * Portable C compress backend: correct on any endianness and alignment.
 *
 * BLAKE2NEON_ROLLED_ROUNDS keeps the 12 rounds in a loop (small code, for
 * 32-bit targets where the unrolled form costs ~20 KB); otherwise every
 * round is expanded with its message indices known at compile time.
 */
#include "backend.h"
#include "constants.h"
#include "load_store.h"

#if defined(__GNUC__)
#define BLAKE2B_INLINE static inline __attribute__((always_inline))
#else
#define BLAKE2B_INLINE static inline
#endif

BLAKE2B_INLINE uint64_t rotr64(uint64_t w, unsigned int c)
{
    return (w >> c) | (w << (64 - c));
}

/* The G function of RFC 7693 section 3.1. */
BLAKE2B_INLINE void mix(uint64_t v[16], int a, int b, int c, int d,
                        uint64_t x, uint64_t y)
{
    v[a] = v[a] + v[b] + x;
    v[d] = rotr64(v[d] ^ v[a], 32);
    v[c] = v[c] + v[d];
    v[b] = rotr64(v[b] ^ v[c], 24);
    v[a] = v[a] + v[b] + y;
    v[d] = rotr64(v[d] ^ v[a], 16);
    v[c] = v[c] + v[d];
    v[b] = rotr64(v[b] ^ v[c], 63);
}

BLAKE2B_INLINE void one_round(uint64_t v[16], const uint64_t m[16],
                          const uint8_t s[16])
{
    mix(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
    mix(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
    mix(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
    mix(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
    mix(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
    mix(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
    mix(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
    mix(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
}

BLAKE2B_INLINE void compress_one(struct blake2b_state *S, const uint8_t *in)
{
    uint64_t m[16], v[16];

    for (int i = 0; i < 16; i++)
        m[i] = blake2b_load64_le(in + 8 * i);
    for (int i = 0; i < 8; i++) {
        v[i] = S->h[i];
        v[i + 8] = blake2b_iv[i];
    }
    v[12] ^= S->t[0];
    v[13] ^= S->t[1];
    v[14] ^= S->f[0];
    v[15] ^= S->f[1];

#if defined(BLAKE2NEON_ROLLED_ROUNDS)
    for (int r = 0; r < 12; r++)
        one_round(v, m, blake2b_sigma[r]);
#else
    one_round(v, m, blake2b_sigma[0]);
    one_round(v, m, blake2b_sigma[1]);
    one_round(v, m, blake2b_sigma[2]);
    one_round(v, m, blake2b_sigma[3]);
    one_round(v, m, blake2b_sigma[4]);
    one_round(v, m, blake2b_sigma[5]);
    one_round(v, m, blake2b_sigma[6]);
    one_round(v, m, blake2b_sigma[7]);
    one_round(v, m, blake2b_sigma[8]);
    one_round(v, m, blake2b_sigma[9]);
    one_round(v, m, blake2b_sigma[10]);
    one_round(v, m, blake2b_sigma[11]);
#endif

    for (int i = 0; i < 8; i++)
        S->h[i] ^= v[i] ^ v[i + 8];
}

void blake2b_compress_generic(struct blake2b_state *S, const uint8_t *in,
                              size_t nblocks, unsigned int inc)
{
    while (nblocks-- > 0) {
        blake2b_counter_add(S, inc);
        compress_one(S, in);
        in += BLAKE2B_BLOCKBYTES;
    }
}
