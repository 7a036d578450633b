/* SPDX-License-Identifier: Apache-2.0 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "t_util.h"

/* Past this many, failures are still counted but no longer printed: one
 * broken code path can fail thousands of checks with the same message. */
#define T_MAX_PRINTED_FAILURES 50

static unsigned long checks_run;
static unsigned long checks_failed;
static void (*failure_hook)(void);

static void vreport_failure(const char *file, int line, const char *fmt,
                            va_list args)
{
    checks_failed++;
    if (checks_failed > T_MAX_PRINTED_FAILURES) {
        if (checks_failed == T_MAX_PRINTED_FAILURES + 1)
            printf("# (further failures are counted but not shown)\n");
        return;
    }
    printf("FAIL %s:%d: ", file, line);
    vprintf(fmt, args);
    printf("\n");
    if (failure_hook != NULL)
        failure_hook();
}

int t_check_at(int ok, const char *file, int line, const char *fmt, ...)
{
    va_list args;

    checks_run++;
    if (!ok) {
        va_start(args, fmt);
        vreport_failure(file, line, fmt, args);
        va_end(args);
    }
    return ok;
}

int t_same_at(const uint8_t *got, const uint8_t *want, size_t len,
              const char *file, int line, const char *fmt, ...)
{
    va_list args;
    int ok = len == 0 || memcmp(got, want, len) == 0;

    checks_run++;
    if (!ok) {
        va_start(args, fmt);
        vreport_failure(file, line, fmt, args);
        va_end(args);
        if (checks_failed <= T_MAX_PRINTED_FAILURES) {
            printf("#   got:  ");
            t_print_hex(stdout, got, len);
            printf("\n#   want: ");
            t_print_hex(stdout, want, len);
            printf("\n");
        }
    }
    return ok;
}

void t_note(const char *fmt, ...)
{
    va_list args;

    printf("# ");
    va_start(args, fmt);
    vprintf(fmt, args);
    va_end(args);
    printf("\n");
}

void t_set_failure_hook(void (*hook)(void))
{
    failure_hook = hook;
}

int t_report(const char *test_name)
{
    printf("%s: %lu checks, %lu failed\n", test_name, checks_run,
           checks_failed);
    fflush(stdout);
    /* A test that checked nothing proves nothing. */
    if (checks_run == 0) {
        printf("%s: no checks ran\n", test_name);
        return EXIT_FAILURE;
    }
    return checks_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

unsigned long t_failures(void)
{
    return checks_failed;
}

static int hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = tolower((unsigned char)c);
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

int t_unhex(const char *hex, uint8_t *out, size_t max, size_t *len)
{
    size_t n = strlen(hex);

    if (strcmp(hex, "-") == 0) {
        *len = 0;
        return 1;
    }
    if (n % 2 != 0 || n / 2 > max)
        return 0;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);

        if (hi < 0 || lo < 0)
            return 0;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    *len = n / 2;
    return 1;
}

void t_print_hex(FILE *f, const uint8_t *p, size_t len)
{
    for (size_t i = 0; i < len; i++)
        fprintf(f, "%02x", p[i]);
}

int t_data_open(struct t_data *d, const char *dir, const char *name)
{
    memset(d, 0, sizeof(*d));
    snprintf(d->path, sizeof(d->path), "%s/%s", dir, name);
    d->f = fopen(d->path, "r");
    return T_CHECK(d->f != NULL, "cannot open %s: %s", d->path,
                   strerror(errno));
}

int t_data_next(struct t_data *d)
{
    while (fgets(d->line, sizeof(d->line), d->f) != NULL) {
        size_t n = strlen(d->line);
        char *save = d->line, *tok;

        d->lineno++;
        if (n > 0 && d->line[n - 1] != '\n' && !feof(d->f)) {
            int c;

            T_CHECK(0, "%s:%lu: line longer than %d bytes", d->path,
                    d->lineno, T_LINE_MAX - 2);
            while ((c = fgetc(d->f)) != EOF && c != '\n')
                ;
            continue;
        }
        d->nfields = 0;
        while ((tok = strtok(save, " \t\r\n")) != NULL) {
            save = NULL;
            if (d->nfields == T_FIELDS_MAX)
                break;
            d->field[d->nfields++] = tok;
        }
        if (d->nfields == 0 || d->field[0][0] == '#')
            continue;
        if (!T_CHECK(tok == NULL, "%s:%lu: more than %d fields", d->path,
                     d->lineno, T_FIELDS_MAX))
            continue;
        return 1;
    }
    return 0;
}

int t_data_expect_fields(const struct t_data *d, int n)
{
    return T_CHECK(d->nfields == n, "%s:%lu: %d fields, expected %d",
                   d->path, d->lineno, d->nfields, n);
}

void t_data_close(struct t_data *d)
{
    if (d->f != NULL)
        fclose(d->f);
    d->f = NULL;
}

int t_parse_size(const struct t_data *d, const char *text, size_t *out)
{
    char *end;
    unsigned long long v;

    errno = 0;
    v = strtoull(text, &end, 10);
    if (!T_CHECK(errno == 0 && end != text && *end == '\0'
                     && isdigit((unsigned char)text[0]) && v <= SIZE_MAX,
                 "%s:%lu: '%s' is not a length", d->path, d->lineno, text))
        return 0;
    *out = (size_t)v;
    return 1;
}

const size_t t_kat_sizes[T_KAT_SIZES] = { 20, 32, 48, 64 };

/* Index into t_kat_sizes, or -1. */
static int kat_size_index(size_t size)
{
    for (int i = 0; i < T_KAT_SIZES; i++)
        if (t_kat_sizes[i] == size)
            return i;
    return -1;
}

int t_kat_load(struct t_kat *k, const char *data_dir)
{
    struct t_data d;
    unsigned long lines = 0, entries = 0;
    int ok = 1;

    memset(k, 0, sizeof(*k));
    if (!t_data_open(&d, data_dir, "kat.txt"))
        return 0;
    while (t_data_next(&d)) {
        size_t size, keyed, len, n;
        int i;

        if (!t_data_expect_fields(&d, 4) || !t_parse_size(&d, d.field[0], &size)
            || !t_parse_size(&d, d.field[1], &keyed)
            || !t_parse_size(&d, d.field[2], &len)
            || !T_CHECK((i = kat_size_index(size)) >= 0 && keyed <= 1
                            && len <= T_KAT_MAX_LEN
                            && t_unhex(d.field[3], k->digest[i][keyed][len],
                                       64, &n)
                            && n == size,
                        "%s:%lu: bad line", d.path, d.lineno)) {
            ok = 0;
            continue;
        }
        lines++;
        entries += !k->have[i][keyed][len];
        k->have[i][keyed][len] = 1;
    }
    t_data_close(&d);
    /* A repeated line would otherwise hide a missing one. */
    return T_CHECK(lines == T_KAT_ENTRIES && entries == T_KAT_ENTRIES,
                   "%s: %lu lines, %lu distinct entries, want %d", d.path,
                   lines, entries, T_KAT_ENTRIES)
           && ok;
}

const uint8_t *t_kat_digest(const struct t_kat *k, size_t size, int keyed,
                            size_t len)
{
    int i = kat_size_index(size);

    /* Counted only when it fails, as a lookup is no check of its own. */
    if (i >= 0 && keyed >= 0 && keyed <= 1 && len <= T_KAT_MAX_LEN
        && k->have[i][keyed][len])
        return k->digest[i][keyed][len];
    T_CHECK(0, "kat.txt has no digest for size %zu, %s, %zu bytes", size,
            keyed ? "keyed" : "unkeyed", len);
    return NULL;
}

void t_rng_seed(struct t_rng *r, uint64_t seed)
{
    r->state = seed;
}

uint64_t t_rng_next(struct t_rng *r)
{
    uint64_t z = (r->state += UINT64_C(0x9e3779b97f4a7c15));

    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

size_t t_rng_below(struct t_rng *r, size_t n)
{
    return (size_t)(t_rng_next(r) % n);
}

void t_rng_fill(struct t_rng *r, uint8_t *out, size_t len)
{
    for (size_t i = 0; i < len; i++)
        out[i] = (uint8_t)(t_rng_next(r) >> 56);
}

size_t t_random_chunk(struct t_rng *r, size_t remaining)
{
    size_t n;

    switch (t_rng_below(r, 8)) {
    case 0:
        n = 0;
        break;
    case 1:
    case 2:
        n = 1 + t_rng_below(r, 16);
        break;
    case 3:
        n = 120 + t_rng_below(r, 17); /* one block, give or take */
        break;
    case 4:
        n = 128 * (1 + t_rng_below(r, 4)); /* whole blocks */
        break;
    case 5:
        n = 1 + t_rng_below(r, 1024);
        break;
    default:
        n = 1 + t_rng_below(r, 65536);
        break;
    }
    return n < remaining ? n : remaining;
}

void t_pattern(uint8_t *out, size_t len)
{
    for (size_t i = 0; i < len; i++)
        out[i] = (uint8_t)(i & 0xff);
}

void t_lcg_message(uint8_t *out, size_t len, uint32_t seed)
{
    uint32_t x = seed;

    for (size_t i = 0; i < len; i++) {
        x = x * UINT32_C(1664525) + UINT32_C(1013904223);
        out[i] = (uint8_t)(x >> 24);
    }
}

void *t_malloc(size_t len)
{
    void *p = malloc(len > 0 ? len : 1);

    if (p == NULL) {
        printf("out of memory (%zu bytes)\n", len);
        exit(EXIT_FAILURE);
    }
    return p;
}
