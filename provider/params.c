/* SPDX-License-Identifier: Apache-2.0 */
#include <string.h>

#include "../core/blake2b.h"
#include "errors.h"
#include "param_codec.h"
#include "params.h"

int b2n_read_size_param(const struct b2n_core *core, const OSSL_PARAM params[],
                        uint8_t *size)
{
    const OSSL_PARAM *p = b2n_param_locate_const(params, "size");
    size_t value;

    if (p == NULL)
        return 1;
    if (!b2n_param_get_size_t(p, &value)) {
        B2N_RAISE(core, B2N_R_WRONG_PARAMETER_TYPE,
                  "size must be an unsigned integer");
        return 0;
    }
    if (value < 1 || value > BLAKE2B_OUTBYTES) {
        B2N_RAISE(core, B2N_R_INVALID_SIZE,
                  "size %zu is outside 1..%d", value, BLAKE2B_OUTBYTES);
        return 0;
    }
    *size = (uint8_t)value;
    return 1;
}

int b2n_get_octets(const OSSL_PARAM *p, const void **data, size_t *len)
{
    /* No caller may copy from NULL. */
    if (!b2n_param_get_octet_string_ptr(p, data, len))
        return 0;
    return *data != NULL || *len == 0;
}

int b2n_read_bytes_param(const struct b2n_core *core, const OSSL_PARAM params[],
                         const char *name, uint8_t *out, size_t max,
                         size_t *len, int reason)
{
    const OSSL_PARAM *p = b2n_param_locate_const(params, name);
    const void *data;
    size_t data_len;

    if (p == NULL)
        return 1;
    if (!b2n_get_octets(p, &data, &data_len)) {
        B2N_RAISE(core, B2N_R_WRONG_PARAMETER_TYPE,
                  "%s must be an octet string", name);
        return 0;
    }
    if (data_len > max) {
        /* Lengths only: a key's bytes never go into an error message. */
        B2N_RAISE(core, reason, "%s is %zu bytes, at most %zu allowed",
                  name, data_len, max);
        return 0;
    }
    memset(out, 0, max);
    if (data_len > 0)
        memcpy(out, data, data_len);
    *len = data_len;
    return 1;
}

/* The failure of both writers below: one message, naming the parameter. */
static int not_written(const struct b2n_core *core, const char *name,
                       long long value, const char *func)
{
    b2n_raise_at(core, __FILE__, __LINE__, func, B2N_PARAM_NOT_SET,
                 "blake2neon: cannot write %s (%lld) to the parameter asked "
                 "for: wrong type or too small", name, value);
    return 0;
}

int b2n_write_size_param(const struct b2n_core *core, OSSL_PARAM params[],
                         const char *name, size_t value)
{
    OSSL_PARAM *p = b2n_param_locate(params, name);

    return p == NULL || b2n_param_set_size_t(p, value)
           || not_written(core, name, (long long)value, __func__);
}

int b2n_write_int_param(const struct b2n_core *core, OSSL_PARAM params[],
                        const char *name, int value)
{
    OSSL_PARAM *p = b2n_param_locate(params, name);

    return p == NULL || b2n_param_set_int(p, value)
           || not_written(core, name, value, __func__);
}
