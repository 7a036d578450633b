/* SPDX-License-Identifier: Apache-2.0 */
/* setenv: POSIX, beyond the C11 the build asks for. */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "fuzz_util.h"

uint8_t f_byte(struct f_in *in)
{
    uint8_t b;

    if (in->n == 0)
        return 0;
    b = in->p[0];
    in->p++;
    in->n--;
    return b;
}

const uint8_t *f_bytes(struct f_in *in, size_t len, size_t *got)
{
    const uint8_t *p = in->p;

    *got = len < in->n ? len : in->n;
    in->p += *got;
    in->n -= *got;
    return p;
}

const uint8_t *f_rest(struct f_in *in, size_t *len)
{
    return f_bytes(in, in->n, len);
}

void f_chunks_init(struct f_chunks *c, const uint8_t *spec, size_t len)
{
    c->spec = spec;
    c->len = len;
    c->at = 0;
    c->empty_run = 0;
}

size_t f_chunk_next(struct f_chunks *c, size_t remaining)
{
    size_t n;
    uint8_t b;

    if (c->len == 0)
        return remaining;
    b = c->spec[c->at++ % c->len];
    n = b & 0x80 ? (size_t)(b & 0x7f) * BLAKE2B_BLOCKBYTES : b;
    /* Empty pieces are worth feeding, but a spec of nothing but empty
     * pieces must not stall the run: after a whole cycle of them, finish. */
    c->empty_run = n == 0 ? c->empty_run + 1 : 0;
    if (c->empty_run > c->len)
        n = remaining;
    return n < remaining ? n : remaining;
}

void f_fail(const char *fmt, ...)
{
    va_list args;

    fprintf(stderr, "FUZZ INVARIANT BROKEN: ");
    va_start(args, fmt);
    vfprintf(stderr, fmt, args);
    va_end(args);
    fprintf(stderr, "\n");
    ERR_print_errors_fp(stderr);
    abort();
}

void f_expect_error(const char *what)
{
    const char *reason;
    unsigned long err = ERR_peek_error();

    if (err == 0)
        f_fail("%s failed with nothing on the error queue", what);
    reason = ERR_reason_error_string(err);
    if (reason == NULL || reason[0] == '\0')
        f_fail("%s failed with error %lx, which has no reason", what, err);
    ERR_clear_error();
}

size_t f_providers_load(struct f_provider *out, size_t max)
{
    const struct blake2b_backend *b;
    size_t n = 0;

    for (size_t i = 0; (b = blake2b_backend_at(i)) != NULL && n < max; i++) {
        OSSL_LIB_CTX *libctx;
        OSSL_PROVIDER *prov;

        if (!blake2b_backend_cpu_can_run(b))
            continue;
        /* The provider linked in, as a built-in: coverage and leak reports
         * see its code, and no module path is needed. The environment
         * picks the backend, as for users. */
        libctx = OSSL_LIB_CTX_new();
        if (libctx == NULL
            || !OSSL_PROVIDER_add_builtin(libctx, "blake2neon",
                                          OSSL_provider_init))
            f_fail("library context for backend %s", b->name);
        setenv("BLAKE2NEON_BACKEND", b->name, 1);
        prov = OSSL_PROVIDER_load(libctx, "blake2neon");
        unsetenv("BLAKE2NEON_BACKEND");
        if (prov == NULL)
            f_fail("load blake2neon with backend %s", b->name);
        out[n].libctx = libctx;
        out[n].backend = b;
        n++;
    }
    if (n == 0)
        f_fail("no backend loaded");
    return n;
}

void f_core_hash(const struct blake2b_params *p, const uint8_t *key,
                 const uint8_t *msg, size_t len, uint8_t out[64])
{
    blake2b_compress_fn *generic = blake2b_backend_at(0)->compress;
    struct blake2b_state S;

    if (p->digest_length < 1 || p->digest_length > BLAKE2B_OUTBYTES
        || p->key_length > BLAKE2B_KEYBYTES)
        f_fail("asked to hash with size %u key length %u", p->digest_length,
               p->key_length);
    blake2b_init(&S, p, key);
    blake2b_update(&S, msg, len, generic);
    blake2b_final(&S, out, generic);
}

size_t f_md_ctx_size(EVP_MD_CTX *ctx)
{
    size_t size = 0;
    OSSL_PARAM params[] = {
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, &size),
        OSSL_PARAM_END
    };

    if (!EVP_MD_CTX_get_params(ctx, params))
        f_fail("digest: get size");
    return size;
}
