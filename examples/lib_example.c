/* SPDX-License-Identifier: Apache-2.0 */
/* BLAKE2b-256 of the first argument with libblake2neon:
 *   cc lib_example.c $(pkg-config --cflags --libs blake2neon) */
#include <stdio.h>
#include <string.h>

#include <blake2neon.h>

int main(int argc, char **argv)
{
    const char *text = argc > 1 ? argv[1] : "";
    unsigned char digest[32];
    int rc = blake2neon_hash(digest, sizeof(digest), text, strlen(text),
                             NULL, 0);

    if (rc != BLAKE2NEON_OK) {
        fprintf(stderr, "blake2neon: %s\n", blake2neon_strerror(rc));
        return 1;
    }
    for (size_t i = 0; i < sizeof(digest); i++)
        printf("%02x", digest[i]);
    printf("  (backend %s)\n", blake2neon_backend());
    return 0;
}
