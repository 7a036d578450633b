/* SPDX-License-Identifier: Apache-2.0 */
/*
 * b2nsum's standard output, in whole lines. Several b2nsums may write one
 * pipe at once (xargs -P, coreutils' md5sum-parallel test): a write of at
 * most PIPE_BUF bytes to a pipe is never interleaved with another, but
 * stdio's block buffering cuts a line wherever its buffer fills, and the
 * other process's bytes land in the cut. coreutils line-buffers stdout
 * instead, which costs a write per line where one per PIPE_BUF bytes would
 * do (docs/b2nsum.md has the times). Here each line
 * is built in memory, then added to a buffer of PIPE_BUF bytes that is
 * written out before a line would overflow it: every write holds whole
 * lines and is atomic. A line
 * longer than PIPE_BUF cannot be written atomically by anyone; it goes
 * out as stdio writes it. A terminal keeps stdio's line buffering, so
 * that a person sees each line as soon as it is known.
 */
#define _GNU_SOURCE 1 /* __fpending */

#include <errno.h>
#include <limits.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "b2nsum.h"
#include "messages.h"

/* Only the calling thread writes (parallel.c): static state is safe. */
static char stdout_buf[PIPE_BUF];
static struct {
    char *p;
    size_t len, cap;
} line;

void b2n_out_init(void)
{
    if (!isatty(STDOUT_FILENO))
        setvbuf(stdout, stdout_buf, _IOFBF, sizeof(stdout_buf));
}

static void reserve(size_t n)
{
    if (line.cap - line.len >= n)
        return;
    size_t cap = line.cap ? line.cap : 256;
    while (cap - line.len < n)
        cap *= 2;
    char *p = realloc(line.p, cap);
    if (p == NULL) {
        b2n_error("%s", strerror(ENOMEM));
        exit(EXIT_FAILURE);
    }
    line.p = p;
    line.cap = cap;
}

void b2n_line_add(const char *s, size_t n)
{
    if (n == 0) /* an empty name: line.p may still be NULL */
        return;
    reserve(n);
    memcpy(line.p + line.len, s, n);
    line.len += n;
}

void b2n_line_str(const char *s)
{
    b2n_line_add(s, strlen(s));
}

void b2n_line_escaped(const char *name)
{
    for (; *name != '\0'; name++) {
        switch (*name) {
        case '\\':
            b2n_line_add("\\\\", 2);
            break;
        case '\n':
            b2n_line_add("\\n", 2);
            break;
        case '\r':
            b2n_line_add("\\r", 2);
            break;
        default:
            b2n_line_add(name, 1);
        }
    }
}

void b2n_line_hex(const unsigned char *bytes, size_t n)
{
    static const char digits[] = "0123456789abcdef";

    reserve(2 * n);
    for (size_t i = 0; i < n; i++) {
        line.p[line.len++] = digits[bytes[i] >> 4];
        line.p[line.len++] = digits[bytes[i] & 15];
    }
}

void b2n_line_end(char terminator)
{
    b2n_line_add(&terminator, 1);
    /* Never let stdio write part of this line with the ones before it. */
    if (__fpending(stdout) + line.len > sizeof(stdout_buf))
        fflush(stdout);
    fwrite(line.p, 1, line.len, stdout);
    line.len = 0;
}
