/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Core level, no OpenSSL: every backend's Argon2 BlaMka that this CPU
 * runs against the generic one (fresh and XORed blocks, next the same
 * block as prev, as ref, or as both), and RFC 9106's three tags
 * (test/data/argon2.txt) through the core with each backend. The Arm
 * vector backends must bring a BlaMka of their own.
 *
 *   t_blamka DATA_DIR
 */
#include <stdlib.h>
#include <string.h>

#include "argon2.h"
#include "backend.h"
#include "t_util.h"

typedef struct blake2b_argon2_block block;

static void random_block(struct t_rng *r, block *b)
{
    t_rng_fill(r, (uint8_t *)b->v, sizeof(b->v));
}

/* fill(next, prev, ref) against generic's, where next is a fresh block
 * (alias 0), prev (1), ref (2), or prev and ref are one block (3). */
static void agree(blake2b_argon2_fill_fn *fill, const char *name,
                  struct t_rng *r)
{
    static block in[3], want[3], got[3];

    for (int trial = 0; trial < 8; trial++)
        for (int alias = 0; alias < 4; alias++)
            for (int with_xor = 0; with_xor <= 1; with_xor++) {
                for (int i = 0; i < 3; i++)
                    random_block(r, &in[i]);
                if (alias == 3)
                    in[2] = in[1];
                memcpy(want, in, sizeof(in));
                memcpy(got, in, sizeof(in));
                /* next, prev, ref as indices into the three blocks */
                int n = alias == 1 ? 1 : alias == 2 ? 2 : 0;
                int p = 1, f = alias == 3 ? 1 : 2;
                blake2b_argon2_fill_generic(&want[n], &want[p], &want[f],
                                            with_xor);
                fill(&got[n], &got[p], &got[f], with_xor);
                T_SAME((const uint8_t *)got, (const uint8_t *)want,
                       sizeof(got), "%s: trial %d, alias %d, with_xor %d",
                       name, trial, alias, with_xor);
            }
}

static void rfc9106(const struct blake2b_backend *b, const char *data_dir)
{
    static const char *const kinds[] = { "ARGON2D", "ARGON2I", "ARGON2ID" };
    struct t_data d;
    int vectors = 0;

    if (!t_data_open(&d, data_dir, "argon2.txt"))
        return;
    while (t_data_next(&d)) {
        uint8_t pass[64], salt[64], secret[64], ad[64], tag[64], got[64];
        size_t passlen, saltlen, secretlen, adlen, taglen, t, m, lanes;
        struct blake2b_argon2_params p = { .version = BLAKE2B_ARGON2_VERSION_13 };
        uint8_t h0[BLAKE2B_ARGON2_H0BYTES];
        block *memory;
        int type = -1;

        /* type version iter memcost lanes pass salt secret ad tag */
        if (!t_data_expect_fields(&d, 10))
            continue;
        for (int k = 0; k < 3; k++)
            if (strcmp(d.field[0], kinds[k]) == 0)
                type = k;
        if (!T_CHECK(type >= 0, "%s:%lu: kind %s", d.path, d.lineno, d.field[0])
            || !T_CHECK(strcmp(d.field[1], "0x13") == 0, "%s:%lu: version",
                        d.path, d.lineno)
            || !T_CHECK(t_unhex(d.field[5], pass, sizeof(pass), &passlen)
                        && t_unhex(d.field[6], salt, sizeof(salt), &saltlen)
                        && t_unhex(d.field[7], secret, sizeof(secret), &secretlen)
                        && t_unhex(d.field[8], ad, sizeof(ad), &adlen)
                        && t_unhex(d.field[9], tag, sizeof(tag), &taglen),
                        "%s:%lu: hex", d.path, d.lineno)
            || !t_parse_size(&d, d.field[2], &t) || !t_parse_size(&d, d.field[3], &m)
            || !t_parse_size(&d, d.field[4], &lanes))
            continue;
        p.type = (enum blake2b_argon2_type)type;
        p.t_cost = (uint32_t)t;
        p.m_cost = (uint32_t)m;
        p.lanes = (uint32_t)lanes;
        p.threads = 1;
        p.outlen = (uint32_t)taglen;
        p.pass = pass;
        p.passlen = (uint32_t)passlen;
        p.salt = salt;
        p.saltlen = (uint32_t)saltlen;
        p.secret = secret;
        p.secretlen = (uint32_t)secretlen;
        p.ad = ad;
        p.adlen = (uint32_t)adlen;
        memory = aligned_alloc(64, blake2b_argon2_memory_blocks(&p) * sizeof(block));
        if (!T_CHECK(memory != NULL, "out of memory"))
            break;
        blake2b_argon2_h0(h0, &p, b->compress);
        blake2b_argon2_run(got, &p, h0, memory, b);
        free(memory);
        T_SAME(got, tag, taglen, "%s: %s (%s:%lu)", b->name, d.field[0],
               d.path, d.lineno);
        vectors++;
    }
    t_data_close(&d);
    T_CHECK(vectors == 3, "%s: %d of RFC 9106's 3 vectors", b->name, vectors);
}

int main(int argc, char **argv)
{
    const struct blake2b_backend *b;
    struct t_rng r;

    if (argc != 2) {
        fprintf(stderr, "usage: %s DATA_DIR\n", argv[0]);
        return 2;
    }
    t_rng_seed(&r, 9106);
    for (size_t i = 0; (b = blake2b_backend_at(i)) != NULL; i++) {
#if defined(BLAKE2B_BUILDS_NEON) || defined(BLAKE2B_BUILDS_A64)
        if (strcmp(b->name, "neon") == 0 || strcmp(b->name, "a64") == 0)
            T_CHECK(b->argon2_fill != NULL, "%s has no BlaMka of its own", b->name);
#endif
        if (!blake2b_backend_cpu_can_run(b)) {
            t_note("%s: not run on this CPU", b->name);
            continue;
        }
        t_note("%s: BlaMka %s", b->name,
               b->argon2_fill != NULL ? "of its own" : "generic");
        if (b->argon2_fill != NULL)
            agree(b->argon2_fill, b->name, &r);
        rfc9106(b, argv[1]);
    }
    return t_report("t_blamka");
}
