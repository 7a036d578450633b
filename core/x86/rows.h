/*
 * The BLAKE2b rounds on 256-bit vectors, shared by the AVX2 and AVX-512
 * backends. The including file defines, with the best instructions its ISA
 * has:
 *  - X86_INLINE, and XOR_ROTR32, XOR_ROTR24, XOR_ROTR16, XOR_ROTR63
 *    (early, late): the XOR of two rows rotated right, where late is the
 *    operand on the critical path;
 *  - message_row(msg, i0, i1, i2, i3), the row (m[i0], m[i1], m[i2], m[i3])
 *    of the block that message.h's message_load(msg, in) took;
 *  - BLAKE2B_X86_FN, the name of the compress function to define.
 *
 * Layout: the rows a = v0..3, b = v4..7, c = v8..11, d = v12..15 each sit in
 * one register, so one G step runs the four columns (or diagonals) at once.
 *
 * Single-stream BLAKE2b is bound by the latency of the a -> d -> c -> b
 * chain. Two choices here keep that chain short:
 *  - a + m + b is computed as (a + m) + b: a and m are ready early, b last.
 *  - To diagonalize, rows a, c and d are rotated across lanes, not b, c and
 *    d as usual. b is the last value a G step produces and the first the next
 *    step needs, so rotating it would put a slow cross-lane permute (3-4
 *    cycles) on the chain; a, d and c are ready earlier and their permutes
 *    overlap with the work still pending on b.
 * In diagonal form lane j holds a[j-1], b[j], c[j+1], d[j+2] (indices mod
 * 4), i.e. lane j runs diagonal G number (j - 1) mod 4; the message words
 * for that stage are ordered to match.
 */
#ifndef BLAKE2NEON_CORE_X86_ROWS_H
#define BLAKE2NEON_CORE_X86_ROWS_H

#include <immintrin.h>
#include <stdint.h>

#include "backend.h"
#include "constants.h"

/*
 * a + m with the sum pinned in a register: left alone, gcc reassociates
 * (a + m) + b into (m + b) + a, two adds after b instead of one.
 */
X86_INLINE __m256i add_early(__m256i a, __m256i m)
{
    __m256i sum = _mm256_add_epi64(a, m);

    __asm__("" : "+v"(sum));
    return sum;
}

/* G on all four lanes: x and y are the two message rows. */
X86_INLINE void g_rows(__m256i *a, __m256i *b, __m256i *c, __m256i *d,
                       __m256i x, __m256i y)
{
    *a = _mm256_add_epi64(add_early(*a, x), *b);
    *d = XOR_ROTR32(*d, *a);
    *c = _mm256_add_epi64(*c, *d);
    *b = XOR_ROTR24(*b, *c);
    *a = _mm256_add_epi64(add_early(*a, y), *b);
    *d = XOR_ROTR16(*d, *a);
    *c = _mm256_add_epi64(*c, *d);
    *b = XOR_ROTR63(*b, *c);
}

/* _MM_SHUFFLE(3,2,1,0)-style immediates: lane k of the result takes the
 * source lane named in field k. */
#define LANES_FROM_PREV _MM_SHUFFLE(2, 1, 0, 3) /* lane j <- j - 1 */
#define LANES_FROM_NEXT _MM_SHUFFLE(0, 3, 2, 1) /* lane j <- j + 1 */
#define LANES_SWAP_HALVES _MM_SHUFFLE(1, 0, 3, 2) /* lane j <- j + 2 */

X86_INLINE void one_round(__m256i *a, __m256i *b, __m256i *c, __m256i *d,
                          const struct x86_message *msg, const uint8_t s[16])
{
    g_rows(a, b, c, d, message_row(msg, s[0], s[2], s[4], s[6]),
           message_row(msg, s[1], s[3], s[5], s[7]));

    *a = _mm256_permute4x64_epi64(*a, LANES_FROM_PREV);
    *d = _mm256_permute4x64_epi64(*d, LANES_SWAP_HALVES);
    *c = _mm256_permute4x64_epi64(*c, LANES_FROM_NEXT);
    /* Lane j runs diagonal (j - 1) mod 4: words 14 and 15 first. */
    g_rows(a, b, c, d, message_row(msg, s[14], s[8], s[10], s[12]),
           message_row(msg, s[15], s[9], s[11], s[13]));

    *a = _mm256_permute4x64_epi64(*a, LANES_FROM_NEXT);
    *d = _mm256_permute4x64_epi64(*d, LANES_SWAP_HALVES);
    *c = _mm256_permute4x64_epi64(*c, LANES_FROM_PREV);
}

void BLAKE2B_X86_FN(struct blake2b_state *S, const uint8_t *in,
                    size_t nblocks, unsigned int inc)
{
    const __m256i iv_lo = _mm256_setr_epi64x(
        (long long)blake2b_iv[0], (long long)blake2b_iv[1],
        (long long)blake2b_iv[2], (long long)blake2b_iv[3]);
    const __m256i iv_hi = _mm256_setr_epi64x(
        (long long)blake2b_iv[4], (long long)blake2b_iv[5],
        (long long)blake2b_iv[6], (long long)blake2b_iv[7]);
    __m256i h_lo = _mm256_setr_epi64x((long long)S->h[0], (long long)S->h[1],
                                      (long long)S->h[2], (long long)S->h[3]);
    __m256i h_hi = _mm256_setr_epi64x((long long)S->h[4], (long long)S->h[5],
                                      (long long)S->h[6], (long long)S->h[7]);

    for (; nblocks > 0; nblocks--, in += BLAKE2B_BLOCKBYTES) {
        struct x86_message msg;

        blake2b_counter_add(S, inc);
        message_load(&msg, in);

        __m256i a = h_lo, b = h_hi, c = iv_lo;
        __m256i d = _mm256_xor_si256(
            iv_hi, _mm256_setr_epi64x((long long)S->t[0], (long long)S->t[1],
                                      (long long)S->f[0], (long long)S->f[1]));

        /* Unrolled, so that the sigma indices are constants. */
        one_round(&a, &b, &c, &d, &msg, blake2b_sigma[0]);
        one_round(&a, &b, &c, &d, &msg, blake2b_sigma[1]);
        one_round(&a, &b, &c, &d, &msg, blake2b_sigma[2]);
        one_round(&a, &b, &c, &d, &msg, blake2b_sigma[3]);
        one_round(&a, &b, &c, &d, &msg, blake2b_sigma[4]);
        one_round(&a, &b, &c, &d, &msg, blake2b_sigma[5]);
        one_round(&a, &b, &c, &d, &msg, blake2b_sigma[6]);
        one_round(&a, &b, &c, &d, &msg, blake2b_sigma[7]);
        one_round(&a, &b, &c, &d, &msg, blake2b_sigma[8]);
        one_round(&a, &b, &c, &d, &msg, blake2b_sigma[9]);
        one_round(&a, &b, &c, &d, &msg, blake2b_sigma[10]);
        one_round(&a, &b, &c, &d, &msg, blake2b_sigma[11]);

        h_lo = _mm256_xor_si256(h_lo, _mm256_xor_si256(a, c));
        h_hi = _mm256_xor_si256(h_hi, _mm256_xor_si256(b, d));
    }

    _mm256_storeu_si256((__m256i *)(void *)&S->h[0], h_lo);
    _mm256_storeu_si256((__m256i *)(void *)&S->h[4], h_hi);
}

#endif
