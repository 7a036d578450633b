/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Several libcryptos load the same module file into one process (3.x and
 * 4.x side by side). This program links no libcrypto: it is five
 * "libcryptos" itself, each a core with its own error upcalls, and loads
 * the module into each, one of them twice. Checked: every load answers;
 * a digest's get_params, which OpenSSL calls with no provider context,
 * fails on a caller's type error and raises nothing on any core
 * (docs/hardening.md); a load's errors go through its own core's upcalls
 * only (a MAC init without a key).
 */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>

#include "t_util.h"

enum { CORES = 5 };

static unsigned int raised[CORES];      /* errors each core received */
static uint32_t last_reason[CORES];
static unsigned int new_errors;         /* calls of the shared new_error */

static void fake_new_error(const OSSL_CORE_HANDLE *handle)
{
    (void)handle;
    new_errors++;
}

static void fake_set_error_debug(const OSSL_CORE_HANDLE *handle,
                                 const char *file, int line, const char *func)
{
    (void)handle;
    (void)file;
    (void)line;
    (void)func;
}

/* One vset_error per core: the upcalls are what tells libcryptos apart. */
#define FAKE_VSET_ERROR(i)                                                     \
    static void fake_vset_error_##i(const OSSL_CORE_HANDLE *handle,            \
                                    uint32_t reason, const char *fmt,          \
                                    va_list args)                              \
    {                                                                          \
        (void)handle;                                                          \
        (void)fmt;                                                             \
        (void)args;                                                            \
        raised[i]++;                                                           \
        last_reason[i] = reason;                                               \
    }
FAKE_VSET_ERROR(0)
FAKE_VSET_ERROR(1)
FAKE_VSET_ERROR(2)
FAKE_VSET_ERROR(3)
FAKE_VSET_ERROR(4)

static OSSL_FUNC_core_vset_error_fn *const vset_errors[CORES] = {
    fake_vset_error_0, fake_vset_error_1, fake_vset_error_2,
    fake_vset_error_3, fake_vset_error_4,
};

static void (*find_function(const OSSL_DISPATCH *table, int id))(void)
{
    for (; table != NULL && table->function_id != 0; table++)
        if (table->function_id == id)
            return table->function;
    return NULL;
}

struct load {
    void *provctx;
    OSSL_FUNC_provider_teardown_fn *teardown;
    OSSL_FUNC_digest_get_params_fn *get_params; /* BLAKE2B-160's */
    OSSL_FUNC_mac_newctx_fn *mac_newctx;
    OSSL_FUNC_mac_init_fn *mac_init;
    OSSL_FUNC_mac_freectx_fn *mac_freectx;
};

static int load_into(OSSL_provider_init_fn *init, int core, struct load *out)
{
    const OSSL_DISPATCH in[] = {
        { OSSL_FUNC_CORE_NEW_ERROR, (void (*)(void))fake_new_error },
        { OSSL_FUNC_CORE_SET_ERROR_DEBUG, (void (*)(void))fake_set_error_debug },
        { OSSL_FUNC_CORE_VSET_ERROR, (void (*)(void))vset_errors[core] },
        { 0, NULL }
    };
    const OSSL_DISPATCH *provider_functions = NULL;
    OSSL_FUNC_provider_query_operation_fn *query;
    const OSSL_ALGORITHM *digests, *macs;
    int no_cache;

    if (!T_CHECK(init((const OSSL_CORE_HANDLE *)&raised[core], in,
                      &provider_functions, &out->provctx),
                 "core %d: OSSL_provider_init", core))
        return 0;
    out->teardown = (OSSL_FUNC_provider_teardown_fn *)
        find_function(provider_functions, OSSL_FUNC_PROVIDER_TEARDOWN);
    query = (OSSL_FUNC_provider_query_operation_fn *)
        find_function(provider_functions, OSSL_FUNC_PROVIDER_QUERY_OPERATION);
    if (!T_CHECK(query != NULL && out->teardown != NULL,
                 "core %d: query_operation and teardown offered", core))
        return 0;
    digests = query(out->provctx, OSSL_OP_DIGEST, &no_cache);
    if (!T_CHECK(digests != NULL && strncmp(digests[0].algorithm_names,
                                            "BLAKE2B-160:", 12) == 0,
                 "core %d: BLAKE2B-160 first among the digests", core))
        return 0;
    out->get_params = (OSSL_FUNC_digest_get_params_fn *)
        find_function(digests[0].implementation, OSSL_FUNC_DIGEST_GET_PARAMS);
    macs = query(out->provctx, OSSL_OP_MAC, &no_cache);
    if (!T_CHECK(macs != NULL && macs[0].implementation != NULL,
                 "core %d: a MAC", core))
        return 0;
    out->mac_newctx = (OSSL_FUNC_mac_newctx_fn *)
        find_function(macs[0].implementation, OSSL_FUNC_MAC_NEWCTX);
    out->mac_init = (OSSL_FUNC_mac_init_fn *)
        find_function(macs[0].implementation, OSSL_FUNC_MAC_INIT);
    out->mac_freectx = (OSSL_FUNC_mac_freectx_fn *)
        find_function(macs[0].implementation, OSSL_FUNC_MAC_FREECTX);
    return T_CHECK(out->get_params != NULL && out->mac_newctx != NULL
                       && out->mac_init != NULL && out->mac_freectx != NULL,
                   "core %d: get_params and the MAC's functions", core);
}

/* Which core received the errors raised since before: -1 for none, -2
 * for more than one. */
static int who_raised(const unsigned int before[CORES])
{
    int who = -1;

    for (int i = 0; i < CORES; i++)
        if (raised[i] != before[i])
            who = who == -1 ? i : -2;
    return who;
}

/* Ask the digest's size into a UTF-8 string: it must fail. Returns which
 * core received an error, as who_raised. */
static int failing_get_params(const struct load *load)
{
    char text[16];
    OSSL_PARAM params[] = {
        { OSSL_DIGEST_PARAM_SIZE, OSSL_PARAM_UTF8_STRING, text, sizeof(text), 0 },
        { NULL, 0, NULL, 0, 0 }
    };
    unsigned int before[CORES];

    memcpy(before, raised, sizeof(before));
    T_CHECK(load->get_params(params) == 0, "size into a string refused");
    return who_raised(before);
}

/* A MAC init with no key: it must fail. Returns which core received an
 * error, as who_raised. */
static int failing_mac_init(const struct load *load)
{
    unsigned int before[CORES];
    void *ctx = load->mac_newctx(load->provctx);

    memcpy(before, raised, sizeof(before));
    if (!T_CHECK(ctx != NULL, "MAC newctx"))
        return -3;
    T_CHECK(load->mac_init(ctx, NULL, 0, NULL) == 0, "MAC init without a key");
    load->mac_freectx(ctx);
    return who_raised(before);
}

int main(int argc, char **argv)
{
    char path[4096];
    void *module;
    OSSL_provider_init_fn *init;
    struct load loads[CORES + 1];

    if (argc < 2) {
        fprintf(stderr, "usage: %s MODULE_DIR\n", argv[0]);
        return 2;
    }
    snprintf(path, sizeof(path), "%s/blake2neon.so", argv[1]);
    module = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!T_CHECK(module != NULL, "dlopen %s: %s", path, dlerror()))
        return t_report("t_cores");
    *(void **)&init = dlsym(module, "OSSL_provider_init");
    if (!T_CHECK(init != NULL, "OSSL_provider_init exported"))
        return t_report("t_cores");

    for (int core = 0; core < CORES; core++)
        if (!load_into(init, core, &loads[core]))
            return t_report("t_cores");
    /* A second library context of core 0's libcrypto. */
    if (!load_into(init, 0, &loads[CORES]))
        return t_report("t_cores");

    for (int i = 0; i <= CORES; i++) {
        int core = i < CORES ? i : 0;
        int who = failing_get_params(&loads[i]);

        T_CHECK(who == -1, "load %d: a refused digest get_params raised an "
                "error (on core %d; -2: several)", i, who);
        who = failing_mac_init(&loads[i]);
        T_CHECK(who == core, "load %d: the MAC's error reached core %d "
                "(-1: none, -2: several), not core %d", i, who, core);
    }
    T_CHECK(new_errors == raised[0] + raised[1] + raised[2] + raised[3] + raised[4],
            "one new_error per error raised (%u for %u)", new_errors,
            raised[0] + raised[1] + raised[2] + raised[3] + raised[4]);

    for (int i = 0; i <= CORES; i++) {
        size_t size = 0;
        OSSL_PARAM params[] = {
            { OSSL_DIGEST_PARAM_SIZE, OSSL_PARAM_UNSIGNED_INTEGER, &size,
              sizeof(size), 0 },
            { NULL, 0, NULL, 0, 0 }
        };

        T_CHECK(loads[i].get_params(params) == 1 && size == 20,
                "load %d: BLAKE2B-160's size is 20 (got %zu)", i, size);
        loads[i].teardown(loads[i].provctx);
    }
    dlclose(module);
    return t_report("t_cores");
}
