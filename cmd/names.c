/* SPDX-License-Identifier: Apache-2.0 */
/*
 * File names in b2nsum's output and messages, byte for byte as coreutils'
 * b2sum writes them: checksum lines escape backslash, newline and
 * carriage return (and then start with a backslash); diagnostics quote
 * names the way a shell would read them back (coreutils' "shell-escape"
 * style, as in the C locale: bytes outside printable ASCII as $'\ooo').
 */
#include <stdlib.h>
#include <string.h>

#include "b2nsum.h"

int b2n_name_needs_escape(const char *name)
{
    return strpbrk(name, "\\\n\r") != NULL;
}

int b2n_unescape(char *name)
{
    char *w = name;

    for (const char *r = name; *r != '\0'; r++) {
        if (*r != '\\') {
            *w++ = *r;
            continue;
        }
        switch (*++r) {
        case '\\':
            *w++ = '\\';
            break;
        case 'n':
            *w++ = '\n';
            break;
        case 'r':
            *w++ = '\r';
            break;
        default: /* including the end of the name */
            return 0;
        }
    }
    *w = '\0';
    return 1;
}

static int printable(unsigned char c)
{
    return c >= 0x20 && c < 0x7f;
}

/* Whether a shell would read the name as something else unquoted. */
static int needs_quotes(const char *name)
{
    size_t len = strlen(name);

    if (len == 0 || name[0] == '~' || name[0] == '#'
        || (len == 1 && (name[0] == '{' || name[0] == '}')))
        return 1;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        if (!printable(*p) || strchr(" !\"$&'()*:;<=>?[\\^`|", *p) != NULL)
            return 1;
    return 0;
}

/* Append one byte as a $'...' escape. */
static char *put_c_escape(char *o, unsigned char c)
{
    static const char names[] = "\a\b\f\n\r\t\v";
    static const char letters[] = "abfnrtv";
    const char *at = c != 0 ? strchr(names, c) : NULL;

    *o++ = '\\';
    if (at != NULL) {
        *o++ = letters[at - names];
    } else {
        *o++ = (char)('0' + (c >> 6));
        *o++ = (char)('0' + ((c >> 3) & 7));
        *o++ = (char)('0' + (c & 7));
    }
    return o;
}

const char *b2n_quote(const char *name)
{
    static char *buf;
    size_t len = strlen(name);
    int has_control = 0;
    char *o;

    if (!needs_quotes(name))
        return name;
    free(buf);
    /* Worst case: every byte as '$'\ooo'' (9 bytes), plus quotes. */
    buf = malloc(len * 9 + 3);
    if (buf == NULL)
        return name;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        has_control |= !printable(*p);
    o = buf;
    if (!has_control && strchr(name, '\'') != NULL
        && strpbrk(name, "\"$`\\!") == NULL) {
        /* A single quote alone: double quotes need no escape inside. */
        *o++ = '"';
        memcpy(o, name, len);
        o += len;
        *o++ = '"';
        *o = '\0';
        return buf;
    }
    *o++ = '\'';
    {
        int in_dollar = 0;

        for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
            if (!printable(*p)) {
                if (!in_dollar) {
                    memcpy(o, "'$'", 3);
                    o += 3;
                    in_dollar = 1;
                }
                o = put_c_escape(o, *p);
                continue;
            }
            if (in_dollar) {
                memcpy(o, "''", 2);
                o += 2;
                in_dollar = 0;
            }
            if (*p == '\'') {
                memcpy(o, "'\\''", 4);
                o += 4;
            } else {
                *o++ = (char)*p;
            }
        }
    }
    *o++ = '\'';
    *o = '\0';
    return buf;
}
