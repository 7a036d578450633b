/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2neon's ARGON2D, ARGON2I and ARGON2ID through EVP, loaded alone in
 * its own library context and fetched with provider=blake2neon (and the
 * provider that answered checked by name): every vector of every file
 * test/gen_argon2_vectors.py wrote (RFC 9106, the reference
 * implementation, libsodium, OpenSSL's evpkdf_argon2.txt, the random
 * sets from libargon2) gives its tag, or is refused where the file says
 * OpenSSL refuses it, with an error on the queue. Each tag is derived
 * with the parameters set before derive and again with them given to
 * derive itself, the second time on as many threads as lanes and with
 * early_clean: neither may change a tag.
 *
 * Vectors above BLAKE2NEON_ARGON2_MAX_KIB (default 256 MiB; the
 * reference's 1 GiB ones, and less under an emulator or valgrind) are
 * counted and named as left out.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>

#include "t_argon2.h"

static const char *const files[] = {
    "argon2.txt", "argon2-ref.txt", "argon2-libsodium.txt",
    "argon2-openssl.txt", "argon2-random.txt",
};

static EVP_KDF *kdf[3];
static unsigned long max_kib;
static unsigned long n_tags, n_refusals, n_left_out;

/* Derive v's tag in one new context; params set first or in derive. */
static int derive(const struct t_a2_vec *v, int in_derive, int threads,
                  int early_clean, uint8_t *out, int *failed_at_set)
{
    EVP_KDF_CTX *ctx = EVP_KDF_CTX_new(kdf[t_a2_type_index(v->type)]);
    struct t_a2_params ps;
    int ok;

    *failed_at_set = 0;
    if (!T_CHECK(ctx != NULL, "EVP_KDF_CTX_new(%s)", v->type))
        return 0;
    t_a2_vec_params(v, &ps);
    /* `size` too: the !set:3 refusal is about it; else it agrees. */
    t_a2_add_uint(&ps, "size", v->outlen, 4);
    if (threads > 1)
        t_a2_add_uint(&ps, "threads", (uint64_t)threads, 4);
    if (early_clean)
        t_a2_add_uint(&ps, "early_clean", 1, 4);
    if (in_derive) {
        ok = EVP_KDF_derive(ctx, out, v->outlen, t_a2_params_get(&ps, 0));
    } else {
        ok = EVP_KDF_CTX_set_params(ctx, t_a2_params_get(&ps, 0));
        if (!ok)
            *failed_at_set = 1;
        else
            ok = EVP_KDF_derive(ctx, out, v->outlen, NULL);
    }
    EVP_KDF_CTX_free(ctx);
    return ok;
}

static void run_vector(const char *file, unsigned long line,
                       const struct t_a2_vec *v)
{
    uint8_t out[T_A2_MAX_BYTES];
    int at_set;

    if (v->refuse != T_A2_OK) {
        int ok = derive(v, 0, 1, 0, out, &at_set);

        if (T_FAILS(ok, NULL, "%s:%lu: refused", file, line))
            T_CHECK(at_set == (v->refuse == T_A2_REFUSE_SET),
                    "%s:%lu: refused in %s, OpenSSL refuses in %s", file, line,
                    at_set ? "set_params" : "derive",
                    v->refuse == T_A2_REFUSE_SET ? "set_params" : "derive");
        /* In derive's own params: refused there. */
        T_FAILS(derive(v, 1, 1, 0, out, &at_set), NULL,
                "%s:%lu: refused, params in derive", file, line);
        n_refusals++;
        return;
    }
    if (v->memcost > max_kib) {
        t_note("%s:%lu: left out, %u KiB is over %lu", file, line,
               (unsigned)v->memcost, max_kib);
        n_left_out++;
        return;
    }
    memset(out, 0, sizeof(out));
    if (T_CHECK(derive(v, 0, 1, 0, out, &at_set), "%s:%lu: derive", file,
                line)
        && !T_SAME(out, v->tag, v->outlen, "%s:%lu: tag", file, line))
        t_a2_print("#   inputs: ", v);
    memset(out, 0, sizeof(out));
    /* The big ones once only (time); lanes > 1 on threads. */
    if (v->memcost <= 65536
        && T_CHECK(derive(v, 1, (int)v->lanes, 1, out, &at_set),
                   "%s:%lu: derive, params in derive, %u threads, "
                   "early_clean", file, line, (unsigned)v->lanes))
        T_SAME(out, v->tag, v->outlen, "%s:%lu: tag, params in derive, "
               "%u threads, early_clean", file, line, (unsigned)v->lanes);
    n_tags++;
}

int main(int argc, char **argv)
{
    struct t_args args;
    OSSL_PROVIDER *prov;
    OSSL_LIB_CTX *libctx;
    unsigned long per_file[sizeof(files) / sizeof(files[0])];

    if (!t_args_parse(argc, argv, &args))
        return EXIT_FAILURE;
    libctx = t_ctx_ours(args.module_dir, &prov);
    if (libctx == NULL)
        return t_report("t_argon2_kat");
    max_kib = t_a2_max_kib(256 * 1024);
    for (int i = 0; i < 3; i++) {
        const OSSL_PROVIDER *from;

        kdf[i] = EVP_KDF_fetch(libctx, t_a2_names[i], T_PROPQ);
        if (!T_CHECK(kdf[i] != NULL, "fetch %s with %s", t_a2_names[i],
                     T_PROPQ))
            return t_report("t_argon2_kat");
        /* Only blake2neon is loaded; still, say who answered. */
        from = EVP_KDF_get0_provider(kdf[i]);
        T_CHECK(from != NULL
                && strcmp(OSSL_PROVIDER_get0_name(from), "blake2neon") == 0,
                "%s comes from %s", t_a2_names[i],
                from != NULL ? OSSL_PROVIDER_get0_name(from) : "nobody");
    }
    t_note("OpenSSL %s; vectors up to %lu KiB",
           OpenSSL_version(OPENSSL_VERSION_STRING), max_kib);

    for (size_t f = 0; f < sizeof(files) / sizeof(files[0]); f++) {
        struct t_data d;
        struct t_a2_vec v;

        per_file[f] = 0;
        if (!t_data_open(&d, args.data_dir, files[f]))
            continue;
        while (t_data_next(&d)) {
            if (!t_a2_parse(&d, &v))
                continue;
            run_vector(files[f], d.lineno, &v);
            per_file[f]++;
        }
        t_data_close(&d);
        /* Every file has vectors: a file that lost them fails here. */
        T_CHECK(per_file[f] >= 3, "%s: %lu vectors", files[f], per_file[f]);
        t_note("%s: %lu vectors", files[f], per_file[f]);
    }
    t_note("%lu tags checked, %lu refusals, %lu left out (over %lu KiB)",
           n_tags, n_refusals, n_left_out, max_kib);
    for (int i = 0; i < 3; i++)
        EVP_KDF_free(kdf[i]);
    t_ctx_free(libctx, prov);
    return t_report("t_argon2_kat");
}
