/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Load and unload: the provider is loaded into a fresh library context,
 * used, and unloaded with its context, many times over (argv[3], 4000 by
 * default). Every round must give the same answers, and memory must stay
 * flat once warm.
 *
 * Warm-up: the first rounds force every backend this CPU can run in turn,
 * so the allocator has seen whatever each one costs before anything is
 * measured (when the user forces one backend, the measured rounds use it
 * alone). Then the heap is sampled at the start of the measured rounds (N)
 * and at their end (2N): a real leak grows the heap by the same amount per
 * round for ever, warm-up does not. With glibc the bytes the heap holds in
 * use (mallinfo2) are exact, so the bound is tight; elsewhere resident
 * memory is the only measure, with a looser bound.
 *
 * Under LeakSanitizer (BLAKE2NEON_SANITIZE) or valgrind, which measure
 * leaks exactly, the memory check is left to them, and under an emulator
 * (argv[4] "emulated") the memory is mostly the emulator's.
 */
/* setenv and sysconf: POSIX, beyond the C11 the build asks for. */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
#include <malloc.h>
#define T_HAVE_MALLINFO2 1
#else
#define T_HAVE_MALLINFO2 0
#endif

#include <openssl/err.h>

#include "backend.h"
#include "../../provider/provider.h"
#include "t_ossl.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define T_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define T_SANITIZED 1
#endif
#endif
#ifndef T_SANITIZED
#define T_SANITIZED 0
#endif

/*
 * Growth allowed per measured round, on average: less than the smallest
 * block blake2neon allocates (its provider context, below; digest and MAC
 * contexts are larger), so leaking any one of them a round fails. Not
 * less: libcrypto itself keeps growing its heap long after 2000 rounds,
 * with only its default provider loaded too, more with one backend forced
 * on 3.5: warm-up that ends, which a bound of one malloc chunk (24) could
 * not tell from a leak (docs/testing.md has the figures). Resident memory,
 * where there is no mallinfo2, moves in pages: a leaked context (over 256
 * bytes) a round still shows against 48.
 */
#define HEAP_SLACK_PER_ROUND 64L
_Static_assert(sizeof(struct b2n_provctx) > HEAP_SLACK_PER_ROUND,
               "a provider context leaked every round must exceed the slack");
#define RSS_SLACK_PER_ROUND 48L

/* Rounds when a sanitizer, valgrind or an emulator owns the memory, which
 * is then not measured here: enough to cycle the backends many times. */
#define UNMEASURED_ROUNDS 1000

/* Bytes the heap holds in use (mmapped chunks included), or -1. */
static long heap_in_use(void)
{
#if T_HAVE_MALLINFO2
    struct mallinfo2 mi = mallinfo2();

    return (long)(mi.uordblks + mi.hblkhd);
#else
    return -1;
#endif
}

/* Resident set size in bytes, or -1 where /proc gives none. */
static long resident_bytes(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long size, resident;

    if (f == NULL)
        return -1;
    if (fscanf(f, "%ld %ld", &size, &resident) != 2)
        resident = -1;
    fclose(f);
    return resident < 0 ? -1 : resident * sysconf(_SC_PAGESIZE);
}

/* valgrind runs a program with its preload libraries in LD_PRELOAD. */
static int under_valgrind(void)
{
    const char *preload = getenv("LD_PRELOAD");

    return preload != NULL && strstr(preload, "vgpreload") != NULL;
}

/* The backends this CPU can run. */
static size_t runnable_backends(const struct blake2b_backend **out, size_t max)
{
    const struct blake2b_backend *b;
    size_t n = 0;

    for (size_t i = 0; (b = blake2b_backend_at(i)) != NULL && n < max; i++)
        if (blake2b_backend_cpu_can_run(b))
            out[n++] = b;
    return n;
}

/*
 * One round: load, check the backend, hash and MAC, unload everything.
 * backend: the one to force, or NULL to load as BLAKE2NEON_BACKEND says.
 */
static int round_trip(const char *module_dir, const char *backend,
                      const uint8_t *msg, size_t len, uint8_t md_out[64],
                      uint8_t mac_out[64])
{
    OSSL_LIB_CTX *libctx = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *prov = NULL;
    EVP_MD *md = NULL;
    EVP_MAC *mac = NULL;
    const char *active;
    struct t_mac_input in = { msg, 32, NULL, 0, NULL, 0, 0 };
    int ok;

    if (backend != NULL)
        setenv("BLAKE2NEON_BACKEND", backend, 1);
    ok = libctx != NULL
         && OSSL_PROVIDER_set_default_search_path(libctx, module_dir)
         && (prov = OSSL_PROVIDER_load(libctx, "blake2neon")) != NULL;
    ok = T_CHECK(ok, "load blake2neon (backend %s)",
                 backend != NULL ? backend : "as forced");
    active = ok ? t_backend_of(prov) : NULL;
    if (ok && backend != NULL)
        ok = T_CHECK(active != NULL && strcmp(active, backend) == 0,
                     "backend in use %s, asked for %s",
                     active != NULL ? active : "(none)", backend);
    ok = ok
         && T_CHECK((md = EVP_MD_fetch(libctx, "BLAKE2B-512", T_PROPQ)) != NULL
                        && (mac = EVP_MAC_fetch(libctx, "BLAKE2BMAC", T_PROPQ))
                               != NULL,
                    "fetch")
         && T_CHECK(t_digest(md, 0, msg, len, NULL, md_out) == 64, "digest")
         && T_CHECK(t_mac(mac, &in, msg, len, NULL, mac_out) == 64, "MAC");
    EVP_MD_free(md);
    EVP_MAC_free(mac);
    if (prov != NULL)
        T_CHECK(OSSL_PROVIDER_unload(prov), "unload");
    OSSL_LIB_CTX_free(libctx);
    return ok;
}

/* Growth from `from` to `to` over n rounds against a per-round bound. */
static void check_growth(const char *what, long from, long to, size_t n,
                         long per_round, size_t first, size_t last)
{
    t_note("%s after round %zu: %ld bytes, after round %zu: %ld bytes "
           "(%+ld, %.1f a round; at most %ld a round allowed)",
           what, first, from, last, to, to - from,
           (double)(to - from) / (double)n, per_round);
    T_CHECK(to - from <= per_round * (long)n,
            "%s grew by %ld bytes over %zu rounds after warm-up", what,
            to - from, n);
}

int main(int argc, char **argv)
{
    const struct blake2b_backend *backends[16];
    const char *forced = getenv("BLAKE2NEON_BACKEND");
    size_t nbackends, rounds = 4000, warm, failed_rounds = 0;
    uint8_t msg[300], first_md[64], first_mac[64];
    long rss_warm = -1, rss_end, heap_warm = -1, heap_end;
    struct t_args args;
    int emulated = 0, user_forced;
    char *user_choice; /* forced's text, kept: the warm-up overwrites it */

    if (argc >= 4) {
        rounds = strtoul(argv[3], NULL, 10);
        emulated = argc == 5 && strcmp(argv[4], "emulated") == 0;
        argc = argc == 4 || emulated ? 3 : -1;
    }
    if (!t_args_parse(argc, argv, &args) || rounds < 200) {
        printf("usage: %s MODULE_DIR DATA_DIR [ROUNDS (>= 200) [emulated]]\n",
               argv[0]);
        return EXIT_FAILURE;
    }
    if ((T_SANITIZED || under_valgrind() || emulated)
        && rounds > UNMEASURED_ROUNDS)
        rounds = UNMEASURED_ROUNDS;
    t_pattern(msg, sizeof(msg));
    (void)resident_bytes(); /* its own first allocations, out of the way */
    nbackends = runnable_backends(backends, 16);
    user_forced = forced != NULL && forced[0] != '\0';
    user_choice = user_forced ? strdup(forced) : NULL;
    if (user_forced && !T_CHECK(user_choice != NULL, "strdup"))
        return t_report("t_load_unload");
    warm = rounds / 2;
    t_note("%zu rounds: %zu of warm-up forcing each of the %zu backends this "
           "CPU runs in turn, then %zu measured with %s",
           rounds, warm, nbackends, rounds - warm,
           user_forced ? "the backend the user forced"
                       : "every backend in turn");

    for (size_t r = 0; r < rounds; r++) {
        uint8_t md_out[64], mac_out[64];
        const char *backend = NULL;

        if (r == warm) {
            /* The user's choice again, for the measured rounds. */
            if (user_forced)
                setenv("BLAKE2NEON_BACKEND", user_choice, 1);
            heap_warm = heap_in_use();
            rss_warm = resident_bytes();
        }
        /* The user's choice wins in the measured rounds. */
        if (nbackends > 0 && (r < warm || !user_forced))
            backend = backends[r % nbackends]->name;
        if (!round_trip(args.module_dir, backend, msg, sizeof(msg), md_out,
                        mac_out)) {
            failed_rounds++;
        } else if (r == 0) {
            memcpy(first_md, md_out, 64);
            memcpy(first_mac, mac_out, 64);
        } else if (!T_SAME(md_out, first_md, 64, "round %zu: digest", r)
                   || !T_SAME(mac_out, first_mac, 64, "round %zu: MAC", r)) {
            failed_rounds++;
        }
        if (failed_rounds > 5)
            break; /* one broken round says it all; don't print 1000 */
    }
    heap_end = heap_in_use();
    rss_end = resident_bytes();
    free(user_choice);
    T_CHECK(failed_rounds == 0, "%zu rounds failed", failed_rounds);
    T_CHECK(ERR_peek_error() == 0, "errors left on the queue");

    if (T_SANITIZED || under_valgrind()) {
        t_note("memory growth not checked: a sanitizer or valgrind owns the "
               "heap here, and checks for leaks itself");
    } else if (emulated) {
        t_note("memory growth not checked: under an emulator it is mostly "
               "the emulator's");
    } else if (heap_warm >= 0 && heap_end >= 0) {
        check_growth("heap bytes in use (mallinfo2)", heap_warm, heap_end,
                     rounds - warm, HEAP_SLACK_PER_ROUND, warm, rounds);
        if (rss_warm >= 0 && rss_end >= 0)
            t_note("resident memory, for information: %ld KiB after round "
                   "%zu, %ld KiB after round %zu", rss_warm / 1024, warm,
                   rss_end / 1024, rounds);
    } else if (rss_warm >= 0 && rss_end >= 0) {
        check_growth("resident memory", rss_warm, rss_end, rounds - warm,
                     RSS_SLACK_PER_ROUND, warm, rounds);
    } else {
        t_note("SKIP memory growth: neither mallinfo2 nor /proc/self/statm "
               "here");
    }
    return t_report("t_load_unload");
}
