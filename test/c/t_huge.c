/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Huge input: more than 4 GiB through each backend this CPU runs, against
 * hashlib (test/data/huge.txt, from test/gen_huge_vector.py, which also
 * defines the two streams), so the byte counter's carry past 2^32 is
 * proven end to end, through EVP and the provider:
 *   segments  BLAKE2B-512, fed in pieces of varied size;
 *   mapped    BLAKE2BMAC, fed in a single update of over 4 GiB, from one
 *             1 MiB file mapped again and again (little real memory).
 * Takes tens of seconds per backend natively: CTest label "huge", built
 * only with -DBLAKE2NEON_HUGE_TESTS=ON, never under an emulator.
 */
/* mmap, ftruncate, setenv: POSIX, beyond the C11 the build asks for. */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <openssl/err.h>

#include "backend.h"
#include "t_ossl.h"

enum {
    SEGMENT = 65521,          /* prime: segment edges fall anywhere */
    MAPPED_BLOCK = 1 << 20,
};

struct expected {
    unsigned long long len;
    uint8_t digest[64];
    int have;
};

static struct expected want_segments, want_mapped;

static void load_expected(const char *data_dir)
{
    struct t_data d;

    if (!t_data_open(&d, data_dir, "huge.txt"))
        return;
    while (t_data_next(&d)) {
        struct expected *e = NULL;
        unsigned long long len;
        char *end;
        size_t n;

        if (!t_data_expect_fields(&d, 4))
            continue;
        /* Not t_parse_size: the lengths pass a 32-bit size_t. */
        len = strtoull(d.field[1], &end, 10);
        if (strcmp(d.field[0], "segments") == 0
            && strcmp(d.field[2], "BLAKE2B-512") == 0)
            e = &want_segments;
        else if (strcmp(d.field[0], "mapped") == 0
                 && strcmp(d.field[2], "BLAKE2BMAC") == 0)
            e = &want_mapped;
        if (T_CHECK(e != NULL && t_unhex(d.field[3], e->digest, 64, &n)
                        && n == 64 && *end == '\0' && len > (1ULL << 32),
                    "%s:%lu: bad line", d.path, d.lineno)) {
            e->len = len;
            e->have = 1;
        }
    }
    t_data_close(&d);
    T_CHECK(want_segments.have && want_mapped.have,
            "huge.txt lacks a stream");
}

static double seconds_since(const struct timespec *start)
{
    struct timespec now;

    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec)
           + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* segments: BLAKE2B-512 of the stream, pieces of 0..64 KiB. */
static void check_segments(OSSL_LIB_CTX *libctx, const char *backend)
{
    uint8_t *seg = t_malloc(SEGMENT), out[64];
    EVP_MD *md = EVP_MD_fetch(libctx, "BLAKE2B-512", T_PROPQ);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned long long done = 0, k = 0;
    unsigned int outlen = 0;
    struct timespec start;
    struct t_rng rng;
    int ok;

    t_rng_seed(&rng, 0x4a6e0001);
    t_lcg_message(seg, SEGMENT, 1);
    clock_gettime(CLOCK_MONOTONIC, &start);
    ok = T_CHECK(md != NULL && ctx != NULL && EVP_DigestInit_ex2(ctx, md, NULL),
                 "%s: BLAKE2B-512 init", backend);
    while (ok && done < want_segments.len) {
        size_t seg_len = SEGMENT, at = 0;

        if (want_segments.len - done < seg_len)
            seg_len = (size_t)(want_segments.len - done);
        for (int i = 0; i < 8; i++)
            seg[i] = (uint8_t)(k >> (8 * i));
        while (ok && at < seg_len) {
            size_t n = t_random_chunk(&rng, seg_len - at);

            ok = EVP_DigestUpdate(ctx, seg + at, n);
            at += n;
        }
        done += seg_len;
        k++;
    }
    ok = T_CHECK(ok && EVP_DigestFinal_ex(ctx, out, &outlen) && outlen == 64,
                 "%s: segments: update or final failed", backend);
    if (ok)
        T_SAME(out, want_segments.digest, 64, "%s: BLAKE2B-512 of %llu bytes "
               "in varied pieces", backend, want_segments.len);
    t_note("%s: segments, %llu bytes in pieces: %.1f s", backend, done,
           seconds_since(&start));
    EVP_MD_CTX_free(ctx);
    EVP_MD_free(md);
    free(seg);
}

/*
 * The mapped stream's address range: one 1 MiB file mapped over and over.
 * Returns NULL (having said why) where that cannot be done.
 */
static const uint8_t *map_stream(size_t len, size_t *maplen)
{
    size_t count = (len + MAPPED_BLOCK - 1) / MAPPED_BLOCK;
    uint8_t *block = t_malloc(MAPPED_BLOCK), *base;
    FILE *f = tmpfile();
    int fd;

    *maplen = count * MAPPED_BLOCK;
    t_lcg_message(block, MAPPED_BLOCK, 2);
    fd = f != NULL ? fileno(f) : -1;
    if (!T_CHECK(fd >= 0 && write(fd, block, MAPPED_BLOCK) == MAPPED_BLOCK,
                 "write the 1 MiB block to a temporary file")) {
        free(block);
        return NULL;
    }
    free(block);
    /* Reserve the whole range (never touched: PROT_NONE), then lay the
     * file over each piece of it. */
    base = mmap(NULL, *maplen, PROT_NONE, MAP_SHARED, fd, 0);
    if (!T_CHECK(base != MAP_FAILED, "reserve %zu bytes of addresses",
                 *maplen)) {
        fclose(f);
        return NULL;
    }
    for (size_t i = 0; i < count; i++)
        if (!T_CHECK(mmap(base + i * MAPPED_BLOCK, MAPPED_BLOCK, PROT_READ,
                          MAP_SHARED | MAP_FIXED, fd, 0)
                         != MAP_FAILED,
                     "map piece %zu", i)) {
            munmap(base, *maplen);
            fclose(f);
            return NULL;
        }
    fclose(f); /* the mappings keep the file */
    return base;
}

/* mapped: BLAKE2BMAC of the stream in one update. */
static void check_mapped(OSSL_LIB_CTX *libctx, const char *backend,
                         const uint8_t *stream)
{
    uint8_t key[64], out[64];
    EVP_MAC *mac = EVP_MAC_fetch(libctx, "BLAKE2BMAC", T_PROPQ);
    EVP_MAC_CTX *ctx = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    size_t outlen = 0, len = (size_t)want_mapped.len;
    struct timespec start;

    t_pattern(key, sizeof(key));
    clock_gettime(CLOCK_MONOTONIC, &start);
    if (T_CHECK(ctx != NULL && EVP_MAC_init(ctx, key, sizeof(key), NULL)
                    && EVP_MAC_update(ctx, stream, len)
                    && EVP_MAC_final(ctx, out, &outlen, sizeof(out))
                    && outlen == 64,
                "%s: BLAKE2BMAC of %zu bytes in one update", backend, len))
        T_SAME(out, want_mapped.digest, 64, "%s: BLAKE2BMAC of %zu bytes in "
               "one update", backend, len);
    t_note("%s: mapped, %zu bytes in one update: %.1f s", backend, len,
           seconds_since(&start));
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
}

int main(int argc, char **argv)
{
    const char *forced = getenv("BLAKE2NEON_BACKEND");
    const struct blake2b_backend *b;
    const uint8_t *stream = NULL;
    size_t maplen = 0;
    struct t_args args;
    int tested = 0;

    if (!t_args_parse(argc, argv, &args))
        return EXIT_FAILURE;
    load_expected(args.data_dir);
    if (!want_segments.have || !want_mapped.have)
        return t_report("t_huge");
    if (SIZE_MAX <= want_mapped.len)
        t_note("SKIP the one-update stream: size_t has %zu bits here, an "
               "update cannot pass 4 GiB", sizeof(size_t) * 8);
    else
        stream = map_stream((size_t)want_mapped.len, &maplen);

    for (size_t i = 0; (b = blake2b_backend_at(i)) != NULL; i++) {
        OSSL_PROVIDER *prov;
        OSSL_LIB_CTX *libctx;
        const char *name = b->name;

        if (forced != NULL && forced[0] != '\0') {
            if (i > 0)
                break;
            name = forced; /* the user's choice, once */
        } else if (!blake2b_backend_cpu_can_run(b)) {
            t_note("backend %s: skipped, this CPU cannot run it", name);
            continue;
        } else {
            setenv("BLAKE2NEON_BACKEND", name, 1);
        }
        libctx = t_ctx_ours(args.module_dir, &prov);
        if (forced == NULL || forced[0] == '\0')
            unsetenv("BLAKE2NEON_BACKEND");
        if (libctx == NULL)
            continue;
        check_segments(libctx, name);
        if (stream != NULL)
            check_mapped(libctx, name, stream);
        t_ctx_free(libctx, prov);
        tested++;
    }
    T_CHECK(tested > 0, "no backend tested");
    if (stream != NULL)
        munmap((void *)stream, maplen);
    return t_report("t_huge");
}
