/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Differential test: random sequences of digest calls on reused contexts,
 * run through blake2neon and through a reference, compared call for call
 * (return value, output bytes, output length, reported size).
 *
 * The reference is the default provider of the running OpenSSL where it
 * has the behaviour (3.2+: BLAKE2B-512 with a `size` parameter), in its own
 * library context; before 3.2 it is a model of blake2neon's documented
 * behaviour on that version, with the bytes from the core. The model and
 * why it is what it is: docs/testing.md, "The differential test".
 *
 *   t_diff_default MODULE_DIR DATA_DIR [STEPS [SEED]]
 *
 * The seed is printed; BLAKE2NEON_DIFF_SEED or argv[4] replays one.
 * BLAKE2BMAC is compared with the default provider on every version.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "backend.h"
#include "blake2b.h"
#include "t_ossl.h"

static const char *const md_names[4] = {
    "BLAKE2B-160", "BLAKE2B-256", "BLAKE2B-384", "BLAKE2B-512",
};
static const size_t nominal[4] = { 20, 32, 48, 64 };

/* What the running OpenSSL's EVP does, decided once from its version. */
static int ref_is_default; /* 3.2+: the default provider is the reference */
static int evp_reuses;     /* 3.1+: init with the same digest keeps algctx */

/* The random source of the whole run, and the step being run (for
 * failure messages, so a seed and step number replay any failure). */
static struct t_rng rng;
static unsigned long step;

/* ------------------------------------------------------------------ */
/* The model: what the test knows of one pair of EVP_MD_CTXs.         */

struct slot {
    EVP_MD_CTX *ours, *ref;
    int name;        /* index of the digest last given to init; -1: none */
    /*
     * Reference mode: our provider context holds the nominal size of
     * `name` as its pending size while the default's holds another (set
     * by a failed init that made us a new context), so the next init
     * without a size passes the nominal size to the default explicitly.
     */
    int stale;
    int must_init;   /* reference mode, after a failed init: see below */
    /* Model mode (before 3.2): blake2neon's state as documented. */
    int running;
    size_t pending;  /* the `size` the provider reports / next init uses */
    struct blake2b_state st;
};

static EVP_MD *our_md[4], *ref_md;

static void slot_init(struct slot *s)
{
    memset(s, 0, sizeof(*s));
    s->ours = EVP_MD_CTX_new();
    s->ref = ref_is_default ? EVP_MD_CTX_new() : NULL;
    s->name = -1;
    if (s->ours == NULL || (ref_is_default && s->ref == NULL)) {
        printf("out of memory\n");
        exit(EXIT_FAILURE);
    }
}

static void slot_free(struct slot *s)
{
    EVP_MD_CTX_free(s->ours);
    EVP_MD_CTX_free(s->ref);
}

/* A failing call of ours must say why; the reference's reasons differ. */
static void check_failure_queued(int ret, const char *what)
{
    if (!ret)
        T_CHECK(ERR_peek_error() != 0, "step %lu: %s failed with no error "
                "queued", step, what);
    ERR_clear_error();
}

/* ------------------------------------------------------------------ */
/* Sizes: a valid one, or one of the invalid kinds.                  */

enum size_kind { SZ_NONE, SZ_VALID, SZ_ZERO, SZ_65, SZ_HUGE, SZ_TEXT };

struct size_param {
    enum size_kind kind;
    size_t value;
    char text[3];
    OSSL_PARAM params[2];
};

static enum size_kind random_size_kind(int allow_none)
{
    size_t r = t_rng_below(&rng, 20);

    if (r < 8 && allow_none)
        return SZ_NONE;
    if (r < 17)
        return SZ_VALID;
    return (enum size_kind)(SZ_ZERO + t_rng_below(&rng, 4));
}

/* Build params for a size of this kind; NULL for SZ_NONE. */
static OSSL_PARAM *size_params(struct size_param *sp, enum size_kind kind,
                               size_t valid_value)
{
    sp->kind = kind;
    switch (kind) {
    case SZ_NONE:
        return NULL;
    case SZ_VALID:
        sp->value = valid_value;
        break;
    case SZ_ZERO:
        sp->value = 0;
        break;
    case SZ_65:
        sp->value = 65;
        break;
    case SZ_HUGE:
        sp->value = (size_t)-1;
        break;
    case SZ_TEXT:
        memcpy(sp->text, "32", 3);
        sp->params[0] = OSSL_PARAM_construct_utf8_string(
            OSSL_DIGEST_PARAM_SIZE, sp->text, 2);
        sp->params[1] = OSSL_PARAM_construct_end();
        return sp->params;
    }
    sp->params[0] = OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_SIZE,
                                                &sp->value);
    sp->params[1] = OSSL_PARAM_construct_end();
    return sp->params;
}

/* A valid size: often a nominal one, else any of 1..64. */
static size_t random_valid_size(void)
{
    return t_rng_below(&rng, 3) == 0 ? nominal[t_rng_below(&rng, 4)]
                                     : 1 + t_rng_below(&rng, 64);
}

/* ------------------------------------------------------------------ */
/* The operations.                                                     */

static void op_init(struct slot *s)
{
    /* NULL type: "the digest this context already has" (also with none). */
    int null_type = t_rng_below(&rng, 6) == 0;
    int n = null_type ? s->name : (int)t_rng_below(&rng, 4);
    struct size_param ours_sp, ref_sp;
    OSSL_PARAM *ours_p, *ref_p;
    enum size_kind kind = random_size_kind(1);
    size_t value = random_valid_size();
    int new_ctx, ours_ret, ref_ret;

    ours_p = size_params(&ours_sp, kind, value);
    ours_ret = EVP_DigestInit_ex2(s->ours, null_type ? NULL : our_md[n],
                                  ours_p);
    check_failure_queued(ours_ret, "init");
    if (n < 0) {
        /* No digest given and none set: EVP refuses before any provider. */
        T_CHECK(!ours_ret, "step %lu: init with no digest at all succeeded",
                step);
        return;
    }
    /* Does EVP give our provider a new context for this init? */
    new_ctx = !evp_reuses || s->name != n;

    if (ref_is_default) {
        /*
         * One default digest stands for our four, so the default's context
         * is always reused: where ours starts anew at the nominal size of
         * its name, the default is told that size explicitly.
         */
        if (kind == SZ_NONE && (new_ctx || s->stale))
            ref_p = size_params(&ref_sp, SZ_VALID, nominal[n]);
        else
            ref_p = size_params(&ref_sp, kind, value);
        ref_ret = EVP_DigestInit_ex2(s->ref, null_type ? NULL : ref_md, ref_p);
        ERR_clear_error();
        T_CHECK(ours_ret == ref_ret, "step %lu: init %s%s, size kind %d "
                "(%zu): ours %d, default %d", step, md_names[n],
                null_type ? " (NULL type)" : "", (int)kind, value, ours_ret,
                ref_ret);
        if (ours_ret) {
            s->stale = 0;
            s->must_init = 0;
        } else {
            /*
             * After a failed init the two differ in ways that are no
             * contract: ours may hold a new, empty context while the
             * default goes on with the old one, or hashes into a state
             * final wiped. The next call on this slot is an init.
             */
            if (new_ctx)
                s->stale = 1;
            s->must_init = 1;
        }
        s->name = n;
        return;
    }

    /* Model of blake2neon before 3.2. */
    if (new_ctx) {
        s->pending = nominal[n];
        s->running = 0;
    }
    s->name = n;
    if (kind != SZ_NONE && kind != SZ_VALID) {
        T_CHECK(!ours_ret, "step %lu: init %s with invalid size kind %d "
                "succeeded", step, md_names[n], (int)kind);
        return;
    }
    if (!T_CHECK(ours_ret, "step %lu: init %s, size %zu failed", step,
                 md_names[n], kind == SZ_VALID ? value : 0))
        return;
    if (kind == SZ_VALID)
        s->pending = value;
    {
        struct blake2b_params bp;

        blake2b_params_init(&bp, (uint8_t)s->pending);
        blake2b_init(&s->st, &bp, NULL);
    }
    s->running = 1;
}

static void op_set_size(struct slot *s)
{
    struct size_param sp;
    enum size_kind kind = random_size_kind(0);
    size_t value = random_valid_size();
    OSSL_PARAM *p = size_params(&sp, kind, value);
    int ours_ret = EVP_MD_CTX_set_params(s->ours, p);

    check_failure_queued(ours_ret, "set_params");
    if (ref_is_default) {
        int ref_ret = EVP_MD_CTX_set_params(s->ref, p);

        ERR_clear_error();
        T_CHECK(ours_ret == ref_ret, "step %lu: set size kind %d (%zu): ours "
                "%d, default %d", step, (int)kind, value, ours_ret, ref_ret);
        return;
    }
    if (kind == SZ_VALID) {
        if (T_CHECK(ours_ret, "step %lu: set size %zu failed", step, value))
            s->pending = value;
    } else {
        T_CHECK(!ours_ret, "step %lu: set invalid size kind %d succeeded",
                step, (int)kind);
    }
}

static void op_update(struct slot *s)
{
    static uint8_t msg[4096];
    size_t len = t_rng_below(&rng, 5) == 0 ? 0 : t_random_chunk(&rng,
                                                                sizeof(msg));
    int ours_ret;

    t_rng_fill(&rng, msg, len);
    ours_ret = EVP_DigestUpdate(s->ours, msg, len);
    /* An empty update succeeds in EVP without reaching the provider. */
    if (len > 0)
        check_failure_queued(ours_ret, "update");
    else
        ERR_clear_error();
    if (ref_is_default) {
        int ref_ret = EVP_DigestUpdate(s->ref, msg, len);

        ERR_clear_error();
        T_CHECK(ours_ret == ref_ret, "step %lu: update of %zu bytes: ours "
                "%d, default %d", step, len, ours_ret, ref_ret);
        return;
    }
    T_CHECK(ours_ret == (s->running || len == 0), "step %lu: update of %zu "
            "bytes %s: returned %d", step, len,
            s->running ? "while running" : "with nothing running", ours_ret);
    if (s->running)
        blake2b_update(&s->st, msg, len, blake2b_compress_generic);
}

/* EVP_MD_CTX_get_size and the `size` parameter, compared. */
static void compare_sizes(struct slot *s, const char *when)
{
    int ours_size = EVP_MD_CTX_get_size(s->ours);
    size_t ours_param = t_md_ctx_size(s->ours);

    ERR_clear_error();
    if (ref_is_default) {
        int ref_size = EVP_MD_CTX_get_size(s->ref);
        size_t ref_param = t_md_ctx_size(s->ref);

        ERR_clear_error();
        T_CHECK(ours_size == ref_size && ours_param == ref_param,
                "step %lu: %s: EVP_MD_CTX_get_size ours %d, default %d; "
                "size param ours %zu, default %zu", step, when, ours_size,
                ref_size, ours_param, ref_param);
        return;
    }
    /* Before 3.2, EVP answers the algorithm's size; `size` the pending. */
    T_CHECK(ours_size == (int)nominal[s->name] && ours_param == s->pending,
            "step %lu: %s: EVP_MD_CTX_get_size %d (want %zu), size param "
            "%zu (want %zu)", step, when, ours_size, nominal[s->name],
            ours_param, s->pending);
}

static void op_final(struct slot *s)
{
    uint8_t ours_out[64], ref_out[64];
    unsigned int ours_len = 0, ref_len = 0;
    int ours_ret = EVP_DigestFinal_ex(s->ours, ours_out, &ours_len);

    check_failure_queued(ours_ret, "final");
    if (ref_is_default) {
        int ref_ret = EVP_DigestFinal_ex(s->ref, ref_out, &ref_len);

        ERR_clear_error();
        if (T_CHECK(ours_ret == ref_ret && (!ours_ret || ours_len == ref_len),
                    "step %lu: final: ours %d (%u bytes), default %d "
                    "(%u bytes)", step, ours_ret, ours_len, ref_ret, ref_len)
            && ours_ret)
            T_SAME(ours_out, ref_out, ours_len, "step %lu: final, %s", step,
                   md_names[s->name]);
    } else {
        /* Before 3.2 final is offered the algorithm's size only. */
        int fits = s->running && s->st.outlen <= nominal[s->name];

        if (T_CHECK(ours_ret == fits && (!fits || ours_len == s->st.outlen),
                    "step %lu: final (%s, running size %zu): returned %d, "
                    "%u bytes", step, md_names[s->name],
                    s->running ? (size_t)s->st.outlen : 0, ours_ret, ours_len)
            && fits) {
            uint8_t want[64];
            size_t len = s->st.outlen;

            blake2b_final(&s->st, want, blake2b_compress_generic);
            T_SAME(ours_out, want, len, "step %lu: final, %s", step,
                   md_names[s->name]);
            s->running = 0;
        }
    }
    compare_sizes(s, "after final");
}

static void op_copy(struct slot *from, struct slot *to)
{
    int ours_ret = EVP_MD_CTX_copy_ex(to->ours, from->ours);

    check_failure_queued(ours_ret, "copy");
    if (ref_is_default) {
        int ref_ret = EVP_MD_CTX_copy_ex(to->ref, from->ref);

        ERR_clear_error();
        T_CHECK(ours_ret == ref_ret, "step %lu: copy: ours %d, default %d",
                step, ours_ret, ref_ret);
    } else {
        T_CHECK(ours_ret, "step %lu: copy failed", step);
    }
    if (ours_ret) {
        EVP_MD_CTX *ours = to->ours, *ref = to->ref;

        *to = *from;
        to->ours = ours;
        to->ref = ref;
    }
}

/* One random step on one of the two slots. */
static void random_step(struct slot slots[2])
{
    size_t which = t_rng_below(&rng, 4) == 0 ? 1 : 0;
    struct slot *s = &slots[which];
    size_t r = t_rng_below(&rng, 100);

    /* Nothing but init until a digest is set; see op_init on must_init. */
    if (s->name < 0 || s->must_init || r < 15)
        op_init(s);
    else if (r < 25)
        op_set_size(s);
    else if (r < 60)
        op_update(s);
    else if (r < 80)
        op_final(s);
    else if (r < 88)
        compare_sizes(s, "between calls");
    else if (r < 97)
        op_copy(s, &slots[1 - which]);
    else {
        /* Back to a context holding no digest at all. */
        EVP_MD_CTX_reset(s->ours);
        if (s->ref != NULL)
            EVP_MD_CTX_reset(s->ref);
        s->name = -1;
        s->stale = s->must_init = s->running = 0;
    }
}

static void run_digests(OSSL_LIB_CTX *ours_ctx, OSSL_LIB_CTX *ref_ctx,
                        unsigned long steps)
{
    struct slot slots[2];
    unsigned long failures = t_failures();

    for (int i = 0; i < 4; i++)
        if (!T_CHECK((our_md[i] = EVP_MD_fetch(ours_ctx, md_names[i],
                                              T_PROPQ)) != NULL,
                     "fetch %s", md_names[i]))
            return;
    if (ref_is_default
        && !T_CHECK((ref_md = EVP_MD_fetch(ref_ctx, "BLAKE2B-512", NULL))
                        != NULL,
                    "fetch the default provider's BLAKE2B-512"))
        return;
    slot_init(&slots[0]);
    slot_init(&slots[1]);
    for (step = 0; step < steps && t_failures() - failures < 20; step++)
        random_step(slots);
    T_CHECK(step == steps, "digests: stopped at step %lu after 20 failures",
            step);
    slot_free(&slots[0]);
    slot_free(&slots[1]);
    for (int i = 0; i < 4; i++)
        EVP_MD_free(our_md[i]);
    EVP_MD_free(ref_md);
}

/* ------------------------------------------------------------------ */
/* BLAKE2BMAC against the default provider's, on every version.        */

/*
 * Compared: init (key as argument or parameter, size, salt, custom, each
 * valid or one past its bound, applied in the default's order), set_params
 * (the same), update, final, the reported size, and EVP_MAC_CTX_dup. Left
 * out, as the default has no defined result there: update or final with
 * nothing running (it hashes into a wiped state), and a size set while a
 * MAC runs (it then writes the running size's bytes but reports the new
 * size; ours keeps reporting the running size, see t_hostile).
 */
struct mac_slot {
    EVP_MAC_CTX *ours, *ref;
    int running;      /* update and final are compared only then */
    int size_differs; /* a running MAC took a size: until the next init */
};

static uint8_t mac_bytes[128];

/* Fill params with a random choice of size, key, salt and custom. */
static OSSL_PARAM *random_mac_params(OSSL_PARAM *params, size_t *size,
                                     int allow_size)
{
    OSSL_PARAM *p = params;

    if (allow_size && t_rng_below(&rng, 3) == 0) {
        size_t r = t_rng_below(&rng, 10);

        *size = r == 0 ? 0 : r == 1 ? 65 : 1 + t_rng_below(&rng, 64);
        *p++ = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, size);
    }
    if (t_rng_below(&rng, 4) == 0) {
        size_t r = t_rng_below(&rng, 12);
        size_t len = r == 0 ? 0 : r == 1 ? 65 : 1 + t_rng_below(&rng, 64);

        *p++ = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_KEY,
                                                 mac_bytes, len);
    }
    if (t_rng_below(&rng, 4) == 0)
        *p++ = OSSL_PARAM_construct_octet_string(
            OSSL_MAC_PARAM_SALT, mac_bytes + 64, t_rng_below(&rng, 18));
    if (t_rng_below(&rng, 4) == 0)
        *p++ = OSSL_PARAM_construct_octet_string(
            OSSL_MAC_PARAM_CUSTOM, mac_bytes + 32, t_rng_below(&rng, 18));
    *p = OSSL_PARAM_construct_end();
    return params;
}

static void compare_mac_sizes(struct mac_slot *s, const char *when)
{
    size_t ours = EVP_MAC_CTX_get_mac_size(s->ours);
    size_t ref = EVP_MAC_CTX_get_mac_size(s->ref);

    ERR_clear_error();
    T_CHECK(ours == ref, "MAC step %lu: %s: size ours %zu, default %zu", step,
            when, ours, ref);
}

static void mac_step(struct mac_slot slots[2])
{
    size_t which = t_rng_below(&rng, 4) == 0 ? 1 : 0;
    struct mac_slot *s = &slots[which];
    size_t r = t_rng_below(&rng, 100), size = 0;
    OSSL_PARAM params[5];
    int ours_ret, ref_ret;

    if (!s->running || r < 20) {
        /* init: the key as argument (none, empty, 1..64, 65 bytes) */
        size_t kr = t_rng_below(&rng, 12);
        const uint8_t *key = kr < 3 ? NULL : mac_bytes + 1;
        size_t keylen = kr <= 3   ? 0
                        : kr == 4 ? 65
                                  : 1 + t_rng_below(&rng, 64);

        t_rng_fill(&rng, mac_bytes, sizeof(mac_bytes));
        random_mac_params(params, &size, 1);
        ours_ret = EVP_MAC_init(s->ours, key, keylen, params);
        check_failure_queued(ours_ret, "MAC init");
        ref_ret = EVP_MAC_init(s->ref, key, keylen, params);
        ERR_clear_error();
        T_CHECK(ours_ret == ref_ret, "MAC step %lu: init (key %s%zu bytes): "
                "ours %d, default %d", step, key == NULL ? "NULL, " : "",
                keylen, ours_ret, ref_ret);
        /*
         * A failed init leaves a running MAC running, in both; but if it
         * took a size before failing on the key, that is a size set while
         * running (left out, see above): start again with an init.
         */
        if (ours_ret) {
            s->running = 1;
            s->size_differs = 0;
        } else if (s->running && size >= 1 && size <= 64) {
            s->running = 0;
            s->size_differs = 1;
        }
        if (!s->size_differs)
            compare_mac_sizes(s, "after init");
    } else if (r < 30) {
        t_rng_fill(&rng, mac_bytes, sizeof(mac_bytes));
        random_mac_params(params, &size, 0);
        ours_ret = EVP_MAC_CTX_set_params(s->ours, params);
        check_failure_queued(ours_ret, "MAC set_params");
        ref_ret = EVP_MAC_CTX_set_params(s->ref, params);
        ERR_clear_error();
        T_CHECK(ours_ret == ref_ret, "MAC step %lu: set_params: ours %d, "
                "default %d", step, ours_ret, ref_ret);
    } else if (r < 70) {
        static uint8_t msg[4096];
        size_t len = t_random_chunk(&rng, sizeof(msg));

        t_rng_fill(&rng, msg, len);
        ours_ret = EVP_MAC_update(s->ours, msg, len);
        ref_ret = EVP_MAC_update(s->ref, msg, len);
        ERR_clear_error();
        T_CHECK(ours_ret && ref_ret, "MAC step %lu: update of %zu bytes: ours "
                "%d, default %d", step, len, ours_ret, ref_ret);
    } else if (r < 90) {
        uint8_t ours_out[64], ref_out[64];
        size_t ours_len = 0, ref_len = 0;

        ours_ret = EVP_MAC_final(s->ours, ours_out, &ours_len, sizeof(ours_out));
        check_failure_queued(ours_ret, "MAC final");
        ref_ret = EVP_MAC_final(s->ref, ref_out, &ref_len, sizeof(ref_out));
        ERR_clear_error();
        if (T_CHECK(ours_ret && ref_ret && ours_len == ref_len,
                    "MAC step %lu: final: ours %d (%zu bytes), default %d "
                    "(%zu bytes)", step, ours_ret, ours_len, ref_ret, ref_len))
            T_SAME(ours_out, ref_out, ours_len, "MAC step %lu: final", step);
        s->running = 0;
        compare_mac_sizes(s, "after final");
    } else {
        /* Duplicate into the other slot, and carry on there. */
        struct mac_slot *to = &slots[1 - which];
        EVP_MAC_CTX *ours = EVP_MAC_CTX_dup(s->ours);
        EVP_MAC_CTX *ref = EVP_MAC_CTX_dup(s->ref);

        ERR_clear_error();
        if (T_CHECK(ours != NULL && ref != NULL, "MAC step %lu: dup", step)) {
            EVP_MAC_CTX_free(to->ours);
            EVP_MAC_CTX_free(to->ref);
            to->ours = ours;
            to->ref = ref;
            to->running = s->running;
            to->size_differs = s->size_differs;
        } else {
            EVP_MAC_CTX_free(ours);
            EVP_MAC_CTX_free(ref);
        }
    }
}

static void run_macs(OSSL_LIB_CTX *ours_ctx, OSSL_LIB_CTX *ref_ctx,
                     unsigned long steps)
{
    EVP_MAC *ours = EVP_MAC_fetch(ours_ctx, "BLAKE2BMAC", T_PROPQ);
    EVP_MAC *ref = EVP_MAC_fetch(ref_ctx, "BLAKE2BMAC", NULL);
    struct mac_slot slots[2];
    unsigned long failures = t_failures();

    memset(slots, 0, sizeof(slots));
    if (!T_CHECK(ours != NULL, "fetch our BLAKE2BMAC"))
        goto done;
    if (ref == NULL) {
        t_note("SKIP BLAKE2BMAC: this OpenSSL's default provider has none");
        goto done;
    }
    t_note("BLAKE2BMAC: reference is the default provider's, call for call");
    for (int i = 0; i < 2; i++)
        if (!T_CHECK((slots[i].ours = EVP_MAC_CTX_new(ours)) != NULL
                         && (slots[i].ref = EVP_MAC_CTX_new(ref)) != NULL,
                     "new MAC contexts"))
            goto done;
    for (step = 0; step < steps && t_failures() - failures < 20; step++)
        mac_step(slots);
    T_CHECK(step == steps, "MACs: stopped at step %lu after 20 failures",
            step);
done:
    for (int i = 0; i < 2; i++) {
        EVP_MAC_CTX_free(slots[i].ours);
        EVP_MAC_CTX_free(slots[i].ref);
    }
    EVP_MAC_free(ours);
    EVP_MAC_free(ref);
}

int main(int argc, char **argv)
{
    struct t_args args;
    OSSL_PROVIDER *ours_prov, *ref_prov = NULL;
    OSSL_LIB_CTX *ours_ctx, *ref_ctx = NULL;
    unsigned long steps = 50000;
    const char *seed_text = getenv("BLAKE2NEON_DIFF_SEED");
    uint64_t seed;

    if (argc >= 4) {
        steps = strtoul(argv[3], NULL, 10);
        if (argc >= 5)
            seed_text = argv[4];
        argc = argc <= 5 ? 3 : -1;
    }
    if (!t_args_parse(argc, argv, &args))
        return EXIT_FAILURE;
    seed = seed_text != NULL && seed_text[0] != '\0'
               ? strtoull(seed_text, NULL, 0)
               : (uint64_t)time(NULL);
    t_rng_seed(&rng, seed);
    ref_is_default = OpenSSL_version_num() >= 0x30200000UL;
    evp_reuses = OpenSSL_version_num() >= 0x30100000UL;
    t_note("OpenSSL %s; seed %llu (replay: BLAKE2NEON_DIFF_SEED=%llu), "
           "%lu steps", OpenSSL_version(OPENSSL_VERSION_STRING),
           (unsigned long long)seed, (unsigned long long)seed, steps);
    t_note("digests: reference is %s",
           ref_is_default
               ? "the default provider's BLAKE2B-512 (3.2+), call for call"
               : "a model of blake2neon's documented behaviour before 3.2 "
                 "(the default provider has no size parameter here), with "
                 "the bytes from the core");

    if ((ours_ctx = t_ctx_ours(args.module_dir, &ours_prov)) == NULL)
        return t_report("t_diff_default");
    if ((ref_ctx = t_ctx_default(&ref_prov)) != NULL) {
        run_digests(ours_ctx, ref_ctx, steps);
        run_macs(ours_ctx, ref_ctx, steps);
    }
    t_ctx_free(ref_ctx, ref_prov);
    t_ctx_free(ours_ctx, ours_prov);
    return t_report("t_diff_default");
}
