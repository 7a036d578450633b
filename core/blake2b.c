/* BLAKE2b init, update and final, written once for every backend. */
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

void blake2b_params_init(struct blake2b_params *p, uint8_t outlen)
{
    memset(p, 0, sizeof(*p));
    p->digest_length = outlen;
}

int blake2b_init(struct blake2b_state *S, const struct blake2b_params *p,
                 const uint8_t *key)
{
    uint8_t block[64] = { 0 };

    if (p->digest_length < 1 || p->digest_length > BLAKE2B_OUTBYTES
        || p->key_length > BLAKE2B_KEYBYTES
        || (p->key_length > 0 && key == NULL))
        return 0;

    /* Parameter block of RFC 7693 section 2.5; fanout and depth are 1. */
    block[0] = p->digest_length;
    block[1] = p->key_length;
    block[2] = 1;
    block[3] = 1;
    memcpy(block + 32, p->salt, BLAKE2B_SALTBYTES);
    memcpy(block + 48, p->personal, BLAKE2B_PERSONALBYTES);

    for (int i = 0; i < 8; i++)
        S->h[i] = blake2b_iv[i] ^ blake2b_load64_le(block + 8 * i);
    S->t[0] = S->t[1] = 0;
    S->f[0] = S->f[1] = 0;
    S->outlen = p->digest_length;

    /* The zero-padded key is the first block. It stays buffered like any
     * input, so for an empty message it is also the last block. */
    memset(S->buf, 0, sizeof(S->buf));
    S->buflen = 0;
    if (p->key_length > 0) {
        memcpy(S->buf, key, p->key_length);
        S->buflen = BLAKE2B_BLOCKBYTES;
    }
    return 1;
}

void blake2b_update(struct blake2b_state *S, const uint8_t *in, size_t len,
                    blake2b_compress_fn *compress)
{
    if (len == 0)
        return;

    /* The last block must wait for final, so a full buffer is only
     * compressed once more input is known to follow: '>' not '>='. */
    if (S->buflen + len <= BLAKE2B_BLOCKBYTES) {
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

void blake2b_final(struct blake2b_state *S, uint8_t *out,
                   blake2b_compress_fn *compress)
{
    uint8_t digest[BLAKE2B_OUTBYTES];

    memset(S->buf + S->buflen, 0, BLAKE2B_BLOCKBYTES - S->buflen);
    S->f[0] = ~UINT64_C(0);
    compress(S, S->buf, 1, (unsigned int)S->buflen);

    for (int i = 0; i < 8; i++)
        blake2b_store64_le(digest + 8 * i, S->h[i]);
    memcpy(out, digest, S->outlen);

    blake2b_wipe(digest, sizeof(digest));
    blake2b_wipe(S, sizeof(*S));
}
