/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the provider does with a backend that fails its known-answer
 * self-test. Runs on the test build of the module (its core is built with
 * BLAKE2NEON_TEST_HOOKS, core/CMakeLists.txt), where the backends named in
 * BLAKE2NEON_TEST_FAIL_SELFTEST fail it:
 *  - the automatic choice fails: the load succeeds on generic, with
 *    nothing on the error queue, build info and the `backend` parameter
 *    say "generic, NAME failed its self-test", and digests are right;
 *  - a backend the user forced (BLAKE2NEON_BACKEND) fails: the load fails
 *    with the self-test error on the queue;
 *  - the automatic choice and generic both fail: the load fails.
 * Where the automatic choice is generic itself (AArch64, s390x, ...), the
 * fallback cannot be shown: that part says SKIP and why, and generic
 * failing must make the load fail.
 * And the shipped module has no such hook: with the variable naming every
 * backend, it loads on its automatic choice.
 *
 *   t_selftest_fallback TESTHOOKS_MODULE_DIR DATA_DIR SHIPPED_MODULE_DIR
 */
/* setenv, unsetenv: POSIX, beyond C11. */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>

#include "t_ossl.h"

#define HOOK "BLAKE2NEON_TEST_FAIL_SELFTEST"
#define FORCE "BLAKE2NEON_BACKEND"

/* BLAKE2b-512("abc"), RFC 7693 appendix A. */
static const uint8_t abc_512[64] = {
    0xba, 0x80, 0xa5, 0x3f, 0x98, 0x1c, 0x4d, 0x0d, 0x6a, 0x27, 0x97, 0xb6,
    0x9f, 0x12, 0xf6, 0xe9, 0x4c, 0x21, 0x2f, 0x14, 0x68, 0x5a, 0xc4, 0xb7,
    0x4b, 0x12, 0xbb, 0x6f, 0xdb, 0xff, 0xa2, 0xd1, 0x7d, 0x87, 0xc5, 0x39,
    0x2a, 0xab, 0x79, 0x2d, 0xc2, 0x52, 0xd5, 0xde, 0x45, 0x33, 0xcc, 0x95,
    0x18, 0xd3, 0x8a, 0xa8, 0xdb, 0xf1, 0x92, 0x5a, 0xb9, 0x23, 0x86, 0xed,
    0xd4, 0x00, 0x99, 0x23,
};

static const char *module_dir; /* the one load() loads from */

/* Set or (value NULL) unset an environment variable. */
static void env(const char *var, const char *value)
{
    if (value != NULL)
        T_CHECK(setenv(var, value, 1) == 0, "setenv %s", var);
    else
        T_CHECK(unsetenv(var) == 0, "unsetenv %s", var);
}

/* Load the module into a fresh context with the hook and the forced
 * backend as given; the provider or NULL (the error queue left as is). */
static OSSL_PROVIDER *load(const char *fail, const char *force,
                           OSSL_LIB_CTX **libctx)
{
    env(HOOK, fail);
    env(FORCE, force);
    *libctx = OSSL_LIB_CTX_new();
    if (!T_CHECK(*libctx != NULL, "OSSL_LIB_CTX_new")
        || !T_CHECK(OSSL_PROVIDER_set_default_search_path(*libctx, module_dir),
                    "set search path %s", module_dir))
        return NULL;
    return OSSL_PROVIDER_load(*libctx, "blake2neon");
}

static void unload(OSSL_LIB_CTX *libctx, OSSL_PROVIDER *prov)
{
    if (prov != NULL)
        OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(libctx);
}

static const char *buildinfo_of(OSSL_PROVIDER *prov)
{
    const char *info = NULL;
    OSSL_PARAM params[] = {
        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, (char **)&info, 0),
        OSSL_PARAM_END
    };

    if (!OSSL_PROVIDER_get_params(prov, params)
        || !OSSL_PARAM_modified(&params[0]))
        return NULL;
    return info;
}

/* BLAKE2B-512("abc") through the provider gives RFC 7693's answer. */
static void check_digest(OSSL_LIB_CTX *libctx, const char *what)
{
    EVP_MD *md = EVP_MD_fetch(libctx, "BLAKE2B-512", T_PROPQ);
    uint8_t out[64];

    if (!T_CHECK(md != NULL, "%s: fetch BLAKE2B-512", what))
        return;
    if (T_CHECK(t_digest(md, 0, (const uint8_t *)"abc", 3, NULL, out) == 64,
                "%s: digest", what))
        T_SAME(out, abc_512, 64, "%s: BLAKE2B-512(\"abc\")", what);
    EVP_MD_free(md);
}

/* The automatic choice, on the test module with no hook set. */
static char *automatic_choice(void)
{
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *prov = load(NULL, NULL, &libctx);
    const char *name = prov != NULL ? t_backend_of(prov) : NULL;
    char *copy = NULL;

    if (T_CHECK(name != NULL, "load without the hook: backend parameter"))
        copy = strdup(name);
    if (prov == NULL)
        t_print_openssl_errors();
    unload(libctx, prov);
    return copy;
}

/* The automatic choice fails: generic, and the strings say so. force is
 * NULL or "auto" (the same thing, named). */
static void check_fallback(const char *chosen, const char *force)
{
    char want_backend[96], want_info[128];
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *prov;
    const char *backend, *info;

    ERR_clear_error();
    prov = load(chosen, force, &libctx);
    snprintf(want_backend, sizeof(want_backend),
             "generic, %s failed its self-test", chosen);
    snprintf(want_info, sizeof(want_info), " backend=%s", want_backend);
    if (!T_CHECK(prov != NULL, "%s=%s%s%s: the load must succeed on generic",
                 HOOK, chosen, force != NULL ? ", " FORCE "=" : "",
                 force != NULL ? force : "")) {
        t_print_openssl_errors();
        unload(libctx, prov);
        return;
    }
    T_CHECK(ERR_peek_error() == 0, "fallback: nothing on the error queue");
    backend = t_backend_of(prov);
    info = buildinfo_of(prov);
    T_CHECK(backend != NULL && strcmp(backend, want_backend) == 0,
            "backend parameter '%s', expected '%s'",
            backend != NULL ? backend : "(none)", want_backend);
    T_CHECK(info != NULL && strlen(info) >= strlen(want_info)
                && strcmp(info + strlen(info) - strlen(want_info),
                          want_info) == 0,
            "build info '%s' must end with '%s'",
            info != NULL ? info : "(none)", want_info);
    check_digest(libctx, "after the fallback");
    t_note("%s fails (%s%s): loaded, backend '%s', build info '%s'", chosen,
           force != NULL ? FORCE "=" : "automatic choice",
           force != NULL ? force : "", backend != NULL ? backend : "?",
           info != NULL ? info : "?");
    unload(libctx, prov);
}

/* The load must fail, with the self-test error on the queue. */
static void check_load_fails(const char *fail, const char *force)
{
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *prov;

    ERR_clear_error();
    prov = load(fail, force, &libctx);
    T_FAILS(prov != NULL, "self-test", "%s=%s, %s=%s: the load must fail",
            HOOK, fail, FORCE, force != NULL ? force : "(unset)");
    t_note("%s=%s, %s=%s: the load failed, as it must", HOOK, fail, FORCE,
           force != NULL ? force : "(unset)");
    unload(libctx, prov);
}

/* A forced backend that passes loads, whatever else fails: the hook
 * fails only the backends it names. */
static void check_forced_passes(const char *name, const char *fail)
{
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *prov = load(fail, name, &libctx);
    const char *backend = prov != NULL ? t_backend_of(prov) : NULL;

    if (T_CHECK(prov != NULL, "%s=%s, %s=%s: the load must succeed", HOOK,
                fail, FORCE, name)) {
        T_CHECK(backend != NULL && strcmp(backend, name) == 0,
                "backend parameter '%s', expected '%s'",
                backend != NULL ? backend : "(none)", name);
        check_digest(libctx, name);
    } else {
        t_print_openssl_errors();
    }
    unload(libctx, prov);
}

/* The shipped module ignores the hook's variable: it has no hook. */
static void check_shipped(const char *shipped_dir, const char *chosen)
{
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *prov;
    const char *backend;
    char all[64];

    snprintf(all, sizeof(all), "generic,%s", chosen);
    module_dir = shipped_dir;
    prov = load(all, NULL, &libctx);
    backend = prov != NULL ? t_backend_of(prov) : NULL;
    if (T_CHECK(prov != NULL, "shipped module, %s=%s: the load must succeed",
                HOOK, all))
        T_CHECK(backend != NULL && strcmp(backend, chosen) == 0,
                "shipped module, %s=%s: backend '%s', expected '%s'", HOOK,
                all, backend != NULL ? backend : "(none)", chosen);
    else
        t_print_openssl_errors();
    t_note("shipped module with %s=%s: backend '%s'", HOOK, all,
           backend != NULL ? backend : "?");
    unload(libctx, prov);
}

int main(int argc, char **argv)
{
    char *chosen;

    if (argc != 4) {
        printf("usage: %s TESTHOOKS_MODULE_DIR DATA_DIR SHIPPED_MODULE_DIR\n",
               argc > 0 ? argv[0] : "t_selftest_fallback");
        return EXIT_FAILURE;
    }
    t_set_failure_hook(t_print_openssl_errors);
    module_dir = argv[1];
    chosen = automatic_choice();
    if (chosen == NULL)
        return t_report("t_selftest_fallback");
    t_note("automatic choice here: %s", chosen);

    /* Forced and failing: the load fails. */
    check_load_fails("generic", "generic");
    if (strcmp(chosen, "generic") != 0) {
        char both[64];

        check_load_fails(chosen, chosen);
        check_fallback(chosen, NULL);
        check_fallback(chosen, "auto");
        /* Nothing to fall back to. */
        snprintf(both, sizeof(both), "%s,generic", chosen);
        check_load_fails(both, NULL);
        check_forced_passes(chosen, "generic");
        check_forced_passes("generic", chosen);
    } else {
        /* The automatic choice, generic, fails: nothing to fall back to. */
        check_load_fails("generic", NULL);
        printf("SKIP: the fallback to generic: the automatic choice here is "
               "generic itself (its failure made the load fail, checked "
               "above)\n");
        check_forced_passes("generic", "some-other-backend");
    }
    check_shipped(argv[3], chosen);
    env(HOOK, NULL);
    env(FORCE, NULL);
    free(chosen);
    return t_report("t_selftest_fallback");
}
