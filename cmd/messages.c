/* SPDX-License-Identifier: Apache-2.0 */
/*
 * b2nsum's messages, apart from main (b2nsum.c) and the files that report
 * through them (check.c, out.c), so that neither calls back into the other.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "b2nsum.h"
#include "blake2neon.h"
#include "messages.h"

const char *b2n_program = "b2nsum";

void b2n_error(const char *fmt, ...)
{
    va_list ap;

    fflush(stdout); /* messages after the lines before them */
    fprintf(stderr, "%s: ", b2n_program);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    putc('\n', stderr);
}

void b2n_file_error(const char *name, int err)
{
    b2n_error("%s: %s", b2n_quote(name),
              err > 0 ? strerror(err) : blake2neon_strerror(err));
}
