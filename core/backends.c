/*
 * The table of compress backends and the automatic choice among them.
 * CPU features are read once per call here; the provider calls this once,
 * at load.
 */
#include <string.h>

#include "backend.h"
#include "cpu_features.h"

static const struct blake2b_backend backends[] = {
    { "generic", "portable C", blake2b_compress_generic, NULL },
#if defined(__arm__)
    /* (ARMv7 NEON entry goes here.) */
#endif
#if defined(__aarch64__)
    /* (AArch64 ASIMD and SHA3 entries go here.) */
#endif
#if defined(__x86_64__)
    /* (x86-64 AVX2 and AVX-512 entries go here.) */
#endif
};

const struct blake2b_backend *blake2b_backend_at(size_t index)
{
    if (index >= sizeof(backends) / sizeof(backends[0]))
        return NULL;
    return &backends[index];
}

const struct blake2b_backend *blake2b_backend_by_name(const char *name)
{
    const struct blake2b_backend *b;

    for (size_t i = 0; (b = blake2b_backend_at(i)) != NULL; i++)
        if (strcmp(b->name, name) == 0)
            return b;
    return NULL;
}

int blake2b_backend_cpu_can_run(const struct blake2b_backend *backend)
{
    return backend->cpu_can_run == NULL || backend->cpu_can_run();
}

const struct blake2b_backend *blake2b_backend_auto(void)
{
    return &backends[0];
}
