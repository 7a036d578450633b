/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Argon2 rows: one Argon2id derivation timed whole, through every
 * blake2neon contender's ARGON2ID KDF (EVP, each backend and the
 * automatic choice), OpenSSL's default provider's where it has one
 * (3.2 and later), libblake2neon's blake2neon_argon2, and libsodium's
 * crypto_pwhash when built with it (one lane only, version 0x13: what it
 * offers). Every one must give the same tag before any is timed.
 */
#ifndef BLAKE2NEON_BENCH_ARGON2_ROW_H
#define BLAKE2NEON_BENCH_ARGON2_ROW_H

#include <stdint.h>
#include <stdio.h>

#include "contenders.h"

struct bench_argon2_setting {
    uint32_t m_kib, t, lanes; /* RFC 9106's m, t and p */
    size_t rounds;            /* derivations per contender, interleaved */
};

/* Time and print the rows to f. Returns 0 if a derivation failed or the
 * tags disagree. */
int bench_argon2_run(FILE *f, struct bench_contender *contenders, size_t n,
                     const struct bench_argon2_setting *s);

#endif
