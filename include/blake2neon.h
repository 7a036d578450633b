/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libblake2neon: BLAKE2b (RFC 7693) with the compress backend that suits
 * this CPU, chosen once, on first use: generic (portable C), neon (ARMv7
 * NEON), a64 (AArch64), avx2, avx512 or avx512-ror (x86-64). Needs nothing but the C library. docs/library.md has more.
 *
 * Every function that can fail returns BLAKE2NEON_OK (0) or one of the
 * negative BLAKE2NEON_ERR_* codes below; none of them aborts. Every name
 * starts with blake2neon_ / BLAKE2NEON_, so this library links beside
 * libb2, libsodium and libcrypto.
 */
#ifndef BLAKE2NEON_H
#define BLAKE2NEON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library builds with hidden symbols by default; these are its API. */
#if defined(__GNUC__)
#define BLAKE2NEON_API __attribute__((visibility("default")))
#else
#define BLAKE2NEON_API
#endif

#define BLAKE2NEON_BLOCKBYTES 128
#define BLAKE2NEON_OUTBYTES 64      /* largest output; any of 1..64 */
#define BLAKE2NEON_KEYBYTES 64      /* longest key; any of 0..64 */
#define BLAKE2NEON_SALTBYTES 16
#define BLAKE2NEON_PERSONALBYTES 16

/* Return codes. */
#define BLAKE2NEON_OK 0
#define BLAKE2NEON_ERR_OUTLEN (-1)  /* output size not 1..64 */
#define BLAKE2NEON_ERR_KEYLEN (-2)  /* key longer than 64 bytes */
#define BLAKE2NEON_ERR_NULL (-3)    /* NULL context or output, or NULL
                                       data with a nonzero length */
#define BLAKE2NEON_ERR_STATE (-4)   /* context not initialized, or already
                                       finalized */
#define BLAKE2NEON_ERR_BACKEND (-5) /* BLAKE2NEON_BACKEND names a backend
                                       this build lacks or this CPU cannot
                                       run, or the backend failed its
                                       self-test: nothing can be hashed */
#define BLAKE2NEON_ERR_ARGON2_PARAM (-6) /* an Argon2 parameter out of its
                                       range (blake2neon_argon2_params) */
#define BLAKE2NEON_ERR_MEMORY (-7)  /* Argon2's memory cannot be had */
#define BLAKE2NEON_ERR_ENCODING (-8) /* not an Argon2 string this library
                                       reads, or no room to write one */
#define BLAKE2NEON_ERR_MISMATCH (-9) /* the password does not match */

/*
 * A computation in progress. Its size is public so that it can live on
 * the stack; its contents are the library's (do not read or write them).
 * Copying a context forks the computation. A context that is all zero
 * bytes (static storage, memset, or after blake2neon_final) is "not
 * initialized": update and final refuse it with BLAKE2NEON_ERR_STATE.
 */
typedef struct blake2neon_ctx {
    uint64_t opaque[32];
} blake2neon_ctx;

/* Start an unkeyed hash of outlen bytes (1..64). */
BLAKE2NEON_API int blake2neon_init(blake2neon_ctx *ctx, size_t outlen);

/*
 * Start a hash of outlen bytes (1..64) with every parameter: key of
 * keylen bytes (0..64; key may be NULL when keylen is 0), salt and
 * personal of BLAKE2NEON_SALTBYTES / BLAKE2NEON_PERSONALBYTES bytes each,
 * or NULL for all zeros (as when not given).
 */
BLAKE2NEON_API int blake2neon_init_param(blake2neon_ctx *ctx, size_t outlen,
                                         const void *key, size_t keylen,
                                         const void *salt,
                                         const void *personal);

/* Hash inlen more bytes (in may be NULL when inlen is 0). */
BLAKE2NEON_API int blake2neon_update(blake2neon_ctx *ctx, const void *in,
                                     size_t inlen);

/*
 * Write the outlen bytes given at init to out and wipe the context (all
 * zero bytes afterwards, whatever the return code, so that no key or
 * state is left behind). A new init is needed to hash again.
 */
BLAKE2NEON_API int blake2neon_final(blake2neon_ctx *ctx, void *out);

/* One call: out (outlen bytes, 1..64) = BLAKE2b of in, keyed with key
 * when keylen > 0 (key may be NULL when keylen is 0). */
BLAKE2NEON_API int blake2neon_hash(void *out, size_t outlen, const void *in,
                                   size_t inlen, const void *key,
                                   size_t keylen);

/*
 * One message of blake2neon_hash_many: out (outlen bytes, 1..64) = BLAKE2b
 * of in (inlen bytes; in may be NULL when inlen is 0), keyed with key when
 * keylen > 0 (0..64; key may be NULL when keylen is 0). The same rules as
 * blake2neon_hash.
 */
typedef struct blake2neon_job {
    const void *in;
    size_t inlen;
    void *out;
    size_t outlen;
    const void *key;
    size_t keylen;
} blake2neon_job;

/*
 * Hash njobs independent messages in one call, each with its own length,
 * output size and key: every jobs[i].out gets exactly what
 * blake2neon_hash would write for job i. Where the backend has a
 * lane-parallel compress (x86-64: four messages side by side with AVX2,
 * eight with AVX-512), several messages are compressed at once, which is
 * faster than one at a time; elsewhere the messages are hashed one after
 * another.
 * Every job is checked before any is hashed: if one breaks a rule of
 * blake2neon_hash, the call returns that job's error code (the first such
 * job's) and writes no output. jobs may be NULL when njobs is 0. An
 * output may overlap its own job's input or key, not another job's: an
 * output is written when its message is done, while others are still read.
 */
BLAKE2NEON_API int blake2neon_hash_many(const blake2neon_job *jobs,
                                        size_t njobs);

/*
 * Argon2 (RFC 9106), the password hash and KDF, on the same backend:
 * its BlaMka runs on the backend's vector unit.
 */
#define BLAKE2NEON_ARGON2D 0
#define BLAKE2NEON_ARGON2I 1
#define BLAKE2NEON_ARGON2ID 2
#define BLAKE2NEON_ARGON2_VERSION 0x13 /* the current one; 0x10 the old */

/*
 * RFC 9106's inputs. Every pointer may be NULL when its length is 0.
 * Ranges (else BLAKE2NEON_ERR_ARGON2_PARAM): type one of the three
 * above; version 0x13 or 0x10; t_cost >= 1; lanes 1..16777215; m_cost
 * (KiB) >= 8 * lanes; saltlen >= 8; every length < 2^32. threads: lanes
 * computed at once on threads of the C library's, 0 or 1 for the calling
 * thread alone, at most lanes; the tag does not depend on it.
 */
typedef struct blake2neon_argon2_params {
    int type;
    uint32_t version;
    uint32_t t_cost;    /* passes */
    uint32_t m_cost;    /* memory, KiB */
    uint32_t lanes;     /* parallelism, p */
    uint32_t threads;
    const void *pass;
    size_t passlen;
    const void *salt;
    size_t saltlen;
    const void *secret; /* K: a key kept apart from the stored hash */
    size_t secretlen;
    const void *ad;     /* X: associated data */
    size_t adlen;
} blake2neon_argon2_params;

/*
 * out = the Argon2 tag of p, outlen bytes (4 .. 2^32 - 1). The memory
 * is the system's for the call (BLAKE2NEON_ERR_MEMORY if it cannot be
 * had) and is wiped before it goes back.
 */
BLAKE2NEON_API int blake2neon_argon2(void *out, size_t outlen,
                                     const blake2neon_argon2_params *p);

/*
 * The same as a string for storing a password:
 * "$argon2id$v=19$m=65536,t=3,p=4$<salt>$<tag>", salt and tag in base64
 * without padding, as the reference implementation and libsodium write
 * it. The secret is used but not written (the verifier gives it again);
 * associated data has no place in the string and is refused
 * (BLAKE2NEON_ERR_ARGON2_PARAM). Writes the string and its NUL to
 * encoded (encodedlen bytes: BLAKE2NEON_ERR_ENCODING if too few).
 */
BLAKE2NEON_API int blake2neon_argon2_encode(char *encoded, size_t encodedlen,
                                            size_t taglen,
                                            const blake2neon_argon2_params *p);

/*
 * BLAKE2NEON_OK if pass (and secret, NULL when none) give the tag of
 * encoded, a string as blake2neon_argon2_encode writes it (version
 * absent: 0x10); BLAKE2NEON_ERR_MISMATCH if not (compared in constant
 * time); BLAKE2NEON_ERR_ENCODING if encoded is not such a string. Lanes
 * are computed on up to one thread a lane, no more than the CPUs online.
 */
BLAKE2NEON_API int blake2neon_argon2_verify(const char *encoded,
                                            const void *pass, size_t passlen,
                                            const void *secret,
                                            size_t secretlen);

/*
 * The name of the backend in use ("generic", "neon", "a64", "avx2",
 * "avx512", "avx512-ror"), choosing it if no call has yet; NULL if none can be used (see
 * BLAKE2NEON_ERR_BACKEND). The choice is made once per process, safely
 * from any number of threads.
 */
BLAKE2NEON_API const char *blake2neon_backend(void);

/* A short English description of a return code (never NULL). */
BLAKE2NEON_API const char *blake2neon_strerror(int code);

/* The library's version, "MAJOR.MINOR.PATCH". */
BLAKE2NEON_API const char *blake2neon_version(void);

#ifdef __cplusplus
}
#endif

#endif
