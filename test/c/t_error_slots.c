/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Errors land on the queue of the libcrypto that called, also where
 * OpenSSL passes no provider context (a digest's get_params), when several
 * libcryptos load the same module file into one process (3.x and 4.x side
 * by side). This program links no libcrypto: it is five "libcryptos"
 * itself, each a core with its own error upcalls, and loads the module
 * into each. Checked: a failing digest get_params raises on the upcalls of
 * the core whose table it came from and no other; a second load by the
 * same core shares its slot; a fifth core, past the slots, gets a table
 * that fails the same way and raises nothing; good requests still work.
 */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/err.h>     /* ERR_PACK, ERR_LIB_PROV: macros only */
#include <openssl/proverr.h>

#include "t_util.h"

enum { CORES = 5, SLOTS = 4 };

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
    const OSSL_ALGORITHM *digests;
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
    return T_CHECK(out->get_params != NULL, "core %d: get_params", core);
}

/* Ask the digest's size into a UTF-8 string: it must fail. Returns which
 * core received the error, -1 for none, -2 for more than one. */
static int failing_get_params(const struct load *load)
{
    char text[16];
    OSSL_PARAM params[] = {
        { OSSL_DIGEST_PARAM_SIZE, OSSL_PARAM_UTF8_STRING, text, sizeof(text), 0 },
        { NULL, 0, NULL, 0, 0 }
    };
    unsigned int before[CORES];
    int who = -1;

    memcpy(before, raised, sizeof(before));
    T_CHECK(load->get_params(params) == 0, "size into a string refused");
    for (int i = 0; i < CORES; i++)
        if (raised[i] != before[i])
            who = who == -1 ? i : -2;
    return who;
}

int main(int argc, char **argv)
{
    const uint32_t not_set =
        (uint32_t)ERR_PACK(ERR_LIB_PROV, 0, PROV_R_FAILED_TO_SET_PARAMETER);
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
        return t_report("t_error_slots");
    *(void **)&init = dlsym(module, "OSSL_provider_init");
    if (!T_CHECK(init != NULL, "OSSL_provider_init exported"))
        return t_report("t_error_slots");

    for (int core = 0; core < CORES; core++)
        if (!load_into(init, core, &loads[core]))
            return t_report("t_error_slots");
    /* A second library context of core 0's libcrypto. */
    if (!load_into(init, 0, &loads[CORES]))
        return t_report("t_error_slots");

    for (int core = 0; core < SLOTS; core++) {
        int who = failing_get_params(&loads[core]);

        T_CHECK(who == core, "core %d's digest raised on core %d's queue "
                "(-1: none, -2: several)", core, who);
        T_CHECK(last_reason[core] == not_set,
                "core %d: reason %#x, want 'failed to set parameter' %#x",
                core, (unsigned int)last_reason[core], (unsigned int)not_set);
    }
    T_CHECK(failing_get_params(&loads[CORES]) == 0,
            "a second load by core 0 raises on core 0's queue");
    T_CHECK(failing_get_params(&loads[SLOTS]) == -1,
            "a fifth libcrypto's digest fails without raising anywhere");
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
    return t_report("t_error_slots");
}
