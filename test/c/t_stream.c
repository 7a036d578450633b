/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Streaming: every split of short messages (with empty updates between),
 * random chunkings of long ones, context copies mid-stream, re-initialised
 * contexts and unaligned input, for the digests and BLAKE2BMAC.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "t_ossl.h"

enum msg_source { SRC_PATTERN, SRC_LCG1 };

/* kat.txt: pattern messages up to T_KAT_MAX_LEN bytes. */
static struct t_kat kat; /* static: too large for the stack */

/* One expected digest from stream.txt: longer or other messages. */
struct expected {
    size_t size;
    int keyed;
    enum msg_source src;
    size_t len;
    uint8_t digest[64];
};

static struct expected *table;
static size_t table_len, table_cap;

static const uint8_t kat_key[64] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
    16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
    32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
    48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,
};

static const char *const md_names[4] = {
    "BLAKE2B-160", "BLAKE2B-256", "BLAKE2B-384", "BLAKE2B-512",
};
static const size_t md_sizes[4] = { 20, 32, 48, 64 };

static EVP_MD *mds[4];
static EVP_MAC *mac;

static void add_expected(const struct t_data *d, int first, enum msg_source src)
{
    struct expected e;
    size_t keyed, n;

    if (!t_parse_size(d, d->field[0], &e.size)
        || !t_parse_size(d, d->field[1], &keyed)
        || !t_parse_size(d, d->field[first], &e.len)
        || !T_CHECK(t_unhex(d->field[first + 1], e.digest, sizeof(e.digest), &n)
                        && n == e.size && keyed <= 1,
                    "%s:%lu: bad line", d->path, d->lineno))
        return;
    e.keyed = (int)keyed;
    e.src = src;
    if (table_len == table_cap) {
        struct expected *bigger;

        table_cap = table_cap ? 2 * table_cap : 1024;
        bigger = t_malloc(table_cap * sizeof(*bigger));
        if (table_len > 0)
            memcpy(bigger, table, table_len * sizeof(*table));
        free(table);
        table = bigger;
    }
    table[table_len++] = e;
}

/* stream.txt: size keyed src len digest. */
static void load_stream(const char *data_dir)
{
    struct t_data d;

    if (t_data_open(&d, data_dir, "stream.txt")) {
        while (t_data_next(&d)) {
            int lcg = strcmp(d.field[2], "lcg1") == 0;

            if (t_data_expect_fields(&d, 5)
                && T_CHECK(lcg || strcmp(d.field[2], "pattern") == 0,
                           "%s:%lu: unknown message '%s'", d.path, d.lineno,
                           d.field[2]))
                add_expected(&d, 3, lcg ? SRC_LCG1 : SRC_PATTERN);
        }
        t_data_close(&d);
    }
}

static const uint8_t *find_expected(size_t size, int keyed,
                                    enum msg_source src, size_t len)
{
    if (src == SRC_PATTERN && len <= T_KAT_MAX_LEN)
        return t_kat_digest(&kat, size, keyed, len);
    for (size_t i = 0; i < table_len; i++)
        if (table[i].size == size && table[i].keyed == keyed
            && table[i].src == src && table[i].len == len)
            return table[i].digest;
    T_CHECK(0, "no expected value for size %zu keyed %d source %d length %zu",
            size, keyed, (int)src, len);
    return NULL;
}

/* A digest or a MAC context behind one interface, so each streaming check
 * is written once for both. */
struct stream {
    EVP_MD_CTX *md;
    EVP_MAC_CTX *mac;
    size_t size;
};

static int stream_open(struct stream *s, int keyed, int i)
{
    s->size = md_sizes[i];
    s->md = NULL;
    s->mac = NULL;
    if (keyed)
        return (s->mac = EVP_MAC_CTX_new(mac)) != NULL;
    return (s->md = EVP_MD_CTX_new()) != NULL;
}

static int stream_init(struct stream *s, int i)
{
    size_t size = md_sizes[i];
    OSSL_PARAM params[] = {
        OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, &size),
        OSSL_PARAM_END
    };

    s->size = size;
    if (s->mac != NULL)
        return EVP_MAC_init(s->mac, kat_key, sizeof(kat_key), params);
    return EVP_DigestInit_ex2(s->md, mds[i], NULL);
}

static int stream_update(struct stream *s, const uint8_t *p, size_t n)
{
    if (s->mac != NULL)
        return EVP_MAC_update(s->mac, p, n);
    return EVP_DigestUpdate(s->md, p, n);
}

static size_t stream_final(struct stream *s, uint8_t out[64])
{
    unsigned int mdlen = 0;
    size_t maclen = 0;

    if (s->mac != NULL)
        return EVP_MAC_final(s->mac, out, &maclen, 64) ? maclen : 0;
    return EVP_DigestFinal_ex(s->md, out, &mdlen) ? mdlen : 0;
}

static int stream_copy(struct stream *dst, const struct stream *src)
{
    dst->size = src->size;
    if (src->mac != NULL) {
        dst->md = NULL;
        return (dst->mac = EVP_MAC_CTX_dup(src->mac)) != NULL;
    }
    dst->mac = NULL;
    dst->md = EVP_MD_CTX_new();
    return dst->md != NULL && EVP_MD_CTX_copy_ex(dst->md, src->md);
}

static void stream_close(struct stream *s)
{
    EVP_MD_CTX_free(s->md);
    EVP_MAC_CTX_free(s->mac);
    s->md = NULL;
    s->mac = NULL;
}

static const char *what(int keyed, int i)
{
    static char buf[64];

    if (keyed)
        snprintf(buf, sizeof(buf), "BLAKE2BMAC size %zu", md_sizes[i]);
    else
        snprintf(buf, sizeof(buf), "%s", md_names[i]);
    return buf;
}

/* Finish s and compare with want; how says what the run did. */
static void check_result(struct stream *s, const uint8_t *want, int keyed,
                         int i, const char *how)
{
    uint8_t got[64];
    size_t n = stream_final(s, got);

    if (want == NULL) /* already reported */
        return;
    if (T_CHECK(n == s->size, "%s, %s: final gave %zu bytes", what(keyed, i),
                how, n))
        T_SAME(got, want, n, "%s, %s", what(keyed, i), how);
}

/*
 * Every split point of the short messages, as two updates and as two
 * updates among empty ones (NULL and non-NULL pointers), on one context
 * re-initialised for each run.
 */
static void check_splits(void)
{
    static const size_t lengths[] = { 0, 1, 127, 128, 129, 255, 256, 257,
                                      383, 384, 385 };
    uint8_t msg[385];
    unsigned long runs = 0;

    t_pattern(msg, sizeof(msg));
    for (int keyed = 0; keyed <= 1; keyed++) {
        for (int i = 0; i < 4; i++) {
            struct stream s;

            if (!T_CHECK(stream_open(&s, keyed, i), "new context"))
                continue;
            for (size_t l = 0; l < sizeof(lengths) / sizeof(lengths[0]); l++) {
                size_t len = lengths[l];
                const uint8_t *want = find_expected(md_sizes[i], keyed,
                                                    SRC_PATTERN, len);

                for (size_t k = 0; k <= len; k++) {
                    int ok = stream_init(&s, i)
                             && stream_update(&s, msg, k)
                             && stream_update(&s, msg + k, len - k);

                    char how[80];

                    snprintf(how, sizeof(how), "%zu bytes split at %zu", len,
                             k);
                    T_CHECK(ok, "%s: %s", what(keyed, i), how);
                    check_result(&s, want, keyed, i, how);

                    ok = stream_init(&s, i) && stream_update(&s, NULL, 0)
                         && stream_update(&s, msg, k)
                         && stream_update(&s, msg + k, 0)
                         && stream_update(&s, msg + k, len - k)
                         && stream_update(&s, msg + len, 0);
                    snprintf(how, sizeof(how),
                             "%zu bytes split at %zu, with empty updates", len,
                             k);
                    T_CHECK(ok, "%s: %s", what(keyed, i), how);
                    check_result(&s, want, keyed, i, how);
                    runs += 2;
                }
            }
            stream_close(&s);
        }
    }
    t_note("split points: %lu runs", runs);
}

/* Long messages in random pieces, against stream.txt. */
static void check_random_chunks(void)
{
    size_t longest = 0;
    uint8_t *msg;
    struct t_rng rng;
    unsigned long runs = 0;

    for (size_t e = 0; e < table_len; e++)
        if (table[e].src == SRC_LCG1 && table[e].len > longest)
            longest = table[e].len;
    if (!T_CHECK(longest > 1000000, "stream.txt lacks a long message"))
        return;
    msg = t_malloc(longest);
    t_lcg_message(msg, longest, 1);
    t_rng_seed(&rng, 0x5eed0001);

    for (size_t e = 0; e < table_len; e++) {
        const struct expected *x = &table[e];
        /* One chunking of the multi-megabyte message is enough. */
        int chunkings = x->len > 1000000 ? 1 : 4;
        uint8_t got[64];

        if (x->src != SRC_LCG1)
            continue;
        for (int c = 0; c <= chunkings; c++) {
            struct t_rng *chunks = c == 0 ? NULL : &rng;
            size_t n;

            if (x->keyed) {
                struct t_mac_input in = { kat_key, sizeof(kat_key), NULL, 0,
                                          NULL, 0, x->size };

                n = t_mac(mac, &in, msg, x->len, chunks, got);
            } else {
                int i = x->size == 20 ? 0 : x->size == 32 ? 1
                        : x->size == 48 ? 2 : 3;

                n = t_digest(mds[i], 0, msg, x->len, chunks, got);
            }
            if (T_CHECK(n == x->size,
                        "size %zu keyed %d, %zu bytes: length %zu", x->size,
                        x->keyed, x->len, n))
                T_SAME(got, x->digest, x->size,
                       "size %zu keyed %d, %zu bytes, chunking %d", x->size,
                       x->keyed, x->len, c);
            runs++;
        }
    }
    free(msg);
    t_note("long messages: %lu runs (one-shot and random pieces)", runs);
}

/*
 * Copy a context after k bytes; the original then hashes up to m1 bytes,
 * the copy up to m2. Both must match, whichever is finished first.
 */
static void check_copies(void)
{
    static const size_t splits[][3] = {
        { 0, 256, 0 },     { 0, 1, 200 },     { 1, 256, 2 },
        { 127, 128, 129 }, { 128, 256, 128 }, { 128, 129, 255 },
        { 129, 256, 200 }, { 200, 201, 256 }, { 256, 256, 256 },
    };
    uint8_t msg[256];

    t_pattern(msg, sizeof(msg));
    for (int keyed = 0; keyed <= 1; keyed++) {
        for (int i = 0; i < 4; i++) {
            for (size_t c = 0; c < sizeof(splits) / sizeof(splits[0]); c++) {
                size_t k = splits[c][0], m1 = splits[c][1], m2 = splits[c][2];
                const uint8_t *want1 = find_expected(md_sizes[i], keyed,
                                                     SRC_PATTERN, m1);
                const uint8_t *want2 = find_expected(md_sizes[i], keyed,
                                                     SRC_PATTERN, m2);
                char how1[80], how2[80];
                struct stream a, b;
                int ok;

                snprintf(how1, sizeof(how1),
                         "original after a copy at %zu, %zu bytes", k, m1);
                snprintf(how2, sizeof(how2), "copy made at %zu, %zu bytes", k,
                         m2);

                if (!T_CHECK(stream_open(&a, keyed, i), "new context"))
                    continue;
                ok = stream_init(&a, i) && stream_update(&a, msg, k)
                     && stream_copy(&b, &a);
                if (!T_CHECK(ok, "%s: copy after %zu bytes", what(keyed, i),
                             k)) {
                    stream_close(&a);
                    continue;
                }
                ok = stream_update(&a, msg + k, m1 - k)
                     && stream_update(&b, msg + k, m2 - k);
                T_CHECK(ok, "%s: update after copy", what(keyed, i));
                /* Alternate which one finishes (and is freed) first. */
                if (c % 2 == 0) {
                    check_result(&a, want1, keyed, i, how1);
                    stream_close(&a);
                }
                check_result(&b, want2, keyed, i, how2);
                stream_close(&b);
                if (c % 2 == 1) {
                    check_result(&a, want1, keyed, i, how1);
                    stream_close(&a);
                }
            }
        }
    }
}

/* A used context, re-initialised (also with no type), answers correctly. */
static void check_reinit(void)
{
    uint8_t msg[256], got[64];
    unsigned int len;
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    const uint8_t *want512 = find_expected(64, 0, SRC_PATTERN, 200);
    const uint8_t *want256 = find_expected(32, 0, SRC_PATTERN, 77);

    t_pattern(msg, sizeof(msg));
    if (!T_CHECK(ctx != NULL, "new context") || want512 == NULL
        || want256 == NULL) {
        EVP_MD_CTX_free(ctx);
        return;
    }

    /* After final, same type. */
    T_CHECK(EVP_DigestInit_ex2(ctx, mds[3], NULL)
                && EVP_DigestUpdate(ctx, "junk", 4)
                && EVP_DigestFinal_ex(ctx, got, &len),
            "first use");
    if (T_CHECK(EVP_DigestInit_ex2(ctx, mds[3], NULL)
                    && EVP_DigestUpdate(ctx, msg, 200)
                    && EVP_DigestFinal_ex(ctx, got, &len) && len == 64,
                "re-init after final"))
        T_SAME(got, want512, 64, "re-init after final");

    /* Mid-stream (no final), with NULL type: the pending input is dropped. */
    T_CHECK(EVP_DigestInit_ex2(ctx, mds[3], NULL)
                && EVP_DigestUpdate(ctx, msg, 150),
            "start a stream");
    if (T_CHECK(EVP_DigestInit_ex2(ctx, NULL, NULL)
                    && EVP_DigestUpdate(ctx, msg, 200)
                    && EVP_DigestFinal_ex(ctx, got, &len) && len == 64,
                "re-init mid-stream, NULL type"))
        T_SAME(got, want512, 64, "re-init mid-stream, NULL type");

    /* After final, NULL type. */
    if (T_CHECK(EVP_DigestInit_ex2(ctx, NULL, NULL)
                    && EVP_DigestUpdate(ctx, msg, 200)
                    && EVP_DigestFinal_ex(ctx, got, &len) && len == 64,
                "re-init after final, NULL type"))
        T_SAME(got, want512, 64, "re-init after final, NULL type");

    /* Switch to another digest, then re-init that one with NULL type. */
    for (int round = 0; round < 2; round++) {
        if (T_CHECK(EVP_DigestInit_ex2(ctx, round == 0 ? mds[1] : NULL, NULL)
                        && EVP_DigestUpdate(ctx, msg, 77)
                        && EVP_DigestFinal_ex(ctx, got, &len) && len == 32,
                    "BLAKE2B-256 on a context used for BLAKE2B-512, round %d",
                    round))
            T_SAME(got, want256, 32, "switched digest, round %d", round);
    }

    /* Out of order: update or final after final fail cleanly. */
    T_FAILS(EVP_DigestUpdate(ctx, msg, 10), NULL, "update after final");
    T_FAILS(EVP_DigestFinal_ex(ctx, got, &len), NULL, "final twice");
    EVP_MD_CTX_free(ctx);
}

/* Input at odd addresses, in odd-sized pieces. */
static void check_unaligned(void)
{
    uint8_t *buf = t_malloc(10007 + 16);
    uint8_t got[64];
    struct t_rng rng;

    t_rng_seed(&rng, 0x5eed0002);
    for (size_t off = 1; off < 16; off += 2) {
        for (int keyed = 0; keyed <= 1; keyed++) {
            for (int i = 0; i < 4; i++) {
                struct stream s;
                size_t done = 0, len = 255 - off;
                const uint8_t *want = find_expected(md_sizes[i], keyed,
                                                    SRC_PATTERN, len);
                int ok;

                t_pattern(buf + off, len);
                if (!T_CHECK(stream_open(&s, keyed, i), "new context"))
                    continue;
                ok = stream_init(&s, i);
                while (ok && done < len) {
                    size_t n = 1 + 2 * t_rng_below(&rng, 40);

                    n = n < len - done ? n : len - done;
                    ok = stream_update(&s, buf + off + done, n);
                    done += n;
                }
                char how[80];

                snprintf(how, sizeof(how), "%zu bytes at offset %zu", len, off);
                T_CHECK(ok, "%s: %s", what(keyed, i), how);
                check_result(&s, want, keyed, i, how);
                stream_close(&s);
            }
        }
        /* And one long message, whose whole blocks go straight from the
         * caller's buffer to the compress function. */
        t_lcg_message(buf + off, 10007, 1);
        if (T_CHECK(t_digest(mds[3], 0, buf + off, 10007, &rng, got) == 64,
                    "10007 bytes at offset %zu", off))
            T_SAME(got, find_expected(64, 0, SRC_LCG1, 10007), 64,
                   "10007 bytes at offset %zu", off);
    }
    free(buf);
}

int main(int argc, char **argv)
{
    struct t_args args;
    OSSL_PROVIDER *prov;
    OSSL_LIB_CTX *libctx;
    int have_all = 1, have_kat;

    if (!t_args_parse(argc, argv, &args))
        return EXIT_FAILURE;
    if ((libctx = t_ctx_ours(args.module_dir, &prov)) == NULL)
        return t_report("t_stream");
    for (int i = 0; i < 4; i++) {
        mds[i] = EVP_MD_fetch(libctx, md_names[i], T_PROPQ);
        have_all &= T_CHECK(mds[i] != NULL, "fetch %s", md_names[i]);
    }
    mac = EVP_MAC_fetch(libctx, "BLAKE2BMAC", T_PROPQ);
    have_all &= T_CHECK(mac != NULL, "fetch BLAKE2BMAC");
    have_kat = t_kat_load(&kat, args.data_dir);
    load_stream(args.data_dir);

    if (have_all && have_kat
        && T_CHECK(table_len > 0, "stream.txt values not loaded")) {
        check_splits();
        check_random_chunks();
        check_copies();
        check_reinit();
        check_unaligned();
    }

    free(table);
    for (int i = 0; i < 4; i++)
        EVP_MD_free(mds[i]);
    EVP_MAC_free(mac);
    t_ctx_free(libctx, prov);
    return t_report("t_stream");
}
