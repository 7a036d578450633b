/* SPDX-License-Identifier: Apache-2.0 */
/*
 * N one-shot calls of libblake2neon's blake2neon_hash on a message of LEN
 * bytes (64-byte digest, unkeyed), each message depending on the last
 * digest; prints the last digest's first byte and the backend. Counted
 * under qemu with tools/qemu-count.sh at N = 1 and N = 1001, the
 * difference over 1000 is the instructions of one call:
 *
 *   arm-linux-gnueabihf-gcc -O2 -Iinclude tools/lib-oneshot-loop.c \
 *       -LBUILD/lib -lblake2neon -o lib-oneshot-loop
 *   LD_LIBRARY_PATH=BUILD/lib tools/qemu-count.sh qemu-arm cortex-a7 \
 *       /usr/arm-linux-gnueabihf ./lib-oneshot-loop 1001 100
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "blake2neon.h"

int main(int argc, char **argv)
{
    uint8_t msg[256] = { 1, 2, 3 }, out[64] = { 0 };
    long n = argc > 2 ? atol(argv[1]) : 0;
    long len = argc > 2 ? atol(argv[2]) : -1;

    if (n < 1 || len < 0 || len > (long)sizeof(msg)) {
        fprintf(stderr, "usage: %s N LEN (LEN at most %zu)\n", argv[0],
                sizeof(msg));
        return 2;
    }
    for (long i = 0; i < n; i++) {
        if (blake2neon_hash(out, sizeof(out), msg, (size_t)len, NULL, 0)
            != BLAKE2NEON_OK)
            return 1;
        msg[0] ^= out[0];
    }
    printf("%02x %s\n", out[0], blake2neon_backend());
    return 0;
}
