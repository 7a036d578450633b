/* SPDX-License-Identifier: Apache-2.0 */
/*
 * One libsodium crypto_pwhash (Argon2id, version 0x13, one lane) in a
 * process of its own, for timing whole processes against `openssl kdf`
 * (docs/performance.md, "Argon2"): the same password, salt and tag length
 * as the command there, so the tags printed can be compared too.
 *
 *   cc -O2 tools/sodium-pwhash.c -lsodium -o sodium-pwhash
 *   sodium-pwhash T M_KIB
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    static const char pass[] = "password";
    static const unsigned char salt[crypto_pwhash_SALTBYTES + 1] =
        "somesaltsomesalt"; /* and a NUL, not hashed */
    unsigned char tag[32];

    if (argc != 3 || sodium_init() < 0)
        return 2;
    if (crypto_pwhash(tag, sizeof(tag), pass, sizeof(pass) - 1, salt,
                      strtoull(argv[1], NULL, 10),
                      (size_t)strtoull(argv[2], NULL, 10) * 1024,
                      crypto_pwhash_ALG_ARGON2ID13) != 0)
        return 1;
    for (size_t i = 0; i < sizeof(tag); i++)
        printf("%02x", tag[i]);
    printf("\n");
    return 0;
}
