/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Hostile use through EVP: every parameter at its bounds and one past,
 * parameters of the wrong type (given, or asked for in a place that cannot
 * hold the answer), NULL buffers of length 0, calls out of
 * order, duplicates of finished contexts, a size changed mid-stream, and
 * key bytes kept out of error messages. Each case has a defined result,
 * and after every refusal the same context must still compute correctly.
 * Also the core's wipe of a finished state.
 *
 * Expected values: kat.txt (hashlib); for MAC inputs kat.txt does not
 * cover, OpenSSL's default provider doing the same calls.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/bio.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "backend.h"
#include "t_ossl.h"

enum { MSG_LEN = 100 }; /* the message of the "still usable" checks */

static const char *const md_names[4] = {
    "BLAKE2B-160", "BLAKE2B-256", "BLAKE2B-384", "BLAKE2B-512",
};
static const size_t md_sizes[4] = { 20, 32, 48, 64 };

static EVP_MD *mds[4];
static EVP_MAC *mac, *ref_mac; /* ref_mac: the default provider's, or NULL */
static EVP_MD *ref_md;          /* the default provider's BLAKE2B-512, or NULL */
static uint8_t msg[256], kat_key[64];

static struct t_kat kat; /* static: too large for the stack */

/* Compare out (outlen bytes) with kat.txt's digest of msg[0..len). */
static void check_kat(const uint8_t *out, size_t outlen, size_t size,
                      int keyed, size_t len, const char *what)
{
    const uint8_t *want;

    if (!T_CHECK(outlen == size, "%s: %zu bytes out, want %zu", what, outlen,
                 size)
        || (want = t_kat_digest(&kat, size, keyed, len)) == NULL)
        return;
    T_SAME(out, want, size, "%s", what);
}

/* Finish a digest and compare with kat.txt. */
static void finish_digest(EVP_MD_CTX *ctx, size_t size, size_t len,
                          const char *what)
{
    uint8_t out[64];
    unsigned int outlen = 0;

    if (T_CHECK(EVP_DigestFinal_ex(ctx, out, &outlen), "%s: final", what))
        check_kat(out, outlen, size, 0, len, what);
}

static void finish_mac(EVP_MAC_CTX *ctx, size_t size, size_t len,
                       const char *what)
{
    uint8_t out[64];
    size_t outlen = 0;

    if (T_CHECK(EVP_MAC_final(ctx, out, &outlen, sizeof(out)), "%s: final",
                what))
        check_kat(out, outlen, size, 1, len, what);
}

/*
 * After a refusal: the same digest context hashes correctly. The nominal
 * size is given explicitly: since OpenSSL 3.1 a size set earlier on this
 * context would otherwise stay (see t_size).
 */
static void digest_still_usable(EVP_MD_CTX *ctx, int i, const char *after)
{
    size_t size = md_sizes[i];
    OSSL_PARAM params[] = {
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, &size),
        OSSL_PARAM_END
    };
    char what[160];

    snprintf(what, sizeof(what), "%s, usable after %s", md_names[i], after);
    if (T_CHECK(EVP_DigestInit_ex2(ctx, mds[i], params)
                    && EVP_DigestUpdate(ctx, msg, MSG_LEN),
                "%s: init and update", what))
        finish_digest(ctx, md_sizes[i], MSG_LEN, what);
}

/* After a refusal: the same MAC context computes kat.txt's keyed MAC once
 * given the key, size 64 and no salt or custom. */
static void mac_still_usable(EVP_MAC_CTX *ctx, const char *after)
{
    size_t size = 64;
    OSSL_PARAM params[] = {
        OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, &size),
        OSSL_PARAM_octet_string(OSSL_MAC_PARAM_SALT, NULL, 0),
        OSSL_PARAM_octet_string(OSSL_MAC_PARAM_CUSTOM, NULL, 0),
        OSSL_PARAM_END
    };
    char what[160];

    snprintf(what, sizeof(what), "BLAKE2BMAC, usable after %s", after);
    if (T_CHECK(EVP_MAC_init(ctx, kat_key, sizeof(kat_key), params)
                    && EVP_MAC_update(ctx, msg, MSG_LEN),
                "%s: init and update", what))
        finish_mac(ctx, 64, MSG_LEN, what);
}

/* --- bounds -------------------------------------------------------------- */

/* From 3.2 EVP_DigestFinal_ex offers the size the context reports. */
static int final_asks_ctx(void)
{
    return OpenSSL_version_num() >= 0x30200000UL;
}

/*
 * Digest `size` 1 and 64 work, 0 and 65 fail; at init, and set on a running
 * context. Set mid-stream, a size is the next init's (BLAKE2b hashes the
 * size into its first block) and is what `size` reports from then on, as
 * with the default provider's BLAKE2B-512; the running computation goes on
 * at its size. A refusal changes nothing.
 */
static void check_digest_bounds(int i)
{
    static const struct {
        size_t size;
        int ok;
    } cases[] = { { 0, 0 }, { 1, 1 }, { 64, 1 }, { 65, 0 } };
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();

    if (!T_CHECK(ctx != NULL, "new context"))
        return;
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        size_t size = cases[c].size, nominal = md_sizes[i], reported;
        OSSL_PARAM params[] = {
            OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, &size),
            OSSL_PARAM_END
        };
        OSSL_PARAM nominal_params[] = {
            OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, &nominal),
            OSSL_PARAM_END
        };
        uint8_t out[64];
        unsigned int outlen = 0;
        char what[96];
        int ret;

        snprintf(what, sizeof(what), "%s, size %zu", md_names[i], size);
        ret = EVP_DigestInit_ex2(ctx, mds[i], params);
        if (cases[c].ok) {
            T_CHECK(ret && t_md_ctx_size(ctx) == size,
                    "%s at init: returned %d, reports size %zu", what, ret,
                    t_md_ctx_size(ctx));
        } else {
            T_FAILS(ret, "size", "%s at init", what);
            digest_still_usable(ctx, i, what);
        }

        /* Mid-stream, from the nominal size. */
        T_CHECK(EVP_DigestInit_ex2(ctx, mds[i], nominal_params)
                    && EVP_DigestUpdate(ctx, msg, MSG_LEN / 2),
                "%s: init", md_names[i]);
        ret = EVP_MD_CTX_set_params(ctx, params);
        if (cases[c].ok)
            T_CHECK(ret, "%s set mid-stream: refused", what);
        else
            T_FAILS(ret, "size", "%s set mid-stream", what);
        reported = cases[c].ok ? size : nominal;
        T_CHECK(t_md_ctx_size(ctx) == reported,
                "%s set mid-stream: reports size %zu, want %zu", what,
                t_md_ctx_size(ctx), reported);
        T_CHECK(EVP_DigestUpdate(ctx, msg + MSG_LEN / 2, MSG_LEN - MSG_LEN / 2),
                "%s: update after the set", what);
        if (final_asks_ctx() && reported < nominal)
            /* 3.2+ offers the reported size, too small for the running
             * digest: refused, as the default provider refuses it. */
            T_FAILS(EVP_DigestFinal_ex(ctx, out, &outlen), "too small",
                    "%s set mid-stream: final", what);
        else
            finish_digest(ctx, nominal, MSG_LEN, what);
    }
    EVP_MD_CTX_free(ctx);
}

/* One MAC input at a bound: which parameter, and its length or value. */
struct mac_bound {
    const char *name;  /* OSSL_MAC_PARAM_... */
    size_t n;          /* length (key, salt, custom) or value (size) */
    int ok;
};

static const struct mac_bound mac_bounds[] = {
    { OSSL_MAC_PARAM_SIZE, 0, 0 },   { OSSL_MAC_PARAM_SIZE, 1, 1 },
    { OSSL_MAC_PARAM_SIZE, 64, 1 },  { OSSL_MAC_PARAM_SIZE, 65, 0 },
    { OSSL_MAC_PARAM_KEY, 0, 0 },    { OSSL_MAC_PARAM_KEY, 1, 1 },
    { OSSL_MAC_PARAM_KEY, 64, 1 },   { OSSL_MAC_PARAM_KEY, 65, 0 },
    { OSSL_MAC_PARAM_SALT, 0, 1 },   { OSSL_MAC_PARAM_SALT, 16, 1 },
    { OSSL_MAC_PARAM_SALT, 17, 0 },  { OSSL_MAC_PARAM_CUSTOM, 0, 1 },
    { OSSL_MAC_PARAM_CUSTOM, 16, 1 }, { OSSL_MAC_PARAM_CUSTOM, 17, 0 },
};

enum mac_channel { VIA_SET_PARAMS, VIA_INIT_PARAMS };

/*
 * Give b through channel, then (if accepted) init and MAC the message.
 * Returns the first call's result; *outlen 0 if no MAC came out.
 */
static int run_mac_bound(EVP_MAC_CTX *ctx,
                         const struct mac_bound *b, enum mac_channel channel,
                         uint8_t out[64], size_t *outlen)
{
    static uint8_t bytes[65];
    size_t value = b->n;
    int is_key = strcmp(b->name, OSSL_MAC_PARAM_KEY) == 0;
    /* When the key is not the parameter under test, init gives one. */
    const uint8_t *key = is_key ? NULL : kat_key;
    size_t keylen = is_key ? 0 : 32;
    OSSL_PARAM params[2];
    int ret;

    for (size_t k = 0; k < sizeof(bytes); k++)
        bytes[k] = (uint8_t)(0xc0 + k);
    params[0] = strcmp(b->name, OSSL_MAC_PARAM_SIZE) == 0
                    ? OSSL_PARAM_construct_size_t(b->name, &value)
                    : OSSL_PARAM_construct_octet_string(b->name, bytes, b->n);
    params[1] = OSSL_PARAM_construct_end();
    *outlen = 0;
    if (channel == VIA_SET_PARAMS) {
        ret = EVP_MAC_CTX_set_params(ctx, params);
        if (ret <= 0)
            return ret;
        if (!EVP_MAC_init(ctx, key, keylen, NULL))
            return -1;
    } else {
        ret = EVP_MAC_init(ctx, key, keylen, params);
        if (ret <= 0)
            return ret;
    }
    if (EVP_MAC_update(ctx, msg, MSG_LEN)
        && EVP_MAC_final(ctx, out, outlen, 64))
        return ret;
    *outlen = 0;
    return -1;
}

static void check_mac_bounds(void)
{
    for (size_t c = 0; c < sizeof(mac_bounds) / sizeof(mac_bounds[0]); c++) {
        const struct mac_bound *b = &mac_bounds[c];

        for (int ch = VIA_SET_PARAMS; ch <= VIA_INIT_PARAMS; ch++) {
            EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
            uint8_t out[64], ref[64];
            size_t outlen, reflen;
            char what[96];
            int ret;

            snprintf(what, sizeof(what), "%s %s %zu", b->name,
                     ch == VIA_SET_PARAMS ? "set before init" : "at init",
                     b->n);
            if (!T_CHECK(ctx != NULL, "new MAC context"))
                continue;
            ret = run_mac_bound(ctx, b, (enum mac_channel)ch, out, &outlen);
            if (b->ok) {
                T_CHECK(ret > 0 && outlen > 0, "%s: refused (%d)", what, ret);
            } else {
                T_FAILS(ret, b->name, "%s", what);
                mac_still_usable(ctx, what);
            }
            EVP_MAC_CTX_free(ctx);

            /* The same calls on the default provider give the same MAC. */
            if (ref_mac == NULL || !b->ok || ret <= 0
                || (ctx = EVP_MAC_CTX_new(ref_mac)) == NULL)
                continue;
            if (T_CHECK(run_mac_bound(ctx, b, (enum mac_channel)ch, ref,
                                      &reflen) > 0
                            && reflen == outlen,
                        "%s: default provider gives %zu bytes, ours %zu", what,
                        reflen, outlen))
                T_SAME(out, ref, outlen, "%s: ours vs default provider", what);
            EVP_MAC_CTX_free(ctx);
            ERR_clear_error();
        }
    }
}

/* --- parameter types ----------------------------------------------------- */

/*
 * `size` is read with OSSL_PARAM_get_size_t: any integer or real type that
 * holds exactly a whole number is taken; strings, fractions and negative
 * numbers are refused.
 */
static void check_size_types(void)
{
    int32_t i32 = 32, neg = -1;
    uint32_t u32 = 32;
    double real = 32.0, frac = 32.5;
    uint8_t octets[sizeof(size_t)] = { 32 };
    char text[] = "32";
    const struct {
        const char *what;
        OSSL_PARAM param;
        int ok;
    } cases[] = {
        { "int32 32", OSSL_PARAM_int32(OSSL_DIGEST_PARAM_SIZE, &i32), 1 },
        { "uint32 32", OSSL_PARAM_uint32(OSSL_DIGEST_PARAM_SIZE, &u32), 1 },
        { "real 32.0", OSSL_PARAM_double(OSSL_DIGEST_PARAM_SIZE, &real), 1 },
        { "int32 -1", OSSL_PARAM_int32(OSSL_DIGEST_PARAM_SIZE, &neg), 0 },
        { "real 32.5", OSSL_PARAM_double(OSSL_DIGEST_PARAM_SIZE, &frac), 0 },
        { "UTF-8 \"32\"",
          OSSL_PARAM_utf8_string(OSSL_DIGEST_PARAM_SIZE, text, 2), 0 },
        { "octet string",
          OSSL_PARAM_octet_string(OSSL_DIGEST_PARAM_SIZE, octets,
                                  sizeof(octets)), 0 },
        { "unsigned integer (NULL, 0)",
          { OSSL_DIGEST_PARAM_SIZE, OSSL_PARAM_UNSIGNED_INTEGER, NULL, 0,
            OSSL_PARAM_UNMODIFIED }, 0 },
        /* OpenSSL 3.0 reads the byte before a zero-length signed integer,
         * and crashes on NULL: ours must refuse before asking it. */
        { "signed integer (NULL, 0)",
          { OSSL_DIGEST_PARAM_SIZE, OSSL_PARAM_INTEGER, NULL, 0,
            OSSL_PARAM_UNMODIFIED }, 0 },
        { "signed integer of 0 bytes",
          { OSSL_DIGEST_PARAM_SIZE, OSSL_PARAM_INTEGER, octets + 1, 0,
            OSSL_PARAM_UNMODIFIED }, 0 },
    };

    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        OSSL_PARAM params[2] = { cases[c].param, OSSL_PARAM_END };
        EVP_MD_CTX *md_ctx = EVP_MD_CTX_new();
        EVP_MAC_CTX *mac_ctx = EVP_MAC_CTX_new(mac);
        char what[96];
        int ret;

        if (!T_CHECK(md_ctx != NULL && mac_ctx != NULL, "new contexts"))
            goto next;
        /* BLAKE2B-512: 32 is below its nominal size, so final works. */
        snprintf(what, sizeof(what), "BLAKE2B-512 size as %s", cases[c].what);
        ret = EVP_DigestInit_ex2(md_ctx, mds[3], params);
        if (cases[c].ok) {
            if (T_CHECK(ret && t_md_ctx_size(md_ctx) == 32, "%s: refused", what)
                && T_CHECK(EVP_DigestUpdate(md_ctx, msg, MSG_LEN), "update"))
                finish_digest(md_ctx, 32, MSG_LEN, what);
        } else {
            T_FAILS(ret, "size", "%s", what);
            digest_still_usable(md_ctx, 3, what);
        }

        snprintf(what, sizeof(what), "BLAKE2BMAC size as %s", cases[c].what);
        ret = EVP_MAC_init(mac_ctx, kat_key, sizeof(kat_key), params);
        if (cases[c].ok) {
            if (T_CHECK(ret && t_mac_ctx_size(mac_ctx) == 32, "%s: refused",
                        what)
                && T_CHECK(EVP_MAC_update(mac_ctx, msg, MSG_LEN), "update"))
                finish_mac(mac_ctx, 32, MSG_LEN, what);
        } else {
            T_FAILS(ret, "size", "%s", what);
            mac_still_usable(mac_ctx, what);
        }
    next:
        EVP_MD_CTX_free(md_ctx);
        EVP_MAC_CTX_free(mac_ctx);
    }
}

/*
 * key, salt and custom must be octet strings (OSSL_PARAM_OCTET_STRING or
 * OSSL_PARAM_OCTET_PTR); anything else is refused, also where the default
 * provider would take the raw bytes.
 */
static void check_octet_types(void)
{
    static const char *const names[] = {
        OSSL_MAC_PARAM_KEY, OSSL_MAC_PARAM_SALT, OSSL_MAC_PARAM_CUSTOM,
    };
    static const char *const type_names[] = {
        "a 32-bit integer", "a UTF-8 string", "a UTF-8 pointer", "a real",
        "an octet pointer (NULL, 0)", "an octet pointer to NULL, 10 bytes",
        "an octet string (NULL, 5)",
    };
    int32_t number = 42;
    double real = 1.0;
    char text[] = "0123456789";
    char *ptr = text;
    void *null_ptr = NULL;

    for (size_t n = 0; n < sizeof(names) / sizeof(names[0]); n++) {
        /* The last three would have OpenSSL 3.0, or a copy, read NULL. */
        const OSSL_PARAM wrong[] = {
            OSSL_PARAM_int32(names[n], &number),
            OSSL_PARAM_utf8_string(names[n], text, 10),
            OSSL_PARAM_utf8_ptr(names[n], &ptr, 10),
            OSSL_PARAM_double(names[n], &real),
            { names[n], OSSL_PARAM_OCTET_PTR, NULL, 0, OSSL_PARAM_UNMODIFIED },
            OSSL_PARAM_octet_ptr(names[n], &null_ptr, 10),
            OSSL_PARAM_octet_string(names[n], NULL, 5),
        };

        for (size_t w = 0; w < sizeof(wrong) / sizeof(wrong[0]); w++) {
            OSSL_PARAM params[2] = { wrong[w], OSSL_PARAM_END };
            EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
            char what[96];

            snprintf(what, sizeof(what), "%s given as %s", names[n],
                     type_names[w]);
            if (!T_CHECK(ctx != NULL, "new MAC context"))
                continue;
            T_FAILS(EVP_MAC_CTX_set_params(ctx, params), names[n], "%s", what);
            mac_still_usable(ctx, what);
            EVP_MAC_CTX_free(ctx);
        }
    }

    /* An OSSL_PARAM_OCTET_PTR key is an octet string too. */
    {
        void *key_ptr = kat_key;
        OSSL_PARAM params[] = {
            OSSL_PARAM_octet_ptr(OSSL_MAC_PARAM_KEY, &key_ptr, sizeof(kat_key)),
            OSSL_PARAM_END
        };
        EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);

        if (T_CHECK(ctx != NULL && EVP_MAC_CTX_set_params(ctx, params)
                        && EVP_MAC_init(ctx, NULL, 0, NULL)
                        && EVP_MAC_update(ctx, msg, MSG_LEN),
                    "key as an octet pointer"))
            finish_mac(ctx, 64, MSG_LEN, "key as an octet pointer");
        EVP_MAC_CTX_free(ctx);
    }

    /* Names no one asked for are ignored, as everywhere in OpenSSL. */
    {
        int32_t junk = 7;
        OSSL_PARAM params[] = {
            OSSL_PARAM_int32("no-such-parameter", &junk),
            OSSL_PARAM_END
        };
        EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
        EVP_MD_CTX *md_ctx = EVP_MD_CTX_new();

        T_CHECK(ctx != NULL && EVP_MAC_CTX_set_params(ctx, params),
                "BLAKE2BMAC: an unknown parameter is ignored");
        mac_still_usable(ctx, "an unknown parameter");
        T_CHECK(md_ctx != NULL && EVP_DigestInit_ex2(md_ctx, mds[1], params)
                    && EVP_DigestUpdate(md_ctx, msg, MSG_LEN),
                "BLAKE2B-256: an unknown parameter is ignored");
        finish_digest(md_ctx, 32, MSG_LEN, "BLAKE2B-256, unknown parameter");
        EVP_MAC_CTX_free(ctx);
        EVP_MD_CTX_free(md_ctx);
    }
}

/* --- NULL buffers of length 0 -------------------------------------------- */

static void check_null_buffers(void)
{
    uint8_t out[64];
    unsigned int mdlen = 0;
    EVP_MD_CTX *md_ctx = EVP_MD_CTX_new();
    EVP_MAC_CTX *mac_ctx = EVP_MAC_CTX_new(mac);

    if (!T_CHECK(md_ctx != NULL && mac_ctx != NULL, "new contexts"))
        goto done;

    /* An empty update from NULL changes nothing. */
    T_CHECK(EVP_DigestInit_ex2(md_ctx, mds[3], NULL)
                && EVP_DigestUpdate(md_ctx, NULL, 0)
                && EVP_DigestUpdate(md_ctx, msg, MSG_LEN)
                && EVP_DigestUpdate(md_ctx, NULL, 0),
            "digest update (NULL, 0)");
    finish_digest(md_ctx, 64, MSG_LEN, "digest with (NULL, 0) updates");
    if (T_CHECK(EVP_Digest(NULL, 0, out, &mdlen, mds[3], NULL),
                "EVP_Digest(NULL, 0)"))
        check_kat(out, mdlen, 64, 0, 0, "EVP_Digest(NULL, 0)");

    T_CHECK(EVP_MAC_init(mac_ctx, kat_key, sizeof(kat_key), NULL)
                && EVP_MAC_update(mac_ctx, NULL, 0)
                && EVP_MAC_update(mac_ctx, msg, MSG_LEN)
                && EVP_MAC_update(mac_ctx, NULL, 0),
            "MAC update (NULL, 0)");
    finish_mac(mac_ctx, 64, MSG_LEN, "MAC with (NULL, 0) updates");

    /* salt and custom with no data mean empty; a key with none is refused. */
    {
        OSSL_PARAM params[] = {
            OSSL_PARAM_octet_string(OSSL_MAC_PARAM_SALT, NULL, 0),
            OSSL_PARAM_octet_string(OSSL_MAC_PARAM_CUSTOM, NULL, 0),
            OSSL_PARAM_END
        };
        OSSL_PARAM key_params[] = {
            OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0),
            OSSL_PARAM_END
        };

        T_CHECK(EVP_MAC_init(mac_ctx, kat_key, sizeof(kat_key), params)
                    && EVP_MAC_update(mac_ctx, msg, MSG_LEN),
                "salt and custom (NULL, 0)");
        finish_mac(mac_ctx, 64, MSG_LEN, "salt and custom (NULL, 0)");
        T_FAILS(EVP_MAC_CTX_set_params(mac_ctx, key_params), "key",
                "key param (NULL, 0)");
        T_FAILS(EVP_MAC_init(mac_ctx, NULL, 0, key_params), "key",
                "key (NULL, 0) as init param");
        /* The key set before is still the one in use. */
        T_CHECK(EVP_MAC_init(mac_ctx, NULL, 0, NULL)
                    && EVP_MAC_update(mac_ctx, msg, MSG_LEN),
                "re-init after refused empty keys");
        finish_mac(mac_ctx, 64, MSG_LEN, "stored key after refused empty keys");
    }
done:
    EVP_MD_CTX_free(md_ctx);
    EVP_MAC_CTX_free(mac_ctx);
}

/* --- calls out of order -------------------------------------------------- */

static void check_digest_order(void)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new(), *copy = EVP_MD_CTX_new();
    uint8_t out[64];
    unsigned int outlen;
    /* OpenSSL 3.0 and 3.1 pass these calls on to us; a later EVP may stop
     * them itself, with its own reason: then any clean refusal will do. */
    const char *ours = OpenSSL_version_num() < 0x30200000UL ? "out of order"
                                                            : NULL;

    if (!T_CHECK(ctx != NULL && copy != NULL, "new contexts"))
        goto done;

    /* Before any init EVP itself refuses: it has no digest to call. */
    T_CHECK(!EVP_DigestUpdate(ctx, msg, 1), "digest update before init");
    T_CHECK(!EVP_DigestFinal_ex(ctx, out, &outlen), "digest final before init");
    ERR_clear_error();

    /* After final: refused. */
    T_CHECK(EVP_DigestInit_ex2(ctx, mds[1], NULL)
                && EVP_DigestUpdate(ctx, msg, MSG_LEN),
            "init and update");
    finish_digest(ctx, 32, MSG_LEN, "first final");
    T_FAILS(EVP_DigestUpdate(ctx, msg, 1), ours, "update after final");
    T_FAILS(EVP_DigestFinal_ex(ctx, out, &outlen), ours,
            "final twice");

    /* A copy of a finished context is finished too; init revives both. */
    if (T_CHECK(EVP_MD_CTX_copy_ex(copy, ctx), "copy a finished context")) {
        T_FAILS(EVP_DigestUpdate(copy, msg, 1), ours,
                "update on a copy of a finished context");
        T_FAILS(EVP_DigestFinal_ex(copy, out, &outlen), ours,
                "final on a copy of a finished context");
        digest_still_usable(copy, 1, "use of a finished copy");
    }
    digest_still_usable(ctx, 1, "update after final and final twice");
done:
    EVP_MD_CTX_free(ctx);
    EVP_MD_CTX_free(copy);
}

static void check_mac_order(void)
{
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac), *dup = NULL;
    uint8_t out[64];
    size_t outlen;

    if (!T_CHECK(ctx != NULL, "new MAC context"))
        return;
    T_FAILS(EVP_MAC_update(ctx, msg, 1), "out of order", "MAC update before init");
    T_FAILS(EVP_MAC_final(ctx, out, &outlen, sizeof(out)), "out of order",
            "MAC final before init");

    T_CHECK(EVP_MAC_init(ctx, kat_key, sizeof(kat_key), NULL)
                && EVP_MAC_update(ctx, msg, MSG_LEN),
            "MAC init and update");
    /* A final that cannot deliver leaves the computation running. */
    T_FAILS(EVP_MAC_final(ctx, out, &outlen, 63), "too small",
            "MAC final into 63 bytes");
    finish_mac(ctx, 64, MSG_LEN, "MAC final after a refused final");
    T_FAILS(EVP_MAC_update(ctx, msg, 1), "out of order", "MAC update after final");
    T_FAILS(EVP_MAC_final(ctx, out, &outlen, sizeof(out)), "out of order",
            "MAC final twice");

    /* A duplicate of a finished MAC is finished, but keeps the key. */
    if (T_CHECK((dup = EVP_MAC_CTX_dup(ctx)) != NULL, "dup a finished MAC")) {
        T_FAILS(EVP_MAC_update(dup, msg, 1), "out of order",
                "update on a duplicate of a finished MAC");
        T_FAILS(EVP_MAC_final(dup, out, &outlen, sizeof(out)), "out of order",
                "final on a duplicate of a finished MAC");
        T_CHECK(EVP_MAC_init(dup, NULL, 0, NULL)
                    && EVP_MAC_update(dup, msg, MSG_LEN),
                "re-init a finished duplicate with its stored key");
        finish_mac(dup, 64, MSG_LEN, "finished duplicate, re-initialised");
    }
    /* The original likewise re-inits with its stored key. */
    T_CHECK(EVP_MAC_init(ctx, NULL, 0, NULL) && EVP_MAC_update(ctx, msg, MSG_LEN),
            "re-init a finished MAC with its stored key");
    finish_mac(ctx, 64, MSG_LEN, "finished MAC, re-initialised");
    EVP_MAC_CTX_free(dup);
    EVP_MAC_CTX_free(ctx);
}

/* --- size changed after init --------------------------------------------- */

/*
 * A size set mid-stream does not touch the running computation (BLAKE2b
 * hashes the size into its first block); it is what `size` reports from
 * then on, and the next init's. Final: before 3.2 EVP offers the nominal
 * size and gets the running digest; 3.2+ offers the reported size, too
 * small here, and final fails, as with the default provider's BLAKE2B-512.
 * The next init keeps the size since 3.1 (the provider context lives on),
 * not on 3.0 (a new one). The MAC context always lives on through init.
 */
static void check_size_after_init(void)
{
    size_t size = 20;
    OSSL_PARAM params[] = {
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, &size),
        OSSL_PARAM_END
    };
    EVP_MD_CTX *md_ctx = EVP_MD_CTX_new();
    EVP_MAC_CTX *mac_ctx = EVP_MAC_CTX_new(mac);
    size_t next, want_next = OpenSSL_version_num() >= 0x30100000UL ? 20 : 64;
    uint8_t out[64];
    unsigned int outlen = 0;

    if (!T_CHECK(md_ctx != NULL && mac_ctx != NULL, "new contexts"))
        goto done;

    T_CHECK(EVP_DigestInit_ex2(md_ctx, mds[3], NULL)
                && EVP_DigestUpdate(md_ctx, msg, MSG_LEN / 2)
                && EVP_MD_CTX_set_params(md_ctx, params)
                && t_md_ctx_size(md_ctx) == 20
                && EVP_DigestUpdate(md_ctx, msg + MSG_LEN / 2,
                                    MSG_LEN - MSG_LEN / 2),
            "BLAKE2B-512: size 20 set mid-stream, reports size %zu",
            t_md_ctx_size(md_ctx));
    if (final_asks_ctx())
        T_FAILS(EVP_DigestFinal_ex(md_ctx, out, &outlen), "too small",
                "BLAKE2B-512, size 20 set mid-stream: final");
    else
        finish_digest(md_ctx, 64, MSG_LEN,
                      "BLAKE2B-512, size 20 set mid-stream");
    T_CHECK(t_md_ctx_size(md_ctx) == 20,
            "BLAKE2B-512: after final, reports size %zu, not the pending 20",
            t_md_ctx_size(md_ctx));
    T_CHECK(EVP_DigestInit_ex2(md_ctx, NULL, NULL)
                && EVP_DigestUpdate(md_ctx, msg, MSG_LEN),
            "BLAKE2B-512: init after a mid-stream size");
    next = t_md_ctx_size(md_ctx);
    T_CHECK(next == want_next, "next init reports size %zu, want %zu on "
            "OpenSSL %s", next, want_next,
            OpenSSL_version(OPENSSL_VERSION_STRING));
    finish_digest(md_ctx, next, MSG_LEN, "BLAKE2B-512, init after the set");

    size = 20;
    T_CHECK(EVP_MAC_init(mac_ctx, kat_key, sizeof(kat_key), NULL)
                && EVP_MAC_update(mac_ctx, msg, MSG_LEN / 2)
                && EVP_MAC_CTX_set_params(mac_ctx, params)
                && t_mac_ctx_size(mac_ctx) == 64
                && EVP_MAC_update(mac_ctx, msg + MSG_LEN / 2,
                                  MSG_LEN - MSG_LEN / 2),
            "BLAKE2BMAC: size 20 set mid-stream, running size %zu",
            t_mac_ctx_size(mac_ctx));
    finish_mac(mac_ctx, 64, MSG_LEN, "BLAKE2BMAC, size 20 set mid-stream");
    /* The MAC context lives on through init: the size applies now. */
    T_CHECK(t_mac_ctx_size(mac_ctx) == 20
                && EVP_MAC_init(mac_ctx, NULL, 0, NULL)
                && EVP_MAC_update(mac_ctx, msg, MSG_LEN),
            "BLAKE2BMAC: after final, size %zu reported for the next init",
            t_mac_ctx_size(mac_ctx));
    finish_mac(mac_ctx, 20, MSG_LEN, "BLAKE2BMAC, init after the set");
done:
    EVP_MD_CTX_free(md_ctx);
    EVP_MAC_CTX_free(mac_ctx);
}

/*
 * Asking for a parameter in a place that cannot hold the answer (a string
 * for a size, a signed byte for the block size 128) fails, as with the
 * default provider's BLAKE2B-512 and BLAKE2BMAC; a context's get_params
 * with an error that names the parameter (where 3.0's default queues
 * none), a digest's get_params, which has no provider context to raise
 * through, with none (docs/hardening.md). The same request in a place
 * that can hold it succeeds. Asked with no buffer, each of the digest's
 * parameters gives the size the default's does.
 */
static void check_get_types(void)
{
    char text[16];
    int8_t small;
    uint8_t byte;
    struct {
        const char *what, *name;
        OSSL_PARAM params[2];
    } refused[] = {
        { "as UTF-8", OSSL_DIGEST_PARAM_SIZE,
          { OSSL_PARAM_utf8_string(OSSL_DIGEST_PARAM_SIZE, text,
                                   sizeof(text)), OSSL_PARAM_END } },
        { "as int8", OSSL_DIGEST_PARAM_BLOCK_SIZE,
          { { OSSL_DIGEST_PARAM_BLOCK_SIZE, OSSL_PARAM_INTEGER, &small,
              sizeof(small), OSSL_PARAM_UNMODIFIED }, OSSL_PARAM_END } },
        { "as UTF-8", OSSL_DIGEST_PARAM_XOF,
          { OSSL_PARAM_utf8_string(OSSL_DIGEST_PARAM_XOF, text, sizeof(text)),
            OSSL_PARAM_END } },
    };
    OSSL_PARAM as_byte[] = {
        { OSSL_DIGEST_PARAM_SIZE, OSSL_PARAM_UNSIGNED_INTEGER, &byte,
          sizeof(byte), OSSL_PARAM_UNMODIFIED }, OSSL_PARAM_END
    };
    OSSL_PARAM mac_block[] = {
        { OSSL_MAC_PARAM_BLOCK_SIZE, OSSL_PARAM_INTEGER, &small, sizeof(small),
          OSSL_PARAM_UNMODIFIED }, OSSL_PARAM_END
    };
    EVP_MD_CTX *md_ctx = EVP_MD_CTX_new();
    EVP_MAC_CTX *mac_ctx = EVP_MAC_CTX_new(mac);
    EVP_MAC_CTX *ref_mac_ctx = ref_mac != NULL ? EVP_MAC_CTX_new(ref_mac) : NULL;

    for (int i = 0; i < 4; i++) {
        for (size_t c = 0; c < sizeof(refused) / sizeof(refused[0]); c++) {
            ERR_clear_error();
            T_CHECK(!EVP_MD_get_params(mds[i], refused[c].params)
                        && ERR_peek_error() == 0,
                    "%s: get %s %s: should fail with nothing queued",
                    md_names[i], refused[c].name, refused[c].what);
        }
        byte = 0;
        T_CHECK(EVP_MD_get_params(mds[i], as_byte) && byte == md_sizes[i],
                "%s: get size as uint8: %u", md_names[i], byte);
    }
    for (size_t c = 0; ref_md != NULL && c < sizeof(refused) / sizeof(refused[0]);
         c++) {
        T_CHECK(!EVP_MD_get_params(ref_md, refused[c].params),
                "default BLAKE2B-512: get %s %s succeeds", refused[c].name,
                refused[c].what);
        ERR_clear_error();
    }
    for (size_t n = 0; ref_md != NULL && n < 4; n++) {
        static const char *const names[4] = {
            OSSL_DIGEST_PARAM_BLOCK_SIZE, OSSL_DIGEST_PARAM_SIZE,
            OSSL_DIGEST_PARAM_XOF, OSSL_DIGEST_PARAM_ALGID_ABSENT,
        };
        OSSL_PARAM ours[] = {
            { names[n], OSSL_PARAM_INTEGER, NULL, 0, OSSL_PARAM_UNMODIFIED },
            OSSL_PARAM_END
        };
        OSSL_PARAM theirs[] = { ours[0], OSSL_PARAM_END };

        T_CHECK(EVP_MD_get_params(mds[3], ours)
                    && EVP_MD_get_params(ref_md, theirs)
                    && ours[0].return_size == theirs[0].return_size,
                "BLAKE2B-512: get %s with no buffer: size %zu, the "
                "default's %zu", names[n], ours[0].return_size,
                theirs[0].return_size);
        ERR_clear_error();
    }

    if (!T_CHECK(md_ctx != NULL && mac_ctx != NULL, "new contexts"))
        goto done;
    if (T_CHECK(EVP_DigestInit_ex2(md_ctx, mds[1], NULL), "init")) {
        T_FAILS(EVP_MD_CTX_get_params(md_ctx, refused[0].params), "size",
                "BLAKE2B-256 context: get size as UTF-8");
        byte = 0;
        T_CHECK(EVP_MD_CTX_get_params(md_ctx, as_byte) && byte == 32,
                "BLAKE2B-256 context: get size as uint8: %u", byte);
    }
    if (T_CHECK(EVP_MAC_init(mac_ctx, kat_key, sizeof(kat_key), NULL),
                "MAC init")) {
        T_FAILS(EVP_MAC_CTX_get_params(mac_ctx, refused[0].params), "size",
                "BLAKE2BMAC context: get size as UTF-8");
        T_FAILS(EVP_MAC_CTX_get_params(mac_ctx, mac_block), "block-size",
                "BLAKE2BMAC context: get block-size as int8");
        if (ref_mac_ctx != NULL
            && T_CHECK(EVP_MAC_init(ref_mac_ctx, kat_key, sizeof(kat_key),
                                    NULL), "default MAC init")) {
            T_CHECK(!EVP_MAC_CTX_get_params(ref_mac_ctx, refused[0].params)
                        && !EVP_MAC_CTX_get_params(ref_mac_ctx, mac_block),
                    "default BLAKE2BMAC context: a refused get succeeds");
            ERR_clear_error();
        }
        byte = 0;
        T_CHECK(EVP_MAC_CTX_get_params(mac_ctx, as_byte) && byte == 64,
                "BLAKE2BMAC context: get size as uint8: %u", byte);
    }
done:
    EVP_MD_CTX_free(md_ctx);
    EVP_MAC_CTX_free(mac_ctx);
    EVP_MAC_CTX_free(ref_mac_ctx);
}

/* --- secrets -------------------------------------------------------------- */

/* The whole error queue as text (emptying it). */
static size_t error_text(char *out, size_t max)
{
    BIO *bio = BIO_new(BIO_s_mem());
    size_t n = 0;

    out[0] = '\0';
    if (bio == NULL)
        return 0;
    ERR_print_errors(bio);
    if (BIO_read_ex(bio, out, max - 1, &n))
        out[n] = '\0';
    BIO_free(bio);
    ERR_clear_error();
    return n;
}

static int contains(const char *hay, size_t n, const void *needle, size_t len)
{
    for (size_t i = 0; i + len <= n; i++)
        if (memcmp(hay + i, needle, len) == 0)
            return 1;
    return 0;
}

/* The text names the reason and holds no 8-byte run of the key, raw or in
 * hex of either case. */
static void check_no_key_in(const char *text, size_t n, const uint8_t *key,
                            size_t keylen, const char *word, const char *what)
{
    static const char *const digits[2] = { "0123456789abcdef",
                                           "0123456789ABCDEF" };
    int leaked = 0;

    T_CHECK(n > 0 && t_mentions(text, word), "%s: error text lacks '%s': %s",
            what, word, text);
    for (size_t at = 0; at + 8 <= keylen; at++) {
        char hex[2][17];

        for (int c = 0; c < 2; c++) {
            for (size_t k = 0; k < 8; k++) {
                hex[c][2 * k] = digits[c][key[at + k] >> 4];
                hex[c][2 * k + 1] = digits[c][key[at + k] & 15];
            }
            hex[c][16] = '\0';
        }
        leaked |= contains(text, n, key + at, 8) || strstr(text, hex[0]) != NULL
                  || strstr(text, hex[1]) != NULL;
    }
    T_CHECK(!leaked, "%s: key bytes in the error text: %s", what, text);
}

static void check_no_key_in_errors(void)
{
    /* Printable, so raw bytes would show; 65 bytes, one too many. */
    static const char secret[] =
        "K3y-OF-the-HOSTILE-test:never:print:me/0123456789abcdefQRSTUVWXY";
    const uint8_t *key = (const uint8_t *)secret;
    size_t keylen = sizeof(secret); /* 65, with the NUL */
    char text[4096];
    size_t n;
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);

    if (!T_CHECK(ctx != NULL && keylen == 65, "new MAC context"))
        return;
    T_CHECK(!EVP_MAC_init(ctx, key, keylen, NULL), "65-byte key at init");
    n = error_text(text, sizeof(text));
    check_no_key_in(text, n, key, keylen, "key", "65-byte key at init");

    {
        OSSL_PARAM params[] = {
            OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, (void *)key, keylen),
            OSSL_PARAM_END
        };

        T_CHECK(!EVP_MAC_CTX_set_params(ctx, params), "65-byte key param");
        n = error_text(text, sizeof(text));
        check_no_key_in(text, n, key, keylen, "key", "65-byte key param");
    }
    {
        /* A good key beside a bad salt: the key stays out of it too. */
        OSSL_PARAM params[] = {
            OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, (void *)key, 64),
            OSSL_PARAM_octet_string(OSSL_MAC_PARAM_SALT, (void *)key, 17),
            OSSL_PARAM_END
        };

        T_CHECK(!EVP_MAC_init(ctx, NULL, 0, params), "17-byte salt");
        n = error_text(text, sizeof(text));
        check_no_key_in(text, n, key, 64, "salt", "key with a 17-byte salt");
    }
    EVP_MAC_CTX_free(ctx);
}

/* --- the core ------------------------------------------------------------- */

/* Final leaves nothing of the state (key block included) behind. What
 * the provider must never pass the core is refused by the provider (the
 * core only asserts it: core/blake2b.h). */
static void check_core(void)
{
    const struct blake2b_params good = { 64, 0, { 0 }, { 0 } };
    struct blake2b_params p;
    struct blake2b_state S, zero;
    uint8_t out[64];

    p = good;
    p.key_length = 64;
    memset(&zero, 0, sizeof(zero));
    blake2b_init(&S, &p, kat_key);
    T_CHECK(memcmp(&S, &zero, sizeof(S)) != 0, "core: state is empty");
    /* Empty message: the key block is still buffered at final. */
    blake2b_final(&S, out, blake2b_backend_at(0)->compress);
    T_CHECK(memcmp(&S, &zero, sizeof(S)) == 0,
            "core: state not wiped by final");
    check_kat(out, 64, 64, 1, 0, "core: keyed, empty message");

    /* The digests' shortcut starts where the general init does. */
    for (unsigned n = 1; n <= BLAKE2B_OUTBYTES; n++) {
        struct blake2b_state want;

        memset(&S, 0xa5, sizeof(S));
        memset(&want, 0xa5, sizeof(want));
        blake2b_params_init(&p, (uint8_t)n);
        blake2b_init(&want, &p, NULL);
        blake2b_init_unkeyed(&S, (uint8_t)n);
        T_CHECK(memcmp(S.h, want.h, sizeof(S.h)) == 0
                    && memcmp(S.t, want.t, sizeof(S.t)) == 0
                    && memcmp(S.f, want.f, sizeof(S.f)) == 0
                    && S.buflen == want.buflen && S.outlen == want.outlen,
                "core: blake2b_init_unkeyed(%u) differs from blake2b_init", n);
    }
}

int main(int argc, char **argv)
{
    struct t_args args;
    OSSL_PROVIDER *prov, *default_prov = NULL;
    OSSL_LIB_CTX *libctx, *default_ctx;
    int ok = 1;

    if (!t_args_parse(argc, argv, &args))
        return EXIT_FAILURE;
    t_pattern(msg, sizeof(msg));
    t_pattern(kat_key, sizeof(kat_key));
    t_kat_load(&kat, args.data_dir);
    if ((libctx = t_ctx_ours(args.module_dir, &prov)) == NULL)
        return t_report("t_hostile");
    for (int i = 0; i < 4; i++)
        ok &= T_CHECK((mds[i] = EVP_MD_fetch(libctx, md_names[i], T_PROPQ))
                          != NULL,
                      "fetch %s", md_names[i]);
    ok &= T_CHECK((mac = EVP_MAC_fetch(libctx, "BLAKE2BMAC", T_PROPQ)) != NULL,
                  "fetch BLAKE2BMAC");
    default_ctx = t_ctx_default(&default_prov);
    if (default_ctx != NULL) {
        ref_mac = EVP_MAC_fetch(default_ctx, "BLAKE2BMAC", NULL);
        ref_md = EVP_MD_fetch(default_ctx, "BLAKE2B-512", NULL);
    }
    if (ref_mac == NULL)
        t_note("the default provider has no BLAKE2BMAC: bounds that succeed "
               "are checked for success only");
    ERR_clear_error();

    if (ok) {
        for (int i = 0; i < 4; i++)
            check_digest_bounds(i);
        check_mac_bounds();
        check_size_types();
        check_octet_types();
        check_null_buffers();
        check_digest_order();
        check_mac_order();
        check_size_after_init();
        check_get_types();
        check_no_key_in_errors();
    }
    check_core();

    for (int i = 0; i < 4; i++)
        EVP_MD_free(mds[i]);
    EVP_MAC_free(mac);
    EVP_MAC_free(ref_mac);
    EVP_MD_free(ref_md);
    if (default_ctx != NULL)
        t_ctx_free(default_ctx, default_prov);
    t_ctx_free(libctx, prov);
    return t_report("t_hostile");
}
