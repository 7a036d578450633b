/*
 * Parameter parsing: a sequence of calls on one digest context and one MAC
 * context, each with an OSSL_PARAM array built from the input - names from
 * the settable lists and junk, every data type, lengths from 0 to 1 MiB
 * (always backed by real memory), NULL data with length 0. Checked after
 * every call: no crash (ASan/UBSan), a refusal by our code leaves a reason
 * on the error queue, a successful final delivers exactly the size the
 * context reported. Checked at the end: both contexts still compute the
 * core's answer once given good inputs.
 *
 * Input: a list of operations, each an opcode byte and its operands.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "fuzz_util.h"

enum {
    MAX_PARAMS = 6,
    HUGE_LEN = 1 << 20,
    ARENA = HUGE_LEN + 256,
    MAX_OPS = 24,
};

static const char *const md_names[4] = {
    "BLAKE2B-160", "BLAKE2B-256", "BLAKE2B-384", "BLAKE2B-512",
};

/* Settable and gettable names, near misses, and other algorithms' names. */
static const char *const param_names[] = {
    OSSL_MAC_PARAM_SIZE,   OSSL_MAC_PARAM_KEY,     OSSL_MAC_PARAM_SALT,
    OSSL_MAC_PARAM_CUSTOM, OSSL_MAC_PARAM_BLOCK_SIZE, OSSL_DIGEST_PARAM_XOF,
    OSSL_MAC_PARAM_DIGEST, "siz",                  "keys",
    "",                    "SIZE",                 "size\xff",
};
enum { NAMES = sizeof(param_names) / sizeof(param_names[0]) };

static const unsigned int param_types[] = {
    OSSL_PARAM_INTEGER,      OSSL_PARAM_UNSIGNED_INTEGER, OSSL_PARAM_REAL,
    OSSL_PARAM_UTF8_STRING,  OSSL_PARAM_OCTET_STRING,     OSSL_PARAM_UTF8_PTR,
    OSSL_PARAM_OCTET_PTR,    0,                           99,
};
enum { TYPES = sizeof(param_types) / sizeof(param_types[0]) };

static const size_t param_sizes[] = {
    0, 1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 32, 63, 64, 65, 128, 255, HUGE_LEN,
};
enum { SIZES = sizeof(param_sizes) / sizeof(param_sizes[0]) };

static struct f_provider provider;
static EVP_MD *mds[4];
static EVP_MAC *mac;
/* What parameter data points at: fuzz bytes first, then a fixed pattern,
 * big enough for the largest length. */
static uint8_t *arena;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    f_providers_load(&provider, 1);
    for (int m = 0; m < 4; m++)
        if ((mds[m] = EVP_MD_fetch(provider.libctx, md_names[m], F_PROPQ))
            == NULL)
            f_fail("fetch %s", md_names[m]);
    if ((mac = EVP_MAC_fetch(provider.libctx, "BLAKE2BMAC", F_PROPQ)) == NULL)
        f_fail("fetch BLAKE2BMAC");
    if ((arena = OPENSSL_malloc(ARENA)) == NULL)
        f_fail("arena");
    for (size_t i = 0; i < ARENA; i++)
        arena[i] = (uint8_t)(i * 131 + 7);
    return 0;
}

/* Room for one array: the params, and the pointers the *_PTR types need. */
struct param_set {
    OSSL_PARAM params[MAX_PARAMS + 1];
    void *ptrs[MAX_PARAMS];
};

/* Build up to MAX_PARAMS params from the input; every one points at memory
 * of its stated length, or is NULL with length 0. */
static OSSL_PARAM *build_params(struct f_in *in, struct param_set *set)
{
    size_t count = f_byte(in) % (MAX_PARAMS + 1);

    for (size_t i = 0; i < count; i++) {
        OSSL_PARAM *p = &set->params[i];
        uint8_t name = f_byte(in), type = f_byte(in), len = f_byte(in);
        size_t offset = f_byte(in);

        p->key = param_names[name % NAMES];
        p->data_type = param_types[type % TYPES];
        p->data_size = param_sizes[len % SIZES];
        p->return_size = OSSL_PARAM_UNMODIFIED;
        if (offset + p->data_size > ARENA)
            offset = 0;
        if (p->data_size == 0 && (type & 0x80)) {
            p->data = NULL;
        } else if (p->data_type == OSSL_PARAM_UTF8_PTR
                   || p->data_type == OSSL_PARAM_OCTET_PTR) {
            set->ptrs[i] = arena + offset;
            p->data = &set->ptrs[i];
        } else {
            p->data = arena + offset;
        }
    }
    set->params[count] = OSSL_PARAM_construct_end();
    return set->params;
}

static size_t mac_reported_size(EVP_MAC_CTX *ctx)
{
    size_t size = 0;
    OSSL_PARAM params[] = {
        OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, &size),
        OSSL_PARAM_END
    };

    if (!EVP_MAC_CTX_get_params(ctx, params) || size < 1 || size > 64)
        f_fail("MAC: get size gave %zu", size);
    return size;
}

/* Given good inputs, both contexts compute the core's answers. */
static void check_usable(EVP_MD_CTX *md_ctx, EVP_MAC_CTX *mac_ctx)
{
    static const uint8_t key[32] = { 1, 2, 3 };
    static const uint8_t msg[200] = { 9, 8, 7 };
    size_t size = 64;
    OSSL_PARAM params[] = {
        OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, &size),
        OSSL_PARAM_octet_string(OSSL_MAC_PARAM_SALT, NULL, 0),
        OSSL_PARAM_octet_string(OSSL_MAC_PARAM_CUSTOM, NULL, 0),
        OSSL_PARAM_END
    };
    struct blake2b_params bp;
    uint8_t want[64], got[64];
    unsigned int mdlen = 0;
    size_t maclen = 0;

    blake2b_params_init(&bp, 64);
    f_core_hash(&bp, NULL, msg, sizeof(msg), want);
    if (!EVP_DigestInit_ex2(md_ctx, mds[3], NULL)
        || !EVP_DigestUpdate(md_ctx, msg, sizeof(msg))
        || !EVP_DigestFinal_ex(md_ctx, got, &mdlen) || mdlen != 64
        || memcmp(got, want, 64) != 0)
        f_fail("digest context unusable after the calls");

    bp.key_length = sizeof(key);
    f_core_hash(&bp, key, msg, sizeof(msg), want);
    if (!EVP_MAC_init(mac_ctx, key, sizeof(key), params)
        || !EVP_MAC_update(mac_ctx, msg, sizeof(msg))
        || !EVP_MAC_final(mac_ctx, got, &maclen, sizeof(got)) || maclen != 64
        || memcmp(got, want, 64) != 0)
        f_fail("MAC context unusable after the calls");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct f_in in = { data, size };
    EVP_MD_CTX *md_ctx = EVP_MD_CTX_new();
    EVP_MAC_CTX *mac_ctx = EVP_MAC_CTX_new(mac);
    /* Only once a digest is set does EVP pass calls on to us. */
    int md_ready = 0;
    size_t n;

    if (md_ctx == NULL || mac_ctx == NULL)
        f_fail("new contexts");
    /* The first bytes of the arena are this input's. */
    memcpy(arena, data, size < 256 ? size : 256);
    for (int op = 0; op < MAX_OPS && in.n > 0; op++) {
        struct param_set set;
        uint8_t code = f_byte(&in), arg = f_byte(&in);
        OSSL_PARAM *params = build_params(&in, &set);
        uint8_t out[64];
        unsigned int mdlen;
        size_t maclen, want;
        int ret;

        switch (code % 9) {
        case 0:
            if (!EVP_MAC_CTX_set_params(mac_ctx, params))
                f_expect_error("EVP_MAC_CTX_set_params");
            break;
        case 1: {
            /* Key argument: none, or 0..79 bytes of the arena. */
            const uint8_t *key = arg & 0x80 ? NULL : arena + 1;

            if (!EVP_MAC_init(mac_ctx, key, (arg & 0x7f) % 80, params))
                f_expect_error("EVP_MAC_init");
            break;
        }
        case 2:
            ret = EVP_DigestInit_ex2(md_ctx, mds[arg % 4], params);
            if (!ret)
                f_expect_error("EVP_DigestInit_ex2");
            md_ready = ret;
            break;
        case 3:
            if (md_ready && !EVP_MD_CTX_set_params(md_ctx, params))
                f_expect_error("EVP_MD_CTX_set_params");
            break;
        case 4:
            (void)f_bytes(&in, arg, &n);
            if (!EVP_MAC_update(mac_ctx, arena, n))
                f_expect_error("EVP_MAC_update");
            if (md_ready && !EVP_DigestUpdate(md_ctx, arena, n))
                f_expect_error("EVP_DigestUpdate");
            break;
        case 5:
            /* Get with arbitrary types: no crash, no out-of-bounds write. */
            (void)EVP_MAC_CTX_get_params(mac_ctx, params);
            if (md_ready)
                (void)EVP_MD_CTX_get_params(md_ctx, params);
            ERR_clear_error();
            break;
        case 6:
            want = mac_reported_size(mac_ctx);
            if (EVP_MAC_final(mac_ctx, out, &maclen, arg % 65)) {
                if (maclen != want)
                    f_fail("MAC final gave %zu bytes, reported %zu", maclen,
                           want);
            } else {
                f_expect_error("EVP_MAC_final");
            }
            break;
        case 7:
            if (!md_ready)
                break;
            want = f_md_ctx_size(md_ctx);
            if (EVP_DigestFinal_ex(md_ctx, out, &mdlen)) {
                if (mdlen != want)
                    f_fail("digest final gave %u bytes, reported %zu", mdlen,
                           want);
            } else {
                f_expect_error("EVP_DigestFinal_ex");
            }
            break;
        case 8: {
            /* Carry on with duplicates, whatever state they are in. */
            EVP_MAC_CTX *dup = EVP_MAC_CTX_dup(mac_ctx);
            EVP_MD_CTX *copy = EVP_MD_CTX_new();

            if (dup == NULL || copy == NULL)
                f_fail("dup");
            EVP_MAC_CTX_free(mac_ctx);
            mac_ctx = dup;
            if (md_ready && !EVP_MD_CTX_copy_ex(copy, md_ctx))
                f_fail("copy");
            EVP_MD_CTX_free(md_ctx);
            md_ctx = copy;
            break;
        }
        }
        if (ERR_peek_error() != 0)
            f_fail("op %d (%u): success with an error left queued", op,
                   code % 9);
    }
    check_usable(md_ctx, mac_ctx);
    EVP_MD_CTX_free(md_ctx);
    EVP_MAC_CTX_free(mac_ctx);
    ERR_clear_error();
    return 0;
}
