/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Every public vector (test/data/extvec.txt: OpenSSL, the BLAKE2
 * reference KAT and JSON, libsodium, RFC 7693, checked against hashlib by
 * gen_vectors.py) and kat.txt (hashlib) through the library, on the
 * backend named by the second argument:
 *
 *   t_lib_vectors DATA_DIR BACKEND|auto
 *
 * with BLAKE2NEON_BACKEND=BACKEND in the environment (CTest runs one per
 * backend of the build; a backend this CPU cannot run is skipped).
 */
#include <string.h>

#include "blake2neon.h"
#include "t_lib_util.h"
#include "t_util.h"

enum { MAX_MSG = 4096 };

/* An extvec hex field: '-' not given, '=' empty. Returns 1 and sets *len
 * and *given, or 0 if malformed. */
static int field(const char *text, uint8_t *out, size_t max, size_t *len,
                 int *given)
{
    *given = strcmp(text, "-") != 0;
    *len = 0;
    if (!*given || strcmp(text, "=") == 0)
        return 1;
    return t_unhex(text, out, max, len);
}

/* RFC 7693 Appendix E: the input generator and the self-test. */
static void selftest_seq(uint8_t *out, size_t len, uint32_t seed)
{
    uint32_t a = 0xDEAD4BAD * seed, b = 1;

    for (size_t i = 0; i < len; i++) {
        uint32_t t = a + b;

        a = b;
        b = t;
        out[i] = (uint8_t)(t >> 24);
    }
}

static int rfc7693_selftest(const char *spec, uint8_t out[32])
{
    static const size_t md_len[4] = { 20, 32, 48, 64 };
    static const size_t in_len[6] = { 0, 3, 128, 129, 255, 1024 };
    uint8_t in[1024], md[64], key[64];
    blake2neon_ctx ctx;
    int ok = 1;

    /* The line names the parameter sets; they are the RFC's. */
    if (!T_CHECK(strcmp(spec, "20.32.48.64/0.3.128.129.255.1024") == 0,
                 "unexpected self-test parameters %s", spec))
        return 0;
    ok &= blake2neon_init(&ctx, 32) == BLAKE2NEON_OK;
    for (size_t i = 0; i < 4; i++) {
        size_t outlen = md_len[i];

        for (size_t j = 0; j < 6; j++) {
            size_t inlen = in_len[j];

            selftest_seq(in, inlen, (uint32_t)inlen);
            ok &= blake2neon_hash(md, outlen, in, inlen, NULL, 0) == 0;
            ok &= blake2neon_update(&ctx, md, outlen) == 0;
            selftest_seq(key, outlen, (uint32_t)outlen);
            ok &= blake2neon_hash(md, outlen, in, inlen, key, outlen) == 0;
            ok &= blake2neon_update(&ctx, md, outlen) == 0;
        }
    }
    ok &= blake2neon_final(&ctx, out) == BLAKE2NEON_OK;
    return ok;
}

static void check_line(const struct t_data *d, unsigned long *counts)
{
    static uint8_t msg[MAX_MSG];
    uint8_t key[80], salt[16] = { 0 }, custom[16] = { 0 }, want[64], got[64];
    size_t size = 64, keylen, saltlen, customlen, msglen, wantlen;
    int key_given = 0, salt_given = 0, custom_given = 0, msg_given = 0;
    const char *kind = d->field[1];
    uint8_t tmp[16];

    if (!t_data_expect_fields(d, 8))
        return;
    if (strcmp(d->field[2], "-") != 0 && !t_parse_size(d, d->field[2], &size))
        return;
    if (strcmp(kind, "rfc7693-selftest") == 0) {
        if (T_CHECK(t_unhex(d->field[7], want, 32, &wantlen) && wantlen == 32,
                    "%s:%lu: bad digest", d->path, d->lineno)
            && T_CHECK(rfc7693_selftest(d->field[6], got),
                       "%s:%lu: a call failed", d->path, d->lineno))
            T_SAME(got, want, 32, "%s:%lu: RFC 7693 self-test", d->path,
                   d->lineno);
        counts[2]++;
        return;
    }
    if (!T_CHECK(field(d->field[3], key, sizeof(key), &keylen, &key_given)
                     && field(d->field[4], tmp, 16, &saltlen, &salt_given)
                     && (memcpy(salt, tmp, saltlen), 1)
                     && field(d->field[5], tmp, 16, &customlen, &custom_given)
                     && (memcpy(custom, tmp, customlen), 1)
                     && field(d->field[6], msg, sizeof(msg), &msglen,
                              &msg_given),
                 "%s:%lu: bad field", d->path, d->lineno))
        return;

    if (strcmp(kind, "digest-refuse") == 0 || strcmp(kind, "mac-refuse") == 0) {
        blake2neon_ctx ctx;
        int rc = blake2neon_init_param(&ctx, size, key, keylen, NULL, NULL);

        T_CHECK(rc == BLAKE2NEON_ERR_OUTLEN || rc == BLAKE2NEON_ERR_KEYLEN,
                "%s:%lu: size %zu key %zu bytes accepted (%d)", d->path,
                d->lineno, size, keylen, rc);
        rc = blake2neon_hash(got, size, msg, 0, key, keylen);
        T_CHECK(rc == BLAKE2NEON_ERR_OUTLEN || rc == BLAKE2NEON_ERR_KEYLEN,
                "%s:%lu: one-shot accepted (%d)", d->path, d->lineno, rc);
        counts[1]++;
        return;
    }
    if (!T_CHECK(strcmp(kind, "digest") == 0 || strcmp(kind, "mac") == 0,
                 "%s:%lu: unknown kind %s", d->path, d->lineno, kind)
        || !T_CHECK(t_unhex(d->field[7], want, 64, &wantlen) && wantlen == size,
                    "%s:%lu: bad expected value", d->path, d->lineno))
        return;
    T_CHECK(t_lib_hash_split(got, size, key, keylen,
                             salt_given ? salt : NULL,
                             custom_given ? custom : NULL, msg, msglen,
                             NULL) == BLAKE2NEON_OK,
            "%s:%lu: init_param/update/final failed", d->path, d->lineno);
    T_SAME(got, want, size, "%s:%lu: %s", d->path, d->lineno, d->field[0]);
    if (!salt_given && !custom_given) {
        memset(got, 0, sizeof(got));
        T_CHECK(blake2neon_hash(got, size, msg, msglen, key, keylen) == 0,
                "%s:%lu: one-shot failed", d->path, d->lineno);
        T_SAME(got, want, size, "%s:%lu: one-shot", d->path, d->lineno);
    }
    counts[0]++;
}

static void check_extvec(const char *data_dir)
{
    struct t_data d;
    unsigned long counts[3] = { 0, 0, 0 };

    if (!t_data_open(&d, data_dir, "extvec.txt"))
        return;
    while (t_data_next(&d))
        check_line(&d, counts);
    t_data_close(&d);
    /* Every line was read: as many as gen_vectors.py wrote. */
    T_CHECK(counts[0] == 722 && counts[1] == 6 && counts[2] == 1,
            "extvec.txt: %lu hashes, %lu refusals, %lu self-tests",
            counts[0], counts[1], counts[2]);
    t_note("extvec.txt: %lu hashes, %lu refusals, %lu self-test", counts[0],
           counts[1], counts[2]);
}

/* kat.txt: unkeyed through blake2neon_init, keyed through the one-shot. */
static void check_kat(const char *data_dir)
{
    static struct t_kat kat; /* static: too large for the stack */
    uint8_t key[64], msg[T_KAT_MAX_LEN], got[64];
    unsigned long checked = 0;

    t_pattern(key, sizeof(key));
    t_pattern(msg, sizeof(msg));
    if (!t_kat_load(&kat, data_dir))
        return;
    for (int i = 0; i < T_KAT_SIZES; i++) {
        size_t size = t_kat_sizes[i];

        for (size_t len = 0; len <= T_KAT_MAX_LEN; len++) {
            blake2neon_ctx ctx;

            T_CHECK(blake2neon_init(&ctx, size) == 0
                        && blake2neon_update(&ctx, msg, len) == 0
                        && blake2neon_final(&ctx, got) == 0,
                    "unkeyed %zu/%zu failed", size, len);
            T_SAME(got, t_kat_digest(&kat, size, 0, len), size,
                   "kat unkeyed size %zu len %zu", size, len);
            T_CHECK(blake2neon_hash(got, size, msg, len, key, 64) == 0,
                    "keyed %zu/%zu failed", size, len);
            T_SAME(got, t_kat_digest(&kat, size, 1, len), size,
                   "kat keyed size %zu len %zu", size, len);
            checked += 2;
        }
    }
    t_note("kat.txt: %lu known answers", checked);
}

int main(int argc, char **argv)
{
    int rc = t_lib_start(argc, argv);

    if (rc >= 0)
        return rc;
    check_extvec(argv[1]);
    check_kat(argv[1]);
    return t_report("t_lib_vectors");
}
