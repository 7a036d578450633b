/* SPDX-License-Identifier: Apache-2.0 */
/*
 * N Argon2 derivations through the core, with a backend's BlaMka: what
 * tools/argon2-count.sh counts under qemu (docs/performance.md, "Argon2"). The
 * inputs are RFC 9106's (password 32 x 01, salt 16 x 02, secret 8 x 03,
 * associated data 12 x 04, a 32-byte tag), so that the tag printed can be
 * set beside RFC 9106's (m = 32, t = 3, p = 4) and beside
 * tools/argon2-ossl.c's at any size.
 *
 *   argon2-core BACKEND d|i|id M_KIB T P N
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "argon2.h"
#include "backend.h"

int main(int argc, char **argv)
{
    uint8_t pass[32], salt[16], secret[8], ad[12], h0[BLAKE2B_ARGON2_H0BYTES];
    uint8_t tag[32];
    struct blake2b_argon2_params p = {
        .version = BLAKE2B_ARGON2_VERSION_13, .outlen = sizeof(tag),
        .pass = pass, .passlen = sizeof(pass), .salt = salt,
        .saltlen = sizeof(salt), .secret = secret,
        .secretlen = sizeof(secret), .ad = ad, .adlen = sizeof(ad),
    };
    const struct blake2b_backend *b, *failed;
    struct blake2b_argon2_block *memory;
    long n;

    if (argc != 7) {
        fprintf(stderr, "usage: %s BACKEND d|i|id M_KIB T P N\n", argv[0]);
        return 2;
    }
    if (blake2b_backend_choose(argv[1], &b, &failed) != BLAKE2B_CHOSEN) {
        fprintf(stderr, "%s: backend %s unusable here\n", argv[0], argv[1]);
        return 1;
    }
    p.type = strcmp(argv[2], "d") == 0   ? BLAKE2B_ARGON2D
             : strcmp(argv[2], "i") == 0 ? BLAKE2B_ARGON2I
                                         : BLAKE2B_ARGON2ID;
    p.m_cost = (uint32_t)strtoul(argv[3], NULL, 10);
    p.t_cost = (uint32_t)strtoul(argv[4], NULL, 10);
    p.lanes = p.threads = (uint32_t)strtoul(argv[5], NULL, 10);
    n = strtol(argv[6], NULL, 10);
    memset(pass, 1, sizeof(pass));
    memset(salt, 2, sizeof(salt));
    memset(secret, 3, sizeof(secret));
    memset(ad, 4, sizeof(ad));
    memory = aligned_alloc(64, (size_t)blake2b_argon2_memory_blocks(&p)
                                   * sizeof(*memory));
    if (memory == NULL)
        return 1;
    for (long i = 0; i < n; i++) {
        blake2b_argon2_h0(h0, &p, b->compress);
        blake2b_argon2_run(tag, &p, h0, memory, b);
    }
    printf("%s ", b->name);
    for (size_t i = 0; i < sizeof(tag); i++)
        printf("%02x", tag[i]);
    printf("\n");
    free(memory);
    return 0;
}
