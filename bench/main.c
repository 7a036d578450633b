/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2neon-bench: BLAKE2b-512 through EVP as applications call it, for
 * every blake2neon backend this CPU can run, the automatic choice,
 * OpenSSL's default provider and (when built with it) libsodium, all in
 * one run with rounds interleaved so that a noisy machine hurts all alike.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <openssl/crypto.h>

#include "argon2_row.h"
#include "clock.h"
#include "contenders.h"
#include "many_row.h"
#include "measure.h"
#include "report.h"

#ifndef BENCH_MODULE_DIR
#define BENCH_MODULE_DIR "."
#endif
#ifndef BENCH_COMPILER
#define BENCH_COMPILER "unknown compiler"
#endif

#define MAX_SIZES 32

struct options {
    size_t sizes[MAX_SIZES];
    size_t nsizes;
    double seconds;   /* measuring time, all sizes and contenders */
    size_t rounds;
    const char *csv;  /* file, "-" for stdout, NULL for none */
    const char *json;
    const char *module_dir;
    const char *against_dir; /* another build to race; NULL for none */
    int quiet;
    int many;         /* 0: no many-messages row; 1: after the table; 2: alone */
    int argon2;       /* 0: no Argon2 rows; 1: after the table; 2: alone */
    struct bench_argon2_setting argon2_setting;
};

static void usage(FILE *f)
{
    fprintf(f,
        "usage: blake2neon-bench [options]\n"
        "  --sizes LIST     message sizes in bytes, comma-separated, K/M\n"
        "                   suffixes allowed (default 16,64,128,1K,4K,16K,1M)\n"
        "  --time SECONDS   time spent measuring, in all (default 20)\n"
        "  --rounds N       interleaved rounds per size (default 15)\n"
        "  --csv FILE       also write the results as CSV (- for stdout,\n"
        "                   which then moves the table to stderr)\n"
        "  --json FILE      also write the results as JSON (- likewise)\n"
        "  --module-dir DIR where blake2neon.so is (default: the build's)\n"
        "  --against DIR    also race the automatic choice of another build's\n"
        "                   blake2neon.so in DIR (an A/B comparison of two\n"
        "                   builds in one run; not part of the verdict)\n"
        "  --quiet          no progress line on stderr\n"
        "  --many-only      only the many-messages rows: four and eight\n"
        "                   1 KiB messages through libblake2neon's\n"
        "                   blake2neon_hash_many against blake2neon_hash\n"
        "                   one at a time\n"
        "  --no-many        leave that row out\n"
        "  --argon2 M,T,P   the Argon2id rows' memory (KiB), passes and lanes\n"
        "                   (default 65536,3,1)\n"
        "  --argon2-rounds N  derivations per contender (default 5)\n"
        "  --argon2-only    only the Argon2id rows\n"
        "  --no-argon2      leave them out\n");
}

/* Digits only (no sign, space or base prefix, which strtoull would take),
 * up to the first non-digit; *end is set past them. 0 if none, or huge. */
static unsigned long long parse_digits(const char *s, char **end)
{
    unsigned long long v;

    *end = (char *)s;
    if (*s < '0' || *s > '9')
        return 0;
    errno = 0;
    v = strtoull(s, end, 10);
    return errno == 0 ? v : 0;
}

/* "16", "4K", "1M" -> bytes; 0 if malformed or absurd. */
static size_t parse_size(const char *s, char **end)
{
    const unsigned long long max = (unsigned long long)1 << 30;
    unsigned long long v = parse_digits(s, end);
    unsigned int shift = 0;

    if (**end == 'K' || **end == 'k')
        shift = 10;
    else if (**end == 'M' || **end == 'm')
        shift = 20;
    if (shift != 0)
        (*end)++;
    /* Range first: the shift must not wrap a huge count into range. */
    return v > 0 && v <= max >> shift ? (size_t)(v << shift) : 0;
}

/* The whole of s as a number: "25s" or "" is refused, not read as 25 or
 * 0. The caller checks the range (NaN fails any comparison). */
static int parse_number(const char *s, double *out)
{
    char *end;

    errno = 0;
    *out = strtod(s, &end);
    return errno == 0 && end != s && *end == '\0';
}

static int parse_sizes(const char *list, struct options *o)
{
    const char *p = list;

    o->nsizes = 0;
    while (*p != '\0') {
        char *end;
        size_t v = parse_size(p, &end);

        if (v == 0 || o->nsizes == MAX_SIZES || (*end != ',' && *end != '\0'))
            return 0;
        o->sizes[o->nsizes++] = v;
        p = *end == ',' ? end + 1 : end;
    }
    return o->nsizes > 0;
}

/* "M,T,P": Argon2's memory in KiB, passes and lanes, in sane ranges. */
static int parse_argon2(const char *s, struct bench_argon2_setting *out)
{
    unsigned long long v[3];
    char *end = (char *)s;

    for (int i = 0; i < 3; i++) {
        v[i] = parse_digits(s, &end);
        if (*end != (i < 2 ? ',' : '\0'))
            return 0;
        s = end + 1;
    }
    if (v[2] < 1 || v[2] > 64 || v[0] < 8 * v[2] || v[0] > 4194304 || v[1] < 1
        || v[1] > 100)
        return 0;
    out->m_kib = (uint32_t)v[0];
    out->t = (uint32_t)v[1];
    out->lanes = (uint32_t)v[2];
    return 1;
}

static int parse_options(int argc, char **argv, struct options *o)
{
    static const size_t default_sizes[] = { 16, 64, 128, 1024, 4096, 16384,
                                            1 << 20 };

    memset(o, 0, sizeof(*o));
    memcpy(o->sizes, default_sizes, sizeof(default_sizes));
    o->nsizes = sizeof(default_sizes) / sizeof(default_sizes[0]);
    o->seconds = 20;
    o->rounds = 15;
    o->module_dir = BENCH_MODULE_DIR;
    o->many = 1;
    o->argon2 = 1;
    o->argon2_setting = (struct bench_argon2_setting){ 65536, 3, 1, 5 };

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;

        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            exit(0);
        } else if (strcmp(a, "--quiet") == 0) {
            o->quiet = 1;
            continue;
        } else if (strcmp(a, "--many-only") == 0) {
            o->many = 2;
            continue;
        } else if (strcmp(a, "--no-many") == 0) {
            o->many = 0;
            continue;
        } else if (strcmp(a, "--argon2-only") == 0) {
            o->argon2 = 2;
            continue;
        } else if (strcmp(a, "--no-argon2") == 0) {
            o->argon2 = 0;
            continue;
        } else if (strcmp(a, "--sizes") != 0 && strcmp(a, "--time") != 0
                   && strcmp(a, "--rounds") != 0 && strcmp(a, "--csv") != 0
                   && strcmp(a, "--json") != 0
                   && strcmp(a, "--module-dir") != 0
                   && strcmp(a, "--against") != 0
                   && strcmp(a, "--argon2") != 0
                   && strcmp(a, "--argon2-rounds") != 0) {
            fprintf(stderr, "blake2neon-bench: unknown option '%s'\n", a);
            usage(stderr);
            return 0;
        } else if (v == NULL) {
            fprintf(stderr, "blake2neon-bench: %s needs a value\n", a);
            return 0;
        } else if (strcmp(a, "--sizes") == 0) {
            if (!parse_sizes(v, o)) {
                fprintf(stderr, "blake2neon-bench: bad --sizes '%s' (at most "
                        "%d sizes of 1 byte to 1G)\n", v, MAX_SIZES);
                return 0;
            }
        } else if (strcmp(a, "--time") == 0) {
            if (!parse_number(v, &o->seconds)
                || !(o->seconds > 0 && o->seconds <= 86400)) {
                fprintf(stderr, "blake2neon-bench: bad --time '%s' (seconds, "
                        "more than 0, at most 86400)\n", v);
                return 0;
            }
        } else if (strcmp(a, "--rounds") == 0) {
            char *end;
            unsigned long long n = parse_digits(v, &end);

            if (*end != '\0' || n < 1 || n > 10000) {
                fprintf(stderr, "blake2neon-bench: bad --rounds '%s' (a whole "
                        "number from 1 to 10000)\n", v);
                return 0;
            }
            o->rounds = (size_t)n;
        } else if (strcmp(a, "--csv") == 0) {
            o->csv = v;
        } else if (strcmp(a, "--json") == 0) {
            o->json = v;
        } else if (strcmp(a, "--against") == 0) {
            o->against_dir = v;
        } else if (strcmp(a, "--argon2") == 0) {
            if (!parse_argon2(v, &o->argon2_setting)) {
                fprintf(stderr, "blake2neon-bench: bad --argon2 '%s' (KiB,"
                        "passes,lanes: lanes 1..64, KiB 8*lanes..4194304, "
                        "passes 1..100)\n", v);
                return 0;
            }
        } else if (strcmp(a, "--argon2-rounds") == 0) {
            char *end;
            unsigned long long n = parse_digits(v, &end);

            if (*end != '\0' || n < 1 || n > 1000) {
                fprintf(stderr, "blake2neon-bench: bad --argon2-rounds '%s' "
                        "(1 to 1000)\n", v);
                return 0;
            }
            o->argon2_setting.rounds = (size_t)n;
        } else {
            o->module_dir = v; /* --module-dir */
        }
        i++;
    }
    if (o->csv != NULL && o->json != NULL && strcmp(o->csv, "-") == 0
        && strcmp(o->json, "-") == 0) {
        fprintf(stderr, "blake2neon-bench: --csv and --json cannot both "
                "write to stdout\n");
        return 0;
    }
    return 1;
}

/* "model name" (x86) or "CPU part" (Arm) from /proc/cpuinfo, with the x86
 * family and model, which say more about the core than the marketing name. */
static void cpu_description(char *out, size_t outlen)
{
    char line[256], name[128] = "", family[16] = "", model[16] = "";
    FILE *f = fopen("/proc/cpuinfo", "r");

    while (f != NULL && fgets(line, sizeof(line), f) != NULL) {
        char *colon = strchr(line, ':');
        char *value;

        if (colon == NULL)
            continue;
        value = colon + 1 + (colon[1] == ' ');
        value[strcspn(value, "\n")] = '\0';
        if (name[0] == '\0' && (strncmp(line, "model name", 10) == 0
                                || strncmp(line, "CPU part", 8) == 0))
            snprintf(name, sizeof(name), "%s", value);
        else if (family[0] == '\0' && strncmp(line, "cpu family", 10) == 0)
            snprintf(family, sizeof(family), "%s", value);
        else if (model[0] == '\0' && strncmp(line, "model\t", 6) == 0)
            snprintf(model, sizeof(model), "%s", value);
    }
    if (f != NULL)
        fclose(f);
    if (family[0] != '\0')
        snprintf(out, outlen, "%s (family %s, model %s)",
                 name[0] ? name : "unknown", family, model);
    else
        snprintf(out, outlen, "%s", name[0] ? name : "unknown");
}

static void command_line(int argc, char **argv, char *out, size_t outlen)
{
    size_t used = 0;

    out[0] = '\0';
    for (int i = 0; i < argc && used < outlen; i++) {
        int n = snprintf(out + used, outlen - used, "%s%s", i ? " " : "",
                         argv[i]);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

static uint64_t next_random(uint64_t *state)
{
    *state ^= *state << 13; /* xorshift64: fixed seed, same order each run */
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* Fisher-Yates. */
static void shuffle(size_t *order, size_t n, uint64_t *rng)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)(next_random(rng) % i), t = order[i - 1];

        order[i - 1] = order[j];
        order[j] = t;
    }
}

enum { BENCH_PAGE = 4096 };

/* Round r's message offset: the rounds spread evenly over a page. */
static size_t round_offset(size_t r, size_t rounds)
{
    return (r * BENCH_PAGE / rounds) & ~(size_t)63;
}

/* Every contender must give the reference's digest before it is timed. */
static int check_agreement(struct bench_contender *c, size_t n,
                           size_t reference, const uint8_t *msg, size_t len)
{
    uint8_t want[BENCH_DIGEST_BYTES], got[BENCH_DIGEST_BYTES];

    if (!bench_hash(&c[reference], msg, len, want))
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (!bench_hash(&c[i], msg, len, got)
            || memcmp(want, got, sizeof(want)) != 0) {
            fprintf(stderr, "blake2neon-bench: %s disagrees with %s on a "
                    "%zu-byte message; not timing a wrong answer\n",
                    c[i].name, c[reference].name, len);
            return 0;
        }
    }
    return 1;
}

static double max_double(double x, double y)
{
    return x > y ? x : y;
}

static FILE *open_output(const char *path)
{
    FILE *f;

    if (strcmp(path, "-") == 0)
        return stdout;
    f = fopen(path, "w");
    if (f == NULL)
        fprintf(stderr, "blake2neon-bench: cannot write %s: %s\n", path,
                strerror(errno));
    return f;
}

static int write_output(const char *path, const struct bench_meta *m,
                        const struct bench_results *r,
                        void (*writer)(FILE *, const struct bench_meta *,
                                       const struct bench_results *))
{
    FILE *f = open_output(path);

    if (f == NULL)
        return 0;
    writer(f, m, r);
    if (f != stdout)
        return fclose(f) == 0;
    return fflush(f) == 0;
}

/* seconds spread over batches, at least 1 ms each (as the table's). */
static uint64_t many_batch_ns(double seconds, size_t batches)
{
    uint64_t ns = (uint64_t)(seconds * 1e9 / (double)batches);

    return ns < 1000000 ? 1000000 : ns;
}

int main(int argc, char **argv)
{
    struct options o;
    struct bench_contender contenders[BENCH_MAX_CONTENDERS];
    const char *names[BENCH_MAX_CONTENDERS];
    const char *backends[BENCH_MAX_CONTENDERS];
    size_t iters[BENCH_MAX_CONTENDERS], order[BENCH_MAX_CONTENDERS];
    size_t n, reference = 0, max_size = 0, auto_index;
    struct bench_sample *samples;
    struct bench_summary *summary;
    uint8_t *buffer;
    uint64_t batch_ns;
    int ok = 1, progress_tty = isatty(2);

    if (!parse_options(argc, argv, &o))
        return 2;
    if (o.many == 2)
        return bench_many_run(stdout, o.rounds,
                              many_batch_ns(o.seconds,
                                            2 * BENCH_MANY_CASES * o.rounds))
                   ? 0
                   : 1;
    int got = bench_contenders_open(contenders, BENCH_MAX_CONTENDERS,
                                    o.module_dir, o.against_dir);
    if (got < 0)
        return 1;
    n = (size_t)got;
    if (o.argon2 == 2) {
        ok = bench_argon2_run(stdout, contenders, n, &o.argon2_setting);
        bench_contenders_close(contenders, n);
        return ok ? 0 : 1;
    }
    auto_index = n;
    for (size_t c = 0; c < n; c++) {
        names[c] = contenders[c].name;
        backends[c] = contenders[c].backend[0] != '\0'
                              && !contenders[c].is_auto
                          ? contenders[c].backend
                          : NULL;
        if (contenders[c].is_auto)
            auto_index = c;
        if (contenders[c].is_reference)
            reference = c;
    }
    for (size_t s = 0; s < o.nsizes; s++)
        if (o.sizes[s] > max_size)
            max_size = o.sizes[s];

    /*
     * The same bytes at the same address for every contender in a round,
     * but each round at another 64-byte-aligned offset within a page:
     * short-message timings depend on where the message sits relative to
     * each contender's context (4 KiB aliasing: docs/performance.md,
     * "Short messages"), and
     * a fixed address would hand each contender a fixed piece of luck.
     * (C11's aligned_alloc wants the size a multiple of the alignment:
     * whole pages.)
     */
    buffer = aligned_alloc(BENCH_PAGE,
                           (max_size + 2 * BENCH_PAGE - 1) / BENCH_PAGE * BENCH_PAGE);
    samples = calloc(o.nsizes * n * o.rounds, sizeof(*samples));
    summary = calloc(o.nsizes * n, sizeof(*summary));
    if (buffer == NULL || samples == NULL || summary == NULL) {
        fprintf(stderr, "blake2neon-bench: out of memory\n");
        return 1;
    }
    uint64_t rng = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < max_size + BENCH_PAGE; i++)
        buffer[i] = (uint8_t)(next_random(&rng) >> 56);
    for (size_t c = 0; c < n; c++)
        order[c] = c;

    /* The core clock, before the rounds and again after them: core c/B
     * are TSC c/B (or ns/B) times the faster of the two (a clock caught
     * still ramping up must not make a kernel look closer to the bound
     * than it is), and the two say whether it moved meanwhile. */
    struct bench_core_clock clock_before, clock_after;

    bench_core_clock(&clock_before);

    batch_ns = (uint64_t)(o.seconds * 1e9 / (double)(o.nsizes * n * o.rounds));
    if (batch_ns < 1000000)
        batch_ns = 1000000; /* below 1 ms, timer and scheduler noise dominate */

    for (size_t s = 0; ok && s < o.nsizes; s++) {
        size_t len = o.sizes[s];

        /* Progress: a line rewritten in place on a terminal, else a line
         * per size. */
        if (!o.quiet && !progress_tty)
            fprintf(stderr, "[%zu/%zu] %zu-byte messages\n", s + 1, o.nsizes,
                    len);
        ok = check_agreement(contenders, n, reference, buffer, len);
        for (size_t c = 0; ok && c < n; c++) {
            if (!o.quiet && progress_tty)
                fprintf(stderr, "\r[%zu/%zu] %zu bytes: warming up %-18s",
                        s + 1, o.nsizes, len, names[c]);
            iters[c] = bench_calibrate(&contenders[c], buffer, len, batch_ns);
            ok = iters[c] > 0;
        }
        for (size_t r = 0; ok && r < o.rounds; r++) {
            const uint8_t *msg = buffer + round_offset(r, o.rounds);

            if (!o.quiet && progress_tty)
                fprintf(stderr, "\r[%zu/%zu] %zu bytes: round %zu/%zu%-20s",
                        s + 1, o.nsizes, len, r + 1, o.rounds, "");
            /* A fresh order every round, so that no contender always
             * runs first, or always right after a particular other. */
            shuffle(order, n, &rng);
            for (size_t k = 0; ok && k < n; k++) {
                size_t c = order[k];

                ok = bench_batch(&contenders[c], msg, len, iters[c],
                                 &samples[(s * n + c) * o.rounds + r]);
            }
        }
        for (size_t c = 0; ok && c < n; c++)
            bench_summarize(&samples[(s * n + c) * o.rounds], o.rounds,
                            &summary[s * n + c]);
        for (size_t c = 0; ok && c < n; c++)
            summary[s * n + c].ratio_to_reference =
                summary[s * n + c].mbps_median
                / summary[s * n + reference].mbps_median;
    }
    bench_core_clock(&clock_after);
    if (!o.quiet && progress_tty)
        fprintf(stderr, "\r%-60s\r", "");
    if (!ok) {
        fprintf(stderr, "blake2neon-bench: a contender failed; no results\n");
        return 1;
    }

    char cpu[256], date[64], command[1024];
    time_t now = time(NULL);
    struct tm tm;

    cpu_description(cpu, sizeof(cpu));
    strftime(date, sizeof(date), "%Y-%m-%d %H:%M:%S UTC", gmtime_r(&now, &tm));
    command_line(argc, argv, command, sizeof(command));

    struct bench_meta meta = {
        .cpu = cpu,
        .compiler = BENCH_COMPILER,
        .openssl = OpenSSL_version(OPENSSL_VERSION),
        .sodium = bench_sodium_version(),
        .date = date,
        .command = command,
        .per_byte_unit = bench_have_cycles() ? "TSC cycles/B" : "ns/B",
        .rounds = o.rounds,
        .batch_ms = (double)batch_ns / 1e6,
        .clock_before = clock_before,
        .clock_after = clock_after,
        .clock_method = bench_add_chain_method(),
    };
    struct bench_results results = {
        .sizes = o.sizes,
        .nsizes = o.nsizes,
        .contenders = names,
        .ncontenders = n,
        .backends = backends,
        .auto_backend = auto_index < n ? contenders[auto_index].backend : NULL,
        .auto_index = auto_index,
        .summary = summary,
        .core_per_unit = bench_have_cycles()
                             ? max_double(clock_before.per_counter,
                                          clock_after.per_counter)
                             : max_double(clock_before.ghz, clock_after.ghz),
    };

    /* With CSV or JSON on stdout, the table goes to stderr: stdout stays
     * machine-readable. */
    int data_on_stdout = (o.csv != NULL && strcmp(o.csv, "-") == 0)
                         || (o.json != NULL && strcmp(o.json, "-") == 0);

    bench_report_table(data_on_stdout ? stderr : stdout, &meta, &results);
    /* The library row, batches as long as the table's; before the
     * verdict, which stays the last line. */
    if (o.many == 1)
        ok &= bench_many_run(data_on_stdout ? stderr : stdout, o.rounds,
                             batch_ns);
    if (o.argon2 == 1)
        ok &= bench_argon2_run(data_on_stdout ? stderr : stdout, contenders,
                               n, &o.argon2_setting);
    bench_report_verdict(data_on_stdout ? stderr : stdout, &results);
    if (o.csv != NULL)
        ok &= write_output(o.csv, &meta, &results, bench_report_csv);
    if (o.json != NULL)
        ok &= write_output(o.json, &meta, &results, bench_report_json);

    bench_contenders_close(contenders, n);
    free(buffer);
    free(samples);
    free(summary);
    return ok ? 0 : 1;
}
