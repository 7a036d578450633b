/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The core alone: every backend this CPU runs, fed in arbitrary pieces,
 * with arbitrary size, key, salt, personalization and a counter started
 * near 2^32 or 2^64, must equal the generic backend fed in one piece; and
 * final must leave nothing of the state behind.
 *
 * Input: size, key length, flags, counter offset, key, [salt], [personal],
 * chunk-spec length, chunk spec, message.
 */
#include <string.h>

#include "fuzz_util.h"

static void hash(const struct blake2b_backend *b, const struct blake2b_params *p,
                 const uint8_t *key, uint64_t t0, const uint8_t *msg,
                 size_t len, struct f_chunks *chunks, uint8_t out[64])
{
    static const struct blake2b_state zero;
    struct blake2b_state S;
    size_t done = 0;

    blake2b_init(&S, p, key);
    S.t[0] = t0;
    while (done < len) {
        size_t n = chunks != NULL ? f_chunk_next(chunks, len - done)
                                  : len - done;

        blake2b_update(&S, msg + done, n, b->compress);
        done += n;
    }
    blake2b_final(&S, out, b->compress);
    if (memcmp(&S, &zero, sizeof(S)) != 0)
        f_fail("%s: final left state behind", b->name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct f_in in = { data, size };
    struct blake2b_params p;
    const struct blake2b_backend *generic = blake2b_backend_at(0), *b;
    uint8_t key[BLAKE2B_KEYBYTES] = { 0 }, want[64], got[64];
    const uint8_t *field, *spec, *msg;
    size_t n, spec_len, len;
    uint8_t flags, offset;
    uint64_t t0 = 0;
    struct f_chunks chunks;

    uint8_t raw_size = f_byte(&in), raw_keylen = f_byte(&in);

    /* Lengths brought into range: the core's callers validate. */
    blake2b_params_init(&p, (uint8_t)(raw_size % BLAKE2B_OUTBYTES + 1));
    p.key_length = (uint8_t)(raw_keylen % (BLAKE2B_KEYBYTES + 1));
    flags = f_byte(&in);
    offset = f_byte(&in);
    field = f_bytes(&in, p.key_length, &n);
    memcpy(key, field, n);
    if (flags & 1) {
        field = f_bytes(&in, BLAKE2B_SALTBYTES, &n);
        memcpy(p.salt, field, n);
    }
    if (flags & 2) {
        field = f_bytes(&in, BLAKE2B_PERSONALBYTES, &n);
        memcpy(p.personal, field, n);
    }
    /* Counter start: 0, or a few blocks below 2^32 or 2^64. */
    switch ((flags >> 2) & 3) {
    case 1:
        t0 = UINT64_C(0x100000000) - 8 * (uint64_t)offset;
        break;
    case 2:
        t0 = 0 - 8 * (uint64_t)offset;
        break;
    default:
        break;
    }
    spec = f_bytes(&in, f_byte(&in), &spec_len);
    msg = f_rest(&in, &len);

    hash(generic, &p, key, t0, msg, len, NULL, want);
    for (size_t i = 0; (b = blake2b_backend_at(i)) != NULL; i++) {
        if (!blake2b_backend_cpu_can_run(b))
            continue;
        f_chunks_init(&chunks, spec, spec_len);
        hash(b, &p, key, t0, msg, len, &chunks, got);
        if (memcmp(got, want, p.digest_length) != 0)
            f_fail("%s in pieces differs from generic in one: %zu bytes, "
                   "size %u, key %u, t0 %llx", b->name, len, p.digest_length,
                   p.key_length, (unsigned long long)t0);
    }
    return 0;
}
