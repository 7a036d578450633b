/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Helpers shared by the C tests that need no OpenSSL: failure counting and
 * reporting, hex, the data files written by test/gen_vectors.py, a seeded
 * PRNG and the test messages.
 */
#ifndef BLAKE2NEON_TEST_T_UTIL_H
#define BLAKE2NEON_TEST_T_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* CTest counts a test that exits with this code as skipped, not passed. */
#define T_SKIP 77

#if defined(__GNUC__)
#define T_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define T_PRINTF(fmt, args)
#endif

/*
 * Count one check; if ok is 0, print where and why and count a failure.
 * Returns ok, so callers can stop early on a failed precondition.
 */
int t_check_at(int ok, const char *file, int line, const char *fmt, ...)
    T_PRINTF(4, 5);
#define T_CHECK(ok, ...) \
    t_check_at((ok) ? 1 : 0, __FILE__, __LINE__, __VA_ARGS__)

/* As T_CHECK, comparing len bytes and printing both in hex if they differ. */
int t_same_at(const uint8_t *got, const uint8_t *want, size_t len,
              const char *file, int line, const char *fmt, ...) T_PRINTF(6, 7);
#define T_SAME(got, want, len, ...) \
    t_same_at((got), (want), (len), __FILE__, __LINE__, __VA_ARGS__)

/* Print an informational line ("# ..."), e.g. which branch or backend ran. */
void t_note(const char *fmt, ...) T_PRINTF(1, 2);

/* Hook called after each failure report, e.g. to print OpenSSL's errors. */
void t_set_failure_hook(void (*hook)(void));

/* Print the totals; the exit status for main. */
int t_report(const char *test_name);

/* Failures counted so far. */
unsigned long t_failures(void);

/*
 * Decode hex ("-" means empty) into out, at most max bytes. Returns 1 and
 * sets *len, or 0 if the text is not hex of at most max bytes.
 */
int t_unhex(const char *hex, uint8_t *out, size_t max, size_t *len);

/* Print len bytes as hex to f. */
void t_print_hex(FILE *f, const uint8_t *p, size_t len);

/* A data file of test/data: whitespace-separated fields, # comments. */
enum { T_LINE_MAX = 8192, T_FIELDS_MAX = 16 };
struct t_data {
    FILE *f;
    char path[1024];
    unsigned long lineno;
    char line[T_LINE_MAX];
    char *field[T_FIELDS_MAX];
    int nfields;
};

/* Open dir/name; prints why and returns 0 on failure. */
int t_data_open(struct t_data *d, const char *dir, const char *name);

/*
 * Read the next non-comment line into d->field; returns 1, or 0 at the end
 * of the file. A line too long or with too many fields counts as a failure
 * and is skipped.
 */
int t_data_next(struct t_data *d);

/* Check a line has n fields (reporting the file and line if not). */
int t_data_expect_fields(const struct t_data *d, int n);

void t_data_close(struct t_data *d);

/* Parse a decimal field; reports a failure and returns 0 if malformed. */
int t_parse_size(const struct t_data *d, const char *text, size_t *out);

/*
 * kat.txt: the digest of the pattern message (below) of every length
 * 0..T_KAT_MAX_LEN, for each size of t_kat_sizes, unkeyed and keyed with
 * the 64 bytes 00 01 .. 3f. About 130 KB: static or t_malloc, not a local.
 */
enum { T_KAT_SIZES = 4, T_KAT_MAX_LEN = 256,
       T_KAT_ENTRIES = T_KAT_SIZES * 2 * (T_KAT_MAX_LEN + 1) };
extern const size_t t_kat_sizes[T_KAT_SIZES]; /* 20, 32, 48, 64 */
struct t_kat {
    /* [index in t_kat_sizes][keyed][message length] */
    uint8_t digest[T_KAT_SIZES][2][T_KAT_MAX_LEN + 1][64];
    unsigned char have[T_KAT_SIZES][2][T_KAT_MAX_LEN + 1];
};

/*
 * Read data_dir/kat.txt into k, checking every line and that each entry
 * is there exactly once. Returns 1 if so; otherwise 0, with the failures
 * counted and k holding the lines that were good.
 */
int t_kat_load(struct t_kat *k, const char *data_dir);

/* The digest kat.txt gives, or NULL (a failure, counted and shown) if none. */
const uint8_t *t_kat_digest(const struct t_kat *k, size_t size, int keyed,
                            size_t len);

/* splitmix64: small, seeded and the same on every host. */
struct t_rng {
    uint64_t state;
};

void t_rng_seed(struct t_rng *r, uint64_t seed);
uint64_t t_rng_next(struct t_rng *r);
/* Uniform in 0..n-1 (n > 0; the tiny modulo bias does not matter here). */
size_t t_rng_below(struct t_rng *r, size_t n);
void t_rng_fill(struct t_rng *r, uint8_t *out, size_t len);

/*
 * The length of the next update when feeding `remaining` bytes in random
 * pieces: a mix of empty, tiny, around-one-block and large pieces, so that
 * every buffering path of update runs. Never more than remaining.
 */
size_t t_random_chunk(struct t_rng *r, size_t remaining);

/*
 * Messages test/gen_vectors.py builds identically:
 * pattern: byte i is i & 0xff.
 * lcg:     x = seed; per byte x = x * 1664525 + 1013904223 (mod 2^32),
 *          the byte is x >> 24.
 */
void t_pattern(uint8_t *out, size_t len);
void t_lcg_message(uint8_t *out, size_t len, uint32_t seed);

/* malloc that reports and exits on failure: tests have no use for NULL. */
void *t_malloc(size_t len);

#endif
