/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ARGON2D, ARGON2I and ARGON2ID: Argon2 (RFC 9106) as KDFs, with OpenSSL
 * 3.2's parameter names, types, defaults and checks, so that a program
 * written for the default provider's (3.2 and later) gets the same bytes
 * and the same refusals here, on OpenSSL 3.0 and 3.1 too. Where this
 * differs, on purpose (threads, dup, properties), docs/usage.md says so.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "../core/argon2.h"
#include "context_alloc.h"
#include "errors.h"
#include "param_codec.h"
#include "params.h"
#include "provider.h"

/* OpenSSL 3.2's names (core_names.h has them from 3.2 only). */
#define B2N_KDF_PARAM_AD "ad"
#define B2N_KDF_PARAM_LANES "lanes"
#define B2N_KDF_PARAM_MEMCOST "memcost"
#define B2N_KDF_PARAM_THREADS "threads"
#define B2N_KDF_PARAM_VERSION "version"
#define B2N_KDF_PARAM_EARLY_CLEAN "early_clean"

/* The default provider's defaults (and reset's). */
enum {
    DEFAULT_OUTLEN = 64,
    DEFAULT_ITER = 3,
    MIN_MEMCOST = 2 * BLAKE2B_ARGON2_SYNC_POINTS,
    MAX_THREADS = 0xffffff,
};

/* A length and the bytes, held in memory of our own. */
struct b2n_secret_bytes {
    uint8_t *data; /* NULL: never set */
    size_t len;
};

struct b2n_argon2_ctx {
    const struct b2n_provctx *provctx;
    enum blake2b_argon2_type type;
    struct b2n_secret_bytes pass, salt, secret, ad;
    uint32_t outlen, iter, memcost, lanes, threads, version;
    int early_clean;
};

static OSSL_FUNC_kdf_newctx_fn b2n_argon2d_newctx;
static OSSL_FUNC_kdf_newctx_fn b2n_argon2i_newctx;
static OSSL_FUNC_kdf_newctx_fn b2n_argon2id_newctx;
static OSSL_FUNC_kdf_dupctx_fn b2n_argon2_dupctx;
static OSSL_FUNC_kdf_freectx_fn b2n_argon2_freectx;
static OSSL_FUNC_kdf_reset_fn b2n_argon2_reset;
static OSSL_FUNC_kdf_derive_fn b2n_argon2_derive;
static OSSL_FUNC_kdf_settable_ctx_params_fn b2n_argon2_settable_ctx_params;
static OSSL_FUNC_kdf_set_ctx_params_fn b2n_argon2_set_ctx_params;
static OSSL_FUNC_kdf_gettable_ctx_params_fn b2n_argon2_gettable_ctx_params;
static OSSL_FUNC_kdf_get_ctx_params_fn b2n_argon2_get_ctx_params;

static const struct b2n_core *core_of(const struct b2n_argon2_ctx *ctx)
{
    return &ctx->provctx->core;
}

static void bytes_clear(const struct b2n_core *core, struct b2n_secret_bytes *b)
{
    if (b->data != NULL)
        b2n_context_free(core, b->data, b->len);
    b->data = NULL;
    b->len = 0;
}

/* A copy of len bytes at src (one byte allocated for none, so that an
 * empty value is told apart from an absent one); 0 if out of memory. */
static int bytes_copy(const struct b2n_core *core, struct b2n_secret_bytes *b,
                      const void *src, size_t len)
{
    b->data = b2n_malloc(core, len > 0 ? len : 1);
    if (b->data == NULL) {
        B2N_RAISE(core, B2N_R_OUT_OF_MEMORY, "Argon2 input");
        return 0;
    }
    if (len > 0)
        memcpy(b->data, src, len);
    b->len = len;
    return 1;
}

static void set_defaults(struct b2n_argon2_ctx *ctx)
{
    ctx->outlen = DEFAULT_OUTLEN;
    ctx->iter = DEFAULT_ITER;
    ctx->memcost = MIN_MEMCOST;
    ctx->lanes = 1;
    ctx->threads = 1;
    ctx->version = BLAKE2B_ARGON2_VERSION_13;
    ctx->early_clean = 0;
}

static void *newctx(void *vprovctx, enum blake2b_argon2_type type)
{
    struct b2n_provctx *provctx = vprovctx;
    struct b2n_argon2_ctx *ctx = b2n_context_alloc(&provctx->core, sizeof(*ctx));

    if (ctx == NULL) {
        B2N_RAISE(&provctx->core, B2N_R_OUT_OF_MEMORY, "KDF context");
        return NULL;
    }
    ctx->provctx = provctx;
    ctx->type = type;
    set_defaults(ctx);
    return ctx;
}

static void *b2n_argon2d_newctx(void *provctx)
{
    return newctx(provctx, BLAKE2B_ARGON2D);
}

static void *b2n_argon2i_newctx(void *provctx)
{
    return newctx(provctx, BLAKE2B_ARGON2I);
}

static void *b2n_argon2id_newctx(void *provctx)
{
    return newctx(provctx, BLAKE2B_ARGON2ID);
}

static void clear_inputs(struct b2n_argon2_ctx *ctx)
{
    const struct b2n_core *core = core_of(ctx);

    bytes_clear(core, &ctx->pass);
    bytes_clear(core, &ctx->salt);
    bytes_clear(core, &ctx->secret);
    bytes_clear(core, &ctx->ad);
}

static void b2n_argon2_freectx(void *vctx)
{
    struct b2n_argon2_ctx *ctx = vctx;

    if (ctx == NULL)
        return;
    clear_inputs(ctx);
    b2n_context_free(core_of(ctx), ctx, sizeof(*ctx));
}

static void *b2n_argon2_dupctx(void *vsrc)
{
    const struct b2n_argon2_ctx *src = vsrc;
    const struct b2n_core *core = core_of(src);
    struct b2n_argon2_ctx *dst = b2n_context_dup(core, src, sizeof(*src));

    if (dst == NULL) {
        B2N_RAISE(core, B2N_R_OUT_OF_MEMORY, "KDF context");
        return NULL;
    }
    dst->pass = dst->salt = dst->secret = dst->ad = (struct b2n_secret_bytes){ 0 };
    if ((src->pass.data != NULL
         && !bytes_copy(core, &dst->pass, src->pass.data, src->pass.len))
        || (src->salt.data != NULL
            && !bytes_copy(core, &dst->salt, src->salt.data, src->salt.len))
        || (src->secret.data != NULL
            && !bytes_copy(core, &dst->secret, src->secret.data,
                           src->secret.len))
        || (src->ad.data != NULL
            && !bytes_copy(core, &dst->ad, src->ad.data, src->ad.len))) {
        b2n_argon2_freectx(dst);
        return NULL;
    }
    return dst;
}

static void b2n_argon2_reset(void *vctx)
{
    struct b2n_argon2_ctx *ctx = vctx;

    clear_inputs(ctx);
    set_defaults(ctx);
}

/*
 * An octet-string parameter into b, as the default provider takes it:
 * the old value goes first, then a value with no buffer, of another
 * type (OSSL_PARAM_get_octet_string takes OSSL_PARAM_OCTET_STRING only)
 * or longer than 2^32 - 1 bytes is refused and leaves none; a salt must
 * be at least 8 bytes.
 */
static int read_bytes(struct b2n_argon2_ctx *ctx, const OSSL_PARAM *p,
                      struct b2n_secret_bytes *b, size_t min_len)
{
    const struct b2n_core *core = core_of(ctx);

    if (p->data == NULL) {
        B2N_RAISE(core, B2N_R_WRONG_PARAMETER_TYPE,
                  "%s has no data", p->key);
        return 0;
    }
    bytes_clear(core, b);
    if (p->data_type != OSSL_PARAM_OCTET_STRING) {
        B2N_RAISE(core, B2N_R_WRONG_PARAMETER_TYPE,
                  "%s must be an octet string", p->key);
        return 0;
    }
    if (p->data_size < min_len || !blake2b_argon2_fits_u32(p->data_size)) {
        B2N_RAISE(core, B2N_LIBCRYPTO_REASON(PROV_R_INVALID_SALT_LENGTH),
                  "%s is %zu bytes, must be %zu..4294967295", p->key,
                  p->data_size, min_len);
        return 0;
    }
    return bytes_copy(core, b, p->data, p->data_size);
}

/* A uint32 parameter, converted as OSSL_PARAM_get_uint32 does (any
 * integer or exact double in range). */
static int read_u32(const struct b2n_argon2_ctx *ctx, const OSSL_PARAM *p,
                    uint32_t *val)
{
    size_t v;

    if (!b2n_param_get_size_t(p, &v) || !blake2b_argon2_fits_u32(v)) {
        B2N_RAISE(core_of(ctx), B2N_R_WRONG_PARAMETER_TYPE,
                  "%s must be an integer in 0..4294967295", p->key);
        return 0;
    }
    *val = (uint32_t)v;
    return 1;
}

/* Raise reason with the refused value of name, as the caller's (a macro
 * for __func__); evaluates to 0. */
#define REFUSE_U32(ctx, reason, name, value, rule)                             \
    (B2N_RAISE(core_of(ctx), (reason), "%s %u: %s", (name),                    \
               (unsigned int)(value), (rule)),                                 \
     0)

static int set_outlen(struct b2n_argon2_ctx *ctx, uint32_t outlen)
{
    if (outlen < BLAKE2B_ARGON2_MIN_OUTLEN)
        return REFUSE_U32(ctx, B2N_LIBCRYPTO_REASON(PROV_R_INVALID_OUTPUT_LENGTH),
                          "size", outlen, "must be at least 4");
    ctx->outlen = outlen;
    return 1;
}

/* The parameters set_ctx_params reads, as b2n_argon2_settable_ctx_params
 * lists them. */
static const char *const argon2_param_names[] = {
    OSSL_KDF_PARAM_PASSWORD, OSSL_KDF_PARAM_SALT, OSSL_KDF_PARAM_SECRET,
    B2N_KDF_PARAM_AD, OSSL_KDF_PARAM_SIZE, OSSL_KDF_PARAM_ITER,
    B2N_KDF_PARAM_THREADS, B2N_KDF_PARAM_LANES, B2N_KDF_PARAM_MEMCOST,
    B2N_KDF_PARAM_EARLY_CLEAN, B2N_KDF_PARAM_VERSION,
    OSSL_KDF_PARAM_PROPERTIES,
};

/* 1 if params names one of ours twice: raised as OpenSSL 3.6's default
 * provider does, where the core is 3.6 or later (provider.h). */
static int repeats_refused(const struct b2n_argon2_ctx *ctx,
                           const OSSL_PARAM params[])
{
    if (!ctx->provctx->refuse_repeated_params)
        return 0;
    for (size_t n = 0;
         n < sizeof(argon2_param_names) / sizeof(argon2_param_names[0]); n++) {
        const OSSL_PARAM *first = b2n_param_locate_const(params,
                                                         argon2_param_names[n]);

        if (first != NULL
            && b2n_param_locate_const(first + 1, argon2_param_names[n]) != NULL) {
            B2N_RAISE(core_of(ctx), B2N_R_REPEATED_PARAMETER,
                      "param %s is repeated", argon2_param_names[n]);
            return 1;
        }
    }
    return 0;
}

/* Parameters are taken in the default provider's order, each kept as
 * soon as it is accepted, as there; where the core is 3.6 or later, an
 * array naming one twice is refused before any is taken, as there. */
static int b2n_argon2_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    struct b2n_argon2_ctx *ctx = vctx;
    const OSSL_PARAM *p;
    uint32_t v;

    if (params == NULL)
        return 1;
    if (repeats_refused(ctx, params))
        return 0;
    if ((p = b2n_param_locate_const(params, OSSL_KDF_PARAM_PASSWORD)) != NULL
        && !read_bytes(ctx, p, &ctx->pass, 0))
        return 0;
    if ((p = b2n_param_locate_const(params, OSSL_KDF_PARAM_SALT)) != NULL
        && !read_bytes(ctx, p, &ctx->salt, BLAKE2B_ARGON2_MIN_SALTLEN))
        return 0;
    if ((p = b2n_param_locate_const(params, OSSL_KDF_PARAM_SECRET)) != NULL
        && !read_bytes(ctx, p, &ctx->secret, 0))
        return 0;
    if ((p = b2n_param_locate_const(params, B2N_KDF_PARAM_AD)) != NULL
        && !read_bytes(ctx, p, &ctx->ad, 0))
        return 0;
    if ((p = b2n_param_locate_const(params, OSSL_KDF_PARAM_SIZE)) != NULL
        && (!read_u32(ctx, p, &v) || !set_outlen(ctx, v)))
        return 0;
    if ((p = b2n_param_locate_const(params, OSSL_KDF_PARAM_ITER)) != NULL) {
        if (!read_u32(ctx, p, &v))
            return 0;
        if (v < 1)
            return REFUSE_U32(ctx, B2N_LIBCRYPTO_REASON(PROV_R_INVALID_ITERATION_COUNT),
                              "iter", v, "must be at least 1");
        ctx->iter = v;
    }
    if ((p = b2n_param_locate_const(params, B2N_KDF_PARAM_THREADS)) != NULL) {
        if (!read_u32(ctx, p, &v))
            return 0;
        if (v < 1 || v > MAX_THREADS)
            return REFUSE_U32(ctx, B2N_R_INVALID_THREADS, "threads", v,
                              "must be 1..16777215");
        ctx->threads = v;
    }
    if ((p = b2n_param_locate_const(params, B2N_KDF_PARAM_LANES)) != NULL) {
        if (!read_u32(ctx, p, &v))
            return 0;
        if (v < 1 || v > BLAKE2B_ARGON2_MAX_LANES)
            return REFUSE_U32(ctx, B2N_LIBCRYPTO_REASON(PROV_R_FAILED_TO_SET_PARAMETER),
                              "lanes", v, "must be 1..16777215");
        ctx->lanes = v;
    }
    if ((p = b2n_param_locate_const(params, B2N_KDF_PARAM_MEMCOST)) != NULL) {
        if (!read_u32(ctx, p, &v))
            return 0;
        if (v < MIN_MEMCOST)
            return REFUSE_U32(ctx, B2N_R_INVALID_MEMORY_SIZE, "memcost", v,
                              "must be at least 8 (KiB)");
        ctx->memcost = v;
    }
    if ((p = b2n_param_locate_const(params, B2N_KDF_PARAM_EARLY_CLEAN)) != NULL) {
        if (!read_u32(ctx, p, &v))
            return 0;
        ctx->early_clean = v != 0;
    }
    if ((p = b2n_param_locate_const(params, B2N_KDF_PARAM_VERSION)) != NULL) {
        if (!read_u32(ctx, p, &v))
            return 0;
        if (v != BLAKE2B_ARGON2_VERSION_10 && v != BLAKE2B_ARGON2_VERSION_13)
            return REFUSE_U32(ctx, B2N_LIBCRYPTO_REASON(PROV_R_INVALID_MODE),
                              "version", v, "must be 0x10 or 0x13");
        ctx->version = v;
    }
    /* The default provider fetches its BLAKE2b with these properties;
     * ours is built in, so they are checked for type and not used. */
    if ((p = b2n_param_locate_const(params, OSSL_KDF_PARAM_PROPERTIES)) != NULL
        && p->data_type != OSSL_PARAM_UTF8_STRING) {
        B2N_RAISE(core_of(ctx), B2N_R_WRONG_PARAMETER_TYPE,
                  "properties must be a UTF-8 string");
        return 0;
    }
    return 1;
}

/* The checks the default provider makes at derive, in its order. */
static int may_derive(struct b2n_argon2_ctx *ctx, size_t outlen,
                      const OSSL_PARAM params[])
{
    if (ctx->salt.data == NULL || ctx->salt.len == 0) {
        B2N_RAISE(core_of(ctx), B2N_LIBCRYPTO_REASON(PROV_R_MISSING_SALT),
                  "Argon2 needs a salt");
        return 0;
    }
    if (outlen != ctx->outlen) {
        /* A size given with derive must be the size derived. */
        if (b2n_param_locate_const(params, OSSL_KDF_PARAM_SIZE) != NULL) {
            B2N_RAISE(core_of(ctx),
                      B2N_LIBCRYPTO_REASON(PROV_R_OUTPUT_BUFFER_TOO_SMALL),
                      "size is %u, the output %zu bytes", ctx->outlen, outlen);
            return 0;
        }
        if (!blake2b_argon2_fits_u32(outlen))
            return REFUSE_U32(ctx, B2N_LIBCRYPTO_REASON(PROV_R_INVALID_OUTPUT_LENGTH),
                              "size", UINT32_MAX, "output longer than this");
        if (!set_outlen(ctx, (uint32_t)outlen))
            return 0;
    }
    if (ctx->threads > 1 && ctx->threads > ctx->lanes)
        return REFUSE_U32(ctx, B2N_R_INVALID_THREADS, "threads", ctx->threads,
                          "more threads than lanes");
    if ((uint64_t)ctx->memcost < 8 * (uint64_t)ctx->lanes)
        return REFUSE_U32(ctx, B2N_R_INVALID_MEMORY_SIZE, "memcost",
                          ctx->memcost, "must be at least 8 times lanes");
    return 1;
}

/* What early_clean asks: the password and secret gone once H0 has them,
 * leaving empty values (as the default provider does: a later derive
 * hashes them as empty). */
static void clean_early(struct b2n_argon2_ctx *ctx)
{
    if (ctx->pass.data != NULL) {
        blake2b_wipe(ctx->pass.data, ctx->pass.len);
        ctx->pass.len = 0;
    }
    if (ctx->secret.data != NULL) {
        blake2b_wipe(ctx->secret.data, ctx->secret.len);
        ctx->secret.len = 0;
    }
}

static int b2n_argon2_derive(void *vctx, unsigned char *out, size_t outlen,
                             const OSSL_PARAM params[])
{
    struct b2n_argon2_ctx *ctx = vctx;
    const struct blake2b_backend *backend = ctx->provctx->backend;
    struct blake2b_argon2_params p;
    struct blake2b_argon2_block *memory;
    uint8_t h0[BLAKE2B_ARGON2_H0BYTES];
    uint32_t blocks;

    if (!b2n_argon2_set_ctx_params(ctx, params) || !may_derive(ctx, outlen, params))
        return 0;
    p = (struct blake2b_argon2_params){
        .type = ctx->type, .version = ctx->version, .t_cost = ctx->iter,
        .m_cost = ctx->memcost, .lanes = ctx->lanes, .threads = ctx->threads,
        .outlen = ctx->outlen,
        .pass = ctx->pass.data, .passlen = (uint32_t)ctx->pass.len,
        .salt = ctx->salt.data, .saltlen = (uint32_t)ctx->salt.len,
        .secret = ctx->secret.data, .secretlen = (uint32_t)ctx->secret.len,
        .ad = ctx->ad.data, .adlen = (uint32_t)ctx->ad.len,
    };
    blocks = blake2b_argon2_memory_blocks(&p);
    memory = blake2b_argon2_memory_alloc(blocks);
    if (memory == NULL) {
        B2N_RAISE(core_of(ctx), B2N_R_INVALID_MEMORY_SIZE,
                  "cannot allocate memcost %u KiB (%u blocks)", ctx->memcost,
                  blocks);
        return 0;
    }
    blake2b_argon2_h0(h0, &p, backend->compress);
    if (ctx->early_clean)
        clean_early(ctx);
    blake2b_argon2_run(out, &p, h0, memory, backend); /* wipes memory */
    blake2b_wipe(h0, sizeof(h0));
    blake2b_argon2_memory_free(memory, blocks);
    return 1;
}

static const OSSL_PARAM *b2n_argon2_settable_ctx_params(void *vctx,
                                                        void *provctx)
{
    static const OSSL_PARAM settable[] = {
        OSSL_PARAM_octet_string(OSSL_KDF_PARAM_PASSWORD, NULL, 0),
        OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SALT, NULL, 0),
        OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SECRET, NULL, 0),
        OSSL_PARAM_octet_string(B2N_KDF_PARAM_AD, NULL, 0),
        OSSL_PARAM_uint32(OSSL_KDF_PARAM_SIZE, NULL),
        OSSL_PARAM_uint32(OSSL_KDF_PARAM_ITER, NULL),
        OSSL_PARAM_uint32(B2N_KDF_PARAM_THREADS, NULL),
        OSSL_PARAM_uint32(B2N_KDF_PARAM_LANES, NULL),
        OSSL_PARAM_uint32(B2N_KDF_PARAM_MEMCOST, NULL),
        OSSL_PARAM_uint32(B2N_KDF_PARAM_EARLY_CLEAN, NULL),
        OSSL_PARAM_uint32(B2N_KDF_PARAM_VERSION, NULL),
        OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_PROPERTIES, NULL, 0),
        OSSL_PARAM_END
    };

    (void)vctx;
    (void)provctx;
    return settable;
}

/* Any length can be derived: size is SIZE_MAX, as the default's. */
static int b2n_argon2_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    const struct b2n_argon2_ctx *ctx = vctx;

    return b2n_write_size_param(core_of(ctx), params, OSSL_KDF_PARAM_SIZE,
                                SIZE_MAX);
}

static const OSSL_PARAM *b2n_argon2_gettable_ctx_params(void *vctx,
                                                        void *provctx)
{
    static const OSSL_PARAM gettable[] = {
        OSSL_PARAM_size_t(OSSL_KDF_PARAM_SIZE, NULL),
        OSSL_PARAM_END
    };

    (void)vctx;
    (void)provctx;
    return gettable;
}

/* The three tables differ in newctx alone. */
#define B2N_ARGON2_FUNCTIONS(name, newctx_fn)                                  \
    static const OSSL_DISPATCH name[] = {                                      \
        { OSSL_FUNC_KDF_NEWCTX, (void (*)(void))newctx_fn },                   \
        { OSSL_FUNC_KDF_DUPCTX, (void (*)(void))b2n_argon2_dupctx },           \
        { OSSL_FUNC_KDF_FREECTX, (void (*)(void))b2n_argon2_freectx },         \
        { OSSL_FUNC_KDF_RESET, (void (*)(void))b2n_argon2_reset },             \
        { OSSL_FUNC_KDF_DERIVE, (void (*)(void))b2n_argon2_derive },           \
        { OSSL_FUNC_KDF_SETTABLE_CTX_PARAMS,                                   \
          (void (*)(void))b2n_argon2_settable_ctx_params },                    \
        { OSSL_FUNC_KDF_SET_CTX_PARAMS,                                        \
          (void (*)(void))b2n_argon2_set_ctx_params },                         \
        { OSSL_FUNC_KDF_GETTABLE_CTX_PARAMS,                                   \
          (void (*)(void))b2n_argon2_gettable_ctx_params },                    \
        { OSSL_FUNC_KDF_GET_CTX_PARAMS,                                        \
          (void (*)(void))b2n_argon2_get_ctx_params },                         \
        { 0, NULL }                                                            \
    }

B2N_ARGON2_FUNCTIONS(b2n_argon2d_functions, b2n_argon2d_newctx);
B2N_ARGON2_FUNCTIONS(b2n_argon2i_functions, b2n_argon2i_newctx);
B2N_ARGON2_FUNCTIONS(b2n_argon2id_functions, b2n_argon2id_newctx);

/* Exactly the default provider's names. */
const OSSL_ALGORITHM b2n_kdf_algorithms[] = {
    { "ARGON2I", B2N_PROPERTIES, b2n_argon2i_functions,
      "Argon2i (RFC 9106)" },
    { "ARGON2D", B2N_PROPERTIES, b2n_argon2d_functions,
      "Argon2d (RFC 9106)" },
    { "ARGON2ID", B2N_PROPERTIES, b2n_argon2id_functions,
      "Argon2id (RFC 9106)" },
    { NULL, NULL, NULL, NULL }
};
