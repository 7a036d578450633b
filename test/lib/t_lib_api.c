/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The API's contract apart from the digests: refusals of bad sizes,
 * lengths and pointers (with the documented codes, and no key left in a
 * refused context), final wiping the context, contexts that were never
 * initialized or already finalized, salt and personalization (mac.txt,
 * hashlib), and the descriptions of the codes.
 */
#include <stdlib.h>
#include <string.h>

#include "blake2neon.h"
#include "t_lib_util.h"
#include "t_util.h"

static int all_zero(const void *p, size_t len)
{
    const uint8_t *b = p;

    for (size_t i = 0; i < len; i++)
        if (b[i] != 0)
            return 0;
    return 1;
}

static void check_refusals(void)
{
    static const size_t bad_out[] = { 0, 65, 128, 255, 256, (size_t)-1 };
    uint8_t key[65] = { 1 }, out[64];
    blake2neon_ctx ctx;

    for (size_t i = 0; i < sizeof(bad_out) / sizeof(bad_out[0]); i++) {
        T_CHECK(blake2neon_init(&ctx, bad_out[i]) == BLAKE2NEON_ERR_OUTLEN,
                "init size %zu", bad_out[i]);
        T_CHECK(blake2neon_init_param(&ctx, bad_out[i], NULL, 0, NULL, NULL)
                    == BLAKE2NEON_ERR_OUTLEN, "init_param size %zu", bad_out[i]);
        T_CHECK(blake2neon_hash(out, bad_out[i], "", 0, NULL, 0)
                    == BLAKE2NEON_ERR_OUTLEN, "hash size %zu", bad_out[i]);
    }
    for (size_t keylen = 65; keylen < 1000; keylen += 311) {
        memset(&ctx, 0xa5, sizeof(ctx));
        T_CHECK(blake2neon_init_param(&ctx, 64, key, keylen, NULL, NULL)
                    == BLAKE2NEON_ERR_KEYLEN, "key %zu bytes", keylen);
        T_CHECK(all_zero(&ctx, sizeof(ctx)), "refused context not wiped");
        T_CHECK(blake2neon_hash(out, 64, "", 0, key, keylen)
                    == BLAKE2NEON_ERR_KEYLEN, "hash key %zu bytes", keylen);
    }
    /* NULL pointers: refused where data is needed, fine with length 0. */
    T_CHECK(blake2neon_init(NULL, 64) == BLAKE2NEON_ERR_NULL, "init NULL ctx");
    T_CHECK(blake2neon_init_param(NULL, 64, NULL, 0, NULL, NULL)
                == BLAKE2NEON_ERR_NULL, "init_param NULL ctx");
    T_CHECK(blake2neon_init_param(&ctx, 64, NULL, 1, NULL, NULL)
                == BLAKE2NEON_ERR_NULL, "NULL key of 1 byte");
    T_CHECK(blake2neon_init_param(&ctx, 64, NULL, 0, NULL, NULL)
                == BLAKE2NEON_OK, "NULL key of 0 bytes");
    T_CHECK(blake2neon_update(&ctx, NULL, 0) == BLAKE2NEON_OK,
            "update NULL, 0 bytes");
    T_CHECK(blake2neon_update(&ctx, NULL, 1) == BLAKE2NEON_ERR_NULL,
            "update NULL, 1 byte");
    T_CHECK(blake2neon_update(NULL, "x", 1) == BLAKE2NEON_ERR_NULL,
            "update NULL ctx");
    T_CHECK(blake2neon_final(NULL, out) == BLAKE2NEON_ERR_NULL,
            "final NULL ctx");
    T_CHECK(blake2neon_final(&ctx, NULL) == BLAKE2NEON_ERR_NULL,
            "final NULL out");
    T_CHECK(all_zero(&ctx, sizeof(ctx)), "final with NULL out must wipe");
    T_CHECK(blake2neon_hash(NULL, 64, "", 0, NULL, 0) == BLAKE2NEON_ERR_NULL,
            "hash NULL out");
    T_CHECK(blake2neon_hash(out, 64, NULL, 1, NULL, 0) == BLAKE2NEON_ERR_NULL,
            "hash NULL in, 1 byte");
    T_CHECK(blake2neon_hash(out, 64, NULL, 0, key, 0) == BLAKE2NEON_OK,
            "hash NULL in, 0 bytes");
    T_CHECK(blake2neon_hash(out, 64, "", 0, NULL, 3) == BLAKE2NEON_ERR_NULL,
            "hash NULL key, 3 bytes");
}

/* Final leaves all zero bytes: no key, state or buffered input. */
static void check_wipe(void)
{
    blake2neon_ctx ctx;
    uint8_t key[64], msg[300], out[64];

    t_pattern(key, sizeof(key));
    t_pattern(msg, sizeof(msg));
    for (size_t len = 0; len < sizeof(msg); len += 37) {
        memset(&ctx, 0x5a, sizeof(ctx));
        T_CHECK(blake2neon_init_param(&ctx, 64, key, 64, msg, msg + 16) == 0,
                "init_param");
        T_CHECK(!all_zero(&ctx, sizeof(ctx)), "initialized context is zero");
        T_CHECK(blake2neon_update(&ctx, msg, len) == 0, "update");
        T_CHECK(blake2neon_final(&ctx, out) == 0, "final");
        T_CHECK(all_zero(&ctx, sizeof(ctx)),
                "context not all zero after final (%zu bytes)", len);
        /* And then it is refused, as the header says. */
        T_CHECK(blake2neon_update(&ctx, msg, 1) == BLAKE2NEON_ERR_STATE,
                "update after final");
        T_CHECK(blake2neon_final(&ctx, out) == BLAKE2NEON_ERR_STATE,
                "final after final");
    }
    {
        blake2neon_ctx zero = { { 0 } };

        T_CHECK(blake2neon_update(&zero, msg, 1) == BLAKE2NEON_ERR_STATE,
                "update on a zeroed context");
    }
}

/* mac.txt (hashlib): keys, salts and personalizations ("custom"). */
static void check_params(const char *data_dir)
{
    struct t_data d;
    unsigned long checked = 0;

    if (!t_data_open(&d, data_dir, "mac.txt"))
        return;
    while (t_data_next(&d)) {
        uint8_t key[64], salt[16] = { 0 }, custom[16] = { 0 }, want[64];
        uint8_t got[64], *msg;
        size_t keylen, saltlen, customlen, size, msglen, seed, n;

        if (!t_data_expect_fields(&d, 7)
            || !T_CHECK(t_unhex(d.field[0], key, 64, &keylen)
                            && t_unhex(d.field[1], salt, 16, &saltlen)
                            && t_unhex(d.field[2], custom, 16, &customlen)
                            && t_unhex(d.field[6], want, 64, &n),
                        "%s:%lu: bad hex", d.path, d.lineno)
            || !t_parse_size(&d, d.field[3], &size)
            || !t_parse_size(&d, d.field[4], &msglen)
            || !t_parse_size(&d, d.field[5], &seed))
            continue;
        msg = t_malloc(msglen + 1);
        t_lcg_message(msg, msglen, (uint32_t)seed);
        /* An absent salt is all zeros: NULL and zeros must agree. */
        T_CHECK(t_lib_hash_split(got, size, key, keylen,
                                 saltlen ? salt : NULL,
                                 customlen ? custom : NULL, msg, msglen,
                                 NULL) == 0, "%s:%lu", d.path, d.lineno);
        T_SAME(got, want, size, "%s:%lu", d.path, d.lineno);
        T_CHECK(t_lib_hash_split(got, size, key, keylen, salt, custom, msg,
                                 msglen, NULL) == 0, "%s:%lu", d.path,
                d.lineno);
        T_SAME(got, want, size, "%s:%lu (zeros given)", d.path, d.lineno);
        free(msg);
        checked++;
    }
    t_data_close(&d);
    T_CHECK(checked > 0, "mac.txt: nothing checked");
    t_note("mac.txt: %lu keyed hashes with salt and personalization", checked);
}

static void check_strings(void)
{
    static const int codes[] = {
        BLAKE2NEON_OK, BLAKE2NEON_ERR_OUTLEN, BLAKE2NEON_ERR_KEYLEN,
        BLAKE2NEON_ERR_NULL, BLAKE2NEON_ERR_STATE, BLAKE2NEON_ERR_BACKEND,
    };
    const char *unknown = blake2neon_strerror(12345);

    T_CHECK(unknown != NULL, "strerror of an unknown code");
    for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
        const char *s = blake2neon_strerror(codes[i]);

        T_CHECK(s != NULL && s[0] != '\0' && strcmp(s, unknown) != 0,
                "strerror(%d)", codes[i]);
        for (size_t j = 0; j < i; j++)
            T_CHECK(strcmp(s, blake2neon_strerror(codes[j])) != 0,
                    "codes %d and %d described alike", codes[i], codes[j]);
    }
    T_CHECK(strcmp(blake2neon_version(), BLAKE2NEON_TEST_VERSION) == 0,
            "version %s, the project's is %s", blake2neon_version(),
            BLAKE2NEON_TEST_VERSION);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s DATA_DIR\n", argv[0]);
        return 2;
    }
    if (!t_lib_backend_is("auto"))
        return T_SKIP;
    check_refusals();
    check_wipe();
    check_params(argv[1]);
    check_strings();
    return t_report("t_lib_api");
}
