/* SPDX-License-Identifier: Apache-2.0 */
/*
 * -c/--check: read checksum lines (b2sum's own or BSD --tag style), hash
 * each file named and report, with coreutils' b2sum's messages, counts
 * and exit status. Which lines it accepts was established by running
 * both programs on the same lists (test/cli/t/95-b2nsum.t).
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "b2nsum.h"
#include "blake2neon.h"
#include "messages.h"

/* Once a b2sum-style line has (or lacks) the mode character before its
 * name, every later line must have it too: as coreutils, for the whole
 * run. -1: not known yet, 0: lines have it, 1: lines lack it. */
static int lines_lack_mode = -1;

struct parsed {
    char *hex;       /* the expected digest in hex, NUL-terminated */
    size_t hexlen;
    char *name;      /* NUL-terminated, unescaped */
};

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

static size_t hex_run(const char *s)
{
    size_t n = 0;

    while (isxdigit((unsigned char)s[n]))
        n++;
    return n;
}

int b2n_tag_bits(const char *tag, size_t len)
{
    static const char base[] = "BLAKE2b";
    size_t blen = sizeof(base) - 1;
    long bits = 0;

    if (len < blen || memcmp(tag, base, blen) != 0)
        return 0;
    if (len == blen)
        return 512;
    /* Digits without a leading zero (coreutils 9.7 and later). */
    if (tag[blen] != '-' || len == blen + 1 || len > blen + 4
        || tag[blen + 1] == '0')
        return 0;
    for (size_t i = blen + 1; i < len; i++) {
        if (!isdigit((unsigned char)tag[i]))
            return 0;
        bits = bits * 10 + (tag[i] - '0');
    }
    if (bits == 0 || bits > 512 || bits % 8 != 0)
        return 0;
    return (int)bits;
}

/* "BLAKE2b[-N] (name) = hex": at most one space before '(', the name
 * runs to the last ')', blanks around '=' (coreutils 9.10). */
static int parse_tagged(char *s, size_t len, struct parsed *p)
{
    size_t tag_end = 0, i, close;
    int bits;

    while (tag_end < len && s[tag_end] != ' ' && s[tag_end] != '('
           && s[tag_end] != '\t')
        tag_end++;
    bits = b2n_tag_bits(s, tag_end);
    if (bits == 0)
        return 0;
    i = tag_end;
    if (i < len && s[i] == ' ')
        i++;
    if (i >= len || s[i] != '(')
        return 0;
    for (close = len; close > i + 1 && s[close - 1] != ')'; close--)
        ;
    if (close <= i + 1)
        return 0;
    close--; /* at the ')' */
    p->name = s + i + 1;
    i = close + 1;
    while (i < len && is_blank(s[i]))
        i++;
    if (i >= len || s[i] != '=')
        return 0;
    i++;
    while (i < len && is_blank(s[i]))
        i++;
    p->hex = s + i;
    p->hexlen = len - i;
    if (p->hexlen != (size_t)bits / 4 || hex_run(p->hex) != p->hexlen)
        return 0;
    s[close] = '\0';
    return 1;
}

/* "hex  name", "hex *name", or "hex name" (mode character left out). */
static int parse_plain(char *s, size_t len, struct parsed *p)
{
    size_t n = hex_run(s), i;

    if (n < 2 || n > 128 || n % 2 != 0 || n >= len || !is_blank(s[n]))
        return 0;
    p->hex = s;
    p->hexlen = n;
    i = n + 1;
    if (len - i == 1 || (s[i] != ' ' && s[i] != '*')) {
        if (lines_lack_mode == 0)
            return 0;
        lines_lack_mode = 1;
    } else if (lines_lack_mode != 1) {
        lines_lack_mode = 0;
        i++;
    }
    p->name = s + i;
    s[n] = '\0';
    return 1;
}

static int parse_line(char *line, size_t len, struct parsed *p)
{
    int escaped = 0;

    while (len > 0 && is_blank(*line)) {
        line++;
        len--;
    }
    if (len > 0 && *line == '\\') {
        escaped = 1;
        line++;
        len--;
    }
    if (!parse_tagged(line, len, p) && !parse_plain(line, len, p))
        return 0;
    return !escaped || b2n_unescape(p->name);
}

static int hex_matches(const char *hex, const unsigned char *digest,
                       size_t len)
{
    static const char digits[] = "0123456789abcdef";

    for (size_t i = 0; i < len; i++) {
        if (tolower((unsigned char)hex[2 * i]) != digits[digest[i] >> 4]
            || tolower((unsigned char)hex[2 * i + 1]) != digits[digest[i] & 15])
            return 0;
    }
    return 1;
}

struct counts {
    unsigned long lines, good_lines, bad_lines, mismatched, unreadable,
        verified;
};

/* "NAME: " as b2sum (coreutils 9.7 and later) writes it when checking:
 * escaped as in a checksum line, after a backslash. */
static void put_result(const char *name, const char *result)
{
    if (b2n_name_needs_escape(name)) {
        b2n_line_add("\\", 1);
        b2n_line_escaped(name);
    } else {
        b2n_line_str(name);
    }
    b2n_line_str(": ");
    b2n_line_str(result);
    b2n_line_end('\n');
}

static void check_one(const struct parsed *p, const struct b2n_check_opts *o,
                      struct counts *c)
{
    unsigned char digest[BLAKE2NEON_OUTBYTES];
    int err = b2n_hash_file(p->name, p->hexlen / 2, digest);

    if (err != 0) {
        if (err == ENOENT && o->ignore_missing)
            return;
        b2n_file_error(p->name, err);
        c->unreadable++;
        if (o->verbosity != B2N_STATUS)
            put_result(p->name, "FAILED open or read");
        return;
    }
    c->verified++;
    if (!hex_matches(p->hex, digest, p->hexlen / 2)) {
        c->mismatched++;
        if (o->verbosity != B2N_STATUS)
            put_result(p->name, "FAILED");
    } else if (o->verbosity != B2N_STATUS && o->verbosity != B2N_QUIET) {
        put_result(p->name, "OK");
    }
}

static void warn_count(unsigned long n, const char *one, const char *many)
{
    if (n > 0)
        b2n_error("WARNING: %lu %s", n, n == 1 ? one : many);
}

int b2n_check_list(const char *list, const struct b2n_check_opts *o)
{
    int from_stdin = strcmp(list, "-") == 0;
    const char *shown = b2n_quote(from_stdin ? "standard input" : list);
    char *shown_copy, *line = NULL;
    size_t cap = 0;
    ssize_t got;
    struct counts c = { 0, 0, 0, 0, 0, 0 };
    FILE *f = from_stdin ? stdin : fopen(list, "r");
    int ok, read_failed;

    if (f == NULL) {
        b2n_error("%s: %s", shown, strerror(errno));
        return 0;
    }
    shown_copy = strdup(shown); /* b2n_quote's buffer is reused below */
    if (shown_copy == NULL) {
        b2n_error("%s", strerror(ENOMEM));
        return 0;
    }
    while ((got = getline(&line, &cap, f)) > 0) {
        size_t len = (size_t)got;
        struct parsed p;

        c.lines++;
        if (line[len - 1] == '\n')
            line[--len] = '\0';
        /* A NUL ends the line, as in b2sum, which reads it as a string. */
        len = strlen(line);
        if (len > 0 && line[len - 1] == '\r')
            line[--len] = '\0';
        /* Comments start at the first column; an empty line is nothing. */
        if (len == 0 || line[0] == '#')
            continue;
        if (!parse_line(line, len, &p)) {
            c.bad_lines++;
            if (o->verbosity == B2N_WARN)
                b2n_error("%s: %lu: improperly formatted BLAKE2b checksum line",
                          shown_copy, c.lines);
            continue;
        }
        c.good_lines++;
        check_one(&p, o, &c);
    }
    read_failed = ferror(f);
    free(line);
    if (!from_stdin)
        fclose(f);
    else
        clearerr(stdin);
    if (read_failed) {
        b2n_error("%s: read error", shown_copy);
        free(shown_copy);
        return 0;
    }
    if (c.good_lines == 0) {
        b2n_error("%s: no properly formatted checksum lines found", shown_copy);
        free(shown_copy);
        return 0;
    }
    if (o->verbosity != B2N_STATUS) {
        warn_count(c.bad_lines, "line is improperly formatted",
                   "lines are improperly formatted");
        warn_count(c.unreadable, "listed file could not be read",
                   "listed files could not be read");
        warn_count(c.mismatched, "computed checksum did NOT match",
                   "computed checksums did NOT match");
    }
    ok = c.mismatched == 0 && c.unreadable == 0
         && !(o->strict && c.bad_lines > 0);
    if (o->ignore_missing && c.verified == 0) {
        if (o->verbosity != B2N_STATUS)
            b2n_error("%s: no file was verified", shown_copy);
        ok = 0;
    }
    free(shown_copy);
    return ok;
}
