/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Threads: 16 threads share one fetched EVP_MD (BLAKE2B-512) and one
 * EVP_MAC (BLAKE2BMAC), each hashing its own random inputs in random
 * pieces with random sizes, keys, salts and customs, duplicating contexts
 * mid-stream and fetching the algorithms again as they go. Every answer
 * must equal the one computed beforehand by a single thread. Built with
 * -DBLAKE2NEON_SANITIZE=thread, ThreadSanitizer watches the same run.
 *
 * Only the main thread counts checks: the t_util counters are not shared.
 */
/* pthread barriers: POSIX, beyond the C11 the build asks for. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "t_ossl.h"

enum { THREADS = 16, JOBS = 24, MAX_LEN = 3000 };

/* One job: a digest and a MAC of the same random message. */
struct job {
    uint8_t msg[MAX_LEN];
    size_t len;
    size_t md_size;             /* 0: no size param */
    uint8_t key[64], salt[16], custom[16];
    struct t_mac_input mac_in;
    uint8_t want_md[64], want_mac[64];
    size_t want_md_len, want_mac_len;
    uint8_t got_md[64], got_mac[64];
    size_t got_md_len, got_mac_len;
};

struct worker {
    int index;
    pthread_t thread;
    struct job jobs[JOBS];
    int refetch_failures;       /* fetches inside the thread that failed */
    unsigned long errors_left;  /* error queue entries seen at the end */
};

static OSSL_LIB_CTX *libctx;
static EVP_MD *md;
static EVP_MAC *mac;
static pthread_barrier_t start_line;

static void make_job(struct job *j, struct t_rng *rng)
{
    /* Mostly short, sometimes several blocks: both paths of update. */
    j->len = t_rng_below(rng, 4) ? t_rng_below(rng, 300)
                                 : t_rng_below(rng, MAX_LEN + 1);
    t_rng_fill(rng, j->msg, j->len);
    j->md_size = t_rng_below(rng, 2) ? 1 + t_rng_below(rng, 64) : 0;
    t_rng_fill(rng, j->key, sizeof(j->key));
    t_rng_fill(rng, j->salt, sizeof(j->salt));
    t_rng_fill(rng, j->custom, sizeof(j->custom));
    j->mac_in = (struct t_mac_input){
        j->key, 1 + t_rng_below(rng, 64),
        t_rng_below(rng, 2) ? j->salt : NULL, t_rng_below(rng, 17),
        t_rng_below(rng, 2) ? j->custom : NULL, t_rng_below(rng, 17),
        t_rng_below(rng, 2) ? 1 + t_rng_below(rng, 64) : 0,
    };
}

/*
 * The job's digest through a context that is duplicated at a random point
 * and finished by the duplicate: copies must be as thread-safe as the rest.
 */
static size_t digest_with_copy(const EVP_MD *m, const struct job *j,
                               struct t_rng *rng, uint8_t out[64])
{
    size_t size = j->md_size, split = t_rng_below(rng, j->len + 1), done = 0;
    OSSL_PARAM params[] = {
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, &size),
        OSSL_PARAM_END
    };
    EVP_MD_CTX *ctx = EVP_MD_CTX_new(), *copy = EVP_MD_CTX_new();
    unsigned int outlen = 0;
    int ok = ctx != NULL && copy != NULL
             && EVP_DigestInit_ex2(ctx, m, size != 0 ? params : NULL);

    while (ok && done < split) {
        size_t n = t_random_chunk(rng, split - done);

        ok = EVP_DigestUpdate(ctx, j->msg + done, n);
        done += n;
    }
    ok = ok && EVP_MD_CTX_copy_ex(copy, ctx);
    EVP_MD_CTX_free(ctx);
    ok = ok && EVP_DigestUpdate(copy, j->msg + split, j->len - split)
         && EVP_DigestFinal_ex(copy, out, &outlen);
    EVP_MD_CTX_free(copy);
    return ok ? outlen : 0;
}

static void *work(void *arg)
{
    struct worker *w = arg;
    struct t_rng rng;

    t_rng_seed(&rng, 0x7417ead0 + (uint64_t)w->index);
    /* All threads start hashing at once, to meet in the same code. */
    pthread_barrier_wait(&start_line);
    for (int k = 0; k < JOBS; k++) {
        struct job *j = &w->jobs[k];
        EVP_MD *own_md = NULL;
        EVP_MAC *own_mac = NULL;

        /* Every fourth job fetches its own copies: the method store and
         * the provider's reference counts are shared too. */
        if (k % 4 == 3) {
            own_md = EVP_MD_fetch(libctx, "BLAKE2B-512", T_PROPQ);
            own_mac = EVP_MAC_fetch(libctx, "BLAKE2BMAC", T_PROPQ);
            w->refetch_failures += own_md == NULL || own_mac == NULL;
        }
        if (k % 2)
            j->got_md_len = digest_with_copy(own_md ? own_md : md, j, &rng,
                                             j->got_md);
        else
            j->got_md_len = t_digest(own_md ? own_md : md, j->md_size, j->msg,
                                     j->len, &rng, j->got_md);
        j->got_mac_len = t_mac(own_mac ? own_mac : mac, &j->mac_in, j->msg,
                               j->len, &rng, j->got_mac);
        EVP_MD_free(own_md);
        EVP_MAC_free(own_mac);
    }
    w->errors_left = ERR_peek_error();
    ERR_clear_error();
    return NULL;
}

int main(int argc, char **argv)
{
    static struct worker workers[THREADS];
    struct t_args args;
    OSSL_PROVIDER *prov;
    struct t_rng rng;
    int started = 0;

    if (!t_args_parse(argc, argv, &args))
        return EXIT_FAILURE;
    if ((libctx = t_ctx_ours(args.module_dir, &prov)) == NULL)
        return t_report("t_threads");
    if (!T_CHECK((md = EVP_MD_fetch(libctx, "BLAKE2B-512", T_PROPQ)) != NULL
                     && (mac = EVP_MAC_fetch(libctx, "BLAKE2BMAC", T_PROPQ))
                            != NULL,
                 "fetch BLAKE2B-512 and BLAKE2BMAC"))
        goto done;

    /* The answers, one thread, one piece each. */
    t_rng_seed(&rng, 0x7417ead0);
    for (int t = 0; t < THREADS; t++) {
        workers[t].index = t;
        for (int k = 0; k < JOBS; k++) {
            struct job *j = &workers[t].jobs[k];

            make_job(j, &rng);
            j->want_md_len = t_digest(md, j->md_size, j->msg, j->len, NULL,
                                      j->want_md);
            j->want_mac_len = t_mac(mac, &j->mac_in, j->msg, j->len, NULL,
                                    j->want_mac);
            T_CHECK(j->want_md_len == (j->md_size ? j->md_size : 64)
                        && j->want_mac_len
                               == (j->mac_in.size ? j->mac_in.size : 64),
                    "single-threaded job %d/%d: %zu and %zu bytes", t, k,
                    j->want_md_len, j->want_mac_len);
        }
    }

    if (!T_CHECK(pthread_barrier_init(&start_line, NULL, THREADS) == 0,
                 "barrier"))
        goto done;
    for (; started < THREADS; started++)
        if (!T_CHECK(pthread_create(&workers[started].thread, NULL, work,
                                    &workers[started]) == 0,
                     "start thread %d", started))
            break;
    if (started < THREADS) {
        /* The barrier would never open: nothing more can be checked. */
        printf("Bail out: could not start %d threads\n", THREADS);
        exit(EXIT_FAILURE);
    }
    for (int t = 0; t < THREADS; t++)
        pthread_join(workers[t].thread, NULL);
    pthread_barrier_destroy(&start_line);

    for (int t = 0; t < THREADS; t++) {
        const struct worker *w = &workers[t];

        T_CHECK(w->refetch_failures == 0, "thread %d: %d fetches failed", t,
                w->refetch_failures);
        T_CHECK(w->errors_left == 0, "thread %d: error %lx left queued", t,
                w->errors_left);
        for (int k = 0; k < JOBS; k++) {
            const struct job *j = &w->jobs[k];

            if (T_CHECK(j->got_md_len == j->want_md_len,
                        "thread %d job %d: digest of %zu bytes gave %zu, "
                        "want %zu", t, k, j->len, j->got_md_len,
                        j->want_md_len))
                T_SAME(j->got_md, j->want_md, j->want_md_len,
                       "thread %d job %d: digest, %zu bytes, size %zu", t, k,
                       j->len, j->md_size);
            if (T_CHECK(j->got_mac_len == j->want_mac_len,
                        "thread %d job %d: MAC gave %zu bytes, want %zu", t, k,
                        j->got_mac_len, j->want_mac_len))
                T_SAME(j->got_mac, j->want_mac, j->want_mac_len,
                       "thread %d job %d: MAC, %zu bytes, key %zu, size %zu", t,
                       k, j->len, j->mac_in.keylen, j->mac_in.size);
        }
    }
    t_note("%d threads x %d jobs (digest and MAC each) matched", THREADS,
           JOBS);
done:
    EVP_MD_free(md);
    EVP_MAC_free(mac);
    t_ctx_free(libctx, prov);
    return t_report("t_threads");
}
