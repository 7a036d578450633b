/* SPDX-License-Identifier: Apache-2.0 */
/* BLAKE2b init, update and final, written once for every backend. */
#include <assert.h>
#include <string.h>

#include "blake2b.h"
#include "constants.h"
#include "load_store.h"

void blake2b_wipe(void *p, size_t len)
{
    /* A volatile function pointer keeps the compiler from proving the
     * memset dead, on every C11 compiler, without memset_s. */
    static void *(*const volatile wipe_memset)(void *, int, size_t) = memset;
    wipe_memset(p, 0, len);
}

/*
 * Zero the whole state in a way the compiler must perform; final runs it
 * for every message, so the cheaper way per host: on x86-64 the C
 * library's memset, whose vector stores beat one store per word; elsewhere
 * 64-bit volatile stores, four a loop pass, which take fewer instructions
 * than memset on armhf and no more on AArch64 (docs/performance.md,
 * "Short messages").
 */
#if !defined(__x86_64__)
/* Zero groups of four 64-bit words at w. */
static inline void wipe_quads(volatile uint64_t *w, size_t groups)
{
    for (size_t i = 0; i < 4 * groups; i += 4) {
        w[i] = 0;
        w[i + 1] = 0;
        w[i + 2] = 0;
        w[i + 3] = 0;
    }
}
#endif

static void wipe_state(struct blake2b_state *S)
{
#if !defined(__x86_64__)
    enum { WORDS = sizeof(*S) / sizeof(uint64_t) };
    volatile uint64_t *w = (volatile uint64_t *)(void *)S;

    _Static_assert(sizeof(*S) % sizeof(uint64_t) == 0,
                   "the state is whole 64-bit words");
    wipe_quads(w, WORDS / 4);
    for (size_t i = WORDS / 4 * 4; i < WORDS; i++)
        w[i] = 0;
#else
    blake2b_wipe(S, sizeof(*S));
#endif
}

/* Zero the buffer alone, the same way. */
static void wipe_buffer(struct blake2b_state *S)
{
#if !defined(__x86_64__)
    _Static_assert(sizeof(S->buf) % (4 * sizeof(uint64_t)) == 0,
                   "the buffer is whole groups of four 64-bit words");
    wipe_quads((volatile uint64_t *)(void *)S->buf,
               sizeof(S->buf) / (4 * sizeof(uint64_t)));
#else
    blake2b_wipe(S->buf, sizeof(S->buf));
#endif
    S->buflen = 0;
}

void blake2b_params_init(struct blake2b_params *p, uint8_t outlen)
{
    memset(p, 0, sizeof(*p));
    p->digest_length = outlen;
}

/* Word 0 of the parameter block (RFC 7693 section 2.5): digest and key
 * lengths, fanout = depth = 1. */
static uint64_t param_word0(uint8_t digest_length, uint8_t key_length)
{
    return (uint64_t)(digest_length | key_length << 8 | 1u << 16 | 1u << 24);
}

/* h = IV ^ parameter block, the rest of the state empty, nothing
 * buffered. Words 1-3 of the block are zero here, 4-5 the salt, 6-7 the
 * personalization. */
static void init_state(struct blake2b_state *S, uint64_t word0,
                       uint64_t salt0, uint64_t salt1, uint64_t personal0,
                       uint64_t personal1, uint8_t outlen)
{
    memcpy(S->h, blake2b_iv, sizeof(S->h));
    S->h[0] ^= word0;
    S->h[4] ^= salt0;
    S->h[5] ^= salt1;
    S->h[6] ^= personal0;
    S->h[7] ^= personal1;
    S->t[0] = S->t[1] = 0;
    S->f[0] = S->f[1] = 0;
    S->outlen = outlen;
    S->unkeyed = 0;
    S->buflen = 0;
}

void blake2b_init_unkeyed(struct blake2b_state *S, uint8_t outlen)
{
    assert(outlen >= 1 && outlen <= BLAKE2B_OUTBYTES);
    /* buf needs no clearing: final zero-pads whatever it holds. */
    init_state(S, param_word0(outlen, 0), 0, 0, 0, 0, outlen);
    S->unkeyed = 1;
}

/* The zero-padded key is the first block. It stays buffered like any
 * input, so for an empty message it is also the last block. */
static void buffer_key(struct blake2b_state *S, const uint8_t *key,
                       uint8_t keylen)
{
    memcpy(S->buf, key, keylen);
    memset(S->buf + keylen, 0, BLAKE2B_BLOCKBYTES - keylen);
    S->buflen = BLAKE2B_BLOCKBYTES;
}

void blake2b_init_keyed(struct blake2b_state *S, uint8_t outlen,
                        const uint8_t *key, uint8_t keylen)
{
    assert(outlen >= 1 && outlen <= BLAKE2B_OUTBYTES);
    assert(keylen <= BLAKE2B_KEYBYTES && (keylen == 0 || key != NULL));
    init_state(S, param_word0(outlen, keylen), 0, 0, 0, 0, outlen);
    if (keylen > 0)
        buffer_key(S, key, keylen);
}

void blake2b_init(struct blake2b_state *S, const struct blake2b_params *p,
                  const uint8_t *key)
{
    assert(p->digest_length >= 1 && p->digest_length <= BLAKE2B_OUTBYTES);
    assert(p->key_length <= BLAKE2B_KEYBYTES
           && (p->key_length == 0 || key != NULL));

    init_state(S, param_word0(p->digest_length, p->key_length),
               blake2b_load64_le(p->salt), blake2b_load64_le(p->salt + 8),
               blake2b_load64_le(p->personal),
               blake2b_load64_le(p->personal + 8), p->digest_length);

    if (p->key_length > 0)
        buffer_key(S, key, p->key_length);
}

void blake2b_update(struct blake2b_state *S, const uint8_t *in, size_t len,
                    blake2b_compress_fn *compress)
{
    if (len == 0)
        return;

    /* The last block must wait for final, so input that exactly fills
     * the buffer stays buffered until more is known to follow. (A
     * difference, not buflen + len, which a bogus len could wrap.) */
    if (len <= BLAKE2B_BLOCKBYTES - S->buflen) {
        memcpy(S->buf + S->buflen, in, len);
        S->buflen += len;
        return;
    }

    if (S->buflen > 0) {
        size_t fill = BLAKE2B_BLOCKBYTES - S->buflen;

        memcpy(S->buf + S->buflen, in, fill);
        compress(S, S->buf, 1, BLAKE2B_BLOCKBYTES);
        in += fill;
        len -= fill;
        S->buflen = 0;
    }

    /* len > 0 here; compress all but the last (possibly full) block
     * straight from the caller's buffer. */
    size_t nblocks = (len - 1) / BLAKE2B_BLOCKBYTES;
    if (nblocks > 0) {
        compress(S, in, nblocks, BLAKE2B_BLOCKBYTES);
        in += nblocks * BLAKE2B_BLOCKBYTES;
        len -= nblocks * BLAKE2B_BLOCKBYTES;
    }
    memcpy(S->buf, in, len);
    S->buflen = len;
}

void blake2b_output(const struct blake2b_state *S, uint8_t *out,
                    size_t outlen)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* h already holds the digest's bytes in order. */
    memcpy(out, S->h, outlen);
#else
    for (size_t i = 0; i < outlen; i++)
        out[i] = (uint8_t)(S->h[i / 8] >> (8 * (i % 8)));
#endif
}

/* Write S->outlen bytes of h to out and wipe the state. */
static void write_digest(struct blake2b_state *S, uint8_t *out)
{
    blake2b_output(S, out, S->outlen);
    wipe_state(S);
}

void blake2b_final(struct blake2b_state *S, uint8_t *out,
                   blake2b_compress_fn *compress)
{
    memset(S->buf + S->buflen, 0, BLAKE2B_BLOCKBYTES - S->buflen);
    S->f[0] = ~UINT64_C(0);
    compress(S, S->buf, 1, (unsigned int)S->buflen);
    write_digest(S, out);
}

/*
 * An unkeyed message of at most one block, whole: the state set up, the
 * block built and compressed once, without update's and final's buffer
 * bookkeeping. The padding is zeroed by word stores from the message's
 * last word on, before the message is laid over it: volatile, because a
 * compiler turns a plain loop back into a memset call, which takes more
 * instructions on armhf (docs/performance.md, "Short messages").
 */
static void hash_one_block(uint8_t *out, uint8_t outlen, const uint8_t *in,
                           size_t len, blake2b_compress_fn *compress)
{
    struct blake2b_state S;
    volatile uint64_t *words = (volatile uint64_t *)(void *)S.buf;

    init_state(&S, param_word0(outlen, 0), 0, 0, 0, 0, outlen);
    for (size_t i = len / sizeof(uint64_t); i < BLAKE2B_BLOCKBYTES / 8; i++)
        words[i] = 0;
    if (len > 0) /* in may be NULL when the message is empty */
        memcpy(S.buf, in, len);
    S.f[0] = ~UINT64_C(0);
    compress(&S, S.buf, 1, (unsigned int)len);
    write_digest(&S, out);
}

/* A backend's hash_short, which writes all 64 bytes of h. */
static void hash_short_into(uint8_t *out, uint8_t outlen, const uint8_t *in,
                            size_t len, blake2b_hash_short_fn *hash_short)
{
    uint8_t digest[BLAKE2B_OUTBYTES];

    if (outlen == BLAKE2B_OUTBYTES) {
        hash_short(out, in, len, outlen);
        return;
    }
    hash_short(digest, in, len, outlen);
    memcpy(out, digest, outlen);
    blake2b_wipe(digest, sizeof(digest));
}

void blake2b_final_unkeyed(struct blake2b_state *S, uint8_t *out,
                           blake2b_compress_fn *compress,
                           blake2b_hash_short_fn *hash_short)
{
    if (hash_short == NULL || S->t[0] != 0 || S->t[1] != 0
        || !S->unkeyed) {
        blake2b_final(S, out, compress);
        return;
    }
    hash_short_into(out, S->outlen, S->buf, S->buflen, hash_short);
    /* h is still what init made it from the IV, t and f are zero: only
     * buf held message bytes. */
    wipe_buffer(S);
}

void blake2b_hash(uint8_t *out, uint8_t outlen, const uint8_t *in, size_t len,
                  const uint8_t *key, uint8_t keylen,
                  blake2b_compress_fn *compress,
                  blake2b_hash_short_fn *hash_short)
{
    struct blake2b_state S;

    if (keylen == 0 && len <= BLAKE2B_BLOCKBYTES) {
        if (hash_short != NULL)
            hash_short_into(out, outlen, in, len, hash_short);
        else
            hash_one_block(out, outlen, in, len, compress);
        return;
    }
    blake2b_init_keyed(&S, outlen, key, keylen);
    blake2b_update(&S, in, len, compress);
    blake2b_final(&S, out, compress);
}
