/* SPDX-License-Identifier: Apache-2.0 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "argon2_row.h"
#include "blake2neon.h"
#include "clock.h"

enum { TAG_BYTES = 32, SALT_BYTES = 16 };

static const char password[] = "correct horse battery staple";
static const uint8_t salt[SALT_BYTES + 1] = "blake2neon-bench"; /* and a NUL */

enum argon2_kind { ROW_EVP, ROW_LIBRARY, ROW_SODIUM };

struct argon2_contender {
    char name[56];
    enum argon2_kind kind;
    EVP_KDF *kdf; /* ROW_EVP */
    double *ms;   /* one per round */
};

static int derive(const struct argon2_contender *c,
                  const struct bench_argon2_setting *s, uint8_t *tag)
{
    if (c->kind == ROW_EVP) {
        EVP_KDF_CTX *ctx = EVP_KDF_CTX_new(c->kdf);
        uint32_t iter = s->t, mem = s->m_kib, lanes = s->lanes;
        OSSL_PARAM params[] = {
            OSSL_PARAM_octet_string("pass", (void *)password,
                                    sizeof(password) - 1),
            OSSL_PARAM_octet_string("salt", (void *)salt, SALT_BYTES),
            OSSL_PARAM_uint32("iter", &iter),
            OSSL_PARAM_uint32("memcost", &mem),
            OSSL_PARAM_uint32("lanes", &lanes),
            OSSL_PARAM_END
        };
        int ok = ctx != NULL && EVP_KDF_derive(ctx, tag, TAG_BYTES, params) == 1;

        EVP_KDF_CTX_free(ctx);
        return ok;
    }
    if (c->kind == ROW_LIBRARY) {
        blake2neon_argon2_params p = {
            .type = BLAKE2NEON_ARGON2ID, .version = BLAKE2NEON_ARGON2_VERSION,
            .t_cost = s->t, .m_cost = s->m_kib, .lanes = s->lanes,
            .pass = password, .passlen = sizeof(password) - 1,
            .salt = salt, .saltlen = SALT_BYTES,
        };

        return blake2neon_argon2(tag, TAG_BYTES, &p) == BLAKE2NEON_OK;
    }
#if defined(BENCH_HAVE_SODIUM)
    return crypto_pwhash(tag, TAG_BYTES, password, sizeof(password) - 1, salt,
                         s->t, (size_t)s->m_kib * 1024,
                         crypto_pwhash_ALG_ARGON2ID13) == 0;
#else
    return 0;
#endif
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof(*v), by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The contenders of the row: EVP ones from the table's list (the ones
 * whose provider has ARGON2ID), then the library and libsodium. */
static size_t gather(struct argon2_contender *row, size_t max,
                     struct bench_contender *c, size_t n,
                     const struct bench_argon2_setting *s)
{
    size_t k = 0;

    for (size_t i = 0; i < n && k < max; i++) {
        EVP_KDF *kdf;

        if (c[i].kind != BENCH_EVP)
            continue;
        kdf = EVP_KDF_fetch(c[i].libctx, "ARGON2ID",
                            c[i].is_reference ? "provider=default"
                                              : "provider=blake2neon");
        if (kdf == NULL) { /* OpenSSL before 3.2 */
            fprintf(stderr, "blake2neon-bench: %s has no ARGON2ID: not in "
                    "the Argon2 rows\n", c[i].name);
            continue;
        }
        row[k] = (struct argon2_contender){ .kind = ROW_EVP, .kdf = kdf };
        snprintf(row[k++].name, sizeof(row[0].name), "%s", c[i].name);
    }
    if (k < max) {
        row[k] = (struct argon2_contender){ .kind = ROW_LIBRARY };
        snprintf(row[k++].name, sizeof(row[0].name), "libblake2neon (%s)",
                 blake2neon_backend() ? blake2neon_backend() : "none");
    }
#if defined(BENCH_HAVE_SODIUM)
    if (k < max && s->lanes == 1) {
        row[k] = (struct argon2_contender){ .kind = ROW_SODIUM };
        snprintf(row[k++].name, sizeof(row[0].name), "libsodium crypto_pwhash");
    }
#else
    (void)s;
#endif
    return k;
}

int bench_argon2_run(FILE *f, struct bench_contender *contenders, size_t n,
                     const struct bench_argon2_setting *s)
{
    struct argon2_contender row[BENCH_MAX_CONTENDERS + 2];
    uint8_t want[TAG_BYTES], got[TAG_BYTES];
    size_t k = gather(row, sizeof(row) / sizeof(row[0]), contenders, n, s);
    size_t sodium = k, reference = k;
    uint64_t blocks = (uint64_t)s->m_kib / (4 * s->lanes) * (4 * s->lanes);
    int ok = k > 0;

    for (size_t i = 0; ok && i < k; i++) {
        row[i].ms = calloc(s->rounds, sizeof(double));
        ok = row[i].ms != NULL && derive(&row[i], s, i == 0 ? want : got)
             && (i == 0 || memcmp(want, got, TAG_BYTES) == 0);
        if (!ok)
            fprintf(stderr, "blake2neon-bench: Argon2 through %s %s\n",
                    row[i].name, row[i].ms == NULL ? "failed (memory)"
                                 : "failed or disagrees; not timing it");
        if (row[i].kind == ROW_SODIUM)
            sodium = i;
        if (strcmp(row[i].name, "OpenSSL default") == 0)
            reference = i;
    }
    /* Rounds: every contender once, in an order turned by one each round. */
    for (size_t r = 0; ok && r < s->rounds; r++) {
        for (size_t j = 0; ok && j < k; j++) {
            struct argon2_contender *c = &row[(r + j) % k];
            uint64_t t0 = bench_now_ns();

            ok = derive(c, s, got);
            c->ms[r] = (double)(bench_now_ns() - t0) / 1e6;
        }
    }
    if (ok) {
        fprintf(f, "\nArgon2id, m = %u KiB, t = %u, p = %u, %d-byte tag, one "
                "thread: ms per derivation, %zu rounds\n", s->m_kib, s->t,
                s->lanes, TAG_BYTES, s->rounds);
        fprintf(f, "  %-34s %9s %9s %12s %12s\n", "", "median", "best",
                "vs default", "vs libsodium");
        for (size_t i = 0; i < k; i++) {
            double med = median(row[i].ms, s->rounds); /* sorts: [0] best */
            char vs_default[16] = "", vs_sodium[16] = "";

            if (reference < k)
                snprintf(vs_default, sizeof(vs_default), "%.2fx",
                         median(row[reference].ms, s->rounds) / med);
            if (sodium < k)
                snprintf(vs_sodium, sizeof(vs_sodium), "%.2fx",
                         median(row[sodium].ms, s->rounds) / med);
            fprintf(f, "  %-34s %9.1f %9.1f %12s %12s\n", row[i].name, med,
                    row[i].ms[0], vs_default, vs_sodium);
        }
        fprintf(f, "argon2: %llu blocks x %u passes per derivation (ratios: "
                "the other's median over this one's)\n",
                (unsigned long long)blocks, s->t);
    }
    for (size_t i = 0; i < k; i++) {
        free(row[i].ms);
        EVP_KDF_free(row[i].kdf);
    }
    return ok;
}
