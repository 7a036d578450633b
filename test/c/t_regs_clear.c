/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The assembly backends leave no message, key or state words behind in
 * registers. A probe in assembly (regs_probe_*.S) fills every register
 * the backend could use with a known non-zero pattern, calls the backend
 * on keyed-hash input, and stores the registers right after it returns.
 *   neon (32-bit Arm): d0-d7 and d16-d31 (scratch under the AAPCS) must be
 *     zero; d8-d15 (callee-saved) must hold the caller's values again.
 *   avx512, avx512-ror and their hash_short (x86-64): every ymm register
 *     is either zero or untouched (still the pattern), and so is every
 *     word of the red zone below the stack pointer: any register or word
 *     the backend wrote, it cleared.
 *   a64 (AArch64, general-purpose registers only): x2-x17 (scratch, or
 *     arguments it is done with) must be zero; x19-x28 (callee-saved)
 *     must hold the caller's values again.
 * Each backend must also give the generic backend's answer. Skipped,
 * saying why, where the build or the CPU has no such backend.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "regs_probe.h"
#include "t_util.h"

_Static_assert(offsetof(struct regs_probe, fn) == P_FN, "probe layout");
_Static_assert(offsetof(struct regs_probe, S) == P_S, "probe layout");
_Static_assert(offsetof(struct regs_probe, in) == P_IN, "probe layout");
_Static_assert(offsetof(struct regs_probe, nblocks) == P_NBLOCKS, "probe layout");
_Static_assert(offsetof(struct regs_probe, inc) == P_INC, "probe layout");
_Static_assert(offsetof(struct regs_probe, fill) == P_FILL, "probe layout");
_Static_assert(offsetof(struct regs_probe, after) == P_AFTER, "probe layout");
_Static_assert(offsetof(struct regs_probe, below) == P_BELOW, "probe layout");

enum { NBLOCKS = 3 };

static struct regs_probe probe;
static uint8_t msg[NBLOCKS * BLAKE2B_BLOCKBYTES];

/* The backend's name, or NULL (with the reason printed) if it cannot run. */
static const struct blake2b_backend *runnable(const char *name)
{
    const struct blake2b_backend *b = blake2b_backend_by_name(name);

    if (b == NULL)
        t_note("backend %s: not in this build", name);
    else if (!blake2b_backend_cpu_can_run(b))
        t_note("backend %s: skipped, this CPU cannot run it", name);
    return b != NULL && blake2b_backend_cpu_can_run(b) ? b : NULL;
}

/* Every register's pattern before the call, nothing recorded after it. */
static void probe_reset(void)
{
    for (size_t i = 0; i < 128; i++)
        probe.fill[i] = 0xa5a5000000000000u | ((uint64_t)(i + 1) << 8) | 0x5a;
    memset(probe.after, 0, sizeof(probe.after));
}

/*
 * Set up a keyed BLAKE2b-512 state and the probe for backend b (its first
 * block is the key block: the words a leak would expose), run the probe,
 * and check the state against the generic backend's.
 */
static void run_probe(const struct blake2b_backend *b, void (*call)(struct regs_probe *))
{
    struct blake2b_state S, want;
    struct blake2b_params p;
    uint8_t key[64];

    for (size_t i = 0; i < sizeof(key); i++)
        key[i] = (uint8_t)(0xc0 + i);
    /* The key block, zero-padded as blake2b_init makes it, then message. */
    t_pattern(msg, sizeof(msg));
    memset(msg, 0, BLAKE2B_BLOCKBYTES);
    memcpy(msg, key, sizeof(key));
    blake2b_params_init(&p, 64);
    p.key_length = sizeof(key);
    blake2b_init(&S, &p, key);
    /* Nonzero flags (the last block of the last node): a backend loads f
     * into a register too, and a register left holding zeros would pass
     * for cleared. */
    S.f[0] = S.f[1] = ~UINT64_C(0);
    want = S;
    blake2b_compress_generic(&want, msg, NBLOCKS, BLAKE2B_BLOCKBYTES);

    probe_reset();
    probe.fn.compress = b->compress;
    probe.S = &S;
    probe.in = msg;
    probe.nblocks = NBLOCKS;
    probe.inc = BLAKE2B_BLOCKBYTES;
    call(&probe);
    T_SAME((const uint8_t *)S.h, (const uint8_t *)want.h, sizeof(S.h),
           "%s: same chaining value as generic", b->name);
}

#if defined(BLAKE2B_BUILDS_NEON) || defined(BLAKE2B_BUILDS_X86_ASM)
/*
 * Backend b's hash_short through the probe, on a message of one block
 * less a byte (every copy step runs), checked against the core's C path.
 */
static void run_hash_short_probe(const struct blake2b_backend *b,
                                 void (*call)(struct regs_probe *))
{
    const size_t len = BLAKE2B_BLOCKBYTES - 1;
    struct blake2b_state digest;
    uint8_t want[64];

    t_pattern(msg, len);
    blake2b_hash(want, 64, msg, len, NULL, 0, blake2b_compress_generic, NULL);
    probe_reset();
    probe.fn.hash_short = b->hash_short;
    probe.S = &digest;
    probe.in = msg;
    probe.nblocks = len;
    probe.inc = 64;
    call(&probe);
    T_SAME((const uint8_t *)digest.h, want, sizeof(want),
           "%s: hash_short gives the C path's digest", b->name);
}
#endif

#if defined(BLAKE2B_BUILDS_NEON)
/* After the call: d0-d7 and d16-d31 zero, d8-d15 the caller's again. */
static void check_neon_registers(const char *what)
{
    for (unsigned d = 0; d < 32; d++) {
        if (d >= 8 && d < 16)
            T_CHECK(probe.after[d] == probe.fill[d],
                    "%s: callee-saved d%u not restored: %016llx", what, d,
                    (unsigned long long)probe.after[d]);
        else
            T_CHECK(probe.after[d] == 0, "%s: d%u left as %016llx", what, d,
                    (unsigned long long)probe.after[d]);
    }
    t_note("%s: d0-d7, d16-d31 zero after the call; d8-d15 restored", what);
}

/* The neon backend; 1 if it ran. */
static int check_neon(void)
{
    const struct blake2b_backend *b = runnable("neon");

    if (b == NULL)
        return 0;
    run_probe(b, regs_probe_neon);
    check_neon_registers("neon");
    return 1;
}

/* The neon backend's hash_short; 1 if it ran. */
static int check_neon_hash_short(void)
{
    const struct blake2b_backend *b = runnable("neon");

    if (b == NULL)
        return 0;
    run_hash_short_probe(b, regs_probe_neon);
    check_neon_registers("neon hash_short");
    return 1;
}
#endif

#if defined(BLAKE2B_BUILDS_X86_ASM)
/* After the probe ran what: every ymm register and red-zone word zero or
 * untouched, and some of each kind, so that a probe that loaded no
 * pattern cannot pass vacuously; wrote_red_zone: the zone must have been
 * written (hash_short keeps its block there). */
static void check_x86_leftovers(const char *what, int wrote_red_zone)
{
    unsigned zero = 0, untouched = 0, below_zero = 0;

    for (unsigned y = 0; y < 32; y++) {
        const uint64_t *got = &probe.after[4 * y], *was = &probe.fill[4 * y];
        int is_zero = (got[0] | got[1] | got[2] | got[3]) == 0;
        int is_fill = memcmp(got, was, 32) == 0;

        T_CHECK(is_zero || is_fill,
                "%s: ymm%u written and not cleared: %016llx %016llx "
                "%016llx %016llx", what, y, (unsigned long long)got[0],
                (unsigned long long)got[1], (unsigned long long)got[2],
                (unsigned long long)got[3]);
        zero += (unsigned)is_zero;
        untouched += (unsigned)is_fill;
    }
    T_CHECK(untouched > 0 && zero > 0, "%s: %u registers zero, %u untouched",
            what, zero, untouched);
    for (unsigned w = 0; w < 16; w++) {
        T_CHECK(probe.below[w] == 0 || probe.below[w] == probe.fill[w],
                "%s: red-zone word %u left as %016llx", what, w,
                (unsigned long long)probe.below[w]);
        below_zero += probe.below[w] == 0;
    }
    if (wrote_red_zone)
        T_CHECK(below_zero == 16, "%s: %u of 16 red-zone words zero", what,
                below_zero);
    t_note("%s: %u ymm registers cleared, %u untouched; %u of 16 red-zone "
           "words zero, the others untouched", what, zero, untouched,
           below_zero);
}

/* An AVX-512 backend's compress, then its hash_short; 1 if it ran. */
static int check_avx512(const char *name)
{
    const struct blake2b_backend *b = runnable(name);
    char what[64];

    if (b == NULL)
        return 0;
    run_probe(b, regs_probe_avx512);
    check_x86_leftovers(name, 0);
    if (!T_CHECK(b->hash_short != NULL, "%s: no hash_short", name))
        return 1;
    run_hash_short_probe(b, regs_probe_avx512);
    snprintf(what, sizeof(what), "%s hash_short", name);
    check_x86_leftovers(what, 1);
    return 1;
}
#endif

#if defined(BLAKE2B_BUILDS_A64)
/* a64 works in general-purpose registers only; 1 if it ran. */
static int check_a64(void)
{
    const struct blake2b_backend *b = runnable("a64");

    if (b == NULL)
        return 0;
    run_probe(b, regs_probe_a64);
    for (unsigned x = 2; x <= 28; x++) {
        if (x == 18)
            continue; /* the platform register: neither filled nor used */
        if (x >= 19)
            T_CHECK(probe.after[x] == probe.fill[x],
                    "a64: callee-saved x%u not restored: %016llx", x,
                    (unsigned long long)probe.after[x]);
        else
            T_CHECK(probe.after[x] == 0, "a64: x%u left as %016llx", x,
                    (unsigned long long)probe.after[x]);
    }
    t_note("a64: x2-x17 zero after the call; x19-x28 restored");
    return 1;
}
#endif

int main(void)
{
    int ran = 0;

#if defined(BLAKE2B_BUILDS_NEON)
    ran |= check_neon();
    ran |= check_neon_hash_short();
#endif
#if defined(BLAKE2B_BUILDS_X86_ASM)
    ran |= check_avx512("avx512");
    ran |= check_avx512("avx512-ror");
#endif
#if defined(BLAKE2B_BUILDS_A64)
    ran |= check_a64();
#endif
    if (!ran) {
        printf("SKIP: no assembly backend with a register probe runs here "
               "(neon on 32-bit Arm with NEON, avx512 on x86-64 with "
               "AVX-512VL, a64 on AArch64)\n");
        return T_SKIP;
    }
    return t_report("t_regs_clear");
}
