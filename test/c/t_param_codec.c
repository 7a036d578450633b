/* SPDX-License-Identifier: Apache-2.0 */
/*
 * provider/param_codec.c against libcrypto's OSSL_PARAM functions, on the
 * OpenSSL this test runs against: for every parameter type, data sizes
 * 0..17 (8 for doubles and pointers, and wrong sizes), many values and
 * byte patterns, with and without a buffer, the codec must return what
 * libcrypto returns, produce the same value, write the same bytes and
 * report the same return_size. Where a libcrypto version crashes or reads
 * outside the parameter, the case is not given to it (listed below).
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/opensslv.h>
#include <openssl/params.h>

#include "../../provider/param_codec.h"
#include "t_util.h"

static const unsigned int types[] = {
    OSSL_PARAM_INTEGER, OSSL_PARAM_UNSIGNED_INTEGER, OSSL_PARAM_REAL,
    OSSL_PARAM_UTF8_STRING, OSSL_PARAM_OCTET_STRING, OSSL_PARAM_UTF8_PTR,
    OSSL_PARAM_OCTET_PTR,
};
#define N_TYPES (sizeof(types) / sizeof(types[0]))
enum { MAX_SIZE = 17, BUF = 32 };

/* Integer values: each written into every size as a native integer. */
static const int64_t signed_values[] = {
    0, 1, -1, 2, 63, 64, 65, 127, 128, -128, -129, 255, 256, 32767, 32768,
    -32768, -32769, 65535, 65536, INT32_MAX, (int64_t)INT32_MAX + 1, INT32_MIN,
    (int64_t)INT32_MIN - 1, UINT32_MAX, (int64_t)UINT32_MAX + 1,
    (int64_t)1 << 53, ((int64_t)1 << 53) + 1, -((int64_t)1 << 53),
    -((int64_t)1 << 53) - 1, INT64_MAX, INT64_MIN,
};
static const uint64_t unsigned_values[] = {
    (uint64_t)INT64_MAX + 1, UINT64_MAX, UINT64_MAX - 1,
    0x8000000000000001u,
};
static const double doubles[] = {
    0.0, -0.0, 1.0, 64.0, 65.0, 0.5, -1.0, 1e-300, 4294967295.0, 4294967296.0,
    9007199254740992.0, 9007199254740993.0, 9223372036854775808.0,
    18446744073709549568.0, 18446744073709551616.0, 1e300, -1e300,
};

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint8_t rng_byte(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint8_t)rng_state;
}

static const char *type_name(unsigned int type)
{
    switch (type) {
    case OSSL_PARAM_INTEGER: return "INTEGER";
    case OSSL_PARAM_UNSIGNED_INTEGER: return "UNSIGNED_INTEGER";
    case OSSL_PARAM_REAL: return "REAL";
    case OSSL_PARAM_UTF8_STRING: return "UTF8_STRING";
    case OSSL_PARAM_OCTET_STRING: return "OCTET_STRING";
    case OSSL_PARAM_UTF8_PTR: return "UTF8_PTR";
    case OSSL_PARAM_OCTET_PTR: return "OCTET_PTR";
    }
    return "?";
}

/* Store v as a native integer of size bytes (truncated or sign-extended),
 * as a caller of that size would. */
static void put_native(uint8_t *data, size_t size, int64_t v)
{
    for (size_t i = 0; i < size; i++) {
        uint8_t byte = i < 8 ? (uint8_t)((uint64_t)v >> (8 * i))
                             : (v < 0 ? 0xff : 0x00);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        data[size - 1 - i] = byte;
#else
        data[i] = byte;
#endif
    }
}

/*
 * OpenSSL 3.0's readers fault on a number or octet pointer parameter with
 * no data, and read the byte before the data of a zero-size integer. Such
 * parameters go to the codec alone, which must refuse them.
 */
static int libcrypto_would_misread(const OSSL_PARAM *p)
{
    int number = p->data_type == OSSL_PARAM_INTEGER
                 || p->data_type == OSSL_PARAM_UNSIGNED_INTEGER
                 || p->data_type == OSSL_PARAM_REAL;

    if (p->data == NULL)
        return number || p->data_type == OSSL_PARAM_OCTET_PTR;
    return p->data_size == 0 && number && p->data_type != OSSL_PARAM_REAL;
}

static unsigned long compared, refusals;

static void compare_get_size_t(const OSSL_PARAM *p, const char *what)
{
    size_t got = 0x5a5a, want = 0x5a5a;
    int got_ok, want_ok;

    got_ok = b2n_param_get_size_t(p, &got);
    if (libcrypto_would_misread(p)) {
        T_CHECK(!got_ok, "get_size_t %s %s size %zu: refused", what,
                type_name(p->data_type), p->data_size);
        return;
    }
    want_ok = OSSL_PARAM_get_size_t(p, &want);
    compared++;
    T_CHECK(got_ok == want_ok && got == want,
            "get_size_t %s %s size %zu: codec %d/%zu, libcrypto %d/%zu", what,
            type_name(p->data_type), p->data_size, got_ok, got, want_ok, want);
}

static void get_cases(void)
{
    uint8_t data[BUF + 8];

    for (size_t t = 0; t < N_TYPES; t++) {
        for (size_t size = 0; size <= MAX_SIZE; size++) {
            OSSL_PARAM p = { "size", types[t], data + 8, size, 0 };

            for (size_t v = 0; v < sizeof(signed_values) / sizeof(int64_t); v++) {
                put_native(data + 8, size, signed_values[v]);
                compare_get_size_t(&p, "signed value");
            }
            for (size_t v = 0; v < sizeof(unsigned_values) / sizeof(uint64_t); v++) {
                put_native(data + 8, size, (int64_t)unsigned_values[v]);
                compare_get_size_t(&p, "unsigned value");
                /* The same bits, zero-extended past 8 bytes. */
                if (size > 8) {
                    memset(data + 8, 0, size);
                    put_native(data + 8, 8, (int64_t)unsigned_values[v]);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
                    memmove(data + 8 + size - 8, data + 8, 8);
                    memset(data + 8, 0, size - 8);
#endif
                    compare_get_size_t(&p, "zero-extended value");
                }
            }
            for (int r = 0; r < 64; r++) {
                for (size_t i = 0; i < size; i++)
                    data[8 + i] = rng_byte();
                compare_get_size_t(&p, "random bytes");
            }
            p.data = NULL;
            compare_get_size_t(&p, "no data");
        }
        for (size_t d = 0; d < sizeof(doubles) / sizeof(double); d++) {
            OSSL_PARAM p = { "size", types[t], data + 8, sizeof(double), 0 };

            memcpy(data + 8, &doubles[d], sizeof(double));
            compare_get_size_t(&p, "double");
        }
        {
            const double specials[] = { NAN, INFINITY, -INFINITY };

            for (size_t d = 0; d < 3; d++) {
                OSSL_PARAM p = { "size", types[t], data + 8, sizeof(double), 0 };

                memcpy(data + 8, &specials[d], sizeof(double));
                compare_get_size_t(&p, "NaN or infinity");
            }
        }
    }
}

/*
 * Where both refuse a set, the codec's return_size must be 0; libcrypto's
 * is not compared: it varies by version and size (3.0 leaves the size the
 * value would take; 3.5 the same, except 0 for sizes 4 and 8 and for a
 * string pointer into another type), and a caller has no use for it.
 */
static void forget_refused_return_size(int got_ok, int want_ok,
                                       const OSSL_PARAM *got, OSSL_PARAM *want)
{
    if (got_ok || want_ok)
        return;
    T_CHECK(got->return_size == 0, "a refusal's return_size is 0, not %zu",
            got->return_size);
    want->return_size = 0;
    refusals++;
}

/* One setter call on both sides: same result, bytes and return_size. */
static void compare_set(int is_int, int64_t value, unsigned int type,
                        size_t size, int with_data)
{
    uint8_t got_buf[BUF], want_buf[BUF];
    OSSL_PARAM got = { "size", type, with_data ? got_buf : NULL, size, 7 };
    OSSL_PARAM want = { "size", type, with_data ? want_buf : NULL, size, 7 };
    int got_ok, want_ok;

    memset(got_buf, 0xa5, sizeof(got_buf));
    memset(want_buf, 0xa5, sizeof(want_buf));
    if (type == OSSL_PARAM_REAL && !with_data) {
        /* OpenSSL 3.0 faults here; asked for no value, the codec says
         * how much room one takes. */
        got_ok = is_int ? b2n_param_set_int(&got, (int)value)
                        : b2n_param_set_size_t(&got, (size_t)value);
        T_CHECK(got_ok == 1 && got.return_size == sizeof(double),
                "set into REAL without data: return_size %zu", got.return_size);
        return;
    }
    if (size == 0 && (type == OSSL_PARAM_INTEGER
                      || type == OSSL_PARAM_UNSIGNED_INTEGER) && with_data) {
        /* Zero bytes hold no integer. OpenSSL disagrees with itself here
         * (3.0 stores a 0 in them and reads outside them for a negative
         * value, 3.5 stores a -1 but not a 0): the codec alone. */
        got_ok = is_int ? b2n_param_set_int(&got, (int)value)
                        : b2n_param_set_size_t(&got, (size_t)value);
        T_CHECK(!got_ok, "set into a zero-size integer refused");
        return;
    }
    if (is_int) {
        got_ok = b2n_param_set_int(&got, (int)value);
        want_ok = OSSL_PARAM_set_int(&want, (int)value);
    } else {
        got_ok = b2n_param_set_size_t(&got, (size_t)value);
        want_ok = OSSL_PARAM_set_size_t(&want, (size_t)value);
    }
    compared++;
    forget_refused_return_size(got_ok, want_ok, &got, &want);
    T_CHECK(got_ok == want_ok && got.return_size == want.return_size
            && memcmp(got_buf, want_buf, sizeof(got_buf)) == 0,
            "set_%s(%lld) into %s size %zu%s: codec %d return_size %zu, "
            "libcrypto %d return_size %zu%s", is_int ? "int" : "size_t",
            (long long)value, type_name(type), size, with_data ? "" : " (no data)",
            got_ok, got.return_size, want_ok, want.return_size,
            memcmp(got_buf, want_buf, sizeof(got_buf)) ? ", bytes differ" : "");
}

static void set_cases(void)
{
    for (size_t t = 0; t < N_TYPES; t++) {
        for (size_t size = 0; size <= MAX_SIZE; size++) {
            for (int with_data = 0; with_data <= 1; with_data++) {
                for (size_t v = 0; v < sizeof(signed_values) / sizeof(int64_t); v++) {
                    int64_t value = signed_values[v];

                    if (value >= INT_MIN && value <= INT_MAX)
                        compare_set(1, value, types[t], size, with_data);
                    if (value >= 0 && (uint64_t)value <= SIZE_MAX)
                        compare_set(0, value, types[t], size, with_data);
                }
                for (size_t v = 0; v < sizeof(unsigned_values) / sizeof(uint64_t); v++)
                    if (unsigned_values[v] <= SIZE_MAX)
                        compare_set(0, (int64_t)unsigned_values[v], types[t],
                                    size, with_data);
            }
        }
    }
}

static void pointer_cases(void)
{
    static const char text[] = "blake2neon";
    const void *bytes = text;

    for (size_t t = 0; t < N_TYPES; t++) {
        for (int with_data = 0; with_data <= 1; with_data++) {
            for (int with_value = 0; with_value <= 1; with_value++) {
                const char *value = with_value ? text : NULL;
                const char *got_ptr = NULL, *want_ptr = NULL;
                OSSL_PARAM got = { "name", types[t], with_data ? &got_ptr : NULL,
                                   0, 7 };
                OSSL_PARAM want = { "name", types[t],
                                    with_data ? &want_ptr : NULL, 0, 7 };
                int got_ok = b2n_param_set_utf8_ptr(&got, value);
                int want_ok = OSSL_PARAM_set_utf8_ptr(&want, value);

                compared++;
                forget_refused_return_size(got_ok, want_ok, &got, &want);
                T_CHECK(got_ok == want_ok && got.return_size == want.return_size
                        && got_ptr == want_ptr,
                        "set_utf8_ptr into %s%s%s: codec %d/%zu, libcrypto %d/%zu",
                        type_name(types[t]), with_data ? "" : " (no data)",
                        with_value ? "" : " (NULL string)", got_ok,
                        got.return_size, want_ok, want.return_size);
            }
            for (size_t len = 0; len <= 11; len += 11) {
                /* data: the bytes themselves, or where the pointer is. */
                void *data = types[t] == OSSL_PARAM_OCTET_PTR ? (void *)&bytes
                                                              : (void *)text;
                OSSL_PARAM p = { "key", types[t], with_data ? data : NULL, len, 0 };
                const void *got = (void *)1, *want = (void *)1;
                size_t got_len = 99, want_len = 99;
                int got_ok = b2n_param_get_octet_string_ptr(&p, &got, &got_len);
                int want_ok;

                if (libcrypto_would_misread(&p)) {
                    T_CHECK(!got_ok, "get_octet_string_ptr, OCTET_PTR without data: refused");
                    continue;
                }
                want_ok = OSSL_PARAM_get_octet_string_ptr(&p, &want, &want_len);
                compared++;
                T_CHECK(got_ok == want_ok && got == want && got_len == want_len,
                        "get_octet_string_ptr %s len %zu%s: codec %d/%p/%zu, "
                        "libcrypto %d/%p/%zu", type_name(types[t]), len,
                        with_data ? "" : " (no data)", got_ok, got, got_len,
                        want_ok, want, want_len);
            }
        }
    }
}

static void locate_cases(void)
{
    OSSL_PARAM params[] = {
        OSSL_PARAM_size_t("size", NULL), OSSL_PARAM_size_t("salt", NULL),
        OSSL_PARAM_size_t("size", NULL), OSSL_PARAM_END
    };
    const char *keys[] = { "size", "salt", "key", "", "SIZE", "siz" };

    for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
        compared++;
        T_CHECK(b2n_param_locate(params, keys[k]) == OSSL_PARAM_locate(params, keys[k])
                && b2n_param_locate_const(params, keys[k])
                       == OSSL_PARAM_locate_const(params, keys[k]),
                "locate '%s'", keys[k]);
    }
    T_CHECK(b2n_param_locate(NULL, "size") == NULL, "locate in no array");
    T_CHECK(b2n_param_locate(params, NULL) == NULL, "locate no key");
}

int main(void)
{
    get_cases();
    set_cases();
    pointer_cases();
    locate_cases();
    t_note("%lu cases compared with %s", compared, OpenSSL_version(OPENSSL_VERSION));
    t_note("%lu of them refusals, whose return_size is not compared", refusals);
    return t_report("t_param_codec");
}
