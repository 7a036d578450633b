/* SPDX-License-Identifier: Apache-2.0 */
/* b2nsum: what its files share (its messages: messages.h). */
#ifndef BLAKE2NEON_CMD_B2NSUM_H
#define BLAKE2NEON_CMD_B2NSUM_H

#include <stddef.h>
#include <stdio.h>

/* --- hash.c: a file ("-": standard input) hashed through libblake2neon. */
/* Writes outlen bytes to out; returns 0, an errno value (open or read
 * failed), or a negative BLAKE2NEON_ERR_* code. Thread-safe, except that
 * only one thread at a time may read standard input. */
int b2n_hash_file(const char *name, size_t outlen, unsigned char *out);

/* --- parallel.c: names[0..n) hashed by up to `jobs` threads, reported
 * in order from the calling thread: report(name, err, digest, arg), err
 * as b2n_hash_file's. jobs 0 or 1: one at a time. */
typedef void b2n_report_fn(const char *name, int err,
                           const unsigned char *digest, void *arg);
void b2n_hash_in_order(char *const *names, size_t n, size_t outlen,
                       unsigned int jobs, b2n_report_fn *report, void *arg);

/* --- out.c: standard output in whole lines (see there why). One line is
 * built with b2n_line_* and written by b2n_line_end(terminator). */
void b2n_out_init(void);
void b2n_line_add(const char *s, size_t n);
void b2n_line_str(const char *s);
/* name with \\ \n \r escaped (the line starts with a backslash) */
void b2n_line_escaped(const char *name);
void b2n_line_hex(const unsigned char *bytes, size_t n);
void b2n_line_end(char terminator);

/* --- names.c: file names as coreutils writes them. */
/* Whether a name needs the backslash form in a checksum line. */
int b2n_name_needs_escape(const char *name);
/* Undo b2n_line_escaped in place; 0 if an escape is not one of those. */
int b2n_unescape(char *name);
/* The name quoted as coreutils quotes file names in diagnostics (shell
 * style, C locale). Returns a static buffer, valid until the next call. */
const char *b2n_quote(const char *name);

/* --- check.c: -c/--check. */
enum b2n_verbosity { B2N_NORMAL, B2N_STATUS, B2N_QUIET, B2N_WARN };
struct b2n_check_opts {
    enum b2n_verbosity verbosity;
    int strict;
    int ignore_missing;
};
/* Verify the checksum lines of list ("-": standard input); 1 if all is
 * well by the options, 0 otherwise. */
int b2n_check_list(const char *list, const struct b2n_check_opts *opts);

/* The BLAKE2b digest length in bits of the tag "BLAKE2b" or "BLAKE2b-N":
 * 512 for the bare name; 0 if not a valid tag of len bytes. */
int b2n_tag_bits(const char *tag, size_t len);

#endif
