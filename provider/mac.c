/* SPDX-License-Identifier: Apache-2.0 */
/*
 * BLAKE2BMAC: keyed BLAKE2b, answering exactly as OpenSSL's default
 * provider does: key 1..64 bytes (kept for re-init), salt and custom
 * 0..16 bytes, size 1..64 (default 64).
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "context_alloc.h"
#include "errors.h"
#include "lifecycle.h"
#include "param_codec.h"
#include "params.h"
#include "provider.h"

struct b2n_mac_ctx {
    const struct b2n_provctx *provctx;
    struct blake2b_params params;  /* for the next init */
    uint8_t key[BLAKE2B_KEYBYTES];
    struct blake2b_state state;
    enum b2n_phase phase;
};


static OSSL_FUNC_mac_newctx_fn b2n_mac_newctx;
static OSSL_FUNC_mac_dupctx_fn b2n_mac_dupctx;
static OSSL_FUNC_mac_freectx_fn b2n_mac_freectx;
static OSSL_FUNC_mac_init_fn b2n_mac_init;
static OSSL_FUNC_mac_update_fn b2n_mac_update;
static OSSL_FUNC_mac_final_fn b2n_mac_final;
static OSSL_FUNC_mac_gettable_ctx_params_fn b2n_mac_gettable_ctx_params;
static OSSL_FUNC_mac_get_ctx_params_fn b2n_mac_get_ctx_params;
static OSSL_FUNC_mac_settable_ctx_params_fn b2n_mac_settable_ctx_params;
static OSSL_FUNC_mac_set_ctx_params_fn b2n_mac_set_ctx_params;

static void *b2n_mac_newctx(void *provctx)
{
    const struct b2n_core *core = &((struct b2n_provctx *)provctx)->core;
    struct b2n_mac_ctx *ctx = b2n_context_alloc(core, sizeof(*ctx));

    if (ctx == NULL) {
        B2N_RAISE(core, B2N_R_OUT_OF_MEMORY, "MAC context");
        return NULL;
    }
    ctx->provctx = provctx; /* zeroed: no key, B2N_FRESH */
    blake2b_params_init(&ctx->params, BLAKE2B_OUTBYTES);
    return ctx;
}

static void *b2n_mac_dupctx(void *vsrc)
{
    const struct b2n_mac_ctx *src = vsrc;
    struct b2n_mac_ctx *dst =
        b2n_context_dup(&src->provctx->core, src, sizeof(*src));

    if (dst == NULL)
        B2N_RAISE(&src->provctx->core, B2N_R_OUT_OF_MEMORY, "MAC context");
    return dst;
}

static void b2n_mac_freectx(void *vctx)
{
    const struct b2n_mac_ctx *ctx = vctx;

    if (ctx != NULL) /* wipes the key and the state */
        b2n_context_free(&ctx->provctx->core, vctx, sizeof(*ctx));
}

static int set_key(struct b2n_mac_ctx *ctx, const uint8_t *key, size_t keylen)
{
    if (keylen < 1 || keylen > BLAKE2B_KEYBYTES) {
        B2N_RAISE(&ctx->provctx->core, B2N_R_INVALID_KEY_LENGTH,
                  "key is %zu bytes, must be 1..%d", keylen, BLAKE2B_KEYBYTES);
        return 0;
    }
    blake2b_wipe(ctx->key, sizeof(ctx->key));
    memcpy(ctx->key, key, keylen);
    ctx->params.key_length = (uint8_t)keylen;
    return 1;
}

/* Parameters are checked in the default provider's order: size, key,
 * custom, salt; each takes effect as soon as it is accepted, as there. */
static int b2n_mac_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    struct b2n_mac_ctx *ctx = vctx;
    const struct b2n_core *core = &ctx->provctx->core;
    const OSSL_PARAM *p;
    size_t len;

    if (params == NULL)
        return 1;
    if (!b2n_read_size_param(core, params, &ctx->params.digest_length))
        return 0;

    p = b2n_param_locate_const(params, OSSL_MAC_PARAM_KEY);
    if (p != NULL) {
        const void *key;

        if (!b2n_get_octets(p, &key, &len)) {
            B2N_RAISE(core, B2N_R_WRONG_PARAMETER_TYPE,
                      "key must be an octet string");
            return 0;
        }
        if (!set_key(ctx, key, len))
            return 0;
    }
    return b2n_read_bytes_param(core, params, OSSL_MAC_PARAM_CUSTOM,
                                ctx->params.personal, BLAKE2B_PERSONALBYTES,
                                &len, B2N_R_INVALID_CUSTOM_LENGTH)
           && b2n_read_bytes_param(core, params, OSSL_MAC_PARAM_SALT,
                                   ctx->params.salt, BLAKE2B_SALTBYTES, &len,
                                   B2N_R_INVALID_SALT_LENGTH);
}

static int b2n_mac_init(void *vctx, const unsigned char *key, size_t keylen,
                        const OSSL_PARAM params[])
{
    struct b2n_mac_ctx *ctx = vctx;

    if (!b2n_mac_set_ctx_params(ctx, params))
        return 0;
    if (key != NULL) {
        if (!set_key(ctx, key, keylen))
            return 0;
    } else if (ctx->params.key_length == 0) {
        B2N_RAISE(&ctx->provctx->core, B2N_R_NO_KEY_SET,
                  "BLAKE2BMAC needs a key of 1..%d bytes", BLAKE2B_KEYBYTES);
        return 0;
    }
    blake2b_init(&ctx->state, &ctx->params, ctx->key); /* lengths checked */
    ctx->phase = B2N_RUNNING;
    return 1;
}

static int b2n_mac_update(void *vctx, const unsigned char *in, size_t inl)
{
    struct b2n_mac_ctx *ctx = vctx;

    if (!b2n_may_update(&ctx->provctx->core, ctx->phase, "MAC"))
        return 0;
    blake2b_update(&ctx->state, in, inl, ctx->provctx->backend->compress);
    return 1;
}

static int b2n_mac_final(void *vctx, unsigned char *out, size_t *outl,
                         size_t outsize)
{
    struct b2n_mac_ctx *ctx = vctx;

    if (!b2n_may_final(&ctx->provctx->core, ctx->phase, "MAC",
                       ctx->state.outlen, outsize))
        return 0;
    *outl = ctx->state.outlen;
    blake2b_final(&ctx->state, out, ctx->provctx->backend->compress);
    ctx->phase = B2N_FINISHED; /* blake2b_final wiped the keyed state */
    return 1;
}

/* The size the running computation will output, else the next init's. */
static size_t b2n_mac_current_size(const struct b2n_mac_ctx *ctx)
{
    return ctx->phase == B2N_RUNNING ? ctx->state.outlen
                                     : ctx->params.digest_length;
}

static int b2n_mac_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    struct b2n_mac_ctx *ctx = vctx;
    const struct b2n_core *core = &ctx->provctx->core;

    return b2n_write_size_param(core, params, OSSL_MAC_PARAM_SIZE,
                                b2n_mac_current_size(ctx))
           && b2n_write_size_param(core, params, OSSL_MAC_PARAM_BLOCK_SIZE,
                                   BLAKE2B_BLOCKBYTES);
}

static const OSSL_PARAM *b2n_mac_gettable_ctx_params(void *vctx, void *provctx)
{
    static const OSSL_PARAM gettable[] = {
        OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),
        OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, NULL),
        OSSL_PARAM_END
    };

    (void)vctx;
    (void)provctx;
    return gettable;
}

static const OSSL_PARAM *b2n_mac_settable_ctx_params(void *vctx, void *provctx)
{
    static const OSSL_PARAM settable[] = {
        OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),
        OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0),
        OSSL_PARAM_octet_string(OSSL_MAC_PARAM_CUSTOM, NULL, 0),
        OSSL_PARAM_octet_string(OSSL_MAC_PARAM_SALT, NULL, 0),
        OSSL_PARAM_END
    };

    (void)vctx;
    (void)provctx;
    return settable;
}

static const OSSL_DISPATCH b2n_mac_functions[] = {
    { OSSL_FUNC_MAC_NEWCTX, (void (*)(void))b2n_mac_newctx },
    { OSSL_FUNC_MAC_DUPCTX, (void (*)(void))b2n_mac_dupctx },
    { OSSL_FUNC_MAC_FREECTX, (void (*)(void))b2n_mac_freectx },
    { OSSL_FUNC_MAC_INIT, (void (*)(void))b2n_mac_init },
    { OSSL_FUNC_MAC_UPDATE, (void (*)(void))b2n_mac_update },
    { OSSL_FUNC_MAC_FINAL, (void (*)(void))b2n_mac_final },
    { OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, (void (*)(void))b2n_mac_gettable_ctx_params },
    { OSSL_FUNC_MAC_GET_CTX_PARAMS, (void (*)(void))b2n_mac_get_ctx_params },
    { OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, (void (*)(void))b2n_mac_settable_ctx_params },
    { OSSL_FUNC_MAC_SET_CTX_PARAMS, (void (*)(void))b2n_mac_set_ctx_params },
    { 0, NULL }
};

/* Exactly the default provider's names. */
const OSSL_ALGORITHM b2n_mac_algorithms[] = {
    { "BLAKE2BMAC:1.3.6.1.4.1.1722.12.2.1", B2N_PROPERTIES, b2n_mac_functions,
      "BLAKE2b keyed MAC (RFC 7693)" },
    { NULL, NULL, NULL, NULL }
};
