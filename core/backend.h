/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The compress backends built into this module, and how one is chosen.
 */
#ifndef BLAKE2NEON_CORE_BACKEND_H
#define BLAKE2NEON_CORE_BACKEND_H

#include "blake2b.h"
#include "blamka.h"

/*
 * Which backends this target builds, in one place: the conditions
 * core/CMakeLists.txt builds their files under.
 *  - neon loads message words as native lanes: little-endian Arm only.
 *  - avx512 is assembly for the System V x86-64 ABI in ELF; not for x32,
 *    whose size_t arguments fill half a register.
 *  - a64 is assembly for AArch64 LP64 ELF, little-endian (message words
 *    loaded as native words); not for ILP32, like x32 above.
 */
#if defined(__arm__) && defined(__ARMEL__)
#define BLAKE2B_BUILDS_NEON 1
#endif
#if defined(__x86_64__) && defined(__ELF__) && defined(__LP64__)
#define BLAKE2B_BUILDS_X86_ASM 1
#endif
#if defined(__aarch64__) && defined(__ELF__) && defined(__LP64__) \
    && !defined(__AARCH64EB__)
#define BLAKE2B_BUILDS_A64 1
#endif

struct blake2b_backend {
    const char *name;          /* short and stable: "generic", "neon", ... */
    const char *description;
    blake2b_compress_fn *compress;
    int (*cpu_can_run)(void);  /* NULL: runs everywhere */
    /* Its own whole hash of a short message; NULL: the core's C path
     * around compress (blake2b_hash). */
    blake2b_hash_short_fn *hash_short;
    /* The lanes for many messages (core/many.h) when the user names this
     * backend; NULL: one at a time. The automatic choice takes its lanes
     * from the x86-64 rule instead. */
    const char *lanes;
    /* Argon2's BlaMka on this backend's vector unit (blamka.h); NULL:
     * blake2b_argon2_fill_generic. Chosen and self-tested with compress. */
    blake2b_argon2_fill_fn *argon2_fill;
};

/* Every backend compiled in, the generic one first; NULL past the end. */
const struct blake2b_backend *blake2b_backend_at(size_t index);

/* The backend called name, or NULL if this build has none by that name. */
const struct blake2b_backend *blake2b_backend_by_name(const char *name);

int blake2b_backend_cpu_can_run(const struct blake2b_backend *backend);

/* The backend's BlaMka, or the generic one where it has none. */
blake2b_argon2_fill_fn *blake2b_backend_argon2_fill(
    const struct blake2b_backend *backend);

/* The fastest backend this CPU can run, as measured for its kind of core. */
const struct blake2b_backend *blake2b_backend_auto(void);

#if defined(__x86_64__)
#include "cpu_features.h"
/* One row of the x86-64 rule (core/x86_rule.c): a kind of core, and what
 * the automatic choice takes there. */
struct blake2b_x86_row {
    const char *cores;     /* which cores, in words */
    enum blake2b_x86_vendor vendor; /* BLAKE2B_X86_OTHER: any vendor */
    unsigned int min_family;        /* display family at least; 0: any */
    unsigned int needs;    /* BLAKE2B_X86_* bits the CPU must have */
    const char *backend;   /* for one message */
    const char *lanes;     /* for many (core/many.h); NULL: one at a time */
    const char *evidence;  /* its section title in docs/performance.md */
};

/* The rule's rows in order; NULL past the end. */
const struct blake2b_x86_row *blake2b_x86_row_at(size_t index);

/* 1 if the CPU described by cpu is of the row's kind. */
int blake2b_x86_row_fits(const struct blake2b_x86_row *row,
                         const struct blake2b_x86_cpu *cpu);

/* The first row that fits cpu and whose backend this build has: the rule
 * alone, so that tests can feed it any CPU. Never NULL. */
const struct blake2b_x86_row *blake2b_x86_rule(const struct blake2b_x86_cpu *cpu);
#endif

/* The environment variable that forces a backend: a name users see, so
 * the public prefix (docs/naming.md). */
#define BLAKE2B_BACKEND_ENV "BLAKE2NEON_BACKEND"

/* 1 if name asks for the automatic choice: NULL, "" or "auto". */
int blake2b_backend_name_is_auto(const char *name);

/* What blake2b_backend_choose found. */
enum blake2b_choice {
    BLAKE2B_CHOSEN = 0,           /* *backend is ready to use */
    BLAKE2B_CHOICE_UNKNOWN,       /* no backend by that name in this build */
    BLAKE2B_CHOICE_UNSUPPORTED,   /* *backend: this CPU cannot run it */
    BLAKE2B_CHOICE_SELFTEST,      /* *backend gave a wrong answer */
};

/*
 * The backend called name, or the automatic choice when name is NULL, ""
 * or "auto", checked to run on this CPU and self-tested. *backend is set
 * to the candidate (NULL if unknown), for the caller's message. If the
 * automatic choice fails its self-test, generic stands in for it: *failed
 * is then that choice (else NULL), for the caller to say so.
 */
enum blake2b_choice blake2b_backend_choose(const char *name,
                                           const struct blake2b_backend **backend,
                                           const struct blake2b_backend **failed);

/*
 * Known-answer test of a backend: fixed answers (RFC 7693's "abc"; keyed
 * hashes with salt and personalization, also across the counter's 2^32
 * and 2^64 carries: selftest_kat.h) and, for any backend but generic,
 * agreement with generic. Returns 1 on success. Must only be called on a
 * backend the CPU can run.
 */
int blake2b_backend_selftest(const struct blake2b_backend *backend);

/* Backend entry points, each defined in its own file. */
blake2b_compress_fn blake2b_compress_generic;
#if defined(BLAKE2B_BUILDS_NEON)
blake2b_compress_fn blake2b_compress_neon;
blake2b_hash_short_fn blake2b_hash_short_neon;
blake2b_argon2_fill_fn blake2b_argon2_fill_neon;
#endif
#if defined(BLAKE2B_BUILDS_A64)
blake2b_compress_fn blake2b_compress_a64;
blake2b_argon2_fill_fn blake2b_argon2_fill_a64;
#endif
#if defined(__x86_64__)
blake2b_compress_fn blake2b_compress_avx2;
blake2b_argon2_fill_fn blake2b_argon2_fill_avx2;
blake2b_argon2_fill_fn blake2b_argon2_fill_avx512;
#if defined(BLAKE2B_BUILDS_X86_ASM)
blake2b_compress_fn blake2b_compress_avx512;
blake2b_compress_fn blake2b_compress_avx512_ror;
blake2b_hash_short_fn blake2b_hash_short_avx512;
blake2b_hash_short_fn blake2b_hash_short_avx512_ror;
#endif
#endif

#endif
