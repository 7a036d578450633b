/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Streaming through the library equals the one-shot call: random
 * messages of every length up to 3 blocks and some longer, random output
 * sizes, keys, salts and personalizations, fed in random pieces (empty,
 * tiny, around a block, large), and context copies that fork a stream.
 * Anchored to hashlib by stream.txt's long messages. Same arguments as
 * t_lib_vectors.
 */
#include <stdlib.h>
#include <string.h>

#include "blake2neon.h"
#include "t_lib_util.h"
#include "t_util.h"

enum { MAX_LEN = 70000 };

static uint8_t msg[MAX_LEN];

static void check_random(void)
{
    struct t_rng rng;
    unsigned long checked = 0;

    t_rng_seed(&rng, 0x1b2b0019);
    t_rng_fill(&rng, msg, sizeof(msg));
    for (size_t i = 0; i < 600; i++) {
        size_t len = i < 400 ? i : t_rng_below(&rng, MAX_LEN);
        size_t outlen = 1 + t_rng_below(&rng, 64);
        size_t keylen = t_rng_below(&rng, 3) == 0 ? 0 : t_rng_below(&rng, 65);
        uint8_t key[64], salt[16], personal[16], one[64], split[64];
        int with_params = t_rng_below(&rng, 2);
        const uint8_t *m = msg + t_rng_below(&rng, 8); /* unaligned too */

        if (len > MAX_LEN - 8)
            len = MAX_LEN - 8;
        t_rng_fill(&rng, key, sizeof(key));
        t_rng_fill(&rng, salt, sizeof(salt));
        t_rng_fill(&rng, personal, sizeof(personal));
        if (with_params) {
            /* The one-shot has no salt: one update is the reference. */
            T_CHECK(t_lib_hash_split(one, outlen, key, keylen, salt, personal,
                                     m, len, NULL) == 0, "one update");
        } else {
            T_CHECK(blake2neon_hash(one, outlen, m, len, key, keylen) == 0,
                    "one-shot");
        }
        T_CHECK(t_lib_hash_split(split, outlen, key, keylen,
                                 with_params ? salt : NULL,
                                 with_params ? personal : NULL, m, len,
                                 &rng) == 0, "split");
        T_SAME(split, one, outlen, "len %zu out %zu key %zu params %d", len,
               outlen, keylen, with_params);
        checked++;
    }
    t_note("%lu random messages, split against whole", checked);
}

/* A copy taken mid-stream goes on as its own computation. */
static void check_fork(void)
{
    blake2neon_ctx a, b;
    uint8_t ra[64], rb[64], want_a[64], want_b[64];

    t_pattern(msg, 1000);
    T_CHECK(blake2neon_init(&a, 64) == 0, "init");
    T_CHECK(blake2neon_update(&a, msg, 300) == 0, "update");
    b = a;
    T_CHECK(blake2neon_update(&a, msg + 300, 700) == 0
                && blake2neon_update(&b, msg + 300, 10) == 0,
            "updates after the copy");
    T_CHECK(blake2neon_final(&a, ra) == 0 && blake2neon_final(&b, rb) == 0,
            "finals");
    T_CHECK(blake2neon_hash(want_a, 64, msg, 1000, NULL, 0) == 0
                && blake2neon_hash(want_b, 64, msg, 310, NULL, 0) == 0,
            "one-shots");
    T_SAME(ra, want_a, 64, "original after the fork");
    T_SAME(rb, want_b, 64, "copy after the fork");
}

/* stream.txt (hashlib): long messages, split at random. */
static void check_stream_txt(const char *data_dir)
{
    struct t_data d;
    struct t_rng rng;
    static uint8_t *big;
    static size_t big_len;
    uint8_t key[64], want[64], got[64];
    unsigned long checked = 0;

    t_rng_seed(&rng, 0x5eed0019);
    t_pattern(key, sizeof(key));
    if (!t_data_open(&d, data_dir, "stream.txt"))
        return;
    while (t_data_next(&d)) {
        size_t size, keyed, len, n;

        if (!t_data_expect_fields(&d, 5) || !t_parse_size(&d, d.field[0], &size)
            || !t_parse_size(&d, d.field[1], &keyed)
            || !t_parse_size(&d, d.field[3], &len)
            || !T_CHECK(t_unhex(d.field[4], want, 64, &n) && n == size,
                        "%s:%lu: bad digest", d.path, d.lineno))
            continue;
        if (len > big_len) {
            free(big);
            big = t_malloc(len);
            big_len = len;
        }
        if (strcmp(d.field[2], "pattern") == 0)
            t_pattern(big, len);
        else if (strcmp(d.field[2], "lcg1") == 0)
            t_lcg_message(big, len, 1);
        else if (!T_CHECK(0, "%s:%lu: message %s", d.path, d.lineno, d.field[2]))
            continue;
        T_CHECK(t_lib_hash_split(got, size, key, keyed ? 64 : 0, NULL, NULL,
                                 big, len, &rng) == 0, "%s:%lu", d.path,
                d.lineno);
        T_SAME(got, want, size, "%s:%lu", d.path, d.lineno);
        checked++;
    }
    t_data_close(&d);
    free(big);
    T_CHECK(checked > 0, "stream.txt: nothing checked");
    t_note("stream.txt: %lu digests", checked);
}

int main(int argc, char **argv)
{
    int rc = t_lib_start(argc, argv);

    if (rc >= 0)
        return rc;
    check_random();
    check_fork();
    check_stream_txt(argv[1]);
    return t_report("t_lib_stream");
}
