/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Parameter parsing: a sequence of calls on one digest context and one MAC
 * context, each with an OSSL_PARAM array built from the input - names from
 * the settable lists and junk, every data type, lengths from 0 to 1 MiB
 * (always backed by real memory), NULL data with length 0. Checked after
 * every call: no crash (ASan/UBSan), a refusal by our code leaves a reason
 * on the error queue, a successful final delivers the size the context
 * reported at its init. Checked at the end: both contexts still compute
 * the core's answer once given good inputs.
 *
 * The oracle, as in test/c/t_diff_default.c: the same calls go to OpenSSL's
 * default provider in its own library context, and every return value,
 * output and reported size must match - for the MAC on every version, for
 * the digests from 3.2 (where its BLAKE2B-512 has `size`; our other names
 * are mapped onto it with their nominal size). Where the two may
 * legitimately part (docs/testing.md: a failed init, a size taken while a
 * MAC runs, a parameter type only ours accepts or refuses), the comparison
 * stops for the rest of that input; our own checks go on.
 *
 * Input: a list of operations, each an opcode byte and its operands.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/provider.h>

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

static const size_t nominal[4] = { 20, 32, 48, 64 };

static struct f_provider provider;
static EVP_MD *mds[4];
static EVP_MAC *mac;
/* The default provider: its BLAKE2B-512 (3.2+ only) and BLAKE2BMAC. */
static OSSL_LIB_CTX *ref_libctx;
static EVP_MD *ref_md;
static EVP_MAC *ref_mac;
static int evp_reuses; /* 3.1+: init with the same digest keeps algctx */
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
    if ((ref_libctx = OSSL_LIB_CTX_new()) == NULL
        || OSSL_PROVIDER_load(ref_libctx, "default") == NULL
        || (ref_mac = EVP_MAC_fetch(ref_libctx, "BLAKE2BMAC", NULL)) == NULL)
        f_fail("the default provider and its BLAKE2BMAC");
    if (OpenSSL_version_num() >= 0x30200000UL
        && (ref_md = EVP_MD_fetch(ref_libctx, "BLAKE2B-512", NULL)) == NULL)
        f_fail("the default provider's BLAKE2B-512");
    evp_reuses = OpenSSL_version_num() >= 0x30100000UL;
    ERR_clear_error();
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
    /* The size explicitly: since 3.1 one set earlier would stay. */
    if (!EVP_DigestInit_ex2(md_ctx, mds[3], params)
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

/* ---- the oracle ---- */

/* Does the first param named `name` hold a value both providers read the
 * same way? Ours refuses a number with no bytes before asking OpenSSL. */
static int same_reading(const OSSL_PARAM *params, const char *name,
                        int octets)
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, name);

    if (p == NULL)
        return 1;
    if (octets) /* the default takes octet strings only, ours pointers too */
        return p->data_type == OSSL_PARAM_OCTET_STRING
               && (p->data != NULL || p->data_size == 0);
    return p->data != NULL && p->data_size > 0;
}

/* The digest pair and what the oracle knows of it (t_diff_default's
 * model; see docs/testing.md). */
struct md_pair {
    EVP_MD_CTX *ref;
    int compare;    /* 0: not (before 3.2), or no longer for this input */
    int name;       /* our digest last given to init, -1 none */
    int stale;      /* next init without a size tells the default nominal */
    size_t running; /* size reported at the last successful init */
};

/* The two return values of one call (the default's errors are its own). */
static void compare_ret(const char *what, int ours, int ref)
{
    ERR_clear_error();
    if (ours != ref)
        f_fail("%s: ours %d, the default provider %d", what, ours, ref);
}

static void md_compare_sizes(struct md_pair *m, EVP_MD_CTX *ours)
{
    int a, b;

    if (!m->compare)
        return;
    a = EVP_MD_CTX_get_size(ours);
    b = EVP_MD_CTX_get_size(m->ref);
    ERR_clear_error();
    if (a != b)
        f_fail("digest size: ours %d, the default provider %d", a, b);
}

/* The default's init for our init of digest n with params. */
static void md_ref_init(struct md_pair *m, int n, const OSSL_PARAM *params,
                        int ours_ret)
{
    OSSL_PARAM with_size[MAX_PARAMS + 2];
    size_t size = nominal[n], k = 0;
    int new_ctx = !evp_reuses || m->name != n, ref_ret;

    if (!same_reading(params, OSSL_DIGEST_PARAM_SIZE, 0)) {
        m->compare = 0;
        return;
    }
    if (OSSL_PARAM_locate_const(params, OSSL_DIGEST_PARAM_SIZE) == NULL
        && (new_ctx || m->stale)) {
        /* Ours starts at the nominal size of n: tell the default so. */
        with_size[k++] = OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_SIZE,
                                                     &size);
        for (const OSSL_PARAM *p = params; p->key != NULL; p++)
            with_size[k++] = *p;
        with_size[k] = OSSL_PARAM_construct_end();
        params = with_size;
    }
    ref_ret = EVP_DigestInit_ex2(m->ref, ref_md, params);
    compare_ret("digest init", ours_ret, ref_ret);
    if (!ours_ret) {
        /* No contract after a failed init: compare no further. */
        m->compare = 0;
        return;
    }
    m->stale = 0;
}

/* The MAC pair. */
struct mac_pair {
    EVP_MAC_CTX *ref;
    int compare;
    int running;
};

static int mac_same_reading(const OSSL_PARAM *params)
{
    return same_reading(params, OSSL_MAC_PARAM_SIZE, 0)
           && same_reading(params, OSSL_MAC_PARAM_KEY, 1)
           && same_reading(params, OSSL_MAC_PARAM_SALT, 1)
           && same_reading(params, OSSL_MAC_PARAM_CUSTOM, 1);
}

/* After a call with params: a size taken while a MAC runs parts them. */
static void mac_after_params(struct mac_pair *m, const OSSL_PARAM *params)
{
    if (m->running
        && OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_SIZE) != NULL)
        m->compare = 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct f_in in = { data, size };
    EVP_MD_CTX *md_ctx = EVP_MD_CTX_new();
    EVP_MAC_CTX *mac_ctx = EVP_MAC_CTX_new(mac);
    struct md_pair md = { EVP_MD_CTX_new(), ref_md != NULL, -1, 0, 0 };
    struct mac_pair mp = { EVP_MAC_CTX_new(ref_mac), 1, 0 };
    /* Only once a digest is set does EVP pass calls on to us. */
    int md_ready = 0;
    size_t n;

    if (md_ctx == NULL || mac_ctx == NULL || md.ref == NULL || mp.ref == NULL)
        f_fail("new contexts");
    /* The first bytes of the arena are this input's. */
    memcpy(arena, data, size < 256 ? size : 256);
    for (int op = 0; op < MAX_OPS && in.n > 0; op++) {
        struct param_set set;
        uint8_t code = f_byte(&in), arg = f_byte(&in);
        OSSL_PARAM *params = build_params(&in, &set);
        uint8_t out[64], ref_out[64];
        unsigned int mdlen, ref_mdlen;
        size_t maclen, ref_maclen, want;
        int ret, ref_ret;

        switch (code % 9) {
        case 0:
            ret = EVP_MAC_CTX_set_params(mac_ctx, params);
            if (!ret)
                f_expect_error("EVP_MAC_CTX_set_params");
            if (mp.compare && !mac_same_reading(params))
                mp.compare = 0;
            if (mp.compare)
                compare_ret("MAC set_params", ret,
                                EVP_MAC_CTX_set_params(mp.ref, params));
            mac_after_params(&mp, params);
            break;
        case 1: {
            /* Key argument: none, or 0..79 bytes of the arena. */
            const uint8_t *key = arg & 0x80 ? NULL : arena + 1;
            size_t keylen = (arg & 0x7f) % 80;

            ret = EVP_MAC_init(mac_ctx, key, keylen, params);
            if (!ret)
                f_expect_error("EVP_MAC_init");
            if (mp.compare && !mac_same_reading(params))
                mp.compare = 0;
            if (mp.compare)
                compare_ret("MAC init", ret,
                                EVP_MAC_init(mp.ref, key, keylen, params));
            if (ret)
                mp.running = 1;
            else
                mac_after_params(&mp, params);
            break;
        }
        case 2:
            ret = EVP_DigestInit_ex2(md_ctx, mds[arg % 4], params);
            if (!ret)
                f_expect_error("EVP_DigestInit_ex2");
            if (md.compare)
                md_ref_init(&md, arg % 4, params, ret);
            if (!ret && md.name != arg % 4)
                md.stale = 1;
            md.name = arg % 4;
            if (ret)
                md.running = f_md_ctx_size(md_ctx);
            md_ready = ret;
            break;
        case 3:
            if (!md_ready)
                break;
            ret = EVP_MD_CTX_set_params(md_ctx, params);
            if (!ret)
                f_expect_error("EVP_MD_CTX_set_params");
            if (md.compare && !same_reading(params, OSSL_DIGEST_PARAM_SIZE, 0))
                md.compare = 0;
            if (md.compare)
                compare_ret("digest set_params", ret,
                               EVP_MD_CTX_set_params(md.ref, params));
            break;
        case 4:
            (void)f_bytes(&in, arg, &n);
            ret = EVP_MAC_update(mac_ctx, arena, n);
            if (!ret)
                f_expect_error("EVP_MAC_update");
            /* The default hashes into a wiped state with nothing running. */
            if (mp.compare && !mp.running)
                mp.compare = 0;
            if (mp.compare)
                compare_ret("MAC update", ret,
                                EVP_MAC_update(mp.ref, arena, n));
            if (!md_ready)
                break;
            ret = EVP_DigestUpdate(md_ctx, arena, n);
            if (!ret)
                f_expect_error("EVP_DigestUpdate");
            if (md.compare)
                compare_ret("digest update", ret,
                               EVP_DigestUpdate(md.ref, arena, n));
            break;
        case 5:
            /* Get with arbitrary types: no crash, no out-of-bounds write. */
            (void)EVP_MAC_CTX_get_params(mac_ctx, params);
            if (md_ready)
                (void)EVP_MD_CTX_get_params(md_ctx, params);
            ERR_clear_error();
            if (mp.compare
                && EVP_MAC_CTX_get_mac_size(mac_ctx)
                       != EVP_MAC_CTX_get_mac_size(mp.ref))
                f_fail("MAC size: ours %zu, the default provider %zu",
                       EVP_MAC_CTX_get_mac_size(mac_ctx),
                       EVP_MAC_CTX_get_mac_size(mp.ref));
            if (md_ready)
                md_compare_sizes(&md, md_ctx);
            ERR_clear_error();
            break;
        case 6:
            want = mac_reported_size(mac_ctx);
            ret = EVP_MAC_final(mac_ctx, out, &maclen, arg % 65);
            if (ret) {
                if (maclen != want)
                    f_fail("MAC final gave %zu bytes, reported %zu", maclen,
                           want);
            } else {
                f_expect_error("EVP_MAC_final");
            }
            if (mp.compare && !mp.running)
                mp.compare = 0;
            if (mp.compare) {
                ref_ret = EVP_MAC_final(mp.ref, ref_out, &ref_maclen, arg % 65);
                compare_ret("MAC final", ret, ref_ret);
                if (ret && (maclen != ref_maclen
                            || memcmp(out, ref_out, maclen) != 0))
                    f_fail("MAC final: ours %zu bytes, the default provider "
                           "%zu, or other bytes", maclen, ref_maclen);
            }
            if (ret)
                mp.running = 0;
            break;
        case 7:
            if (!md_ready)
                break;
            ret = EVP_DigestFinal_ex(md_ctx, out, &mdlen);
            if (ret) {
                if (mdlen != md.running)
                    f_fail("digest final gave %u bytes, reported %zu at init",
                           mdlen, md.running);
            } else {
                f_expect_error("EVP_DigestFinal_ex");
            }
            if (md.compare) {
                ref_ret = EVP_DigestFinal_ex(md.ref, ref_out, &ref_mdlen);
                compare_ret("digest final", ret, ref_ret);
                if (ret && (mdlen != ref_mdlen
                            || memcmp(out, ref_out, mdlen) != 0))
                    f_fail("digest final: ours %u bytes, the default "
                           "provider %u, or other bytes", mdlen, ref_mdlen);
                md_compare_sizes(&md, md_ctx);
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
            if (mp.compare) {
                if ((dup = EVP_MAC_CTX_dup(mp.ref)) == NULL)
                    f_fail("dup the default provider's MAC context");
                EVP_MAC_CTX_free(mp.ref);
                mp.ref = dup;
            }
            if (!md_ready) {
                /* Ours is a context with no digest now: so is the other. */
                md.name = -1;
                EVP_MD_CTX_reset(md.ref);
            } else if (md.compare) {
                if ((copy = EVP_MD_CTX_new()) == NULL
                    || !EVP_MD_CTX_copy_ex(copy, md.ref))
                    f_fail("copy the default provider's digest context");
                EVP_MD_CTX_free(md.ref);
                md.ref = copy;
            }
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
    EVP_MD_CTX_free(md.ref);
    EVP_MAC_CTX_free(mp.ref);
    ERR_clear_error();
    return 0;
}
