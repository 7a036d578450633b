/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The digests through EVP, on every backend this CPU runs: any of the four,
 * any `size` at init, the message in arbitrary pieces, a copy taken at an
 * arbitrary point and finished alongside, and an arbitrary size set
 * mid-stream (which must not change the running digest, but is what the
 * context reports from then on). Each result must equal the core's
 * one-piece answer; a size the OpenSSL in use cannot deliver must fail
 * cleanly: before 3.2 final is offered the nominal size, from 3.2 the
 * reported one (so a smaller size set mid-stream fails there, as with the
 * default provider's BLAKE2B-512; docs/testing.md).
 *
 * Input: digest/flags, size, mid-stream size, copy point, chunk-spec
 * length, chunk spec, message.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "fuzz_util.h"

enum { MAX_PROVIDERS = 8 };

static const char *const md_names[4] = {
    "BLAKE2B-160", "BLAKE2B-256", "BLAKE2B-384", "BLAKE2B-512",
};

static const size_t md_sizes[4] = { 20, 32, 48, 64 };

static struct f_provider providers[MAX_PROVIDERS];
static EVP_MD *mds[MAX_PROVIDERS][4];
static size_t nproviders;
static int final_asks_ctx; /* OpenSSL 3.2+: final offers the ctx's size */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    nproviders = f_providers_load(providers, MAX_PROVIDERS);
    for (size_t i = 0; i < nproviders; i++)
        for (int m = 0; m < 4; m++)
            if ((mds[i][m] = EVP_MD_fetch(providers[i].libctx, md_names[m],
                                          F_PROPQ)) == NULL)
                f_fail("fetch %s", md_names[m]);
    final_asks_ctx = OpenSSL_version_num() >= 0x30200000UL;
    return 0;
}

/* Finish ctx, running at `size` and reporting `reported`: either the
 * expected digest, or a clean refusal if this OpenSSL cannot deliver it. */
static void finish(EVP_MD_CTX *ctx, const uint8_t *want, size_t size,
                   size_t reported, size_t nominal, const char *what)
{
    uint8_t out[64];
    unsigned int outlen = 0;
    int deliverable = final_asks_ctx ? size <= reported : size <= nominal;

    if (f_md_ctx_size(ctx) != reported)
        f_fail("%s: reports size %zu, want %zu", what, f_md_ctx_size(ctx),
               reported);
    if (!EVP_DigestFinal_ex(ctx, out, &outlen)) {
        if (deliverable)
            f_fail("%s: final failed", what);
        f_expect_error(what);
        return;
    }
    if (!deliverable)
        f_fail("%s: final delivered an undeliverable size", what);
    if (outlen != size || memcmp(out, want, size) != 0)
        f_fail("%s: differs from the core (%u bytes out, size %zu)", what,
               outlen, size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct f_in in = { data, size };
    uint8_t flags = f_byte(&in), want[64];
    int m = flags & 3, with_size = (flags >> 2) & 1;
    int with_copy = (flags >> 3) & 1, with_late_size = (flags >> 4) & 1;
    size_t nominal = md_sizes[m];
    size_t out_size = f_byte(&in) % 64 + 1, late_size = f_byte(&in);
    size_t copy_at = f_byte(&in) * (size_t)13, spec_len, len;
    const uint8_t *spec = f_bytes(&in, f_byte(&in), &spec_len);
    const uint8_t *msg = f_rest(&in, &len);
    struct blake2b_params bp;
    OSSL_PARAM init_params[] = {
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, &out_size),
        OSSL_PARAM_END
    };
    OSSL_PARAM late_params[] = {
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, &late_size),
        OSSL_PARAM_END
    };

    if (!with_size)
        out_size = nominal;
    blake2b_params_init(&bp, (uint8_t)out_size);
    f_core_hash(&bp, NULL, msg, len, want);
    if (copy_at > len)
        copy_at = len;

    for (size_t i = 0; i < nproviders; i++) {
        EVP_MD_CTX *ctx = EVP_MD_CTX_new(), *copy = NULL;
        struct f_chunks chunks;
        size_t done = 0, reported = out_size, copy_reported = 0;
        int late = with_late_size;

        if (ctx == NULL)
            f_fail("new context");
        if (!EVP_DigestInit_ex2(ctx, mds[i][m], with_size ? init_params : NULL))
            f_fail("%s init, size %zu", md_names[m], out_size);
        f_chunks_init(&chunks, spec, spec_len);
        while (done < len) {
            size_t n = f_chunk_next(&chunks, len - done);

            if (with_copy && copy == NULL && done >= copy_at) {
                if ((copy = EVP_MD_CTX_new()) == NULL
                    || !EVP_MD_CTX_copy_ex(copy, ctx))
                    f_fail("copy");
                copy_reported = reported;
            }
            if (!EVP_DigestUpdate(ctx, msg + done, n))
                f_fail("update");
            if (copy != NULL && !EVP_DigestUpdate(copy, msg + done, n))
                f_fail("update the copy");
            done += n;
            if (late && done >= len / 2) {
                /* Accepted or refused, the running digest is unchanged. */
                if (EVP_MD_CTX_set_params(ctx, late_params))
                    reported = late_size;
                else
                    f_expect_error("size set mid-stream");
                late = 0;
            }
        }
        if (with_copy && copy == NULL) {
            if ((copy = EVP_MD_CTX_new()) == NULL
                || !EVP_MD_CTX_copy_ex(copy, ctx))
                f_fail("copy at the end");
            copy_reported = reported;
        }
        finish(ctx, want, out_size, reported, nominal,
               providers[i].backend->name);
        if (copy != NULL)
            finish(copy, want, out_size, copy_reported, nominal, "copy");
        EVP_MD_CTX_free(ctx);
        EVP_MD_CTX_free(copy);
    }
    ERR_clear_error();
    return 0;
}
