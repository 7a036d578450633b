/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Every compress backend of the core that this CPU can run, without
 * OpenSSL: known answers from hashlib, all lengths 0..2048 in random
 * pieces against the generic backend, counters started just below 2^32
 * and 2^64 against the RFC 7693 model in gen_vectors.py, the self-test
 * the provider runs at load, and input flush against unreadable pages.
 */
/* MAP_ANONYMOUS: POSIX 2024, and beyond the C11 the build asks for. */
#define _DEFAULT_SOURCE

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "backend.h"
#include "t_util.h"

enum { MAX_LEN = 2048 };

/* Hash msg in pieces chosen by chunks (NULL: one update), counter started
 * at t0. */
static void hash(const struct blake2b_backend *b, const struct blake2b_params *p,
                const uint8_t *key, uint64_t t0, const uint8_t *msg, size_t len,
                struct t_rng *chunks, uint8_t out[64])
{
    struct blake2b_state S;
    size_t done = 0;

    blake2b_init(&S, p, key);
    S.t[0] = t0;
    while (done < len) {
        size_t n = chunks != NULL ? t_random_chunk(chunks, len - done)
                                  : len - done;

        blake2b_update(&S, msg + done, n, b->compress);
        done += n;
    }
    blake2b_final(&S, out, b->compress);
}

/* kat.txt (hashlib): pattern messages, unkeyed and keyed with 00..3f. */
static void check_kat(const struct blake2b_backend *b, const char *data_dir)
{
    /* Static: too large for the stack. Read for each backend, so each
     * backend's report stands on its own. */
    static struct t_kat kat;
    uint8_t key[64], msg[T_KAT_MAX_LEN], got[64];
    struct t_rng rng;

    t_pattern(key, sizeof(key));
    t_pattern(msg, sizeof(msg));
    t_rng_seed(&rng, 0x5eed0005);
    t_kat_load(&kat, data_dir);
    for (int i = 0; i < T_KAT_SIZES; i++) {
        for (int keyed = 0; keyed <= 1; keyed++) {
            for (size_t len = 0; len <= T_KAT_MAX_LEN; len++) {
                size_t size = t_kat_sizes[i];
                struct blake2b_params p;

                if (!kat.have[i][keyed][len]) /* reported by the load */
                    continue;
                blake2b_params_init(&p, (uint8_t)size);
                p.key_length = keyed ? 64 : 0;
                hash(b, &p, keyed ? key : NULL, 0, msg, len, &rng, got);
                T_SAME(got, kat.digest[i][keyed][len], size,
                       "%s: kat.txt size %zu, %s, %zu bytes", b->name,
                       size, keyed ? "keyed" : "unkeyed", len);
            }
        }
    }
}

/*
 * Every length 0..2048, in random pieces, against the generic backend in
 * one piece: unkeyed (with salt and personalization on odd lengths) and
 * keyed with random key, salt, personalization and size.
 */
static void check_against_generic(const struct blake2b_backend *b)
{
    const struct blake2b_backend *generic = blake2b_backend_at(0);
    uint8_t *msg = t_malloc(MAX_LEN + 1);
    uint8_t key[64], want[64], got[64];
    struct t_rng rng;

    t_rng_seed(&rng, 0x5eed0006);
    for (size_t len = 0; len <= MAX_LEN; len++) {
        for (int keyed = 0; keyed <= 1; keyed++) {
            struct blake2b_params p;
            /* Odd start address: backends must not assume alignment. */
            uint8_t *in = msg + (len & 1);

            t_rng_fill(&rng, in, len);
            blake2b_params_init(&p, keyed ? (uint8_t)(1 + t_rng_below(&rng, 64))
                                          : 64);
            if (keyed || len % 2) {
                t_rng_fill(&rng, p.salt, sizeof(p.salt));
                t_rng_fill(&rng, p.personal, sizeof(p.personal));
            }
            if (keyed) {
                p.key_length = (uint8_t)(1 + t_rng_below(&rng, 64));
                t_rng_fill(&rng, key, p.key_length);
            }
            hash(generic, &p, key, 0, in, len, NULL, want);
            hash(b, &p, key, 0, in, len, &rng, got);
            T_SAME(got, want, p.digest_length, "%s vs generic: %zu bytes, %s",
                   b->name, len, keyed ? "keyed" : "unkeyed");
        }
    }
    free(msg);
}

/* counter.txt: the counter starts near 2^32 or 2^64, so it carries. */
static void check_counter_carry(const struct blake2b_backend *b,
                                const char *data_dir)
{
    uint8_t key[64], msg[1024], want[64], got[64];
    struct t_data d;
    struct t_rng rng;
    unsigned long count = 0;

    t_rng_seed(&rng, 0x5eed0007);
    if (!t_data_open(&d, data_dir, "counter.txt"))
        return;
    while (t_data_next(&d)) {
        struct blake2b_params p;
        size_t keylen, saltlen, personallen, size, len, seed, n;
        unsigned long long t0;
        char *end;

        if (!t_data_expect_fields(&d, 8) || !t_parse_size(&d, d.field[4], &size)
            || !t_parse_size(&d, d.field[5], &len)
            || !t_parse_size(&d, d.field[6], &seed))
            continue;
        t0 = strtoull(d.field[0], &end, 16);
        blake2b_params_init(&p, (uint8_t)size);
        if (!T_CHECK(*end == '\0' && size >= 1 && size <= 64
                         && len <= sizeof(msg)
                         && t_unhex(d.field[1], key, 64, &keylen)
                         && t_unhex(d.field[2], p.salt, 16, &saltlen)
                         && t_unhex(d.field[3], p.personal, 16, &personallen)
                         && t_unhex(d.field[7], want, 64, &n) && n == size,
                     "%s:%lu: bad line", d.path, d.lineno))
            continue;
        p.key_length = (uint8_t)keylen;
        t_lcg_message(msg, len, (uint32_t)seed);
        /* In one piece and in random pieces. */
        for (int c = 0; c < 2; c++) {
            hash(b, &p, key, (uint64_t)t0, msg, len, c ? &rng : NULL, got);
            T_SAME(got, want, size, "%s: counter.txt:%lu (t0 %llx, %zu "
                   "bytes)%s", b->name, d.lineno, t0, len,
                   c ? ", random pieces" : "");
        }
        count++;
    }
    t_data_close(&d);
    T_CHECK(count >= 100, "%s: only %lu counter.txt lines", b->name, count);
}

/* The table itself: generic first, names unique and found by name. */
static void check_table(void)
{
    const struct blake2b_backend *b, *chosen = blake2b_backend_auto();
    const char *expect = getenv("BLAKE2NEON_EXPECT_BACKEND");
    int chosen_listed = 0;

    b = blake2b_backend_at(0);
    T_CHECK(b != NULL && strcmp(b->name, "generic") == 0
                && b->compress == blake2b_compress_generic
                && blake2b_backend_cpu_can_run(b),
            "backend 0 must be the generic one, runnable everywhere");
    for (size_t i = 0; (b = blake2b_backend_at(i)) != NULL; i++) {
        T_CHECK(blake2b_backend_by_name(b->name) == b,
                "backend '%s' is not found by its name", b->name);
        chosen_listed |= b == chosen;
    }
    T_CHECK(blake2b_backend_by_name("no-such-backend") == NULL,
            "an unknown name must find nothing");
#if defined(BLAKE2B_BUILDS_A64)
    /* Base ARMv8-A: on AArch64 it must be built, runnable, and chosen
     * (core/backends.c). */
    b = blake2b_backend_by_name("a64");
    T_CHECK(b != NULL && b->compress == blake2b_compress_a64
                && blake2b_backend_cpu_can_run(b) && chosen == b,
            "AArch64: a64 must be in the table, runnable and the automatic "
            "choice");
#endif
    if (!T_CHECK(chosen != NULL && chosen_listed
                     && blake2b_backend_cpu_can_run(chosen),
                 "the automatic choice must be a runnable table entry"))
        return;
    if (expect != NULL && expect[0] != '\0')
        T_CHECK(strcmp(chosen->name, expect) == 0,
                "automatic choice %s, BLAKE2NEON_EXPECT_BACKEND=%s",
                chosen->name, expect);
    t_note("automatic choice on this CPU: %s%s%s", chosen->name,
           expect != NULL && expect[0] != '\0' ? ", expected " : "",
           expect != NULL ? expect : "");
}

/*
 * One readable page of random bytes between two unreadable ones (3 pages
 * mapped from the returned pointer less a page; unmap with unmap_guarded),
 * or NULL after a failed check.
 */
static uint8_t *map_guarded(size_t page, uint64_t seed)
{
    uint8_t *area, *readable;
    struct t_rng rng;

    area = mmap(NULL, 3 * page, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (!T_CHECK(area != MAP_FAILED, "map 3 pages"))
        return NULL;
    readable = area + page;
    T_CHECK(mprotect(area, page, PROT_NONE) == 0
                && mprotect(readable + page, page, PROT_NONE) == 0,
            "guard pages");
    t_rng_seed(&rng, seed);
    t_rng_fill(&rng, readable, page);
    return readable;
}

static void unmap_guarded(uint8_t *readable, size_t page)
{
    munmap(readable - page, 3 * page);
}

/*
 * A compress backend reads exactly its nblocks * 128 input bytes: the input
 * is placed flush against an unreadable page, after it and then before it,
 * so an overread or underread is a crash here. This is for the assembly
 * backends above all, which the sanitizers cannot see into.
 */
static void check_bounds(const struct blake2b_backend *b)
{
    const struct blake2b_backend *generic = blake2b_backend_at(0);
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    const size_t max_blocks = 4;
    uint8_t *readable;

    if (!T_CHECK(page >= max_blocks * BLAKE2B_BLOCKBYTES, "page size %zu",
                 page))
        return;
    readable = map_guarded(page, 0x5eed0007);
    if (readable == NULL)
        return;

    for (size_t n = 1; n <= max_blocks; n++) {
        const uint8_t *flush[2] = { readable + page - n * BLAKE2B_BLOCKBYTES,
                                    readable };

        for (int at = 0; at < 2; at++) {
            struct blake2b_state want, got;
            struct blake2b_params p;

            blake2b_params_init(&p, 64);
            blake2b_init(&want, &p, NULL);
            got = want;
            generic->compress(&want, flush[at], n, BLAKE2B_BLOCKBYTES);
            b->compress(&got, flush[at], n, BLAKE2B_BLOCKBYTES);
            T_SAME((const uint8_t *)got.h, (const uint8_t *)want.h,
                   sizeof(got.h), "%s: %zu blocks flush against the %s page",
                   b->name, n, at == 0 ? "next" : "previous");
        }
    }
    unmap_guarded(readable, page);
}

/*
 * A backend's own hash of short messages (hash_short) gives the core's C
 * path's digest for every length 0..128 and several digest lengths, and
 * reads exactly the message: each is placed flush against an unreadable
 * page, after it and then before it, as in check_bounds.
 */
static void check_hash_short(const struct blake2b_backend *b)
{
    static const uint8_t outlens[] = { 64, 32, 20, 1 };
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    uint8_t *readable;
    unsigned long checked = 0;

    if (b->hash_short == NULL)
        return;
    readable = map_guarded(page, 0x5eed0019);
    if (readable == NULL)
        return;

    for (size_t len = 0; len <= BLAKE2B_BLOCKBYTES; len++) {
        const uint8_t *flush[2] = { readable + page - len, readable };
        const uint8_t outlen = outlens[len % sizeof(outlens)];

        for (int at = 0; at < 2; at++) {
            uint8_t want[64], got[64];

            blake2b_hash(want, outlen, flush[at], len, NULL, 0,
                         blake2b_compress_generic, NULL);
            b->hash_short(got, flush[at], len, outlen);
            T_SAME(got, want, outlen,
                   "%s: hash_short of %zu bytes (digest %u) flush against "
                   "the %s page", b->name, len, outlen,
                   at == 0 ? "next" : "previous");
            checked++;
        }
    }
    unmap_guarded(readable, page);
    t_note("%s: hash_short gave the C path's digest %lu times", b->name,
           checked);
}

/*
 * blake2b_final_unkeyed: backend b's hash_short for an unkeyed state
 * holding one block or less, blake2b_final otherwise, and for a state
 * with a key, a salt or a personalization whatever its length: the
 * digest of blake2b_final on generic every time.
 */
static void check_final_unkeyed(const struct blake2b_backend *b)
{
    static const size_t lengths[] = { 0, 1, 63, 64, 127, 128, 129, 300 };
    uint8_t msg[300], key[32];
    unsigned long checked = 0;

    t_pattern(msg, sizeof(msg));
    memset(key, 0x4b, sizeof(key));
    for (size_t i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
        for (int kind = 0; kind < 4; kind++) {
            struct blake2b_params p;
            struct blake2b_state S, R;
            uint8_t got[64], want[64];

            blake2b_params_init(&p, kind == 1 ? 20 : 64);
            if (kind == 2)
                memset(p.salt, 0x5a, sizeof(p.salt));
            if (kind == 3) {
                memset(p.personal, 0xa5, sizeof(p.personal));
                p.key_length = sizeof(key);
            }
            /* Kinds 0 and 1 begun as the provider's digests are, the
             * others with a parameter block final_unkeyed must not take
             * for an unkeyed one. */
            if (kind < 2)
                blake2b_init_unkeyed(&S, p.digest_length);
            else
                blake2b_init(&S, &p, key);
            blake2b_init(&R, &p, key);
            blake2b_update(&S, msg, lengths[i], b->compress);
            blake2b_update(&R, msg, lengths[i], blake2b_compress_generic);
            blake2b_final_unkeyed(&S, got, b->compress, b->hash_short);
            blake2b_final(&R, want, blake2b_compress_generic);
            T_SAME(got, want, p.digest_length, "%s: final_unkeyed, %zu bytes, "
                   "state kind %d", b->name, lengths[i], kind);
            /* Nothing of the message is left: the buffer always wiped. */
            for (size_t k = 0; k < sizeof(S.buf); k++)
                if (!T_CHECK(S.buf[k] == 0 && S.buflen == 0, "%s: final_unkeyed "
                             "left buffer byte %zu, %zu bytes, kind %d",
                             b->name, k, lengths[i], kind))
                    break;
            checked++;
        }
    }
    t_note("%s: final_unkeyed gave final's digest %lu times", b->name, checked);
}

/* A hash_short that ignores the digest length in the parameter block. */
static void hash_short_outlen_ignored(uint8_t *digest, const uint8_t *in,
                                      size_t len, unsigned int outlen)
{
    (void)outlen;
    blake2b_hash(digest, 64, in, len, NULL, 0, blake2b_compress_generic,
                 NULL);
}

/* Counter bugs a backend could have, each on top of generic: no carry from
 * t[0] into t[1], and t[0] advanced in 32-bit halves with no carry between
 * them (the trap of a 32-bit backend). inc 0 makes generic leave t alone. */
static void compress_no_carry64(struct blake2b_state *S, const uint8_t *in,
                                size_t nblocks, unsigned int inc)
{
    for (size_t i = 0; i < nblocks; i++) {
        S->t[0] += inc;
        blake2b_compress_generic(S, in + i * BLAKE2B_BLOCKBYTES, 1, 0);
    }
}

static void compress_no_carry32(struct blake2b_state *S, const uint8_t *in,
                                size_t nblocks, unsigned int inc)
{
    for (size_t i = 0; i < nblocks; i++) {
        uint32_t lo = (uint32_t)S->t[0] + inc;

        S->t[0] = (S->t[0] & ~UINT64_C(0xffffffff)) | lo;
        blake2b_compress_generic(S, in + i * BLAKE2B_BLOCKBYTES, 1, 0);
    }
}

/* The self-test the provider runs at load rejects both. */
static void check_selftest_rejects(void)
{
    static const struct blake2b_backend bad[] = {
        { .name = "no-carry64", .description = "no carry into t[1]",
          .compress = compress_no_carry64 },
        { .name = "no-carry32", .description = "no carry at 2^32",
          .compress = compress_no_carry32 },
        { .name = "short-outlen", .description = "a hash_short blind to outlen",
          .compress = blake2b_compress_generic,
          .hash_short = hash_short_outlen_ignored },
    };

    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        T_CHECK(!blake2b_backend_selftest(&bad[i]),
                "the self-test passed a backend with %s", bad[i].description);
}

#if defined(__x86_64__)
/* The CPU features a backend or lanes named in the rule need: what
 * cpu_can_run asks of the real CPU, for the rule's imagined ones. */
static unsigned int x86_needs(const char *name)
{
    if (name == NULL || strcmp(name, "generic") == 0)
        return 0;
    if (strcmp(name, "avx2") == 0)
        return BLAKE2B_X86_AVX2;
    if (strncmp(name, "avx512", 6) == 0)
        return BLAKE2B_X86_AVX512;
    return ~0u; /* a name this test does not know: no row may use it */
}

/* Whether docs/performance.md has a heading titled title. */
static int doc_has_heading(const char *doc, const char *title)
{
    FILE *f = fopen(doc, "r");
    char line[512];
    int found = 0;

    if (f == NULL)
        return 0;
    while (!found && fgets(line, sizeof(line), f) != NULL) {
        const char *text = line;

        if (*text != '#')
            continue;
        text += strspn(text, "#");
        text += strspn(text, " ");
        found = strncmp(text, title, strlen(title)) == 0
                && (text[strlen(title)] == '\n' || text[strlen(title)] == '\0');
    }
    fclose(f);
    return found;
}

static int same_name(const char *a, const char *b)
{
    return (a == NULL && b == NULL)
           || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* Every row of the x86-64 rule (core/x86_rule.c): reachable, naming
 * backends and lanes that run on the CPUs it takes, and its evidence a
 * section of doc. */
static void check_x86_rows(const char *doc)
{
    const struct blake2b_x86_row *row;
    size_t n = 0;

    for (size_t i = 0; (row = blake2b_x86_row_at(i)) != NULL; i++, n++) {
        /* The least CPU the row is for. */
        struct blake2b_x86_cpu cpu = { row->vendor, row->min_family,
                                       row->needs };
        const struct blake2b_x86_row *got = blake2b_x86_rule(&cpu);

        T_CHECK((x86_needs(row->backend) & ~row->needs) == 0,
                "row %zu (%s): backend %s needs features the row does not ask",
                i, row->cores, row->backend);
        T_CHECK((x86_needs(row->lanes) & ~row->needs) == 0,
                "row %zu (%s): lanes %s need features the row does not ask",
                i, row->cores, row->lanes);
        T_CHECK(row->evidence != NULL && doc_has_heading(doc, row->evidence),
                "row %zu (%s): evidence \"%s\" is no heading of %s", i,
                row->cores, row->evidence ? row->evidence : "(none)", doc);
        if (blake2b_backend_by_name(row->backend) == NULL) {
#if defined(BLAKE2B_BUILDS_X86_ASM)
            T_CHECK(0, "row %zu (%s): no backend %s in this build", i,
                    row->cores, row->backend);
#endif
            t_note("row %zu (%s): %s not in this build", i, row->cores,
                   row->backend);
            continue;
        }
        T_CHECK(got == row, "row %zu (%s) is never taken: its own CPU gets "
                "row %zu (%s)", i, row->cores,
                (size_t)(got - blake2b_x86_row_at(0)), got->cores);
    }
    T_CHECK(n >= 1 && blake2b_x86_row_at(n - 1)->needs == 0
                && blake2b_x86_row_at(n - 1)->vendor == BLAKE2B_X86_OTHER
                && blake2b_x86_row_at(n - 1)->min_family == 0
                && strcmp(blake2b_x86_row_at(n - 1)->backend, "generic") == 0,
            "the rule's last row must take generic on any x86-64");
}

/* The rule on the cores behind its rows (docs/performance.md, "The x86-64
 * rule"). */
static void check_x86_cores(void)
{
    enum {
        V2 = BLAKE2B_X86_AVX2,
        V512 = BLAKE2B_X86_AVX2 | BLAKE2B_X86_AVX512,
    };
    static const struct {
        const char *what;
        struct blake2b_x86_cpu cpu;
        const char *backend, *lanes;
    } cases[] = {
        { "AMD Zen 3", { BLAKE2B_X86_AMD, 0x19, V2 }, "avx2", "avx2" },
        { "AMD Zen 4", { BLAKE2B_X86_AMD, 0x19, V512 }, "avx512", "avx512" },
        { "AMD Zen 5", { BLAKE2B_X86_AMD, 0x1a, V512 }, "generic", "avx512" },
        { "AMD Zen 5, AVX-512 hidden by a hypervisor",
          { BLAKE2B_X86_AMD, 0x1a, V2 }, "generic", "avx2" },
        { "Intel Granite/Emerald/Sapphire Rapids", { BLAKE2B_X86_INTEL, 6, V512 },
          "avx512-ror", "avx512" },
        { "Intel Alder Lake (no AVX-512)", { BLAKE2B_X86_INTEL, 6, V2 },
          "avx2", "avx2" },
        { "another vendor with AVX-512", { BLAKE2B_X86_OTHER, 6, V512 }, "avx512", "avx512" },
        { "no AVX2", { BLAKE2B_X86_INTEL, 6, 0 }, "generic", NULL },
        { "AMD Zen 5 without AVX2", { BLAKE2B_X86_AMD, 0x1a, 0 }, "generic", NULL },
    };
    struct blake2b_x86_cpu here;
    const struct blake2b_x86_row *row;

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const char *backend = cases[i].backend, *lanes = cases[i].lanes;

        row = blake2b_x86_rule(&cases[i].cpu);
#if !defined(BLAKE2B_BUILDS_X86_ASM)
        /* No AVX-512 backends in this build: their rows give way to the
         * AVX2 row. Rows that keep their backend keep their lanes' name
         * (the library finds no such lanes in this build either). */
        if (strncmp(backend, "avx512", 6) == 0) {
            backend = "avx2";
            lanes = "avx2";
        }
#endif
        T_CHECK(strcmp(row->backend, backend) == 0
                    && same_name(row->lanes, lanes),
                "x86 rule on %s: %s with lanes %s, expected %s with %s",
                cases[i].what, row->backend, row->lanes ? row->lanes : "none",
                backend, lanes ? lanes : "none");
    }
    blake2b_cpu_x86(&here);
    row = blake2b_x86_rule(&here);
    T_CHECK(strcmp(blake2b_backend_auto()->name, row->backend) == 0,
            "auto took %s, the rule says %s on this CPU",
            blake2b_backend_auto()->name, row->backend);
    t_note("this CPU: vendor %d, family 0x%x, features 0x%x: row \"%s\" -> %s, "
           "lanes %s", (int)here.vendor, here.family, here.features, row->cores,
           row->backend, row->lanes ? row->lanes : "none");
}
#endif

int main(int argc, char **argv)
{
    const struct blake2b_backend *b;
    int tested = 0, skipped = 0;

    if (argc != 3) {
        printf("usage: %s DATA_DIR PERFORMANCE_MD\n",
               argc > 0 ? argv[0] : "t_backends");
        return EXIT_FAILURE;
    }
    check_table();
    check_selftest_rejects();
#if defined(__x86_64__)
    check_x86_rows(argv[2]);
    check_x86_cores();
#else
    (void)argv[2]; /* the rule's evidence is checked where the rule is */
#endif
    for (size_t i = 0; (b = blake2b_backend_at(i)) != NULL; i++) {
        unsigned long before = t_failures();

        if (!blake2b_backend_cpu_can_run(b)) {
            t_note("backend %s (%s): skipped, this CPU cannot run it", b->name,
                   b->description);
            skipped++;
            continue;
        }
        T_CHECK(blake2b_backend_selftest(b), "%s: self-test failed", b->name);
        check_kat(b, argv[1]);
        check_against_generic(b);
        check_counter_carry(b, argv[1]);
        check_bounds(b);
        check_hash_short(b);
        check_final_unkeyed(b);
        t_note("backend %s (%s): tested, %s", b->name, b->description,
               t_failures() == before ? "all correct" : "FAILURES");
        tested++;
    }
    t_note("%d backends tested, %d skipped", tested, skipped);
    T_CHECK(tested >= 1, "not even the generic backend was tested");
    return t_report("t_backends");
}
