/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The provider takes its memory from the allocator an application
 * installs with CRYPTO_set_mem_functions: this program installs its own
 * before OpenSSL allocates anything, and OpenSSL passes on the "file" of
 * each call, which the provider gives as the fixed tag "blake2neon": so
 * its blocks are told from libcrypto's. Checked: the provider and every digest and
 * MAC context come from it, each goes back to it, and a refusal from it is
 * the provider's out-of-memory error, not a crash, with everything usable
 * once it gives memory again.
 *
 * Run with a third argument "wrapped", it installs no allocator and loads
 * the module under allocation upcalls of its own (as a builtin provider
 * whose core functions it wraps, like a core in a libcrypto other than the
 * module's): the provider must take them, having no way to ask what they
 * allocate with.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>
#include <openssl/err.h>

#include "t_ossl.h"

enum { MAX_LIVE = 64, MAX_DISPATCH = 256 };

/* The provider's blocks still held, as handed out. */
static void *live[MAX_LIVE];
static size_t provider_allocs, stray_frees;
static int refuse_provider; /* nonzero: the provider gets NULL */

/* The tag provider/context_alloc.c passes; libcrypto passes file names,
 * or none at all for some of its own calls (3.5). */
static int from_provider(const char *file)
{
    return file != NULL && strcmp(file, "blake2neon") == 0;
}

static void *test_malloc(size_t n, const char *file, int line)
{
    void *p;

    (void)line;
    if (!from_provider(file))
        return malloc(n);
    if (refuse_provider)
        return NULL;
    p = malloc(n);
    for (size_t i = 0; p != NULL && i < MAX_LIVE; i++)
        if (live[i] == NULL) {
            live[i] = p;
            provider_allocs++;
            return p;
        }
    free(p); /* more blocks held than any test here makes: refuse */
    return NULL;
}

static void *test_realloc(void *p, size_t n, const char *file, int line)
{
    (void)file;
    (void)line;
    return realloc(p, n); /* the provider never reallocates */
}

static void test_free(void *p, const char *file, int line)
{
    size_t i = 0;

    (void)line;
    if (p != NULL && from_provider(file)) {
        while (i < MAX_LIVE && live[i] != p)
            i++;
        if (i < MAX_LIVE)
            live[i] = NULL;
        else
            stray_frees++; /* not a block it was given */
    }
    free(p);
}

static size_t provider_blocks_held(void)
{
    size_t n = 0;

    for (size_t i = 0; i < MAX_LIVE; i++)
        n += live[i] != NULL;
    return n;
}

static void check_digest(OSSL_LIB_CTX *libctx)
{
    EVP_MD *md = EVP_MD_fetch(libctx, "BLAKE2B-256", T_PROPQ);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new(), *copy = EVP_MD_CTX_new();
    uint8_t out[64];
    unsigned int outlen;
    size_t before = provider_allocs;

    if (!T_CHECK(md != NULL && ctx != NULL && copy != NULL, "digest setup"))
        goto done;
    T_CHECK(EVP_DigestInit_ex2(ctx, md, NULL)
                && EVP_DigestUpdate(ctx, "abc", 3)
                && EVP_MD_CTX_copy_ex(copy, ctx)
                && EVP_DigestFinal_ex(copy, out, &outlen),
            "BLAKE2B-256 with the application's allocator");
    T_CHECK(provider_allocs >= before + 2,
            "a digest context and its copy: %zu blocks from the application's "
            "allocator", provider_allocs - before);

    EVP_MD_CTX_free(copy);
    copy = EVP_MD_CTX_new();
    refuse_provider = 1;
    T_FAILS(copy != NULL ? EVP_MD_CTX_copy_ex(copy, ctx) : 0, "memory",
            "digest copy with the allocator refusing");
    /* The digest context freed last is kept for the next one (digest.c):
     * a new init takes it, without the allocator. */
    refuse_provider = 0;
    EVP_MD_CTX_free(copy);
    EVP_MD_CTX_free(ctx);
    ctx = EVP_MD_CTX_new();
    before = provider_allocs;
    T_CHECK(ctx != NULL && EVP_DigestInit_ex2(ctx, md, NULL)
                && provider_allocs == before,
            "a freed digest context is reused: %zu blocks allocated",
            provider_allocs - before);
    /* A context of its own for the refused init (on 3.1+ ctx keeps its
     * provider context across inits), while ctx holds the kept one. */
    refuse_provider = 1;
    copy = EVP_MD_CTX_new();
    T_FAILS(copy != NULL ? EVP_DigestInit_ex2(copy, md, NULL) : 0, "memory",
            "digest init with the allocator refusing");
    refuse_provider = 0;
    T_CHECK(copy != NULL && EVP_DigestInit_ex2(copy, md, NULL)
                && EVP_DigestUpdate(copy, "abc", 3)
                && EVP_DigestFinal_ex(copy, out, &outlen),
            "digest once the allocator gives memory again");
done:
    refuse_provider = 0;
    EVP_MD_CTX_free(ctx);
    EVP_MD_CTX_free(copy);
    EVP_MD_free(md);
}

static void check_mac(OSSL_LIB_CTX *libctx)
{
    static const uint8_t key[32] = { 1 };
    EVP_MAC *mac = EVP_MAC_fetch(libctx, "BLAKE2BMAC", T_PROPQ);
    EVP_MAC_CTX *ctx = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL, *dup;
    size_t before = provider_allocs;

    if (!T_CHECK(ctx != NULL && EVP_MAC_init(ctx, key, sizeof(key), NULL),
                 "MAC setup"))
        goto done;
    dup = EVP_MAC_CTX_dup(ctx);
    T_CHECK(dup != NULL, "MAC dup with the application's allocator");
    EVP_MAC_CTX_free(dup);
    T_CHECK(provider_allocs >= before + 1,
            "a MAC context's copy: %zu blocks from the application's "
            "allocator", provider_allocs - before);

    refuse_provider = 1;
    dup = EVP_MAC_CTX_dup(ctx);
    T_FAILS(dup != NULL ? 1 : 0, "memory", "MAC dup with the allocator "
            "refusing");
    EVP_MAC_CTX_free(dup);
    dup = EVP_MAC_CTX_new(mac);
    T_FAILS(dup != NULL ? 1 : 0, "memory", "new MAC context with the "
            "allocator refusing");
    EVP_MAC_CTX_free(dup);
    refuse_provider = 0;
    dup = EVP_MAC_CTX_dup(ctx);
    T_CHECK(dup != NULL, "MAC dup once the allocator gives memory again");
    EVP_MAC_CTX_free(dup);
done:
    refuse_provider = 0;
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
}

/* --- "wrapped": the module under upcalls that are not libcrypto's --- */

static OSSL_provider_init_fn *module_init;
static OSSL_FUNC_CRYPTO_malloc_fn *core_malloc;
static OSSL_FUNC_CRYPTO_free_fn *core_free;
static size_t wrapped_allocs, wrapped_frees;

static void *wrapped_malloc(size_t n, const char *file, int line)
{
    wrapped_allocs++;
    return core_malloc(n, file, line);
}

static void wrapped_free(void *p, const char *file, int line)
{
    wrapped_frees += p != NULL;
    core_free(p, file, line);
}

/* The module's OSSL_provider_init, given the core's functions with the
 * two allocation upcalls replaced by the counting ones above. */
static int wrapping_init(const OSSL_CORE_HANDLE *handle,
                         const OSSL_DISPATCH *in, const OSSL_DISPATCH **out,
                         void **provctx)
{
    static OSSL_DISPATCH table[MAX_DISPATCH];
    size_t n = 0;

    for (; in[n].function_id != 0 && n + 1 < MAX_DISPATCH; n++) {
        table[n] = in[n];
        if (in[n].function_id == OSSL_FUNC_CRYPTO_MALLOC) {
            core_malloc = OSSL_FUNC_CRYPTO_malloc(&in[n]);
            table[n].function = (void (*)(void))wrapped_malloc;
        } else if (in[n].function_id == OSSL_FUNC_CRYPTO_FREE) {
            core_free = OSSL_FUNC_CRYPTO_free(&in[n]);
            table[n].function = (void (*)(void))wrapped_free;
        }
    }
    table[n].function_id = 0;
    table[n].function = NULL;
    return module_init(handle, table, out, provctx);
}

static int run_wrapped(const char *module_dir)
{
    char path[4096];
    void *module;
    OSSL_LIB_CTX *libctx = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *prov = NULL;
    EVP_MD *md = NULL;
    uint8_t out[64];
    unsigned int outlen;

    snprintf(path, sizeof(path), "%s/blake2neon.so", module_dir);
    module = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!T_CHECK(module != NULL, "dlopen %s: %s", path, dlerror()))
        return t_report("t_allocator wrapped");
    *(void **)&module_init = dlsym(module, "OSSL_provider_init");
    if (T_CHECK(libctx != NULL && module_init != NULL, "setup")
        && T_CHECK(OSSL_PROVIDER_add_builtin(libctx, "b2n-wrapped",
                                             wrapping_init)
                       && (prov = OSSL_PROVIDER_load(libctx, "b2n-wrapped"))
                              != NULL
                       && (md = EVP_MD_fetch(libctx, "BLAKE2B-256", NULL))
                              != NULL,
                   "load the module as a builtin with wrapped upcalls")) {
        T_CHECK(EVP_Digest("abc", 3, out, &outlen, md, NULL),
                "digest under wrapped upcalls");
        T_CHECK(wrapped_allocs >= 2,
                "the provider and a digest context: %zu allocations "
                "through the wrapped upcall", wrapped_allocs);
    }
    EVP_MD_free(md);
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(libctx);
    T_CHECK(wrapped_frees == wrapped_allocs,
            "unloaded: %zu frees through the wrapped upcall for %zu "
            "allocations", wrapped_frees, wrapped_allocs);
    ERR_clear_error();
    dlclose(module);
    return t_report("t_allocator wrapped");
}

int main(int argc, char **argv)
{
    struct t_args args;
    OSSL_PROVIDER *prov;
    OSSL_LIB_CTX *libctx;

    if (argc == 4 && strcmp(argv[3], "wrapped") == 0) {
        if (!t_args_parse(3, argv, &args))
            return EXIT_FAILURE;
        return run_wrapped(args.module_dir);
    }
    /* Before anything else: OpenSSL's own allocator, once it has
     * allocated, takes no other. */
    if (!CRYPTO_set_mem_functions(test_malloc, test_realloc, test_free)) {
        T_CHECK(0, "CRYPTO_set_mem_functions refused");
        return t_report("t_allocator");
    }
    if (!t_args_parse(argc, argv, &args))
        return EXIT_FAILURE;
    if ((libctx = t_ctx_ours(args.module_dir, &prov)) == NULL)
        return t_report("t_allocator");
    T_CHECK(provider_blocks_held() == 1,
            "loaded: %zu provider blocks held, want 1 (its context)",
            provider_blocks_held());

    check_digest(libctx);
    check_mac(libctx);

    t_ctx_free(libctx, prov);
    T_CHECK(provider_blocks_held() == 0,
            "unloaded, every context freed: %zu provider blocks still held",
            provider_blocks_held());
    T_CHECK(stray_frees == 0, "%zu blocks freed through the allocator that "
            "it never gave", stray_frees);
    ERR_clear_error();
    return t_report("t_allocator");
}
