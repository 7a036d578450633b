/* SPDX-License-Identifier: Apache-2.0 */
/* Little-endian loads and stores that are safe at any alignment. */
#ifndef BLAKE2NEON_CORE_LOAD_STORE_H
#define BLAKE2NEON_CORE_LOAD_STORE_H

#include <stdint.h>
#include <string.h>

static inline uint64_t blake2b_load64_le(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t w;
    memcpy(&w, p, sizeof(w)); /* compiles to one unaligned-safe load */
    return w;
#else
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16
           | (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32
           | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48
           | (uint64_t)p[7] << 56;
#endif
}

static inline void blake2b_store32_le(uint8_t *p, uint32_t w)
{
    p[0] = (uint8_t)w;
    p[1] = (uint8_t)(w >> 8);
    p[2] = (uint8_t)(w >> 16);
    p[3] = (uint8_t)(w >> 24);
}

static inline void blake2b_store64_le(uint8_t *p, uint64_t w)
{
    blake2b_store32_le(p, (uint32_t)w);
    blake2b_store32_le(p + 4, (uint32_t)(w >> 32));
}

#endif
