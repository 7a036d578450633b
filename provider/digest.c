/* SPDX-License-Identifier: Apache-2.0 */
/*
 * BLAKE2B-160/256/384/512 digests. The four differ only in their default
 * output size; each accepts a `size` context parameter of 1..64 taken at init.
 */
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "context_alloc.h"
#include "errors.h"
#include "lifecycle.h"
#include "params.h"
#include "provider.h"

struct b2n_digest_ctx {
    struct b2n_provctx *provctx;
    struct blake2b_state state;
    uint8_t next_size;       /* size the next init will use; `size` */
    enum b2n_phase phase;
};


static OSSL_FUNC_digest_freectx_fn b2n_digest_freectx;
static OSSL_FUNC_digest_dupctx_fn b2n_digest_dupctx;
static OSSL_FUNC_digest_init_fn b2n_digest_init;
static OSSL_FUNC_digest_update_fn b2n_digest_update;
static OSSL_FUNC_digest_final_fn b2n_digest_final;
static OSSL_FUNC_digest_gettable_params_fn b2n_digest_gettable_params;
static OSSL_FUNC_digest_set_ctx_params_fn b2n_digest_set_ctx_params;
static OSSL_FUNC_digest_get_ctx_params_fn b2n_digest_get_ctx_params;
static OSSL_FUNC_digest_settable_ctx_params_fn b2n_digest_settable_ctx_params;
static OSSL_FUNC_digest_gettable_ctx_params_fn b2n_digest_gettable_ctx_params;

/*
 * OpenSSL 3.0 frees the digest context and asks for a new one at every
 * EVP_DigestInit_ex, even on a reused EVP_MD_CTX (3.1+ keeps it), so each
 * message would pay an allocation and a free through the core's upcalls.
 * freectx parks one context in the provider context instead, wiped, and
 * newctx takes it back: a parked context holds no input, and no digest
 * context ever holds a key. One slot, swapped atomically, so any thread
 * may park or take; a second context parked frees the first.
 */
static void *b2n_digest_newctx(void *vprovctx, uint8_t default_size)
{
    struct b2n_provctx *provctx = vprovctx;
    const struct b2n_core *core = &provctx->core;
    struct b2n_digest_ctx *ctx =
        atomic_exchange_explicit(&provctx->spare_digest_ctx, NULL,
                                 memory_order_acquire);

    if (ctx == NULL)
        ctx = b2n_context_alloc(core, sizeof(*ctx));
    if (ctx == NULL) {
        B2N_RAISE(core, B2N_R_OUT_OF_MEMORY, "digest context");
        return NULL;
    }
    ctx->provctx = provctx;
    ctx->next_size = default_size;
    ctx->phase = B2N_FRESH;
    return ctx;
}

static void b2n_digest_freectx(void *vctx)
{
    struct b2n_digest_ctx *ctx = vctx, *old;
    struct b2n_provctx *provctx;

    if (ctx == NULL)
        return;
    /* Only a running context holds input: blake2b_final wiped the state
     * of a finished one, and a fresh one has none. On OpenSSL 3.0 every
     * init frees the context, so a second wipe there would cost every
     * message (docs/performance.md, "Short messages"). */
    if (ctx->phase == B2N_RUNNING)
        blake2b_wipe(&ctx->state, sizeof(ctx->state));
    provctx = ctx->provctx;
    old = atomic_exchange_explicit(&provctx->spare_digest_ctx, ctx,
                                   memory_order_acq_rel);
    if (old != NULL)
        b2n_context_free(&provctx->core, old, 0);
}

void b2n_digest_teardown(struct b2n_provctx *provctx)
{
    b2n_context_free(&provctx->core,
                     atomic_exchange(&provctx->spare_digest_ctx, NULL), 0);
}

static void *b2n_digest_dupctx(void *vsrc)
{
    const struct b2n_digest_ctx *src = vsrc;
    struct b2n_digest_ctx *dst =
        b2n_context_dup(&src->provctx->core, src, sizeof(*src));

    if (dst == NULL)
        B2N_RAISE(&src->provctx->core, B2N_R_OUT_OF_MEMORY, "digest context");
    return dst;
}

static int b2n_digest_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    struct b2n_digest_ctx *ctx = vctx;

    /* A new size applies from the next init: BLAKE2b hashes the output
     * length into its first block, so it cannot change mid-stream. It
     * stays for every later init that gives none, as OpenSSL 3.1+ keeps
     * this context across inits of the same digest. */
    return b2n_read_size_param(&ctx->provctx->core, params, &ctx->next_size);
}

static int b2n_digest_init(void *vctx, const OSSL_PARAM params[])
{
    struct b2n_digest_ctx *ctx = vctx;

    if (params != NULL && !b2n_digest_set_ctx_params(ctx, params))
        return 0;
    /* Re-init mid-stream: leave none of the abandoned input behind. */
    if (ctx->phase == B2N_RUNNING)
        blake2b_wipe(&ctx->state, sizeof(ctx->state));
    /* next_size was checked when it was set (b2n_read_size_param). */
    blake2b_init_unkeyed(&ctx->state, ctx->next_size);
    ctx->phase = B2N_RUNNING;
    return 1;
}

static int b2n_digest_update(void *vctx, const unsigned char *in, size_t inl)
{
    struct b2n_digest_ctx *ctx = vctx;

    if (!b2n_may_update(&ctx->provctx->core, ctx->phase, "digest"))
        return 0;
    blake2b_update(&ctx->state, in, inl, ctx->provctx->backend->compress);
    return 1;
}

static int b2n_digest_final(void *vctx, unsigned char *out, size_t *outl,
                            size_t outsz)
{
    struct b2n_digest_ctx *ctx = vctx;

    if (!b2n_may_final(&ctx->provctx->core, ctx->phase, "digest",
                       ctx->state.outlen, outsz))
        return 0;
    *outl = ctx->state.outlen;
    /* The digest's state is always begun unkeyed (b2n_digest_init). */
    blake2b_final_unkeyed(&ctx->state, out, ctx->provctx->backend->compress,
                          ctx->provctx->backend->hash_short);
    ctx->phase = B2N_FINISHED;
    return 1;
}

/*
 * `size` reports the parameter as set (at init, by set_params, or the
 * default), not the running computation's output size: what the default
 * provider's BLAKE2B-512 reports. A size set mid-stream below the running
 * one therefore makes OpenSSL 3.2+'s EVP_DigestFinal_ex offer too small a
 * buffer, and final fails there, as it does with the default provider.
 */
static int b2n_digest_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    struct b2n_digest_ctx *ctx = vctx;

    /* OpenSSL 3.2+ asks for a size_t `size` at every EVP_DigestFinal_ex:
     * the codec stores that case without conversion (param_codec.c). */
    return b2n_write_size_param(&ctx->provctx->core, params,
                                OSSL_DIGEST_PARAM_SIZE, ctx->next_size);
}

static const OSSL_PARAM b2n_digest_size_param_list[] = {
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, NULL),
    OSSL_PARAM_END
};

static const OSSL_PARAM *b2n_digest_settable_ctx_params(void *vctx,
                                                        void *provctx)
{
    (void)vctx;
    (void)provctx;
    return b2n_digest_size_param_list;
}

static const OSSL_PARAM *b2n_digest_gettable_ctx_params(void *vctx,
                                                        void *provctx)
{
    (void)vctx;
    (void)provctx;
    return b2n_digest_size_param_list;
}

/* OpenSSL passes no provider context here, so there is no core to raise an
 * error through: a parameter whose type cannot hold the answer (the
 * caller's mistake, the only way this fails) makes it return 0 with
 * nothing queued (docs/hardening.md). */
static int b2n_digest_get_params(OSSL_PARAM params[], size_t size)
{
    return b2n_write_size_param(NULL, params, OSSL_DIGEST_PARAM_BLOCK_SIZE,
                                BLAKE2B_BLOCKBYTES)
           && b2n_write_size_param(NULL, params, OSSL_DIGEST_PARAM_SIZE, size)
           && b2n_write_int_param(NULL, params, OSSL_DIGEST_PARAM_XOF, 0)
           && b2n_write_int_param(NULL, params,
                                  OSSL_DIGEST_PARAM_ALGID_ABSENT, 0);
}

static const OSSL_PARAM *b2n_digest_gettable_params(void *provctx)
{
    static const OSSL_PARAM gettable[] = {
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, NULL),
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, NULL),
        OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, NULL),
        OSSL_PARAM_int(OSSL_DIGEST_PARAM_ALGID_ABSENT, NULL),
        OSSL_PARAM_END
    };

    (void)provctx;
    return gettable;
}

/* The dispatch table of one digest: the four differ only in their default
 * size, which newctx and get_params (neither given it by OpenSSL) carry. */
#define B2N_DIGEST_TABLE(bits)                                                 \
    static OSSL_FUNC_digest_newctx_fn b2n_digest##bits##_newctx;               \
    static void *b2n_digest##bits##_newctx(void *provctx)                      \
    {                                                                          \
        return b2n_digest_newctx(provctx, (bits) / 8);                         \
    }                                                                          \
    static OSSL_FUNC_digest_get_params_fn b2n_digest##bits##_get_params;       \
    static int b2n_digest##bits##_get_params(OSSL_PARAM params[])              \
    {                                                                          \
        return b2n_digest_get_params(params, (bits) / 8);                      \
    }                                                                          \
    static const OSSL_DISPATCH b2n_digest##bits##_functions[] = {              \
        { OSSL_FUNC_DIGEST_NEWCTX, (void (*)(void))b2n_digest##bits##_newctx },\
        { OSSL_FUNC_DIGEST_FREECTX, (void (*)(void))b2n_digest_freectx },      \
        { OSSL_FUNC_DIGEST_DUPCTX, (void (*)(void))b2n_digest_dupctx },        \
        { OSSL_FUNC_DIGEST_INIT, (void (*)(void))b2n_digest_init },            \
        { OSSL_FUNC_DIGEST_UPDATE, (void (*)(void))b2n_digest_update },        \
        { OSSL_FUNC_DIGEST_FINAL, (void (*)(void))b2n_digest_final },          \
        { OSSL_FUNC_DIGEST_GET_PARAMS,                                         \
          (void (*)(void))b2n_digest##bits##_get_params },                     \
        { OSSL_FUNC_DIGEST_GETTABLE_PARAMS,                                    \
          (void (*)(void))b2n_digest_gettable_params },                        \
        { OSSL_FUNC_DIGEST_SET_CTX_PARAMS,                                     \
          (void (*)(void))b2n_digest_set_ctx_params },                         \
        { OSSL_FUNC_DIGEST_SETTABLE_CTX_PARAMS,                                \
          (void (*)(void))b2n_digest_settable_ctx_params },                    \
        { OSSL_FUNC_DIGEST_GET_CTX_PARAMS,                                     \
          (void (*)(void))b2n_digest_get_ctx_params },                         \
        { OSSL_FUNC_DIGEST_GETTABLE_CTX_PARAMS,                                \
          (void (*)(void))b2n_digest_gettable_ctx_params },                    \
        { 0, NULL }                                                            \
    };

B2N_DIGEST_TABLE(160)
B2N_DIGEST_TABLE(256)
B2N_DIGEST_TABLE(384)
B2N_DIGEST_TABLE(512)

/* Names and OIDs of RFC 7693; the 512 list is exactly the default
 * provider's, so loading both keeps alias resolution consistent. */
const OSSL_ALGORITHM b2n_digest_algorithms[] = {
    { "BLAKE2B-160:BLAKE2b160:1.3.6.1.4.1.1722.12.2.1.5", B2N_PROPERTIES,
      b2n_digest160_functions, "BLAKE2b with a 160-bit output" },
    { "BLAKE2B-256:BLAKE2b256:1.3.6.1.4.1.1722.12.2.1.8", B2N_PROPERTIES,
      b2n_digest256_functions, "BLAKE2b with a 256-bit output" },
    { "BLAKE2B-384:BLAKE2b384:1.3.6.1.4.1.1722.12.2.1.12", B2N_PROPERTIES,
      b2n_digest384_functions, "BLAKE2b with a 384-bit output" },
    { "BLAKE2B-512:BLAKE2b512:1.3.6.1.4.1.1722.12.2.1.16", B2N_PROPERTIES,
      b2n_digest512_functions, "BLAKE2b with a 512-bit output" },
    { NULL, NULL, NULL, NULL }
};
