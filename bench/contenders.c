/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "backend.h"
#include "blake2neon.h"
#include "contenders.h"

/* The provider reads this at load; see provider/provider.c. */
#define BACKEND_ENV "BLAKE2NEON_BACKEND"

int bench_hash(struct bench_contender *c, const uint8_t *msg, size_t len,
               uint8_t out[BENCH_DIGEST_BYTES])
{
    if (c->kind == BENCH_EVP) {
        unsigned int outlen;

        return EVP_DigestInit_ex2(c->ctx, c->md, NULL)
               && EVP_DigestUpdate(c->ctx, msg, len)
               && EVP_DigestFinal_ex(c->ctx, out, &outlen);
    }
    if (c->kind == BENCH_LIBRARY)
        return blake2neon_hash(out, BENCH_DIGEST_BYTES, msg, len, NULL, 0)
               == BLAKE2NEON_OK;
#if defined(BENCH_HAVE_SODIUM)
    return crypto_generichash_init(&c->sodium_state, NULL, 0,
                                   BENCH_DIGEST_BYTES) == 0
           && crypto_generichash_update(&c->sodium_state, msg, len) == 0
           && crypto_generichash_final(&c->sodium_state, out,
                                       BENCH_DIGEST_BYTES) == 0;
#else
    return 0;
#endif
}

static void print_openssl_errors(const char *what)
{
    unsigned long e;
    char buf[256];

    fprintf(stderr, "blake2neon-bench: %s failed\n", what);
    while ((e = ERR_get_error()) != 0) {
        ERR_error_string_n(e, buf, sizeof(buf));
        fprintf(stderr, "  %s\n", buf);
    }
}

/* The backend a loaded blake2neon reports (its `backend` parameter). */
static const char *active_backend(OSSL_PROVIDER *prov)
{
    const char *name = NULL;
    OSSL_PARAM params[] = {
        OSSL_PARAM_utf8_ptr("backend", (char **)&name, 0),
        OSSL_PARAM_END
    };

    if (!OSSL_PROVIDER_get_params(prov, params) || name == NULL)
        return "?";
    return name;
}

/*
 * A fresh library context with one provider loaded and BLAKE2B-512
 * fetched from it. backend: NULL for OpenSSL's default provider, "" for
 * blake2neon's automatic choice, else the backend to force.
 */
static int open_evp(struct bench_contender *c, const char *module_dir,
                    const char *backend)
{
    const char *provider = backend == NULL ? "default" : "blake2neon";
    char query[32];

    memset(c, 0, sizeof(*c));
    c->kind = BENCH_EVP;
    c->libctx = OSSL_LIB_CTX_new();
    if (c->libctx == NULL)
        goto fail;
    if (backend != NULL) {
        /* The provider chooses its backend at load, in this context only. */
        if (!OSSL_PROVIDER_set_default_search_path(c->libctx, module_dir))
            goto fail;
        if (backend[0] == '\0')
            unsetenv(BACKEND_ENV);
        else
            setenv(BACKEND_ENV, backend, 1);
    }
    c->provider = OSSL_PROVIDER_load(c->libctx, provider);
    if (c->provider == NULL)
        goto fail;
    snprintf(query, sizeof(query), "provider=%s", provider);
    c->md = EVP_MD_fetch(c->libctx, "BLAKE2B-512", query);
    c->ctx = EVP_MD_CTX_new();
    if (c->md == NULL || c->ctx == NULL)
        goto fail;

    if (backend != NULL)
        snprintf(c->backend, sizeof(c->backend), "%s",
                 active_backend(c->provider));
    c->is_auto = backend != NULL && backend[0] == '\0';
    if (backend == NULL)
        snprintf(c->name, sizeof(c->name), "OpenSSL default");
    else if (c->is_auto)
        snprintf(c->name, sizeof(c->name), "auto (%s)", c->backend);
    else
        snprintf(c->name, sizeof(c->name), "%s", backend);
    c->is_reference = backend == NULL;
    return 1;

fail:
    print_openssl_errors(backend == NULL ? "loading OpenSSL's default provider"
                                         : "loading blake2neon");
    bench_contenders_close(c, 1);
    return 0;
}

/* Another build's automatic choice: a contender outside the verdict. */
static int open_against(struct bench_contender *c, const char *dir)
{
    if (!open_evp(c, dir, ""))
        return 0;
    c->is_auto = 0;
    snprintf(c->name, sizeof(c->name), "against (%s)", c->backend);
    c->backend[0] = '\0';
    return 1;
}

int bench_contenders_open(struct bench_contender *list, size_t max,
                          const char *module_dir, const char *against_dir)
{
    const char *saved = getenv(BACKEND_ENV);
    char *saved_copy = saved != NULL ? strdup(saved) : NULL;
    const struct blake2b_backend *b;
    size_t n = 0;
    int ok = 1;

    for (size_t i = 0; ok && (b = blake2b_backend_at(i)) != NULL; i++) {
        if (!blake2b_backend_cpu_can_run(b)) {
            fprintf(stderr, "blake2neon-bench: backend %s: not run, this CPU "
                    "cannot run it\n", b->name);
            continue;
        }
        ok = n < max && open_evp(&list[n], module_dir, b->name);
        n += ok;
    }
    ok = ok && n < max && open_evp(&list[n], module_dir, "");
    n += ok;
    if (against_dir != NULL) {
        ok = ok && n < max && open_against(&list[n], against_dir);
        n += ok;
    }
    ok = ok && n < max && open_evp(&list[n], module_dir, NULL);
    n += ok;

    /* Leave the environment as the user gave it. */
    if (saved_copy != NULL)
        setenv(BACKEND_ENV, saved_copy, 1);
    else
        unsetenv(BACKEND_ENV);
    free(saved_copy);

    /* The library chooses on first use, from the environment as the user
     * gave it: its automatic choice unless BLAKE2NEON_BACKEND says. */
    if (ok && n < max) {
        const char *lib_backend = blake2neon_backend();

        if (lib_backend == NULL) {
            fprintf(stderr, "blake2neon-bench: libblake2neon has no usable "
                    "backend\n");
            ok = 0;
        } else {
            memset(&list[n], 0, sizeof(list[n]));
            list[n].kind = BENCH_LIBRARY;
            snprintf(list[n].name, sizeof(list[n].name), "library (%s)",
                     lib_backend);
            n++;
        }
    }
#if defined(BENCH_HAVE_SODIUM)
    if (ok && n < max) {
        if (sodium_init() < 0) {
            fprintf(stderr, "blake2neon-bench: sodium_init failed\n");
            ok = 0;
        } else {
            memset(&list[n], 0, sizeof(list[n]));
            list[n].kind = BENCH_SODIUM;
            snprintf(list[n].name, sizeof(list[n].name), "libsodium");
            n++;
        }
    }
#endif
    if (!ok) {
        bench_contenders_close(list, n);
        return -1;
    }
    return (int)n;
}

void bench_contenders_close(struct bench_contender *list, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        EVP_MD_CTX_free(list[i].ctx);
        EVP_MD_free(list[i].md);
        if (list[i].provider != NULL)
            OSSL_PROVIDER_unload(list[i].provider);
        OSSL_LIB_CTX_free(list[i].libctx);
        memset(&list[i], 0, sizeof(list[i]));
    }
}

const char *bench_sodium_version(void)
{
#if defined(BENCH_HAVE_SODIUM)
    return sodium_version_string();
#else
    return NULL;
#endif
}
