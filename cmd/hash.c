/* SPDX-License-Identifier: Apache-2.0 */
/* Read a file or standard input and hash it with libblake2neon. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "b2nsum.h"
#include "blake2neon.h"

/* Reads of a size that stays in the caches as the kernel copies into the
 * buffer and the hash reads it back (larger reads were slower: docs/b2nsum.md,
 * "Speed"); a multiple of the block. */
enum { CHUNK = 64 * 1024 };

/* Several threads hash at once (parallel.c): nothing static here. */
static int hash_fd(int fd, size_t outlen, unsigned char *out)
{
    unsigned char *buf;
    blake2neon_ctx ctx;
    int rc = blake2neon_init(&ctx, outlen);

    if (rc != BLAKE2NEON_OK)
        return rc; /* negative: a library code, never an errno value */
    buf = malloc(CHUNK);
    if (buf == NULL) {
        blake2neon_final(&ctx, out);
        return ENOMEM;
    }
    for (;;) {
        ssize_t n = read(fd, buf, CHUNK);

        if (n == 0)
            break;
        if (n < 0) {
            int err = errno;

            if (err == EINTR)
                continue;
            blake2neon_final(&ctx, out); /* wipes the context */
            free(buf);
            return err;
        }
        blake2neon_update(&ctx, buf, (size_t)n);
    }
    free(buf);
    blake2neon_final(&ctx, out);
    return 0;
}

int b2n_hash_file(const char *name, size_t outlen, unsigned char *out)
{
    int fd, err;

    if (strcmp(name, "-") == 0)
        return hash_fd(STDIN_FILENO, outlen, out);
    fd = open(name, O_RDONLY);
    if (fd < 0)
        return errno;
#if defined(POSIX_FADV_SEQUENTIAL)
    (void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    err = hash_fd(fd, outlen, out);
    close(fd);
    return err;
}
