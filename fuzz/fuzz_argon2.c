/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Argon2 KDFs' parameters: a sequence of set_params, derive, dup and
 * reset calls on ARGON2D/I/ID contexts, with parameters built from the
 * input (the KDFs' names and junk, the types OpenSSL 3.2 takes and others,
 * values on and around every bound, NULL data). Costs stay small (memcost
 * up to 512 KiB, iter up to 3) so that an input runs in milliseconds.
 *
 * The oracle: a model of the parameters the default provider documents
 * and keeps (test-side, written from OpenSSL 3.2's rules), applied to the
 * same calls. Every call must succeed or fail as the model says, a
 * failure must leave a reason on the error queue, and a derive must give
 * the tag the core computes with the generic backend from the model's
 * parameters.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "argon2.h"
#include "fuzz_util.h"

enum { MAX_PARAMS = 5, MAX_OPS = 12, MAX_BYTES = 80, MAX_OUT = 300 };

static const char *const kdf_names[3] = { "ARGON2D", "ARGON2I", "ARGON2ID" };

enum slot { PASS, SALT, SECRET, AD, SIZE, ITER, THREADS, LANES, MEMCOST,
            EARLY_CLEAN, VERSION, PROPERTIES, JUNK, SLOTS };
static const char *const slot_names[SLOTS] = {
    "pass", "salt", "secret", "ad", "size", "iter", "threads", "lanes",
    "memcost", "early_clean", "version", "properties", "salts",
};

/* Values for the integer parameters: every bound and a little past. */
static const uint32_t values[] = {
    0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 64, 65, 100,
    0x10, 0x13, 0x12, 511, 512, 0xffffff, 0x1000000, 0xffffffff,
};
enum { VALUES = sizeof(values) / sizeof(values[0]) };

static const size_t outlens[] = { 0, 3, 4, 5, 32, 63, 64, 65, 129, MAX_OUT };
enum { OUTLENS = sizeof(outlens) / sizeof(outlens[0]) };

static struct f_provider provider;
static EVP_KDF *kdfs[3];

struct bytes {
    int present;
    size_t len;
    uint8_t data[MAX_BYTES];
};

/* What a context holds, as the default provider keeps it. */
struct model {
    struct bytes pass, salt, secret, ad;
    uint32_t outlen, iter, threads, lanes, memcost, version;
    int early_clean;
};

static void model_reset(struct model *m)
{
    memset(m, 0, sizeof(*m));
    m->outlen = 64;
    m->iter = 3;
    m->threads = 1;
    m->lanes = 1;
    m->memcost = 8;
    m->version = 0x13;
}

/* One parameter as built: its slot, and the value the model reads. */
struct built {
    enum slot slot;
    int readable;    /* the type and data are what OpenSSL 3.2 takes */
    uint32_t number; /* integer slots */
    size_t len;      /* octet slots */
};

struct param_set {
    OSSL_PARAM params[MAX_PARAMS + 1];
    struct built built[MAX_PARAMS];
    size_t count;
    uint32_t u32[MAX_PARAMS];
    uint8_t bytes[MAX_PARAMS][MAX_BYTES];
};

static void build(struct f_in *in, struct param_set *set)
{
    set->count = f_byte(in) % (MAX_PARAMS + 1);
    for (size_t i = 0; i < set->count; i++) {
        OSSL_PARAM *p = &set->params[i];
        struct built *b = &set->built[i];
        uint8_t kind = f_byte(in);

        b->slot = (enum slot)(f_byte(in) % SLOTS);
        b->readable = 0;
        if (b->slot <= AD) {
            size_t len = f_byte(in) % (MAX_BYTES + 1);
            size_t got;
            const uint8_t *src = f_bytes(in, len, &got);

            memset(set->bytes[i], 0xa5, len);
            memcpy(set->bytes[i], src, got);
            b->len = len;
            if (kind % 8 == 0)
                *p = OSSL_PARAM_construct_utf8_string(slot_names[b->slot],
                                                      (char *)set->bytes[i], len);
            else if (kind % 8 == 1)
                *p = OSSL_PARAM_construct_octet_string(slot_names[b->slot],
                                                       NULL, 0);
            else
                *p = OSSL_PARAM_construct_octet_string(slot_names[b->slot],
                                                       set->bytes[i], len);
            b->readable = kind % 8 >= 2;
        } else if (b->slot == PROPERTIES) {
            *p = kind % 2 ? OSSL_PARAM_construct_utf8_string(
                                slot_names[b->slot], (char *)"provider=x", 0)
                          : OSSL_PARAM_construct_uint32(slot_names[b->slot],
                                                        &set->u32[i]);
            b->readable = kind % 2;
        } else {
            set->u32[i] = values[f_byte(in) % VALUES];
            b->number = set->u32[i];
            if (kind % 4 == 0) /* a negative int is refused */
                *p = OSSL_PARAM_construct_int(slot_names[b->slot],
                                              (int *)&set->u32[i]);
            else
                *p = OSSL_PARAM_construct_uint32(slot_names[b->slot],
                                                 &set->u32[i]);
            b->readable = kind % 4 != 0 || set->u32[i] <= INT32_MAX;
        }
    }
    set->params[set->count] = OSSL_PARAM_construct_end();
}

static void set_bytes(struct bytes *b, const uint8_t *data, size_t len)
{
    b->present = 1;
    b->len = len;
    memcpy(b->data, data, len);
}

/* The default provider's set_ctx_params, on the model: its order, each
 * accepted value kept, the first refusal ends it. */
static int model_set(struct model *m, const struct param_set *set)
{
    /* 3.6 and later refuse an array naming a parameter twice (the
     * provider follows the OpenSSL it runs in). */
    if (OpenSSL_version_num() >= 0x30600000L)
        for (size_t i = 0; i < set->count; i++)
            for (size_t j = i + 1; j < set->count; j++)
                if (set->built[i].slot != JUNK
                    && set->built[i].slot == set->built[j].slot)
                    return 0;
    static const enum slot order[] = { PASS, SALT, SECRET, AD, SIZE, ITER,
                                       THREADS, LANES, MEMCOST, EARLY_CLEAN,
                                       VERSION, PROPERTIES };

    for (size_t o = 0; o < sizeof(order) / sizeof(order[0]); o++) {
        const struct built *b = NULL;
        size_t i;

        for (i = 0; i < set->count && b == NULL; i++) /* the first */
            if (set->built[i].slot == order[o])
                b = &set->built[i];
        if (b == NULL)
            continue;
        i--;
        if (b->slot <= AD) {
            struct bytes *field[] = { &m->pass, &m->salt, &m->secret, &m->ad };

            if (set->params[i].data == NULL)
                return 0; /* refused, the old value kept */
            field[b->slot]->present = 0;
            field[b->slot]->len = 0;
            if (!b->readable || (b->slot == SALT && b->len < 8))
                return 0;
            set_bytes(field[b->slot], set->bytes[i], b->len);
            continue;
        }
        if (!b->readable)
            return 0;
        switch (b->slot) {
        case SIZE:
            if (b->number < 4)
                return 0;
            m->outlen = b->number;
            break;
        case ITER:
            if (b->number < 1)
                return 0;
            m->iter = b->number;
            break;
        case THREADS:
            if (b->number < 1 || b->number > 0xffffff)
                return 0;
            m->threads = b->number;
            break;
        case LANES:
            if (b->number < 1 || b->number > 0xffffff)
                return 0;
            m->lanes = b->number;
            break;
        case MEMCOST:
            if (b->number < 8)
                return 0;
            m->memcost = b->number;
            break;
        case EARLY_CLEAN:
            m->early_clean = b->number != 0;
            break;
        case VERSION:
            if (b->number != 0x10 && b->number != 0x13)
                return 0;
            m->version = b->number;
            break;
        default:
            break; /* properties: a UTF-8 string, not used */
        }
    }
    return 1;
}

static int has_slot(const struct param_set *set, enum slot slot)
{
    for (size_t i = 0; i < set->count; i++)
        if (set->built[i].slot == slot)
            return 1;
    return 0;
}

/* The derive: 1 and the tag in out, or 0 where it must be refused; -1
 * (the model as set_params alone leaves it) where it would succeed but
 * cost more than a fuzz input may (memcost above 512 KiB, iter above 3):
 * the caller then calls set_params instead. */
static int model_derive(struct model *m, int type, const struct param_set *set,
                        size_t outlen, uint8_t *out)
{
    struct blake2b_argon2_params p;
    struct blake2b_argon2_block *memory;
    const struct blake2b_backend *generic = blake2b_backend_at(0);
    uint8_t h0[BLAKE2B_ARGON2_H0BYTES];
    uint32_t blocks;

    uint32_t old_outlen;

    if (!model_set(m, set) || !m->salt.present || m->salt.len == 0)
        return 0;
    old_outlen = m->outlen;
    if (outlen != m->outlen) {
        if (has_slot(set, SIZE) || outlen < 4)
            return 0;
        m->outlen = (uint32_t)outlen;
    }
    if ((m->threads > 1 && m->threads > m->lanes)
        || (uint64_t)m->memcost < 8 * (uint64_t)m->lanes)
        return 0;
    if (m->memcost > 512 || m->iter > 3) {
        m->outlen = old_outlen;
        return -1;
    }
    p = (struct blake2b_argon2_params){
        .type = (enum blake2b_argon2_type)type, .version = m->version,
        .t_cost = m->iter, .m_cost = m->memcost, .lanes = m->lanes,
        .threads = 1, .outlen = m->outlen,
        .pass = m->pass.data, .passlen = (uint32_t)m->pass.len,
        .salt = m->salt.data, .saltlen = (uint32_t)m->salt.len,
        .secret = m->secret.data, .secretlen = (uint32_t)m->secret.len,
        .ad = m->ad.data, .adlen = (uint32_t)m->ad.len,
    };
    blocks = blake2b_argon2_memory_blocks(&p);
    memory = blake2b_argon2_memory_alloc(blocks);
    if (memory == NULL)
        f_fail("model: no memory for %u blocks", blocks);
    blake2b_argon2_h0(h0, &p, generic->compress);
    blake2b_argon2_run(out, &p, h0, memory, generic);
    blake2b_argon2_memory_free(memory, blocks);
    if (m->early_clean) {
        m->pass.len = 0;
        m->secret.len = 0;
    }
    return 1;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    f_providers_load(&provider, 1);
    for (int t = 0; t < 3; t++)
        if ((kdfs[t] = EVP_KDF_fetch(provider.libctx, kdf_names[t], F_PROPQ))
            == NULL)
            f_fail("fetch %s", kdf_names[t]);
    ERR_clear_error();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct f_in in = { data, size };
    int type = f_byte(&in) % 3;
    EVP_KDF_CTX *ctx = EVP_KDF_CTX_new(kdfs[type]);
    struct model m;
    static struct param_set set;
    static uint8_t want[MAX_OUT], got[MAX_OUT];

    if (ctx == NULL)
        f_fail("new %s", kdf_names[type]);
    model_reset(&m);
    for (int op = 0; op < MAX_OPS && in.n > 0; op++) {
        uint8_t code = f_byte(&in);

        build(&in, &set);
        if (code % 5 == 0) {
            int expect = model_set(&m, &set);
            int ok = EVP_KDF_CTX_set_params(ctx, set.params) == 1;

            if (ok != expect)
                f_fail("set_params: %d, the model %d", ok, expect);
            if (!ok)
                f_expect_error("set_params");
        } else if (code % 5 <= 2) {
            size_t outlen = outlens[f_byte(&in) % OUTLENS];
            int expect = model_derive(&m, type, &set, outlen, want);
            int ok;

            if (expect < 0) {
                if (EVP_KDF_CTX_set_params(ctx, set.params) != 1)
                    f_fail("set_params of a derive's parameters refused");
                continue;
            }
            ok = EVP_KDF_derive(ctx, got, outlen, set.params) == 1;
            if (ok != expect)
                f_fail("%s derive of %zu bytes: %d, the model %d",
                       kdf_names[type], outlen, ok, expect);
            if (!ok)
                f_expect_error("derive");
            else if (memcmp(got, want, outlen) != 0)
                f_fail("%s derive of %zu bytes: not the core's tag",
                       kdf_names[type], outlen);
        } else if (code % 5 == 3) {
            EVP_KDF_CTX *copy = EVP_KDF_CTX_dup(ctx);

            if (copy == NULL)
                f_fail("dup");
            EVP_KDF_CTX_free(ctx);
            ctx = copy;
        } else {
            EVP_KDF_CTX_reset(ctx);
            model_reset(&m);
        }
    }
    EVP_KDF_CTX_free(ctx);
    return 0;
}
