/* SPDX-License-Identifier: Apache-2.0 */
/* The public API over the core: checks every argument, then calls the
 * core's init/update/final with the chosen backend. */
#include <string.h>

#include "ctx.h"

/* A failed init leaves a context that update and final refuse, and no
 * key behind. */
static int refuse(blake2neon_ctx *ctx, int code)
{
    blake2b_wipe(ctx, sizeof(*ctx));
    return code;
}

/* The checks init_param and the one-shot call share, in the order their
 * return codes are documented. */
static int check_sizes(size_t outlen, const void *key, size_t keylen)
{
    if (outlen < 1 || outlen > BLAKE2NEON_OUTBYTES)
        return BLAKE2NEON_ERR_OUTLEN;
    if (keylen > BLAKE2NEON_KEYBYTES)
        return BLAKE2NEON_ERR_KEYLEN;
    if (key == NULL && keylen > 0)
        return BLAKE2NEON_ERR_NULL;
    return BLAKE2NEON_OK;
}

/* Start S with every parameter; the sizes have been checked. */
static void start(struct blake2b_state *S, size_t outlen, const void *key,
                  size_t keylen, const void *salt, const void *personal)
{
    struct blake2b_params p;

    blake2b_params_init(&p, (uint8_t)outlen);
    p.key_length = (uint8_t)keylen;
    if (salt != NULL)
        memcpy(p.salt, salt, sizeof(p.salt));
    if (personal != NULL)
        memcpy(p.personal, personal, sizeof(p.personal));
    blake2b_init(S, &p, key); /* every length checked: check_sizes */
}

int blake2neon_init_param(blake2neon_ctx *ctx, size_t outlen,
                          const void *key, size_t keylen, const void *salt,
                          const void *personal)
{
    struct b2n_lib_ctx *c;
    int rc;

    if (ctx == NULL)
        return BLAKE2NEON_ERR_NULL;
    c = b2n_lib_ctx(ctx);
    rc = check_sizes(outlen, key, keylen);
    if (rc != BLAKE2NEON_OK)
        return refuse(ctx, rc);
    c->compress = b2n_lib_compress();
    if (c->compress == NULL)
        return refuse(ctx, BLAKE2NEON_ERR_BACKEND);
    start(&c->state, outlen, key, keylen, salt, personal);
    return BLAKE2NEON_OK;
}

int blake2neon_init(blake2neon_ctx *ctx, size_t outlen)
{
    struct b2n_lib_ctx *c;

    if (ctx == NULL)
        return BLAKE2NEON_ERR_NULL;
    c = b2n_lib_ctx(ctx);
    if (outlen < 1 || outlen > BLAKE2NEON_OUTBYTES)
        return refuse(ctx, BLAKE2NEON_ERR_OUTLEN);
    c->compress = b2n_lib_compress();
    if (c->compress == NULL)
        return refuse(ctx, BLAKE2NEON_ERR_BACKEND);
    blake2b_init_unkeyed(&c->state, (uint8_t)outlen);
    return BLAKE2NEON_OK;
}

int blake2neon_update(blake2neon_ctx *ctx, const void *in, size_t inlen)
{
    struct b2n_lib_ctx *c;

    if (ctx == NULL || (in == NULL && inlen > 0))
        return BLAKE2NEON_ERR_NULL;
    c = b2n_lib_ctx(ctx);
    if (c->compress == NULL)
        return BLAKE2NEON_ERR_STATE;
    blake2b_update(&c->state, in, inlen, c->compress);
    return BLAKE2NEON_OK;
}

int blake2neon_final(blake2neon_ctx *ctx, void *out)
{
    struct b2n_lib_ctx *c;

    if (ctx == NULL)
        return BLAKE2NEON_ERR_NULL;
    c = b2n_lib_ctx(ctx);
    if (out == NULL)
        return refuse(ctx, BLAKE2NEON_ERR_NULL);
    if (c->compress == NULL)
        return refuse(ctx, BLAKE2NEON_ERR_STATE);
    blake2b_final(&c->state, out, c->compress);
    /* The core wiped its state; the rest of the context goes too, so
     * that a later update sees "not initialized". */
    blake2b_wipe(ctx, sizeof(*ctx));
    return BLAKE2NEON_OK;
}

int b2n_lib_check_hash_args(const void *out, size_t outlen, const void *in,
                            size_t inlen, const void *key, size_t keylen)
{
    if (out == NULL || (in == NULL && inlen > 0))
        return BLAKE2NEON_ERR_NULL;
    return check_sizes(outlen, key, keylen);
}

int blake2neon_hash(void *out, size_t outlen, const void *in, size_t inlen,
                    const void *key, size_t keylen)
{
    const struct blake2b_backend *backend;
    int rc;

    rc = b2n_lib_check_hash_args(out, outlen, in, inlen, key, keylen);
    if (rc != BLAKE2NEON_OK)
        return rc;
    backend = b2n_lib_backend();
    if (backend == NULL)
        return BLAKE2NEON_ERR_BACKEND;
    blake2b_hash(out, (uint8_t)outlen, in, inlen, key, (uint8_t)keylen,
                 backend->compress, backend->hash_short);
    return BLAKE2NEON_OK;
}
