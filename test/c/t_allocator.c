/*
 * The provider takes its memory from OpenSSL's allocator, so from the one
 * an application installs with CRYPTO_set_mem_functions: this program
 * installs its own before OpenSSL allocates anything, and OpenSSL passes
 * each call's source file on to it, which tells the provider's blocks
 * (provider/context_alloc.c) from libcrypto's. Checked: the provider and
 * every digest and MAC context come from it, each goes back to it, and a
 * refusal from it is the provider's out-of-memory error, not a crash, with
 * everything usable once it gives memory again.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/err.h>

#include "t_ossl.h"

enum { MAX_LIVE = 64 };

/* The provider's blocks still held, as handed out. */
static void *live[MAX_LIVE];
static size_t provider_allocs;
static int refuse_provider; /* nonzero: the provider gets NULL */

/* libcrypto passes no file for some of its own calls (3.5). */
static int from_provider(const char *file)
{
    const char *name = "context_alloc.c";
    size_t n = file != NULL ? strlen(file) : 0, len = strlen(name);

    return n >= len && strcmp(file + n - len, name) == 0;
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
    (void)line;
    for (size_t i = 0; p != NULL && from_provider(file) && i < MAX_LIVE; i++)
        if (live[i] == p)
            live[i] = NULL;
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
    /* A context of its own for the refused init: on 3.1+ ctx keeps its
     * provider context across inits and would not allocate. */
    EVP_MD_CTX_free(copy);
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

int main(int argc, char **argv)
{
    struct t_args args;
    OSSL_PROVIDER *prov;
    OSSL_LIB_CTX *libctx;

    /* Before anything else: OpenSSL takes no allocator after its first
     * allocation. */
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
    ERR_clear_error();
    return t_report("t_allocator");
}
