/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Helpers of the Argon2 tests (t_argon2_kat, t_argon2_diff,
 * t_argon2_memory): the vector files written by test/gen_argon2_vectors.py
 * and a growable OSSL_PARAM list with storage of its own.
 */
#ifndef BLAKE2NEON_TEST_T_ARGON2_H
#define BLAKE2NEON_TEST_T_ARGON2_H

#include <openssl/kdf.h>
#include <openssl/params.h>

#include "t_ossl.h"

enum { T_A2_MAX_BYTES = 512, T_A2_MAX_PARAMS = 24 };

enum t_a2_refuse { T_A2_OK = 0, T_A2_REFUSE_SET, T_A2_REFUSE_DERIVE };

/* One line: type version iter memcost lanes pass salt secret ad tag. */
struct t_a2_vec {
    char type[16];                 /* ARGON2D, ARGON2I or ARGON2ID */
    uint32_t version, iter, memcost, lanes;
    uint8_t pass[T_A2_MAX_BYTES], salt[T_A2_MAX_BYTES];
    uint8_t secret[T_A2_MAX_BYTES], ad[T_A2_MAX_BYTES];
    size_t passlen, saltlen, secretlen, adlen;
    uint8_t tag[T_A2_MAX_BYTES];
    size_t outlen;                 /* the tag's length, or N of !stage:N */
    enum t_a2_refuse refuse;
};

/* Parse the current line of d; counts a failure and returns 0 if bad. */
int t_a2_parse(const struct t_data *d, struct t_a2_vec *v);

/* Index 0, 1, 2 of "ARGON2D", "ARGON2I", "ARGON2ID"; -1 if none. */
int t_a2_type_index(const char *name);
extern const char *const t_a2_names[3];

/* Parameters with their values kept inside the list itself. */
struct t_a2_params {
    OSSL_PARAM p[T_A2_MAX_PARAMS + 1];
    size_t n;
    /* storage the entries point into */
    unsigned char store[T_A2_MAX_PARAMS][T_A2_MAX_BYTES];
};

void t_a2_params_init(struct t_a2_params *ps);
/* Add an octet string (data NULL: an entry with no data pointer). */
void t_a2_add_octets(struct t_a2_params *ps, const char *name,
                     const uint8_t *data, size_t len);
void t_a2_add_utf8(struct t_a2_params *ps, const char *name, const char *s);
/* An unsigned integer of 4 or 8 bytes, or a signed one of 4 or 8. */
void t_a2_add_uint(struct t_a2_params *ps, const char *name, uint64_t value,
                   size_t size);
void t_a2_add_int(struct t_a2_params *ps, const char *name, int64_t value,
                  size_t size);
/* The list, ended, or NULL when it has no entry and null_if_empty. */
OSSL_PARAM *t_a2_params_get(struct t_a2_params *ps, int null_if_empty);

/* The parameters of v (all of them, the version too) in ps. */
void t_a2_vec_params(const struct t_a2_vec *v, struct t_a2_params *ps);

/* Print a vector's inputs in the data files' format (for failures). */
void t_a2_print(const char *prefix, const struct t_a2_vec *v);

/*
 * The most memory (KiB) a vector may ask for here: the environment's
 * BLAKE2NEON_ARGON2_MAX_KIB, else dflt. Bigger vectors are counted and
 * reported as left out, never dropped silently.
 */
unsigned long t_a2_max_kib(unsigned long dflt);

#endif
