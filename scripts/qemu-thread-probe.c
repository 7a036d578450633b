/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Can this qemu-user start a thread? Built with the target's cross compiler
 * and run by scripts/cross-test.sh before the suite: Debian 12's qemu-i386
 * (7.2) hangs inside glibc's pthread_create, before the clone call, so a
 * hang here says the emulator, not blake2neon, cannot run threaded tests.
 */
#include <pthread.h>
#include <stdio.h>

static void *echo(void *arg)
{
    return arg;
}

int main(void)
{
    pthread_t thread;
    void *result = NULL;

    if (pthread_create(&thread, NULL, echo, &thread) != 0
        || pthread_join(thread, &result) != 0 || result != &thread) {
        puts("threads: broken");
        return 1;
    }
    puts("threads: ok");
    return 0;
}
