/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Argon2 asked for memory it cannot have: the derive fails cleanly, with
 * an error on the queue, and the process and the same context carry on
 * (a small derive afterwards gives the right tag).
 *
 * - memcost 0xFFFFFFFF KiB (4 TiB), on every build: more than any
 *   allocator here gives (the kernel's overcommit heuristic, ASan's and
 *   valgrind's allocators all refuse it);
 * - memcost 4194304 KiB (exactly 2^32 bytes) and 4194300 (just under):
 *   on a 32-bit build the first overflows a size_t to 0, the classic way
 *   to hand Argon2 a buffer it then writes past; on 64-bit builds the
 *   test first caps its own address space (RLIMIT_AS) at 1 GiB over what
 *   it uses, so that they fail there too instead of filling 4 GiB. Not
 *   under a sanitizer or valgrind, whose shadow memory a cap would break:
 *   there only the 4 TiB case runs, and the test says so.
 * The default provider (OpenSSL 3.2+) is asked the same, and must refuse
 * the same.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>

#if defined(__linux__)
#include <sys/mman.h>
#include <sys/resource.h>
#endif

#include "t_argon2.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) \
    || __has_feature(memory_sanitizer)
#define UNDER_SANITIZER 1
#endif
#endif
#ifndef UNDER_SANITIZER
#define UNDER_SANITIZER 0
#endif

/* valgrind runs its client with its preload libraries. */
static int under_valgrind(void)
{
    const char *p = getenv("LD_PRELOAD");

    return p != NULL && strstr(p, "vgpreload") != NULL;
}

/* vm.overcommit_memory=1: any mapping is granted, however large. */
static int overcommit_always(void)
{
    FILE *f = fopen("/proc/sys/vm/overcommit_memory", "r");
    int mode = 0;

    if (f == NULL)
        return 0;
    if (fscanf(f, "%d", &mode) != 1)
        mode = 0;
    fclose(f);
    return mode == 1;
}

/* 1 if the system would map bytes for us now (as core/argon2_memory.c
 * asks), so that a derive of that size would go on to fill it: where a
 * cap is not applied (qemu-user takes RLIMIT_AS and leaves it unused) or
 * the kernel or emulator grants any mapping. */
static int granted(uint64_t bytes)
{
#if defined(__linux__)
    void *p;

    if (bytes > SIZE_MAX)
        return 0;
    p = mmap(NULL, (size_t)bytes, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return 0;
    munmap(p, (size_t)bytes);
    return 1;
#else
    (void)bytes;
    return 0;
#endif
}

/* Cap the address space at 1 GiB over what the process maps now. */
static int cap_address_space(void)
{
#if defined(__linux__)
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    struct rlimit rl;

    if (f == NULL)
        return 0;
    if (fscanf(f, "%lu", &pages) != 1)
        pages = 0;
    fclose(f);
    if (pages == 0 || getrlimit(RLIMIT_AS, &rl) != 0)
        return 0;
    rl.rlim_cur = (rlim_t)pages * 4096u + ((rlim_t)1 << 30);
    return setrlimit(RLIMIT_AS, &rl) == 0;
#else
    return 0;
#endif
}

/* With room for the literals' NULs (not given to Argon2). */
static const uint8_t pass[9] = "password", salt[9] = "somesalt";

static int derive(EVP_KDF_CTX *ctx, uint32_t memcost, uint8_t out[32])
{
    struct t_a2_params ps;

    t_a2_params_init(&ps);
    t_a2_add_octets(&ps, "pass", pass, sizeof(pass) - 1);
    t_a2_add_octets(&ps, "salt", salt, sizeof(salt) - 1);
    t_a2_add_uint(&ps, "iter", 1, 4);
    t_a2_add_uint(&ps, "memcost", memcost, 4);
    return EVP_KDF_derive(ctx, out, 32, t_a2_params_get(&ps, 0));
}

/* The huge memcost refused, then 64 KiB on the same context. */
static void refuse_then_derive(EVP_KDF *kdf, const char *who,
                               uint32_t memcost)
{
    EVP_KDF_CTX *ctx = EVP_KDF_CTX_new(kdf), *fresh = EVP_KDF_CTX_new(kdf);
    uint8_t out[32], want[32];

    if (!T_CHECK(ctx != NULL && fresh != NULL, "%s: EVP_KDF_CTX_new", who))
        goto end;
    T_FAILS(derive(ctx, memcost, out), NULL, "%s %s, memcost %lu KiB", who,
            EVP_KDF_get0_name(kdf), (unsigned long)memcost);
    if (T_CHECK(derive(ctx, 64, out) && derive(fresh, 64, want),
                "%s %s: 64 KiB after the refusal", who,
                EVP_KDF_get0_name(kdf)))
        T_SAME(out, want, 32, "%s %s: the context refused %lu KiB gives "
               "a fresh one's tag", who, EVP_KDF_get0_name(kdf),
               (unsigned long)memcost);
end:
    ERR_clear_error();
    EVP_KDF_CTX_free(ctx);
    EVP_KDF_CTX_free(fresh);
}

int main(int argc, char **argv)
{
    struct t_args args;
    OSSL_PROVIDER *prov, *def_prov = NULL;
    OSSL_LIB_CTX *libctx, *def_ctx;
    EVP_KDF *ours[3] = { NULL }, *def[3] = { NULL };
    uint32_t sizes[3] = { 0xffffffffu, 4194304u, 4194300u };
    size_t nsizes = 1;
    int have_default = 1;

    if (!t_args_parse(argc, argv, &args))
        return EXIT_FAILURE;
    libctx = t_ctx_ours(args.module_dir, &prov);
    if (libctx == NULL)
        return t_report("t_argon2_memory");
    def_ctx = t_ctx_default(&def_prov);
    for (int i = 0; i < 3; i++) {
        if (!T_CHECK((ours[i] = EVP_KDF_fetch(libctx, t_a2_names[i],
                                              T_PROPQ)) != NULL,
                     "fetch our %s", t_a2_names[i]))
            return t_report("t_argon2_memory");
        if (def_ctx == NULL
            || (def[i] = EVP_KDF_fetch(def_ctx, t_a2_names[i], NULL)) == NULL)
            have_default = 0;
    }
    ERR_clear_error();

    if (sizeof(size_t) < 8) {
        nsizes = 3;
        t_note("%zu-bit size_t: 4 GiB overflows it; 4 TiB, 4 GiB and just "
               "under", sizeof(size_t) * 8);
    } else if (UNDER_SANITIZER || under_valgrind()) {
        if (overcommit_always()) {
            /* The kernel would hand out 4 TiB and the fill exhaust it. */
            nsizes = 0;
            t_note("under a sanitizer or valgrind, and the kernel "
                   "overcommits always (vm.overcommit_memory=1): no "
                   "size is safe to ask for uncapped; the plain build "
                   "runs them");
        } else {
            t_note("under a sanitizer or valgrind: no address-space cap, "
                   "so 4 TiB only (4 GiB runs in the plain build)");
        }
    } else if (T_CHECK(cap_address_space(), "RLIMIT_AS")) {
        /* Capped: every size fails whatever the kernel's policy. */
        nsizes = 3;
        t_note("address space capped at 1 GiB over the process's: 4 TiB, "
               "4 GiB and just under");
    }

    if (!have_default)
        t_note("OpenSSL %s: no default Argon2 to ask the same (3.2+)",
               OpenSSL_version(OPENSSL_VERSION_STRING));

    for (size_t s = 0; s < nsizes; s++) {
        /* Whatever the reasoning above, a size the system would grant is
         * not asked for: the derive would go on to fill it. */
        if (granted((uint64_t)sizes[s] * 1024)) {
            t_note("%lu KiB would be mapped here (a cap not applied, as "
                   "under qemu-user, or memory granted on demand): not "
                   "asked for", (unsigned long)sizes[s]);
            continue;
        }
        for (int i = 0; i < 3; i++) {
            refuse_then_derive(ours[i], "ours", sizes[s]);
            if (have_default)
                refuse_then_derive(def[i], "default's", sizes[s]);
        }
    }

    for (int i = 0; i < 3; i++) {
        EVP_KDF_free(ours[i]);
        EVP_KDF_free(def[i]);
    }
    t_ctx_free(def_ctx, def_prov);
    t_ctx_free(libctx, prov);
    return t_report("t_argon2_memory");
}
