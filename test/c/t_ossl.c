/* SPDX-License-Identifier: Apache-2.0 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "t_ossl.h"

static int print_error_line(const char *str, size_t len, void *unused)
{
    (void)unused;
    printf("#   openssl: %.*s", (int)len, str);
    if (len == 0 || str[len - 1] != '\n')
        printf("\n");
    return 1;
}

void t_print_openssl_errors(void)
{
    ERR_print_errors_cb(print_error_line, NULL);
}

int t_args_parse(int argc, char **argv, struct t_args *args)
{
    if (argc != 3) {
        printf("usage: %s MODULE_DIR DATA_DIR\n"
               "  MODULE_DIR: directory holding blake2neon.so\n"
               "  DATA_DIR:   test/data of the source tree\n",
               argc > 0 ? argv[0] : "test");
        return 0;
    }
    args->module_dir = argv[1];
    args->data_dir = argv[2];
    /* Whatever fails, show OpenSSL's own account of it. */
    t_set_failure_hook(t_print_openssl_errors);
    return 1;
}

const char *t_backend_of(OSSL_PROVIDER *prov)
{
    const char *backend = NULL;
    OSSL_PARAM params[] = {
        OSSL_PARAM_utf8_ptr("backend", (char **)&backend, 0),
        OSSL_PARAM_END
    };

    if (!OSSL_PROVIDER_get_params(prov, params)
        || !OSSL_PARAM_modified(&params[0]))
        return NULL;
    return backend;
}

OSSL_LIB_CTX *t_ctx_ours(const char *module_dir, OSSL_PROVIDER **prov)
{
    OSSL_LIB_CTX *libctx = OSSL_LIB_CTX_new();
    const char *forced = getenv("BLAKE2NEON_BACKEND");
    const char *backend;

    *prov = NULL;
    if (!T_CHECK(libctx != NULL, "OSSL_LIB_CTX_new"))
        return NULL;
    if (!T_CHECK(OSSL_PROVIDER_set_default_search_path(libctx, module_dir),
                 "set search path %s", module_dir)
        || !T_CHECK((*prov = OSSL_PROVIDER_load(libctx, "blake2neon")) != NULL,
                    "load blake2neon from %s (BLAKE2NEON_BACKEND=%s)",
                    module_dir, forced != NULL ? forced : "(unset)")) {
        OSSL_LIB_CTX_free(libctx);
        return NULL;
    }
    backend = t_backend_of(*prov);
    T_CHECK(backend != NULL, "provider param 'backend'");
    t_note("blake2neon loaded from %s; backend in use: %s%s%s", module_dir,
           backend != NULL ? backend : "(none)",
           forced != NULL && forced[0] != '\0'
               ? ", forced by BLAKE2NEON_BACKEND="
               : "",
           forced != NULL ? forced : "");
    return libctx;
}

OSSL_LIB_CTX *t_ctx_default(OSSL_PROVIDER **prov)
{
    OSSL_LIB_CTX *libctx = OSSL_LIB_CTX_new();

    *prov = NULL;
    if (!T_CHECK(libctx != NULL, "OSSL_LIB_CTX_new"))
        return NULL;
    if (!T_CHECK((*prov = OSSL_PROVIDER_load(libctx, "default")) != NULL,
                 "load OpenSSL's default provider")) {
        OSSL_LIB_CTX_free(libctx);
        return NULL;
    }
    return libctx;
}

void t_ctx_free(OSSL_LIB_CTX *libctx, OSSL_PROVIDER *prov)
{
    if (prov != NULL)
        OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(libctx);
}

int t_mentions(const char *text, const char *word)
{
    size_t n = strlen(word);

    for (; text != NULL && *text != '\0'; text++) {
        size_t i = 0;

        while (i < n && text[i] != '\0'
               && tolower((unsigned char)text[i])
                      == tolower((unsigned char)word[i]))
            i++;
        if (i == n)
            return 1;
    }
    return 0;
}

/*
 * Walk the whole error queue, oldest first, emptying it: whether any entry
 * has a reason string, and whether any reason or detail text mentions word.
 * Since OpenSSL 3.1 OSSL_PARAM_get_* queues its own generic error before
 * the provider's, so the oldest entry alone is not enough.
 */
struct t_queue_scan {
    unsigned long first;    /* oldest error code, 0 if the queue was empty */
    int has_reason;         /* some entry has a non-empty reason string */
    int mentions;           /* some entry's reason or text mentions word */
    char seen[256];         /* "reason (text); ..." for the failure message */
};

static void scan_error_queue(const char *word, struct t_queue_scan *scan)
{
    const char *data;
    int flags;
    unsigned long err;
    size_t used = 0;

    memset(scan, 0, sizeof(*scan));
    while ((err = ERR_get_error_all(NULL, NULL, NULL, &data, &flags)) != 0) {
        const char *reason = ERR_reason_error_string(err);
        int n;

        if ((flags & ERR_TXT_STRING) == 0)
            data = NULL;
        if (scan->first == 0)
            scan->first = err;
        if (reason != NULL && reason[0] != '\0')
            scan->has_reason = 1;
        if (word == NULL || t_mentions(reason, word) || t_mentions(data, word))
            scan->mentions = 1;
        n = snprintf(scan->seen + used, sizeof(scan->seen) - used, "%s%s (%s)",
                     used > 0 ? "; " : "", reason != NULL ? reason : "?",
                     data != NULL ? data : "");
        if (n > 0 && (size_t)n < sizeof(scan->seen) - used)
            used += (size_t)n;
    }
}

int t_failed_cleanly_at(int ret, const char *word, const char *file, int line,
                        const char *fmt, ...)
{
    struct t_queue_scan scan;
    char what[256];
    va_list args;

    va_start(args, fmt);
    vsnprintf(what, sizeof(what), fmt, args);
    va_end(args);

    scan_error_queue(word, &scan);
    return t_check_at(ret <= 0, file, line, "%s: should fail, returned %d",
                      what, ret)
           && t_check_at(scan.first != 0, file, line,
                         "%s: failed with no error queued", what)
           && t_check_at(scan.has_reason, file, line,
                         "%s: no error on the queue has a reason string: %s",
                         what, scan.seen)
           && t_check_at(word == NULL || scan.mentions, file, line,
                         "%s: no error on the queue mentions '%s': %s", what,
                         word, scan.seen);
}

size_t t_digest(const EVP_MD *md, size_t size, const uint8_t *msg, size_t len,
                struct t_rng *chunks, uint8_t out[64])
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    OSSL_PARAM params[] = {
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, &size),
        OSSL_PARAM_END
    };
    unsigned int outlen = 0;
    size_t done = 0;
    int ok;

    ok = ctx != NULL && EVP_DigestInit_ex2(ctx, md, size != 0 ? params : NULL);
    while (ok && done < len) {
        size_t n = chunks != NULL ? t_random_chunk(chunks, len - done)
                                  : len - done;

        ok = EVP_DigestUpdate(ctx, msg + done, n);
        done += n;
    }
    ok = ok && EVP_DigestFinal_ex(ctx, out, &outlen);
    EVP_MD_CTX_free(ctx);
    return ok ? outlen : 0;
}

OSSL_PARAM *t_mac_params(const struct t_mac_input *in, int with_key,
                         OSSL_PARAM *params)
{
    OSSL_PARAM *p = params;

    if (in->size != 0)
        *p++ = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE,
                                           (size_t *)&in->size);
    if (in->salt != NULL)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_SALT,
                                                 (void *)in->salt, in->saltlen);
    if (in->custom != NULL)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_CUSTOM,
                                                 (void *)in->custom,
                                                 in->customlen);
    if (with_key)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_KEY,
                                                 (void *)in->key, in->keylen);
    *p = OSSL_PARAM_construct_end();
    return params;
}

size_t t_mac(EVP_MAC *mac, const struct t_mac_input *in, const uint8_t *msg,
             size_t len, struct t_rng *chunks, uint8_t out[64])
{
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
    OSSL_PARAM params[5];
    size_t outlen = 0, done = 0;
    int ok;

    ok = ctx != NULL
         && EVP_MAC_init(ctx, in->key, in->keylen,
                         t_mac_params(in, 0, params));
    while (ok && done < len) {
        size_t n = chunks != NULL ? t_random_chunk(chunks, len - done)
                                  : len - done;

        ok = EVP_MAC_update(ctx, msg + done, n);
        done += n;
    }
    ok = ok && EVP_MAC_final(ctx, out, &outlen, 64);
    EVP_MAC_CTX_free(ctx);
    return ok ? outlen : 0;
}

size_t t_md_ctx_size(EVP_MD_CTX *ctx)
{
    size_t size = 0;
    OSSL_PARAM params[] = {
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, &size),
        OSSL_PARAM_END
    };

    return EVP_MD_CTX_get_params(ctx, params) ? size : 0;
}

size_t t_mac_ctx_size(EVP_MAC_CTX *ctx)
{
    size_t size = 0;
    OSSL_PARAM params[] = {
        OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, &size),
        OSSL_PARAM_END
    };

    return EVP_MAC_CTX_get_params(ctx, params) ? size : 0;
}
