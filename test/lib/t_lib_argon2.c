/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Argon2 through the library, on the backend named by the second
 * argument (as t_lib_vectors):
 *
 *   t_lib_argon2 DATA_DIR BACKEND|auto
 *
 * RFC 9106's tags (argon2.txt) with one thread and with one per lane;
 * the reference implementation's strings (argon2-encoded.txt, from its
 * argon2 command) written by blake2neon_argon2_encode and accepted by
 * blake2neon_argon2_verify; wrong passwords and secrets refused; every
 * malformed string and every parameter out of range refused with its
 * code; a memory the process cannot have refused cleanly; and, through
 * the core itself, every block wiped when the derivation returns.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include "argon2.h"
#include "blake2neon.h"
#include "t_lib_util.h"
#include "t_util.h"

enum { MAX_FIELD = 256 };

static int type_of(const char *name)
{
    if (strcmp(name, "ARGON2D") == 0)
        return BLAKE2NEON_ARGON2D;
    if (strcmp(name, "ARGON2I") == 0)
        return BLAKE2NEON_ARGON2I;
    return strcmp(name, "ARGON2ID") == 0 ? BLAKE2NEON_ARGON2ID : -1;
}

/* argon2.txt (test/gen_argon2_vectors.py): type version iter memcost lanes
 * pass salt secret ad tag. */
static void check_rfc9106(const char *dir)
{
    struct t_data d;
    uint8_t pass[MAX_FIELD], salt[MAX_FIELD], secret[MAX_FIELD],
        ad[MAX_FIELD], tag[MAX_FIELD], got[MAX_FIELD];
    size_t passlen, saltlen, secretlen, adlen, taglen, iter, memcost, lanes;
    unsigned long version;
    int lines = 0;

    if (!T_CHECK(t_data_open(&d, dir, "argon2.txt"), "argon2.txt"))
        return;
    while (t_data_next(&d)) {
        blake2neon_argon2_params p;

        if (!t_data_expect_fields(&d, 10)
            || !T_CHECK(type_of(d.field[0]) >= 0, "%s:%lu: type", d.path,
                        d.lineno)
            || !T_CHECK((version = strtoul(d.field[1], NULL, 16)) == 0x13,
                        "%s:%lu: version %s", d.path, d.lineno, d.field[1])
            || !t_parse_size(&d, d.field[2], &iter)
            || !t_parse_size(&d, d.field[3], &memcost)
            || !t_parse_size(&d, d.field[4], &lanes)
            || !t_unhex(d.field[5], pass, MAX_FIELD, &passlen)
            || !t_unhex(d.field[6], salt, MAX_FIELD, &saltlen)
            || !t_unhex(d.field[7], secret, MAX_FIELD, &secretlen)
            || !t_unhex(d.field[8], ad, MAX_FIELD, &adlen)
            || !t_unhex(d.field[9], tag, MAX_FIELD, &taglen))
            continue;
        p = (blake2neon_argon2_params){
            .type = type_of(d.field[0]), .version = (uint32_t)version,
            .t_cost = (uint32_t)iter, .m_cost = (uint32_t)memcost,
            .lanes = (uint32_t)lanes, .pass = pass, .passlen = passlen,
            .salt = salt, .saltlen = saltlen, .secret = secret,
            .secretlen = secretlen, .ad = ad, .adlen = adlen,
        };
        /* No thread of its own, then one per lane: the same tag. */
        for (uint32_t threads = 0; threads <= p.lanes; threads += p.lanes) {
            p.threads = threads;
            memset(got, 0, sizeof(got));
            T_CHECK(blake2neon_argon2(got, taglen, &p) == BLAKE2NEON_OK,
                    "%s: derive", d.field[0]);
            T_SAME(got, tag, taglen, "%s, RFC 9106, threads %u", d.field[0],
                   (unsigned int)threads);
        }
        lines++;
    }
    t_data_close(&d);
    T_CHECK(lines == 3, "argon2.txt: %d vectors, RFC 9106 has 3", lines);
}

/* The parameters an encoded string holds, read back from the string
 * itself (the test's own reading, independent of the library's), and
 * where its salt's digits are. */
static int params_of(const char *s, blake2neon_argon2_params *p,
                     const char **salt_b64, size_t *saltlen_b64,
                     size_t *taglen_b64)
{
    char type[16];
    unsigned int v, m, t, lanes;
    int n = 0;

    if (sscanf(s, "$%15[a-z0-9]$v=%u$m=%u,t=%u,p=%u$%n", type, &v, &m, &t,
               &lanes, &n) != 5 || n == 0)
        return 0;
    p->type = strcmp(type, "argon2d") == 0   ? BLAKE2NEON_ARGON2D
              : strcmp(type, "argon2i") == 0 ? BLAKE2NEON_ARGON2I
                                              : BLAKE2NEON_ARGON2ID;
    p->version = v;
    p->m_cost = m;
    p->t_cost = t;
    p->lanes = lanes;
    *salt_b64 = s + n;
    *saltlen_b64 = strcspn(s + n, "$");
    *taglen_b64 = strlen(s + n + *saltlen_b64 + 1);
    return 1;
}

/* Bytes that n base64 digits without padding hold. */
static size_t b64_bytes(size_t n)
{
    return n / 4 * 3 + (n % 4 == 0 ? 0 : n % 4 - 1);
}

static void check_encoded(const char *dir)
{
    static const uint8_t b64[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    struct t_data d;
    char made[512];
    int lines = 0;

    if (!T_CHECK(t_data_open(&d, dir, "argon2-encoded.txt"),
                 "argon2-encoded.txt"))
        return;
    while (t_data_next(&d)) {
        const char *pass = d.field[0], *want = d.field[1];
        blake2neon_argon2_params p = { 0 };
        uint8_t salt[MAX_FIELD];
        size_t saltn = 0, tagn = 0, passlen = strlen(pass);
        const char *digits = NULL;
        uint32_t acc = 0;
        int bits = 0;
        size_t saltlen = 0;

        if (!t_data_expect_fields(&d, 2)
            || !T_CHECK(params_of(want, &p, &digits, &saltn, &tagn),
                        "%s:%lu: parse", d.path, d.lineno))
            continue;
        /* The salt's bytes, decoded here to give encode. */
        for (size_t i = 0; i < saltn; i++) {
            acc = acc << 6 | (uint32_t)(strchr((const char *)b64, digits[i])
                                        - (const char *)b64);
            if ((bits += 6) >= 8)
                salt[saltlen++] = (uint8_t)(acc >> (bits -= 8));
        }
        p.pass = pass;
        p.passlen = passlen;
        p.salt = salt;
        p.saltlen = saltlen;
        p.threads = p.lanes;
        T_CHECK(blake2neon_argon2_encode(made, sizeof(made), b64_bytes(tagn), &p)
                    == BLAKE2NEON_OK && strcmp(made, want) == 0,
                "encode: got %s, the reference %s", made, want);
        T_CHECK(blake2neon_argon2_verify(want, pass, passlen, NULL, 0)
                    == BLAKE2NEON_OK, "verify %s", want);
        T_CHECK(blake2neon_argon2_verify(want, pass, passlen - 1, NULL, 0)
                    == BLAKE2NEON_ERR_MISMATCH, "verify, a byte short: %s", want);
        T_CHECK(blake2neon_argon2_verify(want, pass, passlen, "k", 1)
                    == BLAKE2NEON_ERR_MISMATCH, "verify with a secret: %s", want);
        lines++;
    }
    t_data_close(&d);
    T_CHECK(lines >= 10, "argon2-encoded.txt: %d strings", lines);
}

/* A secret is used but not written: verify needs it again. */
static void check_secret_roundtrip(void)
{
    blake2neon_argon2_params p = {
        .type = BLAKE2NEON_ARGON2ID, .version = BLAKE2NEON_ARGON2_VERSION,
        .t_cost = 1, .m_cost = 16, .lanes = 2, .threads = 2,
        .pass = "pw", .passlen = 2, .salt = "saltsalt", .saltlen = 8,
        .secret = "pepper", .secretlen = 6,
    };
    char s[128];

    T_CHECK(blake2neon_argon2_encode(s, sizeof(s), 16, &p) == BLAKE2NEON_OK,
            "encode with a secret");
    T_CHECK(blake2neon_argon2_verify(s, "pw", 2, "pepper", 6) == BLAKE2NEON_OK,
            "verify with the secret");
    T_CHECK(blake2neon_argon2_verify(s, "pw", 2, NULL, 0)
                == BLAKE2NEON_ERR_MISMATCH, "verify without it");
    T_CHECK(blake2neon_argon2_encode(s, strlen(s), 16, &p)
                == BLAKE2NEON_ERR_ENCODING, "no room for the NUL");
}

static void check_malformed(void)
{
    static const char *const bad[] = {
        "",
        "$argon2$v=19$m=64,t=3,p=1$c29tZXNhbHRzYWx0$BmSxX7vEj3o",
        "$argon2x$v=19$m=64,t=3,p=1$c29tZXNhbHRzYWx0$BmSxX7vEj3o",
        "$argon2id$v=19$m=064,t=3,p=1$c29tZXNhbHRzYWx0$BmSxX7vEj3o",
        "$argon2id$v=19$m=-64,t=3,p=1$c29tZXNhbHRzYWx0$BmSxX7vEj3o",
        "$argon2id$v=19$m=4294967296,t=3,p=1$c29tZXNhbHRzYWx0$BmSxX7vEj3o",
        "$argon2id$v=18$m=64,t=3,p=1$c29tZXNhbHRzYWx0$BmSxX7vEj3o",
        "$argon2id$v=19$m=64,t=0,p=1$c29tZXNhbHRzYWx0$BmSxX7vEj3o",
        "$argon2id$v=19$m=64,t=3,p=0$c29tZXNhbHRzYWx0$BmSxX7vEj3o",
        "$argon2id$v=19$m=7,t=3,p=1$c29tZXNhbHRzYWx0$BmSxX7vEj3o",
        "$argon2id$v=19$t=3,m=64,p=1$c29tZXNhbHRzYWx0$BmSxX7vEj3o",
        "$argon2id$v=19$m=64,t=3,p=1$c2FsdA$BmSxX7vEj3o",          /* 4-byte salt */
        "$argon2id$v=19$m=64,t=3,p=1$c29tZXNhbHRzYWx0$BmSx",       /* 3-byte tag */
        "$argon2id$v=19$m=64,t=3,p=1$c29tZXNhbHRzYWx0=$BmSxX7vEj3o",
        "$argon2id$v=19$m=64,t=3,p=1$c2FsdHNhbHR$BmSxX7vEj3o", /* bits */
        "$argon2id$v=19$m=64,t=3,p=1$c29tZXNhbHRzYWx0$BmSxX7vEj",   /* 4n+1 */
        "$argon2id$v=19$m=64,t=3,p=1$c29tZXNhbHRzYWx0",
        "$argon2id$v=19$m=64,t=3,p=1$c29tZXNhbHRzYWx0$BmSx$X7vE",
    };

    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        T_CHECK(blake2neon_argon2_verify(bad[i], "password", 8, NULL, 0)
                    == BLAKE2NEON_ERR_ENCODING, "malformed, refused: '%s'",
                bad[i]);
    T_CHECK(blake2neon_argon2_verify(NULL, "p", 1, NULL, 0) == BLAKE2NEON_ERR_NULL,
            "verify NULL");
}

static void check_ranges(void)
{
    const blake2neon_argon2_params good = {
        .type = BLAKE2NEON_ARGON2I, .version = 0x10, .t_cost = 1,
        .m_cost = 16, .lanes = 2, .threads = 2, .salt = "saltsalt",
        .saltlen = 8,
    };
    struct {
        const char *what;
        blake2neon_argon2_params p;
        size_t outlen;
        int rc;
    } cases[] = {
        { "good", good, 4, BLAKE2NEON_OK },
        { "tag of 3 bytes", good, 3, BLAKE2NEON_ERR_ARGON2_PARAM },
        { "type 3", good, 32, BLAKE2NEON_ERR_ARGON2_PARAM },
        { "version 0x12", good, 32, BLAKE2NEON_ERR_ARGON2_PARAM },
        { "t_cost 0", good, 32, BLAKE2NEON_ERR_ARGON2_PARAM },
        { "lanes 0", good, 32, BLAKE2NEON_ERR_ARGON2_PARAM },
        { "lanes 2^24", good, 32, BLAKE2NEON_ERR_ARGON2_PARAM },
        { "m_cost below 8 * lanes", good, 32, BLAKE2NEON_ERR_ARGON2_PARAM },
        { "threads above lanes", good, 32, BLAKE2NEON_ERR_ARGON2_PARAM },
        { "salt of 7 bytes", good, 32, BLAKE2NEON_ERR_ARGON2_PARAM },
        { "NULL salt", good, 32, BLAKE2NEON_ERR_NULL },
        { "NULL password of 1 byte", good, 32, BLAKE2NEON_ERR_NULL },
    };
    uint8_t out[32];

    cases[2].p.type = 3;
    cases[3].p.version = 0x12;
    cases[4].p.t_cost = 0;
    cases[5].p.lanes = 0;
    cases[6].p.lanes = 1u << 24;
    cases[6].p.m_cost = 1u << 27;
    cases[7].p.m_cost = 15;
    cases[8].p.threads = 3;
    cases[9].p.saltlen = 7;
    cases[10].p.salt = NULL;
    cases[11].p.passlen = 1;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        T_CHECK(blake2neon_argon2(out, cases[i].outlen, &cases[i].p)
                    == cases[i].rc, "%s: code %d", cases[i].what, cases[i].rc);
    T_CHECK(blake2neon_argon2(NULL, 32, &good) == BLAKE2NEON_ERR_NULL,
            "NULL out");
    T_CHECK(blake2neon_argon2(out, 32, NULL) == BLAKE2NEON_ERR_NULL,
            "NULL params");
}

/* More memory than the process may have: refused, and the process goes
 * on (the address space is capped here, so that the answer does not
 * depend on the machine's memory or its overcommit policy). */
static void check_memory_refused(void)
{
    blake2neon_argon2_params p = {
        .type = BLAKE2NEON_ARGON2ID, .version = BLAKE2NEON_ARGON2_VERSION,
        .t_cost = 1, .m_cost = 0xffffffffu, .lanes = 1, .salt = "saltsalt",
        .saltlen = 8,
    };
    struct rlimit old, capped;
    uint8_t out[32];
    void *probe;

    if (!T_CHECK(getrlimit(RLIMIT_AS, &old) == 0, "getrlimit"))
        return;
    capped = old;
    capped.rlim_cur = (rlim_t)1 << 30;
    if (old.rlim_max != RLIM_INFINITY && old.rlim_max < capped.rlim_cur)
        capped.rlim_cur = old.rlim_max;
    if (!T_CHECK(setrlimit(RLIMIT_AS, &capped) == 0, "cap the address space"))
        return;
    /* qemu-user takes the cap and does not apply it (it would bind the
     * emulator too): there, asking for more than the machine has could
     * succeed, so the refusals are not asked for. */
    probe = mmap(NULL, (size_t)2 << 30, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (probe != MAP_FAILED) {
        munmap(probe, (size_t)2 << 30);
        T_CHECK(setrlimit(RLIMIT_AS, &old) == 0, "restore the address space");
        t_note("the address-space cap is not applied here (qemu-user?): "
               "memory refusals not checked");
        return;
    }
    T_CHECK(blake2neon_argon2(out, sizeof(out), &p) == BLAKE2NEON_ERR_MEMORY,
            "4 TiB of memory refused");
    p.m_cost = 2u << 20; /* 2 GiB: above the cap, within a 32-bit size_t */
    T_CHECK(blake2neon_argon2(out, sizeof(out), &p) == BLAKE2NEON_ERR_MEMORY,
            "2 GiB of memory refused");
    T_CHECK(setrlimit(RLIMIT_AS, &old) == 0, "restore the address space");
    p.m_cost = 64;
    T_CHECK(blake2neon_argon2(out, sizeof(out), &p) == BLAKE2NEON_OK,
            "and 64 KiB afterwards");
}

/* The core's run (what the library and the provider call) leaves every
 * block of its memory zero: nothing of the password stays behind. */
static void check_memory_wiped(void)
{
    const struct blake2b_backend *backend =
        blake2b_backend_by_name(blake2neon_backend());
    struct blake2b_argon2_params p = {
        .type = BLAKE2B_ARGON2ID, .version = BLAKE2B_ARGON2_VERSION_13,
        .t_cost = 2, .m_cost = 64, .lanes = 2, .threads = 2, .outlen = 32,
        .pass = (const uint8_t *)"password", .passlen = 8,
        .salt = (const uint8_t *)"saltsalt", .saltlen = 8,
    };
    uint32_t blocks = blake2b_argon2_memory_blocks(&p);
    struct blake2b_argon2_block *memory = blake2b_argon2_memory_alloc(blocks);
    uint8_t h0[BLAKE2B_ARGON2_H0BYTES], tag[32];
    const uint8_t *bytes = (const uint8_t *)memory;
    size_t nonzero = 0;

    if (!T_CHECK(backend != NULL && memory != NULL, "backend and memory"))
        return;
    blake2b_argon2_h0(h0, &p, backend->compress);
    blake2b_argon2_run(tag, &p, h0, memory, backend);
    for (size_t i = 0; i < (size_t)blocks * sizeof(*memory); i++)
        nonzero += bytes[i] != 0;
    T_CHECK(nonzero == 0, "%zu bytes of Argon2's memory left unwiped", nonzero);
    blake2b_argon2_memory_free(memory, blocks);
}

int main(int argc, char **argv)
{
    int rc = t_lib_start(argc, argv);

    if (rc >= 0)
        return rc;
    check_rfc9106(argv[1]);
    check_encoded(argv[1]);
    check_secret_roundtrip();
    check_malformed();
    check_ranges();
    check_memory_refused();
    check_memory_wiped();
    return t_report("t_lib_argon2");
}
