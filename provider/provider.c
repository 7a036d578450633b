/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Provider entry point: picks and self-tests the compress backend, then
 * answers the core's queries for parameters and algorithms.
 */
#include <stdio.h>
#include <stdlib.h>

#include <openssl/core_names.h>
#include <openssl/params.h> /* OSSL_PARAM_* initializers only */

#include "context_alloc.h"
#include "env.h"
#include "errors.h"
#include "param_codec.h"
#include "provider.h"

#ifndef BLAKE2NEON_VERSION
#define BLAKE2NEON_VERSION "0"
#endif

/* The config key that forces a backend by name (BLAKE2B_BACKEND_ENV, the
 * environment variable, wins over it). */
#define B2N_PARAM_BACKEND "backend"

static OSSL_FUNC_provider_gettable_params_fn b2n_gettable_params;
static OSSL_FUNC_provider_get_params_fn b2n_get_params;
static OSSL_FUNC_provider_query_operation_fn b2n_query_operation;
static OSSL_FUNC_provider_get_reason_strings_fn b2n_get_reason_strings;
static OSSL_FUNC_provider_teardown_fn b2n_teardown;

static const OSSL_PARAM *b2n_gettable_params(void *provctx)
{
    static const OSSL_PARAM gettable[] = {
        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, NULL, 0),
        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, NULL, 0),
        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, NULL, 0),
        OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, NULL),
        OSSL_PARAM_utf8_ptr(B2N_PARAM_BACKEND, NULL, 0),
        OSSL_PARAM_END
    };

    (void)provctx;
    return gettable;
}

static int b2n_get_params(void *vprovctx, OSSL_PARAM params[])
{
    const struct b2n_provctx *provctx = vprovctx;
    OSSL_PARAM *p;

    p = b2n_param_locate(params, OSSL_PROV_PARAM_NAME);
    if (p != NULL && !b2n_param_set_utf8_ptr(p, B2N_PROVIDER_NAME))
        return 0;
    p = b2n_param_locate(params, OSSL_PROV_PARAM_VERSION);
    if (p != NULL && !b2n_param_set_utf8_ptr(p, BLAKE2NEON_VERSION))
        return 0;
    p = b2n_param_locate(params, OSSL_PROV_PARAM_BUILDINFO);
    if (p != NULL && !b2n_param_set_utf8_ptr(p, provctx->buildinfo))
        return 0;
    p = b2n_param_locate(params, OSSL_PROV_PARAM_STATUS);
    if (p != NULL && !b2n_param_set_int(p, 1))
        return 0;
    p = b2n_param_locate(params, B2N_PARAM_BACKEND);
    if (p != NULL && !b2n_param_set_utf8_ptr(p, provctx->backend_text))
        return 0;
    return 1;
}

static const OSSL_ALGORITHM *b2n_query_operation(void *provctx, int operation_id,
                                                 int *no_cache)
{
    (void)provctx;
    *no_cache = 0;
    switch (operation_id) {
    case OSSL_OP_DIGEST:
        return b2n_digest_algorithms;
    case OSSL_OP_MAC:
        return b2n_mac_algorithms;
    case OSSL_OP_KDF:
        return b2n_kdf_algorithms;
    }
    return NULL;
}

static const OSSL_ITEM *b2n_get_reason_strings(void *provctx)
{
    (void)provctx;
    return b2n_reason_strings;
}

/* Allocations take the core's upcalls, so that an application's
 * allocator (CRYPTO_set_mem_functions) sees them, where both are offered:
 * a block must go back where it came from. */
static int use_core_allocator(const struct b2n_core *core)
{
    return core->crypto_malloc != NULL && core->crypto_free != NULL;
}

static void b2n_teardown(void *vprovctx)
{
    struct b2n_provctx *provctx = vprovctx;
    const struct b2n_core core = provctx->core; /* outlives provctx */

    b2n_digest_teardown(provctx);
    b2n_free(&core, provctx);
}

/* Names of every backend in this build, for error messages. */
static void list_backends(char *out, size_t outlen)
{
    const struct blake2b_backend *b;
    size_t used = 0;

    out[0] = '\0';
    for (size_t i = 0; (b = blake2b_backend_at(i)) != NULL && used < outlen; i++) {
        int n = snprintf(out + used, outlen - used, "%s%s", i ? ", " : "",
                         b->name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

/*
 * The backend named by the environment, else by the config file, else the
 * automatic choice; NULL (with an error raised) if the named one does not
 * exist, cannot run on this CPU, or fails its self-test. If the automatic
 * choice fails its self-test, generic stands in for it, as Linux's crypto
 * falls back to its generic code, and *failed names the one that failed,
 * for the build info: losing every BLAKE2b digest (silently, when a config
 * file on OpenSSL 3.0 activates the provider) would be worse. A backend
 * the user named must pass, or the load fails. In a setuid or setgid
 * process the environment is not read (blake2b_secure_getenv): the invoking
 * user must not choose the code a privileged program runs, nor make its
 * provider fail to load.
 */
static const struct blake2b_backend *choose_backend(
    const struct b2n_core *core, const char *configured,
    const struct blake2b_backend **failed)
{
    const char *name = blake2b_secure_getenv(BLAKE2B_BACKEND_ENV);
    const char *source = BLAKE2B_BACKEND_ENV;
    const struct blake2b_backend *backend = NULL;
    char names[128];

    if (name == NULL || name[0] == '\0') {
        name = configured;
        source = "config key " B2N_PARAM_BACKEND;
    }
    *failed = NULL;
    switch (blake2b_backend_choose(name, &backend, failed)) {
    case BLAKE2B_CHOSEN:
        /* Nothing is raised when generic stands in: the load succeeds,
         * and the build info and the backend parameter say what happened. */
        return backend;
    case BLAKE2B_CHOICE_UNKNOWN:
        list_backends(names, sizeof(names));
        B2N_RAISE(core, B2N_LOAD_UNKNOWN_BACKEND,
                  B2N_PROVIDER_NAME ": %s asks for backend '%s'; "
                  "this build has: auto, %s",
                  source, name, names);
        break;
    case BLAKE2B_CHOICE_UNSUPPORTED:
        B2N_RAISE(core, B2N_LOAD_BACKEND_UNSUPPORTED,
                  B2N_PROVIDER_NAME ": %s asks for backend '%s', "
                  "which this CPU cannot run",
                  source, name);
        break;
    case BLAKE2B_CHOICE_SELFTEST:
        B2N_RAISE(core, B2N_LOAD_SELFTEST_FAILED,
                  B2N_PROVIDER_NAME ": backend '%s' failed its self-test (a "
                  "wrong answer) and is not used",
                  backend->name);
        break;
    }
    return NULL;
}

/* The backend parameter and the build info, from the backend fields:
 * they say when generic stands in for an automatic choice that failed. */
static void describe_backend(struct b2n_provctx *provctx)
{
    if (provctx->failed_backend != NULL)
        snprintf(provctx->backend_text, sizeof(provctx->backend_text),
                 "%s, %s failed its self-test", provctx->backend->name,
                 provctx->failed_backend->name);
    else
        snprintf(provctx->backend_text, sizeof(provctx->backend_text), "%s",
                 provctx->backend->name);
    snprintf(provctx->buildinfo, sizeof(provctx->buildinfo),
             B2N_PROVIDER_NAME " %s backend=%s", BLAKE2NEON_VERSION,
             provctx->backend_text);
}

/* Read the provider's own section of the config file, if any. */
static const char *configured_backend(const OSSL_CORE_HANDLE *handle,
                                      OSSL_FUNC_core_get_params_fn *get_params)
{
    const char *value = NULL;
    OSSL_PARAM params[] = {
        OSSL_PARAM_utf8_ptr(B2N_PARAM_BACKEND, (char **)&value, 0),
        OSSL_PARAM_END
    };

    if (get_params == NULL || !get_params(handle, params))
        return NULL;
    return value;
}

/* 1 if the OpenSSL that loaded us is 3.6 or later ("3.6.0", "4.0.2"),
 * whose default provider refuses repeated parameters; 0 if older or not
 * told. */
static int core_refuses_repeats(const OSSL_CORE_HANDLE *handle,
                                OSSL_FUNC_core_get_params_fn *get_params)
{
    const char *version = NULL;
    unsigned int major = 0, minor = 0;
    OSSL_PARAM params[] = {
        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_CORE_VERSION, (char **)&version, 0),
        OSSL_PARAM_END
    };

    if (get_params == NULL || !get_params(handle, params) || version == NULL
        || sscanf(version, "%u.%u", &major, &minor) != 2)
        return 0;
    return major > 3 || (major == 3 && minor >= 6);
}

/* The module's one exported symbol (everything else is hidden). */
__attribute__((visibility("default")))
int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx_out)
{
    static const OSSL_DISPATCH provider_functions[] = {
        { OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))b2n_gettable_params },
        { OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))b2n_get_params },
        { OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))b2n_query_operation },
        { OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, (void (*)(void))b2n_get_reason_strings },
        { OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))b2n_teardown },
        { 0, NULL } /* OpenSSL 3.0 has no OSSL_DISPATCH_END */
    };
    struct b2n_core core = { .handle = handle };
    OSSL_FUNC_core_get_params_fn *core_get_params = NULL;
    const struct blake2b_backend *backend, *failed;
    struct b2n_provctx *provctx;

    for (; in->function_id != 0; in++) {
        switch (in->function_id) {
        case OSSL_FUNC_CORE_GET_PARAMS:
            core_get_params = OSSL_FUNC_core_get_params(in);
            break;
        case OSSL_FUNC_CORE_NEW_ERROR:
            core.new_error = OSSL_FUNC_core_new_error(in);
            break;
        case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
            core.set_error_debug = OSSL_FUNC_core_set_error_debug(in);
            break;
        case OSSL_FUNC_CORE_VSET_ERROR:
            core.vset_error = OSSL_FUNC_core_vset_error(in);
            break;
        case OSSL_FUNC_CRYPTO_MALLOC:
            core.crypto_malloc = OSSL_FUNC_CRYPTO_malloc(in);
            break;
        case OSSL_FUNC_CRYPTO_FREE:
            core.crypto_free = OSSL_FUNC_CRYPTO_free(in);
            break;
        }
    }

    backend = choose_backend(&core, configured_backend(handle, core_get_params),
                             &failed);
    if (backend == NULL)
        return 0;

    if (!use_core_allocator(&core)) {
        core.crypto_malloc = NULL;
        core.crypto_free = NULL;
    }
    provctx = b2n_malloc(&core, sizeof(*provctx));
    if (provctx == NULL) {
        B2N_RAISE(&core, B2N_LOAD_OUT_OF_MEMORY,
                  B2N_PROVIDER_NAME ": provider context");
        return 0;
    }
    provctx->core = core;
    provctx->backend = backend;
    provctx->failed_backend = failed;
    provctx->refuse_repeated_params = core_refuses_repeats(handle,
                                                           core_get_params);
    atomic_init(&provctx->spare_digest_ctx, NULL);
    describe_backend(provctx);

    *out = provider_functions;
    *provctx_out = provctx;
    return 1;
}
