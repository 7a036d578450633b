/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Known-answer self-test run on a backend before it is used: a wrong
 * answer from a miscompiled or mis-detected backend must never reach a
 * user. Every backend, generic included, must give fixed answers from an
 * independent source (for BLAKE2b and for Argon2's BlaMka); the others
 * must also agree with generic, and so must a backend's own hash of short
 * messages and its BlaMka.
 */
#include <string.h>

#include "argon2.h"
#include "backend.h"
#include "selftest_kat.h"

/* BLAKE2b-512("abc"), RFC 7693 appendix A. */
static const uint8_t abc_digest[64] = {
    0xba, 0x80, 0xa5, 0x3f, 0x98, 0x1c, 0x4d, 0x0d, 0x6a, 0x27, 0x97, 0xb6,
    0x9f, 0x12, 0xf6, 0xe9, 0x4c, 0x21, 0x2f, 0x14, 0x68, 0x5a, 0xc4, 0xb7,
    0x4b, 0x12, 0xbb, 0x6f, 0xdb, 0xff, 0xa2, 0xd1, 0x7d, 0x87, 0xc5, 0x39,
    0x2a, 0xab, 0x79, 0x2d, 0xc2, 0x52, 0xd5, 0xde, 0x45, 0x33, 0xcc, 0x95,
    0x18, 0xd3, 0x8a, 0xa8, 0xdb, 0xf1, 0x92, 0x5a, 0xb9, 0x23, 0x86, 0xed,
    0xd4, 0x00, 0x99, 0x23,
};

static int abc_matches(blake2b_compress_fn *compress)
{
    struct blake2b_state S;
    struct blake2b_params p;
    uint8_t out[64];

    blake2b_params_init(&p, 64);
    blake2b_init(&S, &p, NULL);
    blake2b_update(&S, (const uint8_t *)"abc", 3, compress);
    blake2b_final(&S, out, compress);
    return memcmp(out, abc_digest, sizeof(out)) == 0;
}

/* test/gen_vectors.py's lcg_message: the top byte of a 32-bit LCG. */
static void lcg_message(uint8_t *out, size_t n, uint32_t seed)
{
    uint32_t x = seed;

    for (size_t i = 0; i < n; i++) {
        x = x * 1664525u + 1013904223u;
        out[i] = (uint8_t)(x >> 24);
    }
}

/*
 * Hash len bytes of msg with the key, salt and personalization of kat,
 * starting the counter at t0 so that carries across 2^32 and 2^64 are
 * exercised. The core's state is plain data to the core itself, so the
 * counter is set directly: no interface outside the core can do this.
 */
static int hash_kat(blake2b_compress_fn *compress,
                    const struct blake2b_selftest_kat *kat,
                    const uint8_t *msg, size_t len, uint64_t t0,
                    uint8_t out[64])
{
    struct blake2b_state S;
    struct blake2b_params p;

    blake2b_params_init(&p, kat->digest_length);
    p.key_length = kat->key_length;
    memcpy(p.salt, kat->salt, sizeof(p.salt));
    memcpy(p.personal, kat->personal, sizeof(p.personal));
    blake2b_init(&S, &p, kat->key);
    S.t[0] = t0;
    blake2b_update(&S, msg, len, compress);
    blake2b_final(&S, out, compress);
    return 1;
}

/* The fixed answers of selftest_kat.h (hashlib and the RFC 7693 model). */
static int kats_match(blake2b_compress_fn *compress)
{
    /* One spare byte: the message starts at an odd address, since
     * backends must not assume aligned input. */
    uint8_t buf[BLAKE2B_SELFTEST_MAX_MSGLEN + 1], out[64];
    const size_t n = sizeof(blake2b_selftest_kats)
                     / sizeof(blake2b_selftest_kats[0]);

    for (size_t i = 0; i < n; i++) {
        const struct blake2b_selftest_kat *kat = &blake2b_selftest_kats[i];

        lcg_message(buf + 1, kat->msglen, kat->seed);
        if (!hash_kat(compress, kat, buf + 1, kat->msglen, kat->t0, out)
            || memcmp(out, kat->digest, kat->digest_length) != 0)
            return 0;
    }
    return 1;
}

/* Agreement with generic over lengths around block boundaries, with the
 * counter started at 0 and just below each carry. */
static int agrees_with_generic(blake2b_compress_fn *compress)
{
    static const uint64_t counter_starts[] = {
        0, UINT64_C(0xffffffff) - 200, ~UINT64_C(0) - 200,
    };
    static const size_t lengths[] = { 0, 1, 127, 128, 129, 256, 1000 };
    const struct blake2b_selftest_kat *kat = &blake2b_selftest_kats[0];
    uint8_t msg[1001], want[64], got[64];

    for (size_t i = 0; i < sizeof(msg); i++)
        msg[i] = (uint8_t)(i * 7 + 1);
    for (size_t c = 0; c < sizeof(counter_starts) / sizeof(counter_starts[0]); c++) {
        for (size_t l = 0; l < sizeof(lengths) / sizeof(lengths[0]); l++) {
            if (!hash_kat(blake2b_compress_generic, kat, msg + 1, lengths[l],
                          counter_starts[c], want)
                || !hash_kat(compress, kat, msg + 1, lengths[l],
                             counter_starts[c], got)
                || memcmp(want, got, kat->digest_length) != 0)
                return 0;
        }
    }
    return 1;
}

/*
 * A backend's hash_short against the core's C path on generic, at lengths
 * that take each of its copy steps (whole 32-byte chunks, then 16, 8, 4,
 * 2 and 1 bytes), at an odd address, the digest length alternating
 * between 64 and 20; and "abc" against RFC 7693.
 */
static int hash_short_agrees(blake2b_hash_short_fn *hash_short)
{
    static const size_t lengths[] = { 0, 1, 3, 31, 32, 63, 100, 127, 128 };
    uint8_t msg[BLAKE2B_BLOCKBYTES + 1], want[64], got[64];

    hash_short(got, (const uint8_t *)"abc", 3, 64);
    if (memcmp(got, abc_digest, sizeof(got)) != 0)
        return 0;
    lcg_message(msg, sizeof(msg), 19);
    for (size_t l = 0; l < sizeof(lengths) / sizeof(lengths[0]); l++) {
        const uint8_t outlen = l % 2 == 0 ? 64 : 20;

        blake2b_hash(want, outlen, msg + 1, lengths[l], NULL, 0,
                     blake2b_compress_generic, NULL);
        hash_short(got, msg + 1, lengths[l], outlen);
        if (memcmp(want, got, outlen) != 0)
            return 0;
    }
    return 1;
}

/* Argon2d's tag from RFC 9106 section 5.1 (version 0x13, 3 passes,
 * 32 KiB, 4 lanes; password 32 bytes of 01, salt 16 of 02, secret 8 of
 * 03, associated data 12 of 04). */
static const uint8_t rfc9106_argon2d[32] = {
    0x51, 0x2b, 0x39, 0x1b, 0x6f, 0x11, 0x62, 0x97, 0x53, 0x71, 0xd3,
    0x09, 0x19, 0x73, 0x42, 0x94, 0xf8, 0x68, 0xe3, 0xbe, 0x39, 0x84,
    0xf3, 0xc1, 0xa1, 0x3a, 0x4d, 0xb9, 0xfa, 0xbe, 0x4a, 0xcb,
};

/* RFC 9106's Argon2d vector on the backend: its BlaMka and compress
 * through the whole algorithm, about a hundred blocks. 0 also if its
 * 32 KiB of memory cannot be had (then nothing can be derived anyway). */
static int argon2_kat_matches(const struct blake2b_backend *backend)
{
    uint8_t pass[32], salt[16], secret[8], ad[12], h0[BLAKE2B_ARGON2_H0BYTES],
        tag[32];
    struct blake2b_argon2_params p = {
        .type = BLAKE2B_ARGON2D, .version = BLAKE2B_ARGON2_VERSION_13,
        .t_cost = 3, .m_cost = 32, .lanes = 4, .threads = 1, .outlen = 32,
        .pass = pass, .passlen = sizeof(pass), .salt = salt,
        .saltlen = sizeof(salt), .secret = secret,
        .secretlen = sizeof(secret), .ad = ad, .adlen = sizeof(ad),
    };
    uint32_t blocks = blake2b_argon2_memory_blocks(&p);
    struct blake2b_argon2_block *memory = blake2b_argon2_memory_alloc(blocks);

    if (memory == NULL)
        return 0;
    memset(pass, 1, sizeof(pass));
    memset(salt, 2, sizeof(salt));
    memset(secret, 3, sizeof(secret));
    memset(ad, 4, sizeof(ad));
    blake2b_argon2_h0(h0, &p, backend->compress);
    blake2b_argon2_run(tag, &p, h0, memory, backend);
    blake2b_argon2_memory_free(memory, blocks);
    return memcmp(tag, rfc9106_argon2d, sizeof(tag)) == 0;
}

/*
 * A backend's BlaMka against generic's on pseudo-random blocks: a fresh
 * block and one XORed into its old value, and the aliased call Argon2's
 * address generator makes (next is ref).
 */
static int argon2_fill_agrees(blake2b_argon2_fill_fn *fill)
{
    struct blake2b_argon2_block prev, ref, want, got; /* 4 KiB of stack */

    lcg_message((uint8_t *)prev.v, sizeof(prev.v), 23);
    lcg_message((uint8_t *)ref.v, sizeof(ref.v), 29);
    for (int with_xor = 0; with_xor <= 1; with_xor++) {
        lcg_message((uint8_t *)want.v, sizeof(want.v), 31);
        got = want;
        blake2b_argon2_fill_generic(&want, &prev, &ref, with_xor);
        fill(&got, &prev, &ref, with_xor);
        if (memcmp(&want, &got, sizeof(want)) != 0)
            return 0;
    }
    got = want;
    blake2b_argon2_fill_generic(&want, &prev, &want, 0);
    fill(&got, &prev, &got, 0);
    return memcmp(&want, &got, sizeof(want)) == 0;
}

#if defined(BLAKE2NEON_TEST_HOOKS)
#include <stdlib.h>

/*
 * Test builds only (blake2b_core_testhooks in core/CMakeLists.txt; the
 * shipped module never has this): a backend named in the comma-separated
 * BLAKE2NEON_TEST_FAIL_SELFTEST fails its self-test, so that tests can see
 * what the provider does with a backend that gives wrong answers.
 */
static int made_to_fail(const char *name)
{
    const char *list = getenv("BLAKE2NEON_TEST_FAIL_SELFTEST");
    const size_t len = strlen(name);

    while (list != NULL && *list != '\0') {
        const char *end = strchr(list, ',');
        size_t n = end != NULL ? (size_t)(end - list) : strlen(list);

        if (n == len && strncmp(list, name, n) == 0)
            return 1;
        list = end != NULL ? end + 1 : NULL;
    }
    return 0;
}
#endif

int blake2b_backend_selftest(const struct blake2b_backend *backend)
{
#if defined(BLAKE2NEON_TEST_HOOKS)
    if (made_to_fail(backend->name))
        return 0;
#endif
    if (!abc_matches(backend->compress) || !kats_match(backend->compress))
        return 0;
    if (backend->hash_short != NULL && !hash_short_agrees(backend->hash_short))
        return 0;
    if (!argon2_kat_matches(backend)
        || (backend->argon2_fill != NULL
            && !argon2_fill_agrees(backend->argon2_fill)))
        return 0;
    return backend->compress == blake2b_compress_generic
           || agrees_with_generic(backend->compress);
}
