/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Argon2 (RFC 9106): the initial hash, the variable-length hash H', the
 * memory filled pass by pass and slice by slice, and the tag. Blocks
 * are native words; bytes become blocks when the first two blocks of a
 * lane are made, and blocks bytes when the last column is hashed.
 */
#include <string.h>

#include "argon2.h"
#include "argon2_lanes.h"
#include "load_store.h"

uint32_t blake2b_argon2_memory_blocks(const struct blake2b_argon2_params *p)
{
    uint32_t quarter = BLAKE2B_ARGON2_SYNC_POINTS * p->lanes;

    return p->m_cost / quarter * quarter;
}

static void update_le32(struct blake2b_state *S, uint32_t w,
                        blake2b_compress_fn *compress)
{
    uint8_t le[4];

    blake2b_store32_le(le, w);
    blake2b_update(S, le, sizeof(le), compress);
}

/* LE32(len) || data: how H0 takes each variable-length input. */
static void update_sized(struct blake2b_state *S, const uint8_t *data,
                         uint32_t len, blake2b_compress_fn *compress)
{
    update_le32(S, len, compress);
    if (len != 0)
        blake2b_update(S, data, len, compress);
}

void blake2b_argon2_h0(uint8_t h0[BLAKE2B_ARGON2_H0BYTES],
                       const struct blake2b_argon2_params *p,
                       blake2b_compress_fn *compress)
{
    struct blake2b_state S;

    blake2b_init_unkeyed(&S, BLAKE2B_ARGON2_H0BYTES);
    update_le32(&S, p->lanes, compress);
    update_le32(&S, p->outlen, compress);
    update_le32(&S, p->m_cost, compress);
    update_le32(&S, p->t_cost, compress);
    update_le32(&S, p->version, compress);
    update_le32(&S, (uint32_t)p->type, compress);
    update_sized(&S, p->pass, p->passlen, compress);
    update_sized(&S, p->salt, p->saltlen, compress);
    update_sized(&S, p->secret, p->secretlen, compress);
    update_sized(&S, p->ad, p->adlen, compress);
    blake2b_final(&S, h0, compress); /* wipes S, which saw the password */
}

void blake2b_argon2_hprime(uint8_t *out, uint32_t outlen, const uint8_t *in,
                           size_t inlen, blake2b_compress_fn *compress)
{
    struct blake2b_state S;
    uint8_t v[BLAKE2B_OUTBYTES];

    /* V1 = H^min(outlen, 64)(LE32(outlen) || in). */
    blake2b_init_unkeyed(&S, outlen <= BLAKE2B_OUTBYTES ? (uint8_t)outlen
                                                         : BLAKE2B_OUTBYTES);
    update_le32(&S, outlen, compress);
    blake2b_update(&S, in, inlen, compress);
    if (outlen <= BLAKE2B_OUTBYTES) {
        blake2b_final(&S, out, compress);
        return;
    }
    blake2b_final(&S, v, compress);
    /* Then the first half of each V_i, V_i = H^64(V_(i-1)), until at most
     * 64 bytes are left, which the last V gives whole. */
    while (outlen > BLAKE2B_OUTBYTES) {
        memcpy(out, v, BLAKE2B_OUTBYTES / 2);
        out += BLAKE2B_OUTBYTES / 2;
        outlen -= BLAKE2B_OUTBYTES / 2;
        blake2b_hash(v, outlen > BLAKE2B_OUTBYTES ? BLAKE2B_OUTBYTES
                                                   : (uint8_t)outlen,
                     v, sizeof(v), NULL, 0, compress, NULL);
    }
    memcpy(out, v, outlen);
    blake2b_wipe(v, sizeof(v));
}

/* The first two blocks of every lane: H'^1024(H0 || LE32(0 or 1) ||
 * LE32(lane)). */
static void fill_first_blocks(const struct blake2b_argon2_fill *f,
                              const uint8_t h0[BLAKE2B_ARGON2_H0BYTES],
                              blake2b_compress_fn *compress)
{
    uint8_t seed[BLAKE2B_ARGON2_H0BYTES + 8];
    uint8_t bytes[BLAKE2B_ARGON2_BLOCKBYTES];

    memcpy(seed, h0, BLAKE2B_ARGON2_H0BYTES);
    for (uint32_t lane = 0; lane < f->p->lanes; lane++) {
        for (uint32_t i = 0; i < 2; i++) {
            struct blake2b_argon2_block *b =
                &f->memory[(size_t)lane * f->lane_length + i];

            blake2b_store32_le(seed + BLAKE2B_ARGON2_H0BYTES, i);
            blake2b_store32_le(seed + BLAKE2B_ARGON2_H0BYTES + 4, lane);
            blake2b_argon2_hprime(bytes, sizeof(bytes), seed, sizeof(seed),
                                  compress);
            for (int w = 0; w < BLAKE2B_ARGON2_BLOCKWORDS; w++)
                b->v[w] = blake2b_load64_le(bytes + 8 * w);
        }
    }
    blake2b_wipe(seed, sizeof(seed));
    blake2b_wipe(bytes, sizeof(bytes));
}

/* 1 if the segment takes its reference blocks from the address
 * generator (Argon2i, and Argon2id's first half pass), not from the data. */
static int independent(const struct blake2b_argon2_params *p, uint32_t pass,
                       uint32_t slice)
{
    return p->type == BLAKE2B_ARGON2I
           || (p->type == BLAKE2B_ARGON2ID && pass == 0
               && slice < BLAKE2B_ARGON2_SYNC_POINTS / 2);
}

/* The index in its lane of the reference block for block index (in the
 * segment) from the random value j1 (RFC 9106 section 3.4.1.2). */
static uint32_t reference_index(const struct blake2b_argon2_fill *f, uint32_t pass,
                                uint32_t slice, uint32_t index, uint32_t j1,
                                int same_lane)
{
    uint32_t area, start = 0;
    uint64_t x;

    if (pass == 0) {
        /* Everything made so far: this lane's blocks before this one,
         * other lanes' finished slices (less the last block if this is
         * the segment's first: it is being made beside us). */
        if (slice == 0 || same_lane)
            area = slice * f->segment_length + index - 1;
        else
            area = slice * f->segment_length - (index == 0);
    } else {
        /* The last three slices, and this one so far. */
        if (same_lane)
            area = f->lane_length - f->segment_length + index - 1;
        else
            area = f->lane_length - f->segment_length - (index == 0);
        if (slice != BLAKE2B_ARGON2_SYNC_POINTS - 1)
            start = (slice + 1) * f->segment_length;
    }
    x = (uint64_t)j1 * j1 >> 32;
    x = area - 1 - ((uint64_t)area * x >> 32);
    /* start + x < 2 * lane_length (both are below it), so one subtraction
     * wraps it: no 64-bit division, a library call on 32-bit targets. */
    x += start;
    if (x >= f->lane_length)
        x -= f->lane_length;
    return (uint32_t)x;
}

/* Generator state for data-independent addressing: the input block Z
 * and the address block it gave, G(0, G(0, Z)). */
struct addresses {
    struct blake2b_argon2_block input, block, zero;
};

static void next_addresses(struct addresses *a, blake2b_argon2_fill_fn *fill)
{
    a->input.v[6]++;
    fill(&a->block, &a->zero, &a->input, 0);
    fill(&a->block, &a->zero, &a->block, 0);
}

/* The reference block of block index (in the segment) of lane, from
 * its pseudo-random value rnd: J1 its low half, J2 its high half. */
static const struct blake2b_argon2_block *reference_block(
    const struct blake2b_argon2_fill *f, uint32_t pass, uint32_t lane,
    uint32_t slice, uint32_t index, uint64_t rnd)
{
    /* A 32-bit %: a 64-bit one is a library call on 32-bit targets. */
    uint32_t ref_lane = (uint32_t)(rnd >> 32) % f->p->lanes;

    if (pass == 0 && slice == 0)
        ref_lane = lane; /* no other lane has anything yet */
    return &f->memory[(size_t)ref_lane * f->lane_length
                      + reference_index(f, pass, slice, index, (uint32_t)rnd,
                                        ref_lane == lane)];
}

/* Ask for a block's cache lines ahead of their use. */
static void prefetch_block(const struct blake2b_argon2_block *b)
{
#if defined(__GNUC__)
    for (size_t at = 0; at < sizeof(*b); at += 64)
        __builtin_prefetch((const uint8_t *)b + at);
#else
    (void)b;
#endif
}

void blake2b_argon2_fill_segment(const struct blake2b_argon2_fill *f, uint32_t pass,
                                 uint32_t lane, uint32_t slice)
{
    const struct blake2b_argon2_params *p = f->p;
    const int by_address = independent(p, pass, slice);
    const int with_xor = pass != 0 && p->version != BLAKE2B_ARGON2_VERSION_10;
    struct addresses a;
    uint32_t start = 0;
    size_t lane_base = (size_t)lane * f->lane_length;
    size_t cur, prev;

    if (by_address) {
        memset(&a, 0, sizeof(a));
        a.input.v[0] = pass;
        a.input.v[1] = lane;
        a.input.v[2] = slice;
        a.input.v[3] = f->blocks;
        a.input.v[4] = p->t_cost;
        a.input.v[5] = (uint64_t)p->type;
    }
    if (pass == 0 && slice == 0) {
        start = 2; /* the first two blocks come from H0 */
        if (by_address)
            next_addresses(&a, f->fill);
    }
    cur = lane_base + slice * f->segment_length + start;
    prev = cur % f->lane_length == 0 ? cur + f->lane_length - 1 : cur - 1;
    /* Block i's reference when block i - 1 found it (and prefetched it). */
    const struct blake2b_argon2_block *ahead = NULL;

    for (uint32_t i = start; i < f->segment_length; i++, prev = cur, cur++) {
        const struct blake2b_argon2_block *ref;

        if (by_address) {
            if (i % BLAKE2B_ARGON2_BLOCKWORDS == 0)
                next_addresses(&a, f->fill);
            ref = ahead != NULL
                      ? ahead
                      : reference_block(f, pass, lane, slice, i,
                                        a.block.v[i % BLAKE2B_ARGON2_BLOCKWORDS]);
            ahead = NULL;
            /* The next block's reference is known already (unless the next
             * address block is still to come): have it on its way from
             * memory while this one is made. */
            if ((i + 1) % BLAKE2B_ARGON2_BLOCKWORDS != 0
                && i + 1 < f->segment_length) {
                ahead = reference_block(
                    f, pass, lane, slice, i + 1,
                    a.block.v[(i + 1) % BLAKE2B_ARGON2_BLOCKWORDS]);
                prefetch_block(ahead);
            }
        } else {
            ref = reference_block(f, pass, lane, slice, i,
                                  f->memory[prev].v[0]);
        }
        f->fill(&f->memory[cur], &f->memory[prev], ref, with_xor);
    }
    if (by_address)
        blake2b_wipe(&a, sizeof(a));
}

void blake2b_argon2_run(uint8_t *out, const struct blake2b_argon2_params *p,
                        const uint8_t h0[BLAKE2B_ARGON2_H0BYTES],
                        struct blake2b_argon2_block *memory,
                        const struct blake2b_backend *backend)
{
    struct blake2b_argon2_fill f = {
        .p = p,
        .memory = memory,
        .fill = blake2b_backend_argon2_fill(backend),
        .blocks = blake2b_argon2_memory_blocks(p),
    };
    struct blake2b_argon2_block last;
    uint8_t bytes[BLAKE2B_ARGON2_BLOCKBYTES];

    f.lane_length = f.blocks / p->lanes;
    f.segment_length = f.lane_length / BLAKE2B_ARGON2_SYNC_POINTS;
    fill_first_blocks(&f, h0, backend->compress);
    for (uint32_t pass = 0; pass < p->t_cost; pass++)
        for (uint32_t slice = 0; slice < BLAKE2B_ARGON2_SYNC_POINTS; slice++)
            blake2b_argon2_fill_slice(&f, pass, slice);

    /* The tag: H' of the XOR of every lane's last block. */
    last = memory[f.lane_length - 1];
    for (uint32_t lane = 1; lane < p->lanes; lane++)
        for (int w = 0; w < BLAKE2B_ARGON2_BLOCKWORDS; w++)
            last.v[w] ^= memory[(size_t)lane * f.lane_length
                                + f.lane_length - 1].v[w];
    for (int w = 0; w < BLAKE2B_ARGON2_BLOCKWORDS; w++)
        blake2b_store64_le(bytes + 8 * w, last.v[w]);
    blake2b_argon2_hprime(out, p->outlen, bytes, sizeof(bytes),
                          backend->compress);
    blake2b_wipe(&last, sizeof(last));
    blake2b_wipe(bytes, sizeof(bytes));
    blake2b_wipe(memory, (size_t)f.blocks * sizeof(*memory));
}
