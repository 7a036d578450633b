/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Argon2's string form, "$argon2id$v=19$m=65536,t=3,p=4$<salt>$<tag>",
 * as the reference implementation and libsodium write and read it: salt
 * and tag in standard base64 without padding. Reading is strict: decimal
 * without sign or leading zeros, base64 whose unused bits are zero, every
 * field in its place; a missing v= means 0x10, as the reference reads it.
 */
#define _POSIX_C_SOURCE 200809L /* sysconf */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "argon2_lib.h"

static const char b64_digits[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static const char *type_names[] = { "argon2d", "argon2i", "argon2id" };

/* Base64 of len bytes: its length without padding. */
static size_t b64_length(size_t len)
{
    return len / 3 * 4 + (len % 3 == 0 ? 0 : len % 3 + 1);
}

/* Write the base64 of in (len bytes) at out, which has room. */
static char *b64_encode(char *out, const uint8_t *in, size_t len)
{
    uint32_t acc = 0;
    int bits = 0;

    for (size_t i = 0; i < len; i++) {
        acc = acc << 8 | in[i];
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            *out++ = b64_digits[(acc >> bits) & 63];
        }
    }
    if (bits > 0)
        *out++ = b64_digits[(acc << (6 - bits)) & 63];
    return out;
}

static int b64_value(char c)
{
    const char *at = c != '\0' ? strchr(b64_digits, c) : NULL;

    return at != NULL ? (int)(at - b64_digits) : -1;
}

/* Decode the n base64 digits at in into out (room for n * 3 / 4 bytes);
 * the byte count, or -1 if they are not canonical base64. */
static long b64_decode(uint8_t *out, const char *in, size_t n)
{
    uint32_t acc = 0;
    int bits = 0;
    long len = 0;

    if (n % 4 == 1)
        return -1;
    for (size_t i = 0; i < n; i++) {
        int v = b64_value(in[i]);

        if (v < 0)
            return -1;
        acc = acc << 6 | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[len++] = (uint8_t)(acc >> bits);
        }
    }
    /* The bits past the last byte must be zero. */
    return (acc & ((1u << bits) - 1)) == 0 ? len : -1;
}

int blake2neon_argon2_encode(char *encoded, size_t encodedlen, size_t taglen,
                             const blake2neon_argon2_params *p)
{
    struct blake2b_argon2_params core;
    uint8_t *tag;
    char head[96];
    int headlen, rc;
    size_t need;
    char *at;

    if (encoded == NULL)
        return BLAKE2NEON_ERR_NULL;
    rc = b2n_lib_argon2_params(&core, taglen, p);
    if (rc != BLAKE2NEON_OK)
        return rc;
    /* The string has no place for associated data, nor verify an argument:
     * a string made with some could never be verified. */
    if (core.adlen != 0)
        return BLAKE2NEON_ERR_ARGON2_PARAM;
    headlen = snprintf(head, sizeof(head), "$%s$v=%u$m=%u,t=%u,p=%u$",
                       type_names[core.type], (unsigned int)core.version,
                       (unsigned int)core.m_cost, (unsigned int)core.t_cost,
                       (unsigned int)core.lanes);
    if (headlen < 0 || (size_t)headlen >= sizeof(head)
        || taglen > (SIZE_MAX - sizeof(head)) / 2 - (size_t)core.saltlen)
        return BLAKE2NEON_ERR_ENCODING; /* no size_t holds the string */
    need = (size_t)headlen + b64_length(core.saltlen) + 1
           + b64_length(taglen) + 1;
    if (encodedlen < need)
        return BLAKE2NEON_ERR_ENCODING;
    tag = malloc(taglen);
    if (tag == NULL)
        return BLAKE2NEON_ERR_MEMORY;
    rc = b2n_lib_argon2_run(tag, &core);
    if (rc == BLAKE2NEON_OK) {
        at = memcpy(encoded, head, (size_t)headlen);
        at = b64_encode(at + headlen, core.salt, core.saltlen);
        *at++ = '$';
        at = b64_encode(at, tag, taglen);
        *at = '\0';
    }
    blake2b_wipe(tag, taglen);
    free(tag);
    return rc;
}

/* A decimal uint32 at *s, no sign or leading zero; advances *s. */
static int read_u32(const char **s, uint32_t *out)
{
    const char *c = *s;
    uint64_t v = 0;

    if (*c < '0' || *c > '9' || (c[0] == '0' && c[1] >= '0' && c[1] <= '9'))
        return 0;
    for (; *c >= '0' && *c <= '9'; c++) {
        v = v * 10 + (uint64_t)(*c - '0');
        if (v > UINT32_MAX)
            return 0;
    }
    *out = (uint32_t)v;
    *s = c;
    return 1;
}

/* Skip the literal text at *s; 0 if it is not there. */
static int skip(const char **s, const char *text)
{
    size_t n = strlen(text);

    if (strncmp(*s, text, n) != 0)
        return 0;
    *s += n;
    return 1;
}

/* The parameters of encoded into p (type, version, costs, lanes) and
 * where its salt and tag digits are; 0 if malformed. */
static int parse(const char *s, blake2neon_argon2_params *p,
                 const char **salt, size_t *saltn, const char **tag,
                 size_t *tagn)
{
    if (skip(&s, "$argon2id$"))
        p->type = BLAKE2NEON_ARGON2ID;
    else if (skip(&s, "$argon2i$"))
        p->type = BLAKE2NEON_ARGON2I;
    else if (skip(&s, "$argon2d$"))
        p->type = BLAKE2NEON_ARGON2D;
    else
        return 0;
    p->version = BLAKE2B_ARGON2_VERSION_10;
    if (skip(&s, "v=") && (!read_u32(&s, &p->version) || !skip(&s, "$")))
        return 0;
    if (!skip(&s, "m=") || !read_u32(&s, &p->m_cost) || !skip(&s, ",t=")
        || !read_u32(&s, &p->t_cost) || !skip(&s, ",p=")
        || !read_u32(&s, &p->lanes) || !skip(&s, "$"))
        return 0;
    *salt = s;
    *saltn = strcspn(s, "$");
    if (s[*saltn] != '$')
        return 0;
    *tag = s + *saltn + 1;
    *tagn = strlen(*tag);
    return 1;
}

/* Threads for verifying: one a lane, no more than the CPUs online (more
 * would only queue, and a stored string's p is not the verifier's to
 * multiply). */
static uint32_t verify_threads(uint32_t lanes)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);

    if (cpus < 1)
        return 1;
    return (uint64_t)cpus < lanes ? (uint32_t)cpus : lanes;
}

/* 0 if a and b (len bytes) are equal, in time that depends on len alone. */
static int differ(const uint8_t *a, const uint8_t *b, size_t len)
{
    volatile uint8_t d = 0;

    for (size_t i = 0; i < len; i++)
        d |= a[i] ^ b[i];
    return d != 0;
}

int blake2neon_argon2_verify(const char *encoded, const void *pass,
                             size_t passlen, const void *secret,
                             size_t secretlen)
{
    blake2neon_argon2_params p = { .pass = pass, .passlen = passlen,
                                   .secret = secret, .secretlen = secretlen };
    struct blake2b_argon2_params core;
    const char *salt_digits, *tag_digits;
    size_t saltn, tagn;
    uint8_t *buf, *salt, *want, *got;
    long saltlen, taglen;
    int rc = BLAKE2NEON_ERR_ENCODING;

    if (encoded == NULL)
        return BLAKE2NEON_ERR_NULL;
    if (!parse(encoded, &p, &salt_digits, &saltn, &tag_digits, &tagn))
        return BLAKE2NEON_ERR_ENCODING;
    /* One buffer: the salt, the stored tag, the tag computed. */
    if (tagn > (SIZE_MAX - 1 - saltn) / 2)
        return BLAKE2NEON_ERR_ENCODING;
    buf = malloc(saltn + 2 * tagn + 1);
    if (buf == NULL)
        return BLAKE2NEON_ERR_MEMORY;
    salt = buf;
    want = buf + saltn;
    got = want + tagn;
    saltlen = b64_decode(salt, salt_digits, saltn);
    taglen = b64_decode(want, tag_digits, tagn);
    if (saltlen >= 0 && taglen >= 0) {
        p.salt = salt;
        p.saltlen = (size_t)saltlen;
        p.threads = verify_threads(p.lanes);
        rc = b2n_lib_argon2_params(&core, (size_t)taglen, &p);
        if (rc == BLAKE2NEON_ERR_ARGON2_PARAM)
            rc = BLAKE2NEON_ERR_ENCODING; /* the string's, not the caller's */
        if (rc == BLAKE2NEON_OK)
            rc = b2n_lib_argon2_run(got, &core);
        if (rc == BLAKE2NEON_OK && differ(want, got, (size_t)taglen))
            rc = BLAKE2NEON_ERR_MISMATCH;
    }
    blake2b_wipe(buf, saltn + 2 * tagn + 1);
    free(buf);
    return rc;
}
