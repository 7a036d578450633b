/* SPDX-License-Identifier: Apache-2.0 */
/*
 * OSSL_PARAM values as libcrypto converts them (param_codec.h). An
 * integer parameter is a native integer of data_size bytes, any size,
 * in the host's byte order; OSSL_PARAM_INTEGER is two's complement. A
 * double converts to and from an integer only where the value is exact.
 */
#include <string.h>

#include "param_codec.h"

/* Where the byte of significance i (0: least) of a size-byte native
 * integer is stored. */
static size_t byte_at(size_t size, size_t i)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return size - 1 - i;
#else
    (void)size;
    return i;
#endif
}

/*
 * An integer value of either signedness: bits are its low 64 bits in two's
 * complement, so a negative value is (int64_t)bits.
 */
struct integer {
    uint64_t bits;
    int negative;
};

/* The integer p's data_size bytes hold; 0 where it is below INT64_MIN or
 * above UINT64_MAX. */
static int read_integer(const OSSL_PARAM *p, int is_signed, struct integer *out)
{
    const uint8_t *data = p->data;
    size_t size = p->data_size;
    int negative;
    uint8_t fill;
    uint64_t bits;

    if (size == 0)
        return 0;
    negative = is_signed && (data[byte_at(size, size - 1)] & 0x80) != 0;
    fill = negative ? 0xff : 0x00;
    bits = negative ? UINT64_MAX : 0;
    for (size_t i = 0; i < size; i++) {
        uint8_t byte = data[byte_at(size, i)];

        if (i < 8) {
            bits &= ~((uint64_t)0xff << (8 * i));
            bits |= (uint64_t)byte << (8 * i);
        } else if (byte != fill) {
            return 0;
        }
    }
    /* A negative value wider than 64 bits must fit in an int64_t. */
    if (negative && (bits >> 63) == 0)
        return 0;
    out->bits = bits;
    out->negative = negative;
    return 1;
}

/* Store v in p's data_size bytes if it fits the type (signed or not) and
 * size; 0, writing nothing, if not. */
static int write_integer(OSSL_PARAM *p, int is_signed, struct integer v)
{
    uint8_t *data = p->data;
    size_t size = p->data_size;
    size_t value_bits = 8 * size - (is_signed ? 1 : 0);
    uint8_t fill = v.negative ? 0xff : 0x00;

    if (size == 0) /* holds nothing (OpenSSL versions disagree on it) */
        return 0;
    /* Every bit from value_bits up must repeat the sign; wider integers
     * (more than 8 bytes) hold any value by sign-extension. */
    if (value_bits < 64
        && v.bits >> value_bits != (v.negative ? UINT64_MAX >> value_bits : 0))
        return 0;
    for (size_t i = 0; i < size; i++)
        data[byte_at(size, i)] = i < 8 ? (uint8_t)(v.bits >> (8 * i)) : fill;
    return 1;
}

/* The largest magnitude a double holds exactly along with every integer
 * below it: 2^53. */
#define B2N_EXACT_DOUBLE_BITS 53

static int read_double(const OSSL_PARAM *p, double *d)
{
    if (p->data_size != sizeof(double))
        return 0;
    memcpy(d, p->data, sizeof(*d));
    return 1;
}

OSSL_PARAM *b2n_param_locate(OSSL_PARAM *params, const char *key)
{
    if (params == NULL || key == NULL)
        return NULL;
    for (; params->key != NULL; params++)
        if (strcmp(params->key, key) == 0)
            return params;
    return NULL;
}

const OSSL_PARAM *b2n_param_locate_const(const OSSL_PARAM *params,
                                         const char *key)
{
    return b2n_param_locate((OSSL_PARAM *)params, key);
}

int b2n_param_get_size_t(const OSSL_PARAM *p, size_t *val)
{
    struct integer v;
    double d;

    if (p == NULL || val == NULL || p->data == NULL)
        return 0;
    switch (p->data_type) {
    case OSSL_PARAM_UNSIGNED_INTEGER:
    case OSSL_PARAM_INTEGER:
        if (!read_integer(p, p->data_type == OSSL_PARAM_INTEGER, &v)
            || v.negative || v.bits > SIZE_MAX)
            return 0;
        *val = (size_t)v.bits;
        return 1;
    case OSSL_PARAM_REAL:
        /* 2^64 as a double, exactly; NaN fails every comparison. */
        if (!read_double(p, &d) || !(d >= 0 && d < 18446744073709551616.0))
            return 0;
        if (d != (double)(uint64_t)d || (uint64_t)d > SIZE_MAX)
            return 0;
        *val = (size_t)d;
        return 1;
    }
    return 0;
}

/* Both integer setters. return_size says the room the value takes: the
 * setter's native size when p has no buffer, p's size where the value was
 * stored; 0 where it was refused (what libcrypto leaves there differs by
 * version and size, and a caller has no use for it after a failure). */
static int set_integer(OSSL_PARAM *p, struct integer v, size_t native_size)
{
    uint64_t magnitude = v.negative ? 0 - v.bits : v.bits;
    double d;

    if (p == NULL)
        return 0;
    p->return_size = 0;
    switch (p->data_type) {
    case OSSL_PARAM_UNSIGNED_INTEGER:
        if (v.negative)
            return 0;
        /* fall through */
    case OSSL_PARAM_INTEGER:
        if (p->data == NULL) {
            p->return_size = native_size;
            return 1;
        }
        if (!write_integer(p, p->data_type == OSSL_PARAM_INTEGER, v))
            return 0;
        p->return_size = p->data_size;
        return 1;
    case OSSL_PARAM_REAL:
        if (p->data == NULL) {
            p->return_size = sizeof(double);
            return 1;
        }
        if (p->data_size != sizeof(double)
            || (magnitude >> B2N_EXACT_DOUBLE_BITS) != 0)
            return 0;
        d = v.negative ? -(double)magnitude : (double)magnitude;
        memcpy(p->data, &d, sizeof(d));
        p->return_size = sizeof(double);
        return 1;
    }
    return 0;
}

int b2n_param_set_size_t(OSSL_PARAM *p, size_t val)
{
    struct integer v = { (uint64_t)val, 0 };

    /* A size_t asked for as one, as OpenSSL 3.2+ asks a digest's `size`
     * at every final: stored as it is, without the conversion below. */
    if (p != NULL && p->data_type == OSSL_PARAM_UNSIGNED_INTEGER
        && p->data_size == sizeof(val) && p->data != NULL) {
        memcpy(p->data, &val, sizeof(val));
        p->return_size = sizeof(val);
        return 1;
    }

    return set_integer(p, v, sizeof(val));
}

int b2n_param_set_int(OSSL_PARAM *p, int val)
{
    struct integer v = { (uint64_t)(int64_t)val, val < 0 };

    return set_integer(p, v, sizeof(val));
}

int b2n_param_set_utf8_ptr(OSSL_PARAM *p, const char *val)
{
    if (p == NULL)
        return 0;
    p->return_size = 0;
    if (p->data_type != OSSL_PARAM_UTF8_PTR)
        return 0;
    p->return_size = val == NULL ? 0 : strlen(val);
    if (p->data != NULL)
        memcpy(p->data, &val, sizeof(val));
    return 1;
}

int b2n_param_get_octet_string_ptr(const OSSL_PARAM *p, const void **val,
                                   size_t *len)
{
    if (p == NULL || val == NULL)
        return 0;
    switch (p->data_type) {
    case OSSL_PARAM_OCTET_PTR:
        /* data points to the caller's pointer; none to read, no bytes. */
        if (p->data == NULL)
            return 0;
        memcpy(val, p->data, sizeof(*val));
        break;
    case OSSL_PARAM_OCTET_STRING:
        *val = p->data;
        break;
    default:
        return 0;
    }
    if (len != NULL)
        *len = p->data_size;
    return 1;
}
