/* SPDX-License-Identifier: Apache-2.0 */
/* BlaMka in portable C: any endianness (blocks are native words). */
#include "blake2b.h"
#include "blamka.h"

static inline uint64_t rotr64(uint64_t w, unsigned int c)
{
    return (w >> c) | (w << (64 - c));
}

/* a + b + 2 * lo32(a) * lo32(b): the addition BlaMka puts in G. */
static inline uint64_t blamka_add(uint64_t a, uint64_t b)
{
    return a + b + 2 * ((a & 0xffffffffu) * (b & 0xffffffffu));
}

static inline void g(uint64_t *a, uint64_t *b, uint64_t *c, uint64_t *d)
{
    *a = blamka_add(*a, *b);
    *d = rotr64(*d ^ *a, 32);
    *c = blamka_add(*c, *d);
    *b = rotr64(*b ^ *c, 24);
    *a = blamka_add(*a, *b);
    *d = rotr64(*d ^ *a, 16);
    *c = blamka_add(*c, *d);
    *b = rotr64(*b ^ *c, 63);
}

/* P on the 16 words v[i[0]], ..., v[i[15]]: the BLAKE2b round's columns,
 * then its diagonals, with no message. */
static void permute(uint64_t *v, const unsigned int i[16])
{
    g(&v[i[0]], &v[i[4]], &v[i[8]], &v[i[12]]);
    g(&v[i[1]], &v[i[5]], &v[i[9]], &v[i[13]]);
    g(&v[i[2]], &v[i[6]], &v[i[10]], &v[i[14]]);
    g(&v[i[3]], &v[i[7]], &v[i[11]], &v[i[15]]);
    g(&v[i[0]], &v[i[5]], &v[i[10]], &v[i[15]]);
    g(&v[i[1]], &v[i[6]], &v[i[11]], &v[i[12]]);
    g(&v[i[2]], &v[i[7]], &v[i[8]], &v[i[13]]);
    g(&v[i[3]], &v[i[4]], &v[i[9]], &v[i[14]]);
}

void blake2b_argon2_fill_generic(struct blake2b_argon2_block *next,
                                 const struct blake2b_argon2_block *prev,
                                 const struct blake2b_argon2_block *ref,
                                 int with_xor)
{
    uint64_t r[BLAKE2B_ARGON2_BLOCKWORDS], q[BLAKE2B_ARGON2_BLOCKWORDS];
    unsigned int idx[16];

    for (int w = 0; w < BLAKE2B_ARGON2_BLOCKWORDS; w++)
        r[w] = q[w] = prev->v[w] ^ ref->v[w];
    /* Rows: 16 consecutive words each. */
    for (unsigned int row = 0; row < 8; row++) {
        for (unsigned int k = 0; k < 16; k++)
            idx[k] = 16 * row + k;
        permute(q, idx);
    }
    /* Columns: word pairs 2c, 2c+1 of every row. */
    for (unsigned int col = 0; col < 8; col++) {
        for (unsigned int k = 0; k < 8; k++) {
            idx[2 * k] = 2 * col + 16 * k;
            idx[2 * k + 1] = 2 * col + 16 * k + 1;
        }
        permute(q, idx);
    }
    if (with_xor)
        for (int w = 0; w < BLAKE2B_ARGON2_BLOCKWORDS; w++)
            next->v[w] ^= q[w] ^ r[w];
    else
        for (int w = 0; w < BLAKE2B_ARGON2_BLOCKWORDS; w++)
            next->v[w] = q[w] ^ r[w];
    /* Both hold what the password became. */
    blake2b_wipe(r, sizeof(r));
    blake2b_wipe(q, sizeof(q));
}
