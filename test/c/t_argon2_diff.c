/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Differential test of blake2neon's ARGON2D, ARGON2I and ARGON2ID.
 *
 *   t_argon2_diff MODULE_DIR DATA_DIR [STEPS [SEED]]
 *
 * 1. Every set of argon2-random.txt (tags from libargon2) with its
 *    parameters in random order, in random encodings (unsigned and signed
 *    integers of 4 and 8 bytes, doubles), split at random between
 *    EVP_KDF_CTX_set_params and derive's own params, sometimes on threads,
 *    sometimes with early_clean: the file's tag every time.
 * 2. Random sequences of set_params, derive (with and without params,
 *    with `size` or an output length that overrides it), reset, dup and
 *    new contexts on reused contexts, with valid and invalid values and
 *    types (negative, too large, a string for a number, a string for
 *    bytes, no data, a short salt, early_clean and a second derive),
 *    compared call for call -- success or failure, and the bytes -- with
 *    the default provider in a second library context where it has
 *    Argon2 (OpenSSL 3.2+), and on every version with a model of that
 *    provider's rules (OpenSSL 3.5's providers/implementations/kdfs/
 *    argon2.c, read not copied: parameters taken in a fixed order, each
 *    applied until one fails; early_clean empties the password and the
 *    secret once hashed; derive's length overrides `size` unless derive's
 *    params hold `size`; reset restores the defaults). The model decodes
 *    values with libcrypto's own OSSL_PARAM_get_uint32 and
 *    _get_octet_string, as the default provider does, and takes its bytes
 *    from libargon2 when the build has it. On 3.2+ the model is checked
 *    against the default provider too.
 * 3. threads > 1: the default provider refuses it unless the application
 *    gave libcrypto a thread pool (OSSL_set_max_threads; here 64 in its
 *    context); blake2neon runs its lanes on the C library's threads
 *    whatever the pool, by design. Asserted separately, both ways.
 *
 * The seed is printed; BLAKE2NEON_ARGON2_SEED or argv[4] replays it.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#if OPENSSL_VERSION_NUMBER >= 0x30200000L
#include <openssl/thread.h>
#endif
#ifdef BLAKE2NEON_HAVE_LIBARGON2
#include <argon2.h>
#endif

#include "t_argon2.h"

enum { POOL_THREADS = 64, MAX_OUT = 200, SLOTS = 6 };

static OSSL_LIB_CTX *our_ctx, *def_ctx;
static EVP_KDF *our_kdf[3], *def_kdf[3];
static int have_default;        /* the default provider has ARGON2* */
static struct t_rng rng;
static unsigned long step;
static unsigned long n_derived, n_refused, n_model_bytes;

/* ------------------------------------------------------------------ */
/* The model of the default provider's Argon2 context.                */

struct bytes {
    int set;                    /* OpenSSL's pointer is not NULL */
    uint8_t b[T_A2_MAX_BYTES];
    size_t len;
};

struct model {
    int type;
    uint32_t outlen, iter, memcost, lanes, threads, version, early_clean;
    struct bytes pass, salt, secret, ad;
};

static void model_reset(struct model *m, int type)
{
    memset(m, 0, sizeof(*m));
    m->type = type;
    m->outlen = 64;
    m->iter = 3;
    m->memcost = 8;
    m->lanes = 1;
    m->threads = 1;
    m->version = 0x13;
}

/* An octet-string parameter as the default provider takes it: no data
 * pointer is refused with the old value kept; otherwise the old value
 * goes first, whatever follows. */
static int model_bytes(struct bytes *b, const OSSL_PARAM *p, size_t min)
{
    void *val = NULL;
    size_t len = 0;

    if (p->data == NULL)
        return 0;
    b->set = 0;
    b->len = 0;
    if (!OSSL_PARAM_get_octet_string(p, &val, 0, &len))
        return 0;
    if (len < min || len > T_A2_MAX_BYTES) {
        OPENSSL_free(val);
        return 0;
    }
    memcpy(b->b, val, len);
    b->len = len;
    b->set = 1;
    OPENSSL_free(val);
    return 1;
}

/* 1 if params names one of the KDF's parameters twice. */
static int repeats_a_name(const OSSL_PARAM *params)
{
    static const char *const known[] = {
        "pass", "salt", "secret", "ad", "size", "iter", "threads", "lanes",
        "memcost", "early_clean", "version", "properties",
    };

    for (size_t n = 0; n < sizeof(known) / sizeof(known[0]); n++) {
        const OSSL_PARAM *first = OSSL_PARAM_locate_const(params, known[n]);

        if (first != NULL && OSSL_PARAM_locate_const(first + 1, known[n]) != NULL)
            return 1;
    }
    return 0;
}

static int model_set(struct model *m, const OSSL_PARAM *params)
{
    const OSSL_PARAM *p;
    uint32_t u;

    if (params == NULL || params[0].key == NULL)
        return 1;
    /* 3.6 and later decode the array first and refuse a name given twice;
     * before, the first of the two is taken. */
    if (OpenSSL_version_num() >= 0x30600000L && repeats_a_name(params))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, "pass")) != NULL
        && !model_bytes(&m->pass, p, 0))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, "salt")) != NULL
        && !model_bytes(&m->salt, p, 8))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, "secret")) != NULL
        && !model_bytes(&m->secret, p, 0))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, "ad")) != NULL
        && !model_bytes(&m->ad, p, 0))
        return 0;
#define U32(name, test, field)                                           \
    if ((p = OSSL_PARAM_locate_const(params, name)) != NULL) {           \
        if (!OSSL_PARAM_get_uint32(p, &u) || !(test))                    \
            return 0;                                                    \
        m->field = u;                                                    \
    }
    U32("size", u >= 4, outlen)
    U32("iter", u >= 1, iter)
    U32("threads", u >= 1 && u <= 0xffffff, threads)
    U32("lanes", u >= 1 && u <= 0xffffff, lanes)
    U32("memcost", u >= 8, memcost)
    U32("early_clean", 1, early_clean)
    U32("version", u == 0x10 || u == 0x13, version)
#undef U32
    if (m->early_clean)
        m->early_clean = 1;
    if ((p = OSSL_PARAM_locate_const(params, "properties")) != NULL
        && p->data_type != OSSL_PARAM_UTF8_STRING)
        return 0;
    return 1;
}

/*
 * Derive as the default provider would. Returns 1 on success, with the
 * tag in out if *have_bytes (libargon2 at hand).
 */
static int model_derive(struct model *m, size_t outlen,
                        const OSSL_PARAM *params, uint8_t *out,
                        int *have_bytes)
{
    *have_bytes = 0;
    if (!model_set(m, params))
        return 0;
    if (!m->salt.set || m->salt.len == 0)
        return 0;
    if (outlen != m->outlen) {
        if (params != NULL
            && OSSL_PARAM_locate_const(params, "size") != NULL)
            return 0;
        if ((uint32_t)outlen < 4)
            return 0;
        m->outlen = (uint32_t)outlen;
    }
    if (m->threads > 1 && (m->threads > POOL_THREADS
                           || m->threads > m->lanes))
        return 0;
    if (m->memcost / 8 < m->lanes)
        return 0;
#ifdef BLAKE2NEON_HAVE_LIBARGON2
    {
        /* Copies: libargon2 may clear what it is given. */
        static uint8_t pw[T_A2_MAX_BYTES], se[T_A2_MAX_BYTES];
        argon2_context c;
        int rc;

        memcpy(pw, m->pass.b, m->pass.len);
        memcpy(se, m->secret.b, m->secret.len);
        memset(&c, 0, sizeof(c));
        c.out = out;
        c.outlen = m->outlen;
        c.pwd = m->pass.len ? pw : NULL;
        c.pwdlen = (uint32_t)m->pass.len;
        c.salt = m->salt.b;
        c.saltlen = (uint32_t)m->salt.len;
        c.secret = m->secret.len ? se : NULL;
        c.secretlen = (uint32_t)m->secret.len;
        c.ad = m->ad.len ? m->ad.b : NULL;
        c.adlen = (uint32_t)m->ad.len;
        c.t_cost = m->iter;
        c.m_cost = m->memcost;
        c.lanes = m->lanes;
        c.threads = 1;
        c.version = m->version;
        rc = argon2_ctx(&c, (argon2_type)m->type);
        if (T_CHECK(rc == ARGON2_OK, "step %lu: libargon2 refuses what "
                    "OpenSSL takes: %s", step, argon2_error_message(rc)))
            *have_bytes = 1;
    }
#else
    (void)out;
#endif
    if (m->early_clean) {
        m->pass.len = 0;
        m->secret.len = 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ */
/* Random parameters.                                                  */

static const char *const names[] = {
    "pass", "salt", "secret", "ad", "size", "iter", "threads", "lanes",
    "memcost", "early_clean", "version", "properties",
};
enum { NNAMES = sizeof(names) / sizeof(names[0]) };

static void random_bytes(uint8_t *b, size_t len)
{
    t_rng_fill(&rng, b, len);
}

/* A valid value of a number parameter, near the ranges that derive. */
static uint64_t valid_value(const char *name)
{
    static const uint32_t sizes[] = { 4, 5, 32, 63, 64, 65, 66, 128, 129 };

    if (strcmp(name, "size") == 0)
        return t_rng_below(&rng, 2) ? sizes[t_rng_below(&rng, 9)]
                                    : 4 + t_rng_below(&rng, MAX_OUT - 3);
    if (strcmp(name, "iter") == 0)
        return 1 + t_rng_below(&rng, 3);
    if (strcmp(name, "threads") == 0)
        return 1 + t_rng_below(&rng, t_rng_below(&rng, 2) ? 1 : 8);
    if (strcmp(name, "lanes") == 0)
        return 1 + t_rng_below(&rng, t_rng_below(&rng, 2) ? 1 : 8);
    if (strcmp(name, "memcost") == 0)
        return 8 + t_rng_below(&rng, t_rng_below(&rng, 2) ? 64 : 600);
    if (strcmp(name, "early_clean") == 0)
        return t_rng_below(&rng, 3) ? t_rng_below(&rng, 2) : 0xffffffffu;
    /* version */
    return t_rng_below(&rng, 2) ? 0x13 : 0x10;
}

/*
 * An invalid value, or a valid one no derive here can take (2^24 - 1
 * lanes or threads: memcost stays under 8 * lanes). Never a valid iter
 * or memcost in the millions, which a derive would spend minutes or
 * gigabytes on (t_argon2_memory asks for those).
 */
static uint64_t odd_value(const char *name)
{
    static const uint64_t counts[] = {
        0, 0xffffff, 0x1000000, 0x7fffffff, 0x80000000u, 0xffffffffu,
    };
    static const uint64_t versions[] = {
        0, 1, 0x12, 0x14, 0x130, 0xffffffffu,
    };

    if (strcmp(name, "iter") == 0)
        return 0;
    if (strcmp(name, "memcost") == 0)
        return t_rng_below(&rng, 8);
    if (strcmp(name, "size") == 0)
        return t_rng_below(&rng, 2) ? t_rng_below(&rng, 4) : 0xffffffffu;
    if (strcmp(name, "version") == 0)
        return versions[t_rng_below(&rng, 6)];
    /* lanes, threads, early_clean */
    return counts[t_rng_below(&rng, 6)];
}

/* Add a number in a random encoding; sometimes one that must fail. */
static void add_number(struct t_a2_params *ps, const char *name,
                       uint64_t v, int odd_encodings)
{
    size_t r = t_rng_below(&rng, odd_encodings ? 14 : 10);

    switch (r) {
    case 0: case 1: case 2: case 3:
        t_a2_add_uint(ps, name, v, 4);
        break;
    case 4: case 5:
        t_a2_add_uint(ps, name, v, 8);
        break;
    case 6: case 7:
        t_a2_add_int(ps, name, (int64_t)v, 8);
        break;
    case 8:
        /* Values of 2^31 and up are negative as 32-bit signed. */
        t_a2_add_int(ps, name, (int64_t)(int32_t)(uint32_t)v, 4);
        break;
    case 9: {
        double d = (double)v;
        OSSL_PARAM *p;

        t_a2_add_uint(ps, name, 0, 8);
        p = &ps->p[ps->n - 1];
        memcpy(p->data, &d, sizeof(d));
        p->data_type = OSSL_PARAM_REAL;
        p->data_size = sizeof(d);
        break;
    }
    case 10:
        t_a2_add_uint(ps, name, v + (UINT64_C(1) << 32), 8);
        break;
    case 11:
        t_a2_add_int(ps, name, -(int64_t)(1 + t_rng_below(&rng, 3)), 8);
        break;
    case 12: {
        char text[24];

        snprintf(text, sizeof(text), "%llu", (unsigned long long)v);
        t_a2_add_utf8(ps, name, text);
        break;
    }
    default:
        t_a2_add_int(ps, name, INT32_MIN, 4);
        break;
    }
}

static void add_octets(struct t_a2_params *ps, const char *name, int odd)
{
    uint8_t b[100];
    size_t len;
    int salt = strcmp(name, "salt") == 0;

    len = salt ? 8 + t_rng_below(&rng, 57)
               : (t_rng_below(&rng, 4) == 0 ? 0 : t_rng_below(&rng, 101));
    random_bytes(b, sizeof(b));
    if (odd) {
        switch (t_rng_below(&rng, salt ? 4 : 3)) {
        case 0:
            t_a2_add_octets(ps, name, NULL, 0);
            return;
        case 1: {
            char text[9];

            memcpy(text, "saltsalt", 9);
            t_a2_add_utf8(ps, name, text);
            return;
        }
        case 2:
            t_a2_add_octets(ps, name, b, 0);
            return;
        default:
            t_a2_add_octets(ps, name, b, t_rng_below(&rng, 8));
            return;
        }
    }
    t_a2_add_octets(ps, name, b, len);
}

static void add_param(struct t_a2_params *ps, const char *name, int odd)
{
    if (strcmp(name, "pass") == 0 || strcmp(name, "salt") == 0
        || strcmp(name, "secret") == 0 || strcmp(name, "ad") == 0) {
        add_octets(ps, name, odd);
    } else if (strcmp(name, "properties") == 0) {
        if (odd)
            t_a2_add_octets(ps, name, (const uint8_t *)"x", 1);
        else
            t_a2_add_utf8(ps, name,
                          t_rng_below(&rng, 2) ? "" : "provider=default");
    } else {
        add_number(ps, name, odd && t_rng_below(&rng, 2)
                                 ? odd_value(name) : valid_value(name), odd);
    }
}

/* A random subset of the parameters in random order; some odd. */
static void random_params(struct t_a2_params *ps, int odd_rate)
{
    size_t order[NNAMES];
    size_t n = 1 + t_rng_below(&rng, 5);

    t_a2_params_init(ps);
    for (size_t i = 0; i < NNAMES; i++)
        order[i] = i;
    for (size_t i = NNAMES - 1; i > 0; i--) {
        size_t j = t_rng_below(&rng, i + 1), t = order[i];

        order[i] = order[j];
        order[j] = t;
    }
    for (size_t i = 0; i < n; i++)
        add_param(ps, names[order[i]],
                  odd_rate > 0 && t_rng_below(&rng, (size_t)odd_rate) == 0);
    /* Now and then a name twice: OpenSSL 3.5 and earlier take the first,
     * 3.6 and later refuse the array. */
    if (t_rng_below(&rng, 25) == 0)
        add_param(ps, names[order[0]], 1);
}

/* Every parameter a derive needs, valid, in random order and encodings. */
static void full_params(struct t_a2_params *ps, const struct t_a2_vec *v)
{
    size_t order[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };

    t_a2_params_init(ps);
    for (size_t i = 7; i > 0; i--) {
        size_t j = t_rng_below(&rng, i + 1), t = order[i];

        order[i] = order[j];
        order[j] = t;
    }
    for (size_t i = 0; i < 8; i++) {
        switch (order[i]) {
        case 0: t_a2_add_octets(ps, "pass", v->pass, v->passlen); break;
        case 1: t_a2_add_octets(ps, "salt", v->salt, v->saltlen); break;
        case 2: t_a2_add_octets(ps, "secret", v->secret, v->secretlen); break;
        case 3: t_a2_add_octets(ps, "ad", v->ad, v->adlen); break;
        case 4: add_number(ps, "iter", v->iter, 0); break;
        case 5: add_number(ps, "memcost", v->memcost, 0); break;
        case 6: add_number(ps, "lanes", v->lanes, 0); break;
        default: add_number(ps, "version", v->version, 0); break;
        }
    }
}

/* ------------------------------------------------------------------ */
/* 1. The random sets of argon2-random.txt.                            */

static void check_random_file(const char *data_dir)
{
    struct t_data d;
    struct t_a2_vec v;
    unsigned long n = 0;

    if (!t_data_open(&d, data_dir, "argon2-random.txt"))
        return;
    while (t_data_next(&d)) {
        EVP_KDF_CTX *ctx;
        struct t_a2_params all, first, rest;
        uint8_t out[T_A2_MAX_BYTES];
        size_t split;
        int ok, early = t_rng_below(&rng, 3) == 0;

        if (!t_a2_parse(&d, &v) || v.refuse != T_A2_OK)
            continue;
        ctx = EVP_KDF_CTX_new(our_kdf[t_a2_type_index(v.type)]);
        if (!T_CHECK(ctx != NULL, "EVP_KDF_CTX_new"))
            break;
        full_params(&all, &v);
        if (t_rng_below(&rng, 2))
            add_number(&all, "threads", 1 + t_rng_below(&rng, v.lanes), 0);
        if (early)
            add_number(&all, "early_clean", 1, 0);
        /* Some to set_params, the rest to derive. */
        split = t_rng_below(&rng, all.n + 1);
        t_a2_params_init(&first);
        t_a2_params_init(&rest);
        for (size_t i = 0; i < all.n; i++) {
            struct t_a2_params *to = i < split ? &first : &rest;

            to->p[to->n] = all.p[i];
            memcpy(to->store[to->n], all.store[i], T_A2_MAX_BYTES);
            to->p[to->n].data = to->store[to->n];
            to->n++;
        }
        ok = EVP_KDF_CTX_set_params(ctx, t_a2_params_get(&first, 0))
             && EVP_KDF_derive(ctx, out, v.outlen,
                               t_a2_params_get(&rest, t_rng_below(&rng, 2)));
        if (T_CHECK(ok, "argon2-random.txt:%lu: derive", d.lineno)
            && !T_SAME(out, v.tag, v.outlen, "argon2-random.txt:%lu: "
                       "libargon2's tag (%zu params set, %zu in derive%s)",
                       d.lineno, split, all.n - split,
                       early ? ", early_clean" : ""))
            t_a2_print("#   inputs: ", &v);
        /* The same context again, nothing new: the same tag, unless
         * early_clean emptied a password or secret that was not empty. */
        if (ok && !(early && (v.passlen || v.secretlen))) {
            uint8_t again[T_A2_MAX_BYTES];

            if (T_CHECK(EVP_KDF_derive(ctx, again, v.outlen, NULL),
                        "argon2-random.txt:%lu: second derive", d.lineno))
                T_SAME(again, v.tag, v.outlen, "argon2-random.txt:%lu: "
                       "second derive", d.lineno);
        }
        ERR_clear_error();
        EVP_KDF_CTX_free(ctx);
        n++;
    }
    t_data_close(&d);
    T_CHECK(n >= 100, "argon2-random.txt: %lu sets", n);
    t_note("argon2-random.txt: %lu sets, each in random encodings, order "
           "and split: libargon2's tags", n);
}

/* ------------------------------------------------------------------ */
/* 2. Random sequences, compared.                                      */

struct slot {
    int type;
    EVP_KDF_CTX *ours, *def;
    struct model m;
};

static void slot_new(struct slot *s, int type)
{
    s->type = type;
    s->ours = EVP_KDF_CTX_new(our_kdf[type]);
    s->def = have_default ? EVP_KDF_CTX_new(def_kdf[type]) : NULL;
    model_reset(&s->m, type);
    if (s->ours == NULL || (have_default && s->def == NULL)) {
        printf("EVP_KDF_CTX_new failed\n");
        exit(EXIT_FAILURE);
    }
}

static void slot_free(struct slot *s)
{
    EVP_KDF_CTX_free(s->ours);
    EVP_KDF_CTX_free(s->def);
}

static void print_params(const char *what, const OSSL_PARAM *p)
{
    printf("#   %s:", what);
    for (; p != NULL && p->key != NULL; p++) {
        printf(" %s=", p->key);
        if (p->data == NULL) {
            printf("(no data)");
        } else if (p->data_type == OSSL_PARAM_OCTET_STRING) {
            printf("bytes[%zu]:", p->data_size);
            t_print_hex(stdout, p->data, p->data_size);
        } else if (p->data_type == OSSL_PARAM_UTF8_STRING) {
            printf("utf8'%.*s'", (int)p->data_size, (const char *)p->data);
        } else if (p->data_type == OSSL_PARAM_REAL) {
            double d;

            memcpy(&d, p->data, sizeof(d));
            printf("real:%.17g", d);
        } else if (p->data_size == 4) {
            uint32_t u;

            memcpy(&u, p->data, 4);
            printf("%s32:%lld", p->data_type == OSSL_PARAM_INTEGER ? "int"
                                                                   : "uint",
                   p->data_type == OSSL_PARAM_INTEGER
                       ? (long long)(int32_t)u : (long long)u);
        } else {
            uint64_t u;

            memcpy(&u, p->data, 8);
            if (p->data_type == OSSL_PARAM_INTEGER)
                printf("int64:%lld", (long long)(int64_t)u);
            else
                printf("uint64:%llu", (unsigned long long)u);
        }
    }
    printf("\n");
}

static void print_model(const struct model *m)
{
    printf("#   state before (model): %s outlen %u iter %u memcost %u "
           "lanes %u threads %u version 0x%x early_clean %u pass %s%zu "
           "salt %s%zu secret %s%zu ad %s%zu\n", t_a2_names[m->type],
           (unsigned)m->outlen, (unsigned)m->iter, (unsigned)m->memcost,
           (unsigned)m->lanes, (unsigned)m->threads, (unsigned)m->version,
           (unsigned)m->early_clean, m->pass.set ? "" : "unset/",
           m->pass.len, m->salt.set ? "" : "unset/", m->salt.len,
           m->secret.set ? "" : "unset/", m->secret.len,
           m->ad.set ? "" : "unset/", m->ad.len);
}

/* A failure of ours must say why. */
static void check_queued(int ret, const char *what)
{
    if (!ret)
        T_CHECK(ERR_peek_error() != 0, "step %lu: %s failed with no error "
                "queued", step, what);
    ERR_clear_error();
}

static void op_set(struct slot *s)
{
    struct t_a2_params ps;
    struct model before = s->m;
    int ours, def = 0, model;

    random_params(&ps, 4);
    ours = EVP_KDF_CTX_set_params(s->ours, t_a2_params_get(&ps, 0));
    check_queued(ours, "set_params");
    if (have_default) {
        def = EVP_KDF_CTX_set_params(s->def, t_a2_params_get(&ps, 0));
        ERR_clear_error();
    }
    model = model_set(&s->m, t_a2_params_get(&ps, 0));
    if (have_default) {
        /* Both checks run, so a wrong model shows beside a mismatch. */
        int good = T_CHECK(ours == def, "step %lu: %s set_params: ours %d, "
                           "default %d", step, t_a2_names[s->type], ours,
                           def);

        good &= T_CHECK(model == def, "step %lu: %s set_params: model %d, "
                        "default %d (the test's model is wrong)", step,
                        t_a2_names[s->type], model, def);
        if (!good) {
            print_model(&before);
            print_params("params", ps.p);
        }
    } else if (!T_CHECK(ours == model, "step %lu: %s set_params: ours %d, "
                        "OpenSSL's rules %d", step, t_a2_names[s->type],
                        ours, model)) {
        print_model(&before);
        print_params("params", ps.p);
    }
}

static void op_derive(struct slot *s)
{
    struct t_a2_params ps;
    OSSL_PARAM *params = NULL;
    struct model before = s->m;
    uint8_t a[MAX_OUT + 8], b[MAX_OUT + 8], c[MAX_OUT + 8];
    size_t outlen;
    int ours, def = 0, model, have_bytes;
    size_t r = t_rng_below(&rng, 10);

    /* Usually the length set (or 64); else any, or too short. */
    if (r < 5)
        outlen = s->m.outlen <= MAX_OUT ? s->m.outlen : 64;
    else if (r < 9)
        outlen = 4 + t_rng_below(&rng, MAX_OUT - 3);
    else
        outlen = t_rng_below(&rng, 4);
    if (t_rng_below(&rng, 3) == 0) {
        random_params(&ps, 8);
        params = t_a2_params_get(&ps, 0);
    }
    memset(a, 0, sizeof(a));
    memset(b, 0, sizeof(b));
    memset(c, 0, sizeof(c));
    ours = EVP_KDF_derive(s->ours, a, outlen, params);
    check_queued(ours, "derive");
    if (have_default) {
        def = EVP_KDF_derive(s->def, b, outlen, params);
        ERR_clear_error();
    }
    model = model_derive(&s->m, outlen, params, c, &have_bytes);
    if (have_default) {
        int good = T_CHECK(ours == def, "step %lu: %s derive(%zu): ours %d, "
                           "default %d", step, t_a2_names[s->type], outlen,
                           ours, def);

        good &= T_CHECK(model == def, "step %lu: %s derive(%zu): model %d, "
                        "default %d (the test's model is wrong)", step,
                        t_a2_names[s->type], outlen, model, def);
        if (good && ours)
            good &= T_SAME(a, b, outlen, "step %lu: %s derive(%zu): ours "
                           "against the default's", step,
                           t_a2_names[s->type], outlen);
        if (good && def && have_bytes)
            good &= T_SAME(c, b, outlen, "step %lu: %s derive(%zu): "
                           "libargon2 against the default's", step,
                           t_a2_names[s->type], outlen);
        if (!good) {
            print_model(&before);
            print_params("derive params", params);
        }
    } else {
        int good = T_CHECK(ours == model, "step %lu: %s derive(%zu): ours "
                           "%d, OpenSSL's rules %d", step,
                           t_a2_names[s->type], outlen, ours, model);

        if (good && ours && have_bytes)
            good &= T_SAME(a, c, outlen, "step %lu: %s derive(%zu): ours "
                           "against libargon2's", step, t_a2_names[s->type],
                           outlen);
        if (!good) {
            print_model(&before);
            print_params("derive params", params);
        }
    }
    if (ours)
        n_derived++;
    else
        n_refused++;
    if (have_bytes)
        n_model_bytes++;
}

/* Everything a derive needs, valid: so that many derives succeed. */
static void op_fill(struct slot *s)
{
    struct t_a2_vec v;
    struct t_a2_params ps;
    int ours, def = 1, model;

    memset(&v, 0, sizeof(v));
    v.passlen = t_rng_below(&rng, 4) == 0 ? 0 : t_rng_below(&rng, 65);
    v.saltlen = 8 + t_rng_below(&rng, 57);
    v.secretlen = t_rng_below(&rng, 2) ? 0 : t_rng_below(&rng, 65);
    v.adlen = t_rng_below(&rng, 2) ? 0 : t_rng_below(&rng, 65);
    random_bytes(v.pass, v.passlen);
    random_bytes(v.salt, v.saltlen);
    random_bytes(v.secret, v.secretlen);
    random_bytes(v.ad, v.adlen);
    v.iter = (uint32_t)valid_value("iter");
    v.lanes = (uint32_t)valid_value("lanes");
    v.memcost = 8 * v.lanes + (uint32_t)t_rng_below(&rng, 300);
    v.version = (uint32_t)valid_value("version");
    full_params(&ps, &v);
    ours = EVP_KDF_CTX_set_params(s->ours, t_a2_params_get(&ps, 0));
    if (have_default)
        def = EVP_KDF_CTX_set_params(s->def, t_a2_params_get(&ps, 0));
    model = model_set(&s->m, t_a2_params_get(&ps, 0));
    T_CHECK(ours && def && model, "step %lu: valid params: ours %d, "
            "default %d, model %d", step, ours, def, model);
    ERR_clear_error();
}

static void op_reset(struct slot *s)
{
    EVP_KDF_CTX_reset(s->ours);
    if (have_default)
        EVP_KDF_CTX_reset(s->def);
    model_reset(&s->m, s->type);
}

static int our_dup_works = -1, def_dup_works = -1;

static void op_dup(struct slot *s)
{
    EVP_KDF_CTX *ours = EVP_KDF_CTX_dup(s->ours);
    EVP_KDF_CTX *def = have_default ? EVP_KDF_CTX_dup(s->def) : NULL;

    ERR_clear_error();
    our_dup_works = ours != NULL;
    if (have_default)
        def_dup_works = def != NULL;
    /* Where one side has no dup, the other goes on with its context. */
    if (ours != NULL) {
        EVP_KDF_CTX_free(s->ours);
        s->ours = ours;
    }
    if (def != NULL) {
        EVP_KDF_CTX_free(s->def);
        s->def = def;
    }
}

static void run_sequences(unsigned long steps)
{
    struct slot slots[SLOTS];

    for (int i = 0; i < SLOTS; i++) {
        slot_new(&slots[i], i % 3);
        op_fill(&slots[i]);
    }
    for (step = 1; step <= steps; step++) {
        struct slot *s = &slots[t_rng_below(&rng, SLOTS)];
        size_t r = t_rng_below(&rng, 100);

        if (r < 30)
            op_set(s);
        else if (r < 70)
            op_derive(s);
        else if (r < 82)
            op_fill(s);
        else if (r < 90)
            op_reset(s);
        else if (r < 96)
            op_dup(s);
        else {
            slot_free(s);
            slot_new(s, (int)t_rng_below(&rng, 3));
        }
    }
    for (int i = 0; i < SLOTS; i++)
        slot_free(&slots[i]);
    t_note("%lu steps: %lu derives succeeded, %lu refused; %lu tags also "
           "from libargon2; dup: ours %s, default's %s", steps, n_derived,
           n_refused, n_model_bytes,
           our_dup_works < 0 ? "not tried" : our_dup_works ? "works"
                                                           : "refused",
           def_dup_works < 0 ? "not compared" : def_dup_works ? "works"
                                                              : "refused");
    /* A run where (almost) nothing derives tests nothing. */
    T_CHECK(n_derived >= steps / 25 && n_refused >= steps / 50,
            "%lu derives succeeded and %lu refused in %lu steps: too few",
            n_derived, n_refused, steps);
}

/* ------------------------------------------------------------------ */
/* 3. threads > 1, libcrypto's pool or not.                            */

static void check_threads(void)
{
    /* With room for the NULs; 8 bytes of each are given. */
    static const uint8_t pass[9] = "password", salt[9] = "somesalt";
    struct t_a2_params ps;
    uint8_t one[32], four[32];
    uint32_t n;

    t_a2_params_init(&ps);
    t_a2_add_octets(&ps, "pass", pass, 8);
    t_a2_add_octets(&ps, "salt", salt, 8);
    t_a2_add_uint(&ps, "lanes", 4, 4);
    t_a2_add_uint(&ps, "memcost", 64, 4);
    t_a2_add_uint(&ps, "threads", 1, 4);
    for (int type = 0; type < 3; type++) {
        EVP_KDF_CTX *c = EVP_KDF_CTX_new(our_kdf[type]);
        int ok1, ok4;

        n = 1;
        memcpy(ps.p[4].data, &n, 4);
        ok1 = EVP_KDF_derive(c, one, 32, t_a2_params_get(&ps, 0));
        n = 4;
        memcpy(ps.p[4].data, &n, 4);
        ok4 = EVP_KDF_derive(c, four, 32, t_a2_params_get(&ps, 0));
        /* By design: no thread pool asked for, threads still run. */
        if (T_CHECK(ok1 && ok4, "%s: ours with threads 1 and 4, no thread "
                    "pool: %d %d", t_a2_names[type], ok1, ok4))
            T_SAME(four, one, 32, "%s: threads 4 and 1 give one tag",
                   t_a2_names[type]);
        EVP_KDF_CTX_free(c);
        if (!have_default)
            continue;
#if OPENSSL_VERSION_NUMBER >= 0x30200000L
        {
            uint8_t def[32];
            OSSL_LIB_CTX *nopool = OSSL_LIB_CTX_new();
            OSSL_PROVIDER *p = OSSL_PROVIDER_load(nopool, "default");
            EVP_KDF *k = EVP_KDF_fetch(nopool, t_a2_names[type], NULL);
            EVP_KDF_CTX *dc = k != NULL ? EVP_KDF_CTX_new(k) : NULL;
            int ok;

            T_CHECK(dc != NULL, "default's %s in a context of its own",
                    t_a2_names[type]);
            ok = dc != NULL && EVP_KDF_derive(dc, def, 32,
                                              t_a2_params_get(&ps, 0));
            /* OpenSSL's rule, which blake2neon does not follow. */
            T_CHECK(!ok, "the default's %s derived on 4 threads with no "
                    "thread pool: its rule changed, revisit the design "
                    "note", t_a2_names[type]);
            ERR_clear_error();
            EVP_KDF_CTX_free(dc);
            EVP_KDF_free(k);
            OSSL_PROVIDER_unload(p);
            OSSL_LIB_CTX_free(nopool);
        }
        {
            uint8_t def[32];
            EVP_KDF_CTX *dc = EVP_KDF_CTX_new(def_kdf[type]);

            if (T_CHECK(dc != NULL
                        && EVP_KDF_derive(dc, def, 32,
                                          t_a2_params_get(&ps, 0)),
                        "default's %s on 4 threads of its pool",
                        t_a2_names[type]))
                T_SAME(four, def, 32, "%s on 4 threads: ours against the "
                       "default's", t_a2_names[type]);
            EVP_KDF_CTX_free(dc);
        }
#endif
    }
    ERR_clear_error();
}

int main(int argc, char **argv)
{
    OSSL_PROVIDER *our_prov, *def_prov = NULL;
    unsigned long steps = 800;
    const char *seed_text = getenv("BLAKE2NEON_ARGON2_SEED");
    uint64_t seed;
    struct t_args args;
    char *fake[3];

    if (argc >= 4) {
        steps = strtoul(argv[3], NULL, 10);
        if (argc >= 5)
            seed_text = argv[4];
    }
    fake[0] = argv[0];
    fake[1] = argc > 1 ? argv[1] : NULL;
    fake[2] = argc > 2 ? argv[2] : NULL;
    if (!t_args_parse(argc >= 3 ? 3 : argc, fake, &args))
        return EXIT_FAILURE;
    seed = seed_text != NULL && seed_text[0] != '\0'
               ? strtoull(seed_text, NULL, 0)
               : (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
    t_rng_seed(&rng, seed);

    our_ctx = t_ctx_ours(args.module_dir, &our_prov);
    if (our_ctx == NULL)
        return t_report("t_argon2_diff");
    for (int i = 0; i < 3; i++)
        if (!T_CHECK((our_kdf[i] = EVP_KDF_fetch(our_ctx, t_a2_names[i],
                                                 T_PROPQ)) != NULL,
                     "fetch our %s", t_a2_names[i]))
            return t_report("t_argon2_diff");

    def_ctx = t_ctx_default(&def_prov);
    if (def_ctx != NULL) {
        have_default = 1;
        for (int i = 0; i < 3; i++)
            if ((def_kdf[i] = EVP_KDF_fetch(def_ctx, t_a2_names[i], NULL))
                == NULL)
                have_default = 0;
        ERR_clear_error();
    }
#if OPENSSL_VERSION_NUMBER >= 0x30200000L
    if (have_default)
        T_CHECK(OSSL_set_max_threads(def_ctx, POOL_THREADS),
                "OSSL_set_max_threads(%d)", POOL_THREADS);
#endif
    t_note("OpenSSL %s; seed %llu (replay: BLAKE2NEON_ARGON2_SEED=%llu), "
           "%lu steps", OpenSSL_version(OPENSSL_VERSION_STRING),
           (unsigned long long)seed, (unsigned long long)seed, steps);
    if (have_default)
        t_note("compared with the default provider's ARGON2D/I/ID (and the "
               "model with it)");
    else
        t_note("this OpenSSL's default provider has no Argon2 (it came "
               "with 3.2): ours compared with the model of OpenSSL's rules "
               "alone");
#ifdef BLAKE2NEON_HAVE_LIBARGON2
    t_note("the model's tags: libargon2");
#else
    t_note("built without libargon2: the model checks outcomes only; "
           "tags come from the default provider (3.2+) and "
           "argon2-random.txt");
#endif

    check_random_file(args.data_dir);
    run_sequences(steps);
    check_threads();

    for (int i = 0; i < 3; i++) {
        EVP_KDF_free(our_kdf[i]);
        EVP_KDF_free(def_kdf[i]);
    }
    t_ctx_free(def_ctx, def_prov);
    t_ctx_free(our_ctx, our_prov);
    return t_report("t_argon2_diff");
}
