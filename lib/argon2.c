/* SPDX-License-Identifier: Apache-2.0 */
/* blake2neon_argon2: the public parameters checked, then the core's
 * Argon2 on the chosen backend. */
#include "argon2.h"
#include "argon2_lib.h"
#include "ctx.h"

/* A length fits in H0's 32-bit fields, and has bytes behind it. */
static int check_input(const void *data, size_t len)
{
    if (!blake2b_argon2_fits_u32(len))
        return BLAKE2NEON_ERR_ARGON2_PARAM;
    return data == NULL && len > 0 ? BLAKE2NEON_ERR_NULL : BLAKE2NEON_OK;
}

int b2n_lib_argon2_params(struct blake2b_argon2_params *core, size_t outlen,
                          const blake2neon_argon2_params *p)
{
    uint32_t threads;
    int rc;

    if (p == NULL)
        return BLAKE2NEON_ERR_NULL;
    if ((rc = check_input(p->pass, p->passlen)) != BLAKE2NEON_OK
        || (rc = check_input(p->salt, p->saltlen)) != BLAKE2NEON_OK
        || (rc = check_input(p->secret, p->secretlen)) != BLAKE2NEON_OK
        || (rc = check_input(p->ad, p->adlen)) != BLAKE2NEON_OK)
        return rc;
    threads = p->threads == 0 ? 1 : p->threads;
    if ((p->type != BLAKE2NEON_ARGON2D && p->type != BLAKE2NEON_ARGON2I
         && p->type != BLAKE2NEON_ARGON2ID)
        || (p->version != BLAKE2B_ARGON2_VERSION_13
            && p->version != BLAKE2B_ARGON2_VERSION_10)
        || p->t_cost < 1 || p->lanes < 1
        || p->lanes > BLAKE2B_ARGON2_MAX_LANES
        || (uint64_t)p->m_cost < 8 * (uint64_t)p->lanes
        || p->saltlen < BLAKE2B_ARGON2_MIN_SALTLEN || threads > p->lanes
        || outlen < BLAKE2B_ARGON2_MIN_OUTLEN
        || !blake2b_argon2_fits_u32(outlen))
        return BLAKE2NEON_ERR_ARGON2_PARAM;
    *core = (struct blake2b_argon2_params){
        .type = (enum blake2b_argon2_type)p->type, .version = p->version,
        .t_cost = p->t_cost, .m_cost = p->m_cost, .lanes = p->lanes,
        .threads = threads, .outlen = (uint32_t)outlen,
        .pass = p->pass, .passlen = (uint32_t)p->passlen,
        .salt = p->salt, .saltlen = (uint32_t)p->saltlen,
        .secret = p->secret, .secretlen = (uint32_t)p->secretlen,
        .ad = p->ad, .adlen = (uint32_t)p->adlen,
    };
    return BLAKE2NEON_OK;
}

int b2n_lib_argon2_run(void *out, const struct blake2b_argon2_params *p)
{
    const struct blake2b_backend *backend = b2n_lib_backend();
    uint32_t blocks = blake2b_argon2_memory_blocks(p);
    struct blake2b_argon2_block *memory;
    uint8_t h0[BLAKE2B_ARGON2_H0BYTES];

    if (backend == NULL)
        return BLAKE2NEON_ERR_BACKEND;
    memory = blake2b_argon2_memory_alloc(blocks);
    if (memory == NULL)
        return BLAKE2NEON_ERR_MEMORY;
    blake2b_argon2_h0(h0, p, backend->compress);
    blake2b_argon2_run(out, p, h0, memory, backend); /* wipes memory */
    blake2b_wipe(h0, sizeof(h0));
    blake2b_argon2_memory_free(memory, blocks);
    return BLAKE2NEON_OK;
}

int blake2neon_argon2(void *out, size_t outlen,
                      const blake2neon_argon2_params *p)
{
    struct blake2b_argon2_params core;
    int rc;

    if (out == NULL)
        return BLAKE2NEON_ERR_NULL;
    rc = b2n_lib_argon2_params(&core, outlen, p);
    return rc != BLAKE2NEON_OK ? rc : b2n_lib_argon2_run(out, &core);
}
