/* SPDX-License-Identifier: Apache-2.0 */
#include <stdlib.h>
#include <string.h>

#include "t_argon2.h"

const char *const t_a2_names[3] = { "ARGON2D", "ARGON2I", "ARGON2ID" };

int t_a2_type_index(const char *name)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(name, t_a2_names[i]) == 0)
            return i;
    return -1;
}

static int parse_u32(const struct t_data *d, const char *text, uint32_t *out)
{
    char *end;
    unsigned long long v = strtoull(text, &end, 0);

    if (!T_CHECK(*text != '\0' && *end == '\0' && v <= 0xffffffffULL,
                 "%s:%lu: '%s' is no 32-bit number", d->path, d->lineno, text))
        return 0;
    *out = (uint32_t)v;
    return 1;
}

int t_a2_parse(const struct t_data *d, struct t_a2_vec *v)
{
    const char *tag;

    memset(v, 0, sizeof(*v));
    if (!t_data_expect_fields(d, 10))
        return 0;
    if (!T_CHECK(t_a2_type_index(d->field[0]) >= 0, "%s:%lu: type '%s'",
                 d->path, d->lineno, d->field[0]))
        return 0;
    strcpy(v->type, d->field[0]);
    if (!parse_u32(d, d->field[1], &v->version)
        || !parse_u32(d, d->field[2], &v->iter)
        || !parse_u32(d, d->field[3], &v->memcost)
        || !parse_u32(d, d->field[4], &v->lanes))
        return 0;
    if (!T_CHECK(t_unhex(d->field[5], v->pass, T_A2_MAX_BYTES, &v->passlen)
                 && t_unhex(d->field[6], v->salt, T_A2_MAX_BYTES, &v->saltlen)
                 && t_unhex(d->field[7], v->secret, T_A2_MAX_BYTES,
                            &v->secretlen)
                 && t_unhex(d->field[8], v->ad, T_A2_MAX_BYTES, &v->adlen),
                 "%s:%lu: bad hex", d->path, d->lineno))
        return 0;
    tag = d->field[9];
    if (tag[0] == '!') {
        const char *colon = strchr(tag, ':');
        uint32_t n;

        if (!T_CHECK(colon != NULL, "%s:%lu: '%s'", d->path, d->lineno, tag)
            || !parse_u32(d, colon + 1, &n))
            return 0;
        v->outlen = n;
        if (strncmp(tag, "!set:", 5) == 0)
            v->refuse = T_A2_REFUSE_SET;
        else if (strncmp(tag, "!derive:", 8) == 0)
            v->refuse = T_A2_REFUSE_DERIVE;
        else
            return T_CHECK(0, "%s:%lu: '%s'", d->path, d->lineno, tag);
        return 1;
    }
    return T_CHECK(t_unhex(tag, v->tag, T_A2_MAX_BYTES, &v->outlen)
                   && v->outlen > 0,
                   "%s:%lu: bad tag", d->path, d->lineno);
}

void t_a2_params_init(struct t_a2_params *ps)
{
    memset(ps, 0, sizeof(*ps));
}

static OSSL_PARAM *next(struct t_a2_params *ps)
{
    if (ps->n >= T_A2_MAX_PARAMS) {
        printf("t_argon2: more than %d params\n", T_A2_MAX_PARAMS);
        exit(EXIT_FAILURE);
    }
    return &ps->p[ps->n++];
}

void t_a2_add_octets(struct t_a2_params *ps, const char *name,
                     const uint8_t *data, size_t len)
{
    unsigned char *s = ps->store[ps->n];
    OSSL_PARAM *p = next(ps);

    if (len > 0)
        memcpy(s, data, len);
    *p = OSSL_PARAM_construct_octet_string(name, data != NULL ? s : NULL,
                                           len);
}

void t_a2_add_utf8(struct t_a2_params *ps, const char *name, const char *s)
{
    char *st = (char *)ps->store[ps->n];
    OSSL_PARAM *p = next(ps);

    strcpy(st, s);
    *p = OSSL_PARAM_construct_utf8_string(name, st, strlen(st));
}

void t_a2_add_uint(struct t_a2_params *ps, const char *name, uint64_t value,
                   size_t size)
{
    unsigned char *s = ps->store[ps->n];
    OSSL_PARAM *p = next(ps);

    if (size == 4) {
        uint32_t v32 = (uint32_t)value;

        memcpy(s, &v32, 4);
    } else {
        memcpy(s, &value, 8);
    }
    p->key = name;
    p->data_type = OSSL_PARAM_UNSIGNED_INTEGER;
    p->data = s;
    p->data_size = size;
    p->return_size = OSSL_PARAM_UNMODIFIED;
}

void t_a2_add_int(struct t_a2_params *ps, const char *name, int64_t value,
                  size_t size)
{
    unsigned char *s = ps->store[ps->n];
    OSSL_PARAM *p = next(ps);

    if (size == 4) {
        int32_t v32 = (int32_t)value;

        memcpy(s, &v32, 4);
    } else {
        memcpy(s, &value, 8);
    }
    p->key = name;
    p->data_type = OSSL_PARAM_INTEGER;
    p->data = s;
    p->data_size = size;
    p->return_size = OSSL_PARAM_UNMODIFIED;
}

OSSL_PARAM *t_a2_params_get(struct t_a2_params *ps, int null_if_empty)
{
    if (ps->n == 0 && null_if_empty)
        return NULL;
    ps->p[ps->n] = OSSL_PARAM_construct_end();
    return ps->p;
}

void t_a2_vec_params(const struct t_a2_vec *v, struct t_a2_params *ps)
{
    t_a2_params_init(ps);
    t_a2_add_octets(ps, "pass", v->pass, v->passlen);
    t_a2_add_octets(ps, "salt", v->salt, v->saltlen);
    t_a2_add_octets(ps, "secret", v->secret, v->secretlen);
    t_a2_add_octets(ps, "ad", v->ad, v->adlen);
    t_a2_add_uint(ps, "iter", v->iter, 4);
    t_a2_add_uint(ps, "memcost", v->memcost, 4);
    t_a2_add_uint(ps, "lanes", v->lanes, 4);
    t_a2_add_uint(ps, "version", v->version, 4);
}

static void print_bytes(const uint8_t *p, size_t len)
{
    if (len == 0)
        printf(" -");
    else {
        printf(" ");
        t_print_hex(stdout, p, len);
    }
}

void t_a2_print(const char *prefix, const struct t_a2_vec *v)
{
    printf("%s%s 0x%02x %u %u %u", prefix, v->type, (unsigned)v->version,
           (unsigned)v->iter, (unsigned)v->memcost, (unsigned)v->lanes);
    print_bytes(v->pass, v->passlen);
    print_bytes(v->salt, v->saltlen);
    print_bytes(v->secret, v->secretlen);
    print_bytes(v->ad, v->adlen);
    printf(" (%zu bytes)\n", v->outlen);
}

unsigned long t_a2_max_kib(unsigned long dflt)
{
    const char *s = getenv("BLAKE2NEON_ARGON2_MAX_KIB");

    if (s != NULL && s[0] != '\0')
        return strtoul(s, NULL, 0);
    return dflt;
}
