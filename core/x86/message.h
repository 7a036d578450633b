/*
 * The message block as both x86 backends read it: rows are built straight
 * from the input with broadcast loads (see each backend's message_row), so
 * the block is kept as a pointer, never copied. Needs X86_INLINE.
 */
#ifndef BLAKE2NEON_CORE_X86_MESSAGE_H
#define BLAKE2NEON_CORE_X86_MESSAGE_H

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

struct x86_message {
    const uint8_t *block;
};

X86_INLINE void message_load(struct x86_message *msg, const uint8_t *in)
{
    msg->block = in;
}

/* Message word i in all four lanes (x86 is little-endian). */
X86_INLINE __m256i word_in_all_lanes(const uint8_t *block, int i)
{
    uint64_t w;

    memcpy(&w, block + 8 * i, sizeof(w));
    return _mm256_set1_epi64x((long long)w);
}

#endif
