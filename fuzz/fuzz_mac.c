/* SPDX-License-Identifier: Apache-2.0 */
/*
 * BLAKE2BMAC through EVP, on every backend this CPU runs, against the
 * core: arbitrary key, salt, custom and size lengths (including ones past
 * the limits, which must fail cleanly and leave the context usable), given
 * as set_params before init, as init params or as init's key argument, the
 * message in arbitrary pieces, and a duplicate taken mid-stream.
 *
 * Input: key length, salt length, custom length, size, flags, key, salt,
 * custom, chunk-spec length, chunk spec, message.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "fuzz_util.h"

enum { MAX_PROVIDERS = 8 };

static struct f_provider providers[MAX_PROVIDERS];
static EVP_MAC *macs[MAX_PROVIDERS];
static size_t nproviders;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    nproviders = f_providers_load(providers, MAX_PROVIDERS);
    for (size_t i = 0; i < nproviders; i++)
        if ((macs[i] = EVP_MAC_fetch(providers[i].libctx, "BLAKE2BMAC",
                                     F_PROPQ)) == NULL)
            f_fail("fetch BLAKE2BMAC");
    return 0;
}

/* Finish ctx and compare with want. */
static void finish(EVP_MAC_CTX *ctx, const uint8_t *want, size_t size,
                   const char *what)
{
    uint8_t out[64];
    size_t outlen = 0;

    if (!EVP_MAC_final(ctx, out, &outlen, sizeof(out)))
        f_fail("%s: final", what);
    if (outlen != size || memcmp(out, want, size) != 0)
        f_fail("%s: differs from the core (%zu bytes, size %zu)", what, outlen,
               size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct f_in in = { data, size };
    size_t keylen = f_byte(&in) % 72, saltlen = f_byte(&in) % 20;
    size_t customlen = f_byte(&in) % 20, mac_size = f_byte(&in) % 70;
    uint8_t flags = f_byte(&in);
    /* Where the inputs go: set_params before init, or init's params; the
     * key also possibly as init's argument. */
    int via_set = flags & 1, key_as_arg = (flags >> 1) & 1;
    int with_salt = (flags >> 2) & 1, with_custom = (flags >> 3) & 1;
    int with_size = (flags >> 4) & 1, with_dup = (flags >> 5) & 1;
    uint8_t key[72] = { 0 }, want[64];
    const uint8_t *field, *spec, *msg;
    size_t n, spec_len, len, dup_at;
    struct blake2b_params bp;
    OSSL_PARAM params[5], *p = params;
    int valid;

    /* Parameters point into the input: it must hold all their bytes. */
    if (size < 5 + keylen + saltlen + customlen)
        return 0;
    field = f_bytes(&in, keylen, &n);
    memcpy(key, field, n);
    blake2b_params_init(&bp, BLAKE2B_OUTBYTES);
    field = f_bytes(&in, saltlen, &n);
    memcpy(bp.salt, field, n < 16 ? n : 16);
    field = f_bytes(&in, customlen, &n);
    memcpy(bp.personal, field, n < 16 ? n : 16);
    dup_at = f_byte(&in) * (size_t)11;
    spec = f_bytes(&in, f_byte(&in), &spec_len);
    msg = f_rest(&in, &len);

    valid = keylen >= 1 && keylen <= 64
            && (!with_salt || saltlen <= 16)
            && (!with_custom || customlen <= 16)
            && (!with_size || (mac_size >= 1 && mac_size <= 64));
    if (!with_salt)
        memset(bp.salt, 0, sizeof(bp.salt));
    if (!with_custom)
        memset(bp.personal, 0, sizeof(bp.personal));
    if (with_size)
        *p++ = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &mac_size);
    if (with_salt)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_SALT,
                                                 (void *)(data + 5 + keylen),
                                                 saltlen);
    if (with_custom)
        *p++ = OSSL_PARAM_construct_octet_string(
            OSSL_MAC_PARAM_CUSTOM, (void *)(data + 5 + keylen + saltlen),
            customlen);
    if (!key_as_arg)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_KEY, key,
                                                 keylen);
    *p = OSSL_PARAM_construct_end();

    if (valid) {
        bp.digest_length = (uint8_t)(with_size ? mac_size : 64);
        bp.key_length = (uint8_t)keylen;
        f_core_hash(&bp, key, msg, len, want);
    }
    if (dup_at > len)
        dup_at = len;

    for (size_t i = 0; i < nproviders; i++) {
        EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(macs[i]), *dup = NULL;
        const char *name = providers[i].backend->name;
        struct f_chunks chunks;
        size_t done = 0;
        int ok;

        if (ctx == NULL)
            f_fail("new MAC context");
        if (via_set)
            ok = EVP_MAC_CTX_set_params(ctx, params)
                 && EVP_MAC_init(ctx, key_as_arg ? key : NULL, keylen, NULL);
        else
            ok = EVP_MAC_init(ctx, key_as_arg ? key : NULL, keylen, params);
        if (!valid) {
            static const uint8_t good_key[32];

            if (ok)
                f_fail("%s: accepted key %zu salt %zu custom %zu size %zu",
                       name, keylen, with_salt ? saltlen : 0,
                       with_custom ? customlen : 0, with_size ? mac_size : 0);
            f_expect_error("refused MAC inputs");
            /* Still usable with good inputs. */
            if (!EVP_MAC_init(ctx, good_key, sizeof(good_key), NULL)
                || !EVP_MAC_update(ctx, msg, len))
                f_fail("%s: unusable after a refusal", name);
            EVP_MAC_CTX_free(ctx);
            continue;
        }
        if (!ok)
            f_fail("%s: refused key %zu salt %zu custom %zu size %zu", name,
                   keylen, saltlen, customlen, mac_size);
        f_chunks_init(&chunks, spec, spec_len);
        while (done < len) {
            size_t n = f_chunk_next(&chunks, len - done);

            if (with_dup && dup == NULL && done >= dup_at
                && (dup = EVP_MAC_CTX_dup(ctx)) == NULL)
                f_fail("dup");
            if (!EVP_MAC_update(ctx, msg + done, n)
                || (dup != NULL && !EVP_MAC_update(dup, msg + done, n)))
                f_fail("update");
            done += n;
        }
        if (with_dup && dup == NULL && (dup = EVP_MAC_CTX_dup(ctx)) == NULL)
            f_fail("dup at the end");
        finish(ctx, want, bp.digest_length, name);
        if (dup != NULL)
            finish(dup, want, bp.digest_length, "duplicate");
        EVP_MAC_CTX_free(ctx);
        EVP_MAC_CTX_free(dup);
    }
    ERR_clear_error();
    return 0;
}
