/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The scheduler of blake2b_many: messages in lanes, every lane advancing
 * one block per call of the lane-parallel compress. Each lane's state is
 * an ordinary blake2b_state, so the key block, the counter, the final
 * flag and the padding are exactly blake2b_init/update/final's; only the
 * order in which the blocks of different messages are compressed changes.
 */
#include <string.h>

#include "blake2b.h"
#include "many.h"

struct lane {
    struct blake2b_state S;
    const struct blake2b_many_job *job; /* NULL: idle */
    const uint8_t *in;                  /* message bytes not yet taken */
    size_t left;
};

static void lane_start(struct lane *L, const struct blake2b_many_job *job)
{
    /* Lengths were checked by the caller; a key block goes to S.buf. */
    blake2b_init_keyed(&L->S, job->outlen, job->key, job->keylen);
    L->job = job;
    L->in = job->in;
    L->left = job->inlen;
}

/*
 * The lane's next block, with t and f set for it: the key block (which
 * init left buffered), a whole block of the message while more than one
 * block is left (the last one, even if full, waits, as in update), or the
 * zero-padded last block with the final flag.
 */
static const uint8_t *lane_next_block(struct lane *L)
{
    struct blake2b_state *S = &L->S;
    const uint8_t *block;

    if (S->buflen > 0) {
        S->buflen = 0;
        blake2b_counter_add(S, BLAKE2B_BLOCKBYTES);
        if (L->left == 0)
            S->f[0] = ~UINT64_C(0);
        return S->buf;
    }
    if (L->left > BLAKE2B_BLOCKBYTES) {
        block = L->in;
        L->in += BLAKE2B_BLOCKBYTES;
        L->left -= BLAKE2B_BLOCKBYTES;
        blake2b_counter_add(S, BLAKE2B_BLOCKBYTES);
        return block;
    }
    if (L->left > 0) /* in may be NULL when the message is empty */
        memcpy(S->buf, L->in, L->left);
    memset(S->buf + L->left, 0, BLAKE2B_BLOCKBYTES - L->left);
    blake2b_counter_add(S, (unsigned int)L->left);
    L->left = 0;
    S->f[0] = ~UINT64_C(0);
    return S->buf;
}

static int lane_done(const struct lane *L)
{
    return L->S.f[0] != 0;
}

static void lane_output(const struct lane *L)
{
    blake2b_output(&L->S, L->job->out, L->job->outlen);
}

/* The rest of one lane's message on the single-message compress: whole
 * blocks straight from the message in one call, as update does. */
static void lane_finish(struct lane *L, blake2b_compress_fn *compress)
{
    if (L->S.buflen > 0)
        compress(&L->S, lane_next_block(L), 1, 0);
    if (!lane_done(L) && L->left > BLAKE2B_BLOCKBYTES) {
        size_t nblocks = (L->left - 1) / BLAKE2B_BLOCKBYTES;

        compress(&L->S, L->in, nblocks, BLAKE2B_BLOCKBYTES);
        L->in += nblocks * BLAKE2B_BLOCKBYTES;
        L->left -= nblocks * BLAKE2B_BLOCKBYTES;
    }
    if (!lane_done(L))
        compress(&L->S, lane_next_block(L), 1, 0);
    lane_output(L);
}

void blake2b_many(const struct blake2b_many_job *jobs, size_t njobs,
                  blake2b_compress_fn *compress,
                  blake2b_hash_short_fn *hash_short,
                  const struct blake2b_lanes *lanes)
{
    static const uint8_t zero_block[BLAKE2B_BLOCKBYTES];
    struct lane lane[BLAKE2B_MAX_LANES];
    struct blake2b_state scratch;
    struct blake2b_state *S[BLAKE2B_MAX_LANES];
    const uint8_t *block[BLAKE2B_MAX_LANES];
    size_t next = 0, active = 0, count;

    if (lanes == NULL || lanes->count < 2 || lanes->count > BLAKE2B_MAX_LANES
        || njobs < 2) {
        for (size_t j = 0; j < njobs; j++)
            blake2b_hash(jobs[j].out, jobs[j].outlen, jobs[j].in,
                         jobs[j].inlen, jobs[j].key, jobs[j].keylen,
                         compress, hash_short);
        return;
    }

    count = lanes->count;
    memset(&scratch, 0, sizeof(scratch));
    for (size_t i = 0; i < count; i++) {
        lane[i].job = NULL;
        if (next < njobs) {
            lane_start(&lane[i], &jobs[next++]);
            active++;
        }
    }
    /* A lane-parallel compress costs more than a single one: with one
     * message left, it finishes alone. */
    while (active >= 2) {
        const struct blake2b_lanes *step = lanes;
        size_t k = 0;

        if (lanes->narrower != NULL && active <= lanes->narrower->count)
            step = lanes->narrower;
        /* The busy lanes first, whatever their place in lane[]. */
        for (size_t i = 0; i < count; i++) {
            if (lane[i].job != NULL) {
                S[k] = &lane[i].S;
                block[k++] = lane_next_block(&lane[i]);
            }
        }
        for (; k < step->count; k++) {
            S[k] = &scratch;
            block[k] = zero_block;
        }
        step->compress(S, block);
        for (size_t i = 0; i < count; i++) {
            if (lane[i].job == NULL || !lane_done(&lane[i]))
                continue;
            lane_output(&lane[i]);
            if (next < njobs) {
                lane_start(&lane[i], &jobs[next++]);
            } else {
                lane[i].job = NULL;
                active--;
            }
        }
    }
    for (size_t i = 0; i < count; i++)
        if (lane[i].job != NULL)
            lane_finish(&lane[i], compress);
    /* Keys and chaining values stay nowhere. */
    blake2b_wipe(lane, sizeof(lane[0]) * count);
    blake2b_wipe(&scratch, sizeof(scratch));
}
