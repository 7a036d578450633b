/* SPDX-License-Identifier: Apache-2.0 */
/* b2nsum's diagnostics on stderr, worded as coreutils' b2sum's. */
#ifndef BLAKE2NEON_CMD_MESSAGES_H
#define BLAKE2NEON_CMD_MESSAGES_H

/* argv[0], as coreutils names itself in its messages. */
extern const char *b2n_program;

/* "PROG: " + message + "\n" on stderr (printf format). */
void b2n_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "PROG: NAME: why" for a b2n_hash_file error (0, an errno value, or a
 * negative BLAKE2NEON_ERR_* code). */
void b2n_file_error(const char *name, int err);

#endif
