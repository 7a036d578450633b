/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Secrets are wiped before their memory goes back to the allocator: this
 * program defines free() itself (the module's and libcrypto's calls come
 * here too) and looks in every block freed for a recognizable key and
 * message. A MAC context freed while running, after final, and as a
 * duplicate, and a digest context holding a buffered message, must leave
 * neither behind.
 *
 * Not built with sanitizers, whose allocators own free(); skipped under
 * valgrind, which replaces it.
 */
/* malloc_usable_size and __libc_free: glibc's, beyond C11. */
#define _GNU_SOURCE

#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>

#include "t_ossl.h"

/* glibc's own free, which ours passes every block on to. */
extern void __libc_free(void *p);

/* What to look for (NULL: nothing), and how often it was found. */
static const uint8_t *volatile needle;
static volatile size_t needle_len;
static volatile unsigned long sightings;

/* Default visibility: the build hides symbols unless told otherwise. */
__attribute__((visibility("default"))) void free(void *p)
{
    const uint8_t *n = needle;

    if (p != NULL && n != NULL) {
        size_t size = malloc_usable_size(p), len = needle_len;
        const uint8_t *block = p;

        for (size_t i = 0; i + len <= size; i++)
            if (block[i] == n[0] && memcmp(block + i, n, len) == 0) {
                sightings++;
                break;
            }
    }
    __libc_free(p);
}

static void watch(const uint8_t *what, size_t len)
{
    sightings = 0;
    needle_len = len;
    needle = what;
}

static unsigned long stop_watching(void)
{
    needle = NULL;
    return sightings;
}

/* The watcher itself works: a block freed with the key in it is seen. */
static void check_watcher(const uint8_t *key)
{
    /* Through a volatile pointer: a compiler may drop stores to a block
     * it sees freed right after - the very thing wiping must survive. */
    void (*volatile release)(void *) = free;
    uint8_t *copy = t_malloc(100);

    memcpy(copy + 10, key, 32);
    watch(key, 32);
    release(copy);
    T_CHECK(stop_watching() == 1, "the free() watcher does not see a key");
}

static void check_mac(EVP_MAC *mac, const uint8_t *key, const uint8_t *msg)
{
    static const char *const ways[] = {
        "freed while running", "freed after final", "duplicate freed",
    };
    uint8_t out[64];
    size_t outlen;

    for (int w = 0; w < 3; w++) {
        EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac), *dup = NULL;
        int ok = ctx != NULL && EVP_MAC_init(ctx, key, 64, NULL)
                 && EVP_MAC_update(ctx, msg, 50);

        if (ok && w == 1)
            ok = EVP_MAC_final(ctx, out, &outlen, sizeof(out));
        if (ok && w == 2)
            ok = (dup = EVP_MAC_CTX_dup(ctx)) != NULL;
        T_CHECK(ok, "MAC, %s: setting up", ways[w]);
        /* Only the freeing is watched: the key must be gone by then. */
        watch(key, 16);
        if (w == 2) {
            EVP_MAC_CTX_free(dup);
            T_CHECK(stop_watching() == 0, "MAC, %s: key bytes freed", ways[w]);
            watch(key, 16);
        }
        EVP_MAC_CTX_free(ctx);
        T_CHECK(stop_watching() == 0, "MAC, %s: key bytes freed", ways[w]);
    }
}

/* A message shorter than a block stays in the state's buffer. */
static void check_digest(EVP_MD *md, const uint8_t *msg)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new(), *copy = EVP_MD_CTX_new();

    T_CHECK(ctx != NULL && copy != NULL && EVP_DigestInit_ex2(ctx, md, NULL)
                && EVP_DigestUpdate(ctx, msg, 100)
                && EVP_MD_CTX_copy_ex(copy, ctx),
            "digest: setting up");
    watch(msg, 16);
    EVP_MD_CTX_free(copy);
    EVP_MD_CTX_free(ctx);
    T_CHECK(stop_watching() == 0, "digest: buffered message bytes freed");
}

int main(int argc, char **argv)
{
    struct t_args args;
    OSSL_PROVIDER *prov;
    OSSL_LIB_CTX *libctx;
    EVP_MAC *mac = NULL;
    EVP_MD *md = NULL;
    /* Static, so the program's own frees never hold them. */
    static uint8_t key[64], msg[128];
    struct t_rng rng;

    if (!t_args_parse(argc, argv, &args))
        return EXIT_FAILURE;
    if (getenv("LD_PRELOAD") != NULL
        && strstr(getenv("LD_PRELOAD"), "vgpreload") != NULL) {
        printf("SKIP t_wipe: valgrind replaces free() in every object, this "
               "test's included\n");
        return T_SKIP;
    }
    t_rng_seed(&rng, 0x3317e000);
    t_rng_fill(&rng, key, sizeof(key));
    t_rng_fill(&rng, msg, sizeof(msg));
    check_watcher(key);
    if ((libctx = t_ctx_ours(args.module_dir, &prov)) == NULL)
        return t_report("t_wipe");
    if (T_CHECK((mac = EVP_MAC_fetch(libctx, "BLAKE2BMAC", T_PROPQ)) != NULL
                    && (md = EVP_MD_fetch(libctx, "BLAKE2B-512", T_PROPQ))
                           != NULL,
                "fetch")) {
        check_mac(mac, key, msg);
        check_digest(md, msg);
    }
    EVP_MAC_free(mac);
    EVP_MD_free(md);
    t_ctx_free(libctx, prov);
    return t_report("t_wipe");
}
