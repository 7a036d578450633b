/* SPDX-License-Identifier: Apache-2.0 */
#include "clock.h"
#include "report.h"

static const struct bench_summary *at(const struct bench_results *r,
                                      size_t s, size_t c)
{
    return &r->summary[s * r->ncontenders + c];
}

int bench_have_bound(void)
{
#if defined(__x86_64__)
    return 1;
#else
    return 0;
#endif
}

double bench_bound_per_byte(size_t len)
{
    size_t blocks = len == 0 ? 1 : (len + 127) / 128;

    if (!bench_have_bound() || len == 0)
        return 0;
    return (double)BENCH_BOUND_CYCLES_PER_BLOCK * (double)blocks
           / (double)len;
}

double bench_core_per_byte(const struct bench_results *r, size_t s, size_t c)
{
    return at(r, s, c)->per_byte_median * r->core_per_unit;
}

double bench_fraction_of_bound(const struct bench_results *r, size_t s,
                               size_t c)
{
    double core = bench_core_per_byte(r, s, c);
    double bound = bench_bound_per_byte(r->sizes[s]);

    return core > 0 && bound > 0 ? bound / core : 0;
}

/* Why a core figure is missing, for the table, the verdict and JSON. */
static const char *no_clock_reason(void)
{
    return "no add chain is written for this architecture, so the core "
           "clock is not measured";
}

static const char *no_bound_reason(void)
{
    return "the 2.25 c/B bound assumes one-cycle 64-bit add, xor and rotate, "
           "as on x86-64; on this architecture the chain differs (32-bit "
           "cores split each 64-bit operation; AArch64's shifted-register "
           "EOR shortens it)";
}

/* Half the interquartile range, as a percentage of the median. */
static double spread_percent(const struct bench_summary *x)
{
    if (x->mbps_median <= 0)
        return 0;
    return 50.0 * (x->mbps_p75 - x->mbps_p25) / x->mbps_median;
}

/* The core clock lines of the header: what was measured, and how. */
static void report_clock(FILE *f, const struct bench_meta *m,
                         const struct bench_results *r)
{
    const struct bench_core_clock *b = &m->clock_before, *a = &m->clock_after;

    if (r->core_per_unit <= 0) {
        fprintf(f, "core clock: n/a: %s; core c/B and of bound are n/a.\n",
                no_clock_reason());
        return;
    }
    fprintf(f, "core clock: %.3f GHz before the rounds, %.3f GHz after",
            b->ghz, a->ghz);
    if (b->per_counter > 0 && a->per_counter > 0)
        fprintf(f, ": %.3fx and %.3fx the TSC (%.3f GHz)", b->per_counter,
                a->per_counter, (b->counter_ghz + a->counter_ghz) / 2);
    fprintf(f, ";\n            timed on %s.\n", m->clock_method);
    fprintf(f, "            core c/B = %s x %.4f, the faster of before and "
            "after", m->per_byte_unit, r->core_per_unit);
    if (b->ghz > 0 && a->ghz > 0) {
        double differ = 100.0 * (a->ghz > b->ghz ? a->ghz / b->ghz - 1
                                                 : b->ghz / a->ghz - 1);

        fprintf(f, ", %.1f%% apart%s", differ,
                differ > 2.0 ? " (the clock moved: core figures are that "
                               "uncertain)" : "");
    }
    fputs(".\n", f);
}

/* The bound lines of the header. */
static void report_bound(FILE *f)
{
    if (!bench_have_bound()) {
        fprintf(f, "bound:      n/a: %s.\n", no_bound_reason());
        return;
    }
    fprintf(f, "bound:      one message is one dependency chain: 12 "
            "one-cycle operations per G step,\n            2 steps a round, "
            "12 rounds = %d core cycles per 128-byte block compressed\n"
            "            (%.2f c/B for long messages). An n-byte message "
            "compresses max(1, ceil(n/128))\n            blocks: its bound "
            "is %d x blocks / n c/B, and the whole EVP call counts "
            "against it.\n            of bound = bound / core c/B: 1 is the "
            "limit for one message.\n", BENCH_BOUND_CYCLES_PER_BLOCK,
            BENCH_BOUND_CYCLES_PER_BLOCK / 128.0, BENCH_BOUND_CYCLES_PER_BLOCK);
}

void bench_report_table(FILE *f, const struct bench_meta *m,
                        const struct bench_results *r)
{
    fprintf(f, "CPU:       %s\n", m->cpu);
    fprintf(f, "compiler:  %s\n", m->compiler);
    fprintf(f, "OpenSSL:   %s\n", m->openssl);
    fprintf(f, "libsodium: %s\n", m->sodium ? m->sodium : "not built in");
    fprintf(f, "date:      %s\n", m->date);
    fprintf(f, "command:   %s\n", m->command);
    fprintf(f, "method:    BLAKE2b-512, per message init + update + final on "
            "a reused context;\n           %zu interleaved rounds of ~%.1f ms "
            "batches per contender and size.\n", m->rounds, m->batch_ms);
    fprintf(f, "columns:   MB/s = 10^6 bytes/s, median over rounds; spread = "
            "half the interquartile\n           range; best = fastest round; "
            "%s median%s; ratio = median\n           MB/s / OpenSSL default's "
            "median MB/s.\n", m->per_byte_unit,
            bench_have_cycles() ? "" : " (no cheap cycle counter here)");
    report_clock(f, m, r);
    report_bound(f);
    fputc('\n', f);

    fprintf(f, "%8s  %-18s %9s %7s %9s %12s %8s %8s %6s\n", "bytes",
            "contender", "MB/s", "spread", "best", m->per_byte_unit,
            "core c/B", "of bound", "ratio");
    for (size_t s = 0; s < r->nsizes; s++) {
        for (size_t c = 0; c < r->ncontenders; c++) {
            const struct bench_summary *x = at(r, s, c);

            double core = bench_core_per_byte(r, s, c);
            double frac = bench_fraction_of_bound(r, s, c);
            char core_text[16] = "n/a", frac_text[16] = "n/a";

            if (core > 0)
                snprintf(core_text, sizeof(core_text), "%.3f", core);
            if (frac > 0)
                snprintf(frac_text, sizeof(frac_text), "%.3f", frac);
            fprintf(f, "%8zu  %-18s %9.1f %6.1f%% %9.1f %12.3f %8s %8s "
                    "%5.2fx\n", r->sizes[s], r->contenders[c],
                    x->mbps_median, spread_percent(x), x->mbps_max,
                    x->per_byte_median, core_text, frac_text,
                    x->ratio_to_reference);
        }
        if (s + 1 < r->nsizes)
            fputc('\n', f);
    }
}

/* The backend rows (r->backends) fastest and next fastest at size s, by
 * median; r->ncontenders where there is none. */
static void two_fastest(const struct bench_results *r, size_t s, size_t *best,
                        size_t *next)
{
    const size_t none = r->ncontenders;

    *best = *next = none;
    for (size_t c = 0; c < r->ncontenders; c++) {
        double mbps = at(r, s, c)->mbps_median;

        if (r->backends[c] == NULL)
            continue;
        if (*best == none || mbps > at(r, s, *best)->mbps_median) {
            *next = *best;
            *best = c;
        } else if (*next == none || mbps > at(r, s, *next)->mbps_median) {
            *next = c;
        }
    }
}

/* The widest spread of the rows the verdict compares: how far to trust
 * the leads it gives. */
static double widest_spread(const struct bench_results *r)
{
    double spread = 0;

    for (size_t s = 0; s < r->nsizes; s++)
        for (size_t c = 0; c < r->ncontenders; c++)
            if ((r->backends[c] != NULL || c == r->auto_index)
                && spread_percent(at(r, s, c)) > spread)
                spread = spread_percent(at(r, s, c));
    return spread;
}

/* The automatic row at the largest size against the bound: the figure that
 * says how much any backend could still gain on this core. */
static void verdict_bound(FILE *f, const struct bench_results *r)
{
    size_t largest = 0;
    double core, frac;

    if (r->auto_index >= r->ncontenders || r->nsizes == 0)
        return;
    for (size_t s = 1; s < r->nsizes; s++)
        if (r->sizes[s] > r->sizes[largest])
            largest = s;
    core = bench_core_per_byte(r, largest, r->auto_index);
    frac = bench_fraction_of_bound(r, largest, r->auto_index);
    fprintf(f, " at %zu B auto runs ", r->sizes[largest]);
    if (core <= 0)
        fprintf(f, "at an unknown core c/B (core clock not measured)");
    else if (frac <= 0)
        fprintf(f, "at %.3f core c/B (no bound for this architecture)",
                core);
    else
        fprintf(f, "at %.3f of the latency bound (%.3f core c/B, bound "
                "%.3f)", frac, core, bench_bound_per_byte(r->sizes[largest]));
    fputc(';', f);
}

void bench_report_verdict(FILE *f, const struct bench_results *r)
{
    double spread = widest_spread(r);

    fprintf(f, "verdict: auto took %s;",
            r->auto_backend != NULL ? r->auto_backend : "?");
    verdict_bound(f, r);
    fprintf(f, " fastest backend by size "
            "(its lead over the next; auto's median against it):");
    for (size_t s = 0; s < r->nsizes; s++) {
        size_t best, next;
        double top;

        two_fastest(r, s, &best, &next);
        if (best == r->ncontenders)
            continue;
        top = at(r, s, best)->mbps_median;
        fprintf(f, "%s %zu B %s", s == 0 ? "" : ",", r->sizes[s],
                r->backends[best]);
        if (next < r->ncontenders)
            fprintf(f, " (+%.1f%% over %s", 100.0
                    * (top / at(r, s, next)->mbps_median - 1.0),
                    r->backends[next]);
        else
            fprintf(f, " (the only backend");
        if (r->auto_index < r->ncontenders)
            fprintf(f, "; auto %+.1f%%", 100.0
                    * (at(r, s, r->auto_index)->mbps_median / top - 1.0));
        fputc(')', f);
    }
    fprintf(f, "; spreads up to %.1f%%%s\n", spread,
            spread > 2.0 ? ", differences below that are noise" : "");
}

static void csv_number(FILE *f, double v, const char *sep)
{
    if (v > 0)
        fprintf(f, "%.4f", v);
    fputs(sep, f);
}

void bench_report_csv(FILE *f, const struct bench_meta *m,
                      const struct bench_results *r)
{
    fprintf(f, "bytes,contender,mbps_median,mbps_p25,mbps_p75,mbps_min,"
            "mbps_max,per_byte_median,per_byte_unit,ratio_to_openssl_default,"
            "rounds,core_per_byte_median,bound_per_byte,fraction_of_bound\n");
    for (size_t s = 0; s < r->nsizes; s++)
        for (size_t c = 0; c < r->ncontenders; c++) {
            const struct bench_summary *x = at(r, s, c);

            fprintf(f, "%zu,\"%s\",%.3f,%.3f,%.3f,%.3f,%.3f,%.4f,\"%s\",%.4f,"
                    "%zu,", r->sizes[s], r->contenders[c], x->mbps_median,
                    x->mbps_p25, x->mbps_p75, x->mbps_min, x->mbps_max,
                    x->per_byte_median, m->per_byte_unit,
                    x->ratio_to_reference, x->rounds);
            /* Empty fields where not known (no add chain, no bound). */
            csv_number(f, bench_core_per_byte(r, s, c), ",");
            csv_number(f, bench_bound_per_byte(r->sizes[s]), ",");
            csv_number(f, bench_fraction_of_bound(r, s, c), "\n");
        }
}

/* value as a JSON string (the command line may hold anything); NULL as
 * null. */
static void json_string(FILE *f, const char *value)
{
    if (value == NULL) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)value; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

/* A positive figure, or null where it is not known. */
static void json_number(FILE *f, double v)
{
    if (v > 0)
        fprintf(f, "%.4f", v);
    else
        fputs("null", f);
}

static void json_string_field(FILE *f, const char *key, const char *value,
                              const char *sep)
{
    fprintf(f, "  \"%s\": ", key);
    json_string(f, value);
    fprintf(f, "%s\n", sep);
}

void bench_report_json(FILE *f, const struct bench_meta *m,
                       const struct bench_results *r)
{
    fprintf(f, "{\n");
    json_string_field(f, "cpu", m->cpu, ",");
    json_string_field(f, "compiler", m->compiler, ",");
    json_string_field(f, "openssl", m->openssl, ",");
    json_string_field(f, "libsodium", m->sodium, ",");
    json_string_field(f, "date", m->date, ",");
    json_string_field(f, "command", m->command, ",");
    json_string_field(f, "per_byte_unit", m->per_byte_unit, ",");
    fprintf(f, "  \"rounds\": %zu,\n  \"batch_ms\": %.3f,\n",
            m->rounds, m->batch_ms);
    /* The core clock and the bound: null, with the reason, where not
     * known. */
    if (r->core_per_unit > 0) {
        fprintf(f, "  \"core_clock\": {\"method\": ");
        json_string(f, m->clock_method);
        fprintf(f, ", \"ghz_before\": %.4f, \"ghz_after\": %.4f, "
                "\"per_tsc_before\": ", m->clock_before.ghz,
                m->clock_after.ghz);
        json_number(f, m->clock_before.per_counter);
        fprintf(f, ", \"per_tsc_after\": ");
        json_number(f, m->clock_after.per_counter);
        fprintf(f, ", \"tsc_ghz\": ");
        json_number(f, (m->clock_before.counter_ghz
                        + m->clock_after.counter_ghz) / 2);
        fprintf(f, ", \"core_per_unit\": %.6f},\n", r->core_per_unit);
    } else {
        fprintf(f, "  \"core_clock\": null,\n");
        json_string_field(f, "core_clock_note", no_clock_reason(), ",");
    }
    if (bench_have_bound()) {
        fprintf(f, "  \"bound\": {\"core_cycles_per_block\": %d, "
                "\"per_byte_long\": %.4f, \"per_message\": "
                "\"cycles_per_block * max(1, ceil(bytes / 128)) / "
                "bytes\"},\n", BENCH_BOUND_CYCLES_PER_BLOCK,
                BENCH_BOUND_CYCLES_PER_BLOCK / 128.0);
    } else {
        fprintf(f, "  \"bound\": null,\n");
        json_string_field(f, "bound_note", no_bound_reason(), ",");
    }
    fprintf(f, "  \"results\": [\n");
    for (size_t s = 0; s < r->nsizes; s++)
        for (size_t c = 0; c < r->ncontenders; c++) {
            const struct bench_summary *x = at(r, s, c);
            int last = s + 1 == r->nsizes && c + 1 == r->ncontenders;

            fprintf(f, "    {\"bytes\": %zu, \"contender\": ", r->sizes[s]);
            json_string(f, r->contenders[c]);
            /* The rows the verdict ranks are the ones with a backend. */
            fprintf(f, ", \"backend\": ");
            json_string(f, r->backends[c]);
            fprintf(f, ", \"mbps_median\": %.3f, \"mbps_p25\": %.3f, "
                    "\"mbps_p75\": %.3f, \"mbps_min\": %.3f, "
                    "\"mbps_max\": %.3f, \"per_byte_median\": %.4f, "
                    "\"ratio_to_openssl_default\": %.4f, "
                    "\"core_per_byte_median\": ",
                    x->mbps_median, x->mbps_p25,
                    x->mbps_p75, x->mbps_min, x->mbps_max, x->per_byte_median,
                    x->ratio_to_reference);
            json_number(f, bench_core_per_byte(r, s, c));
            fprintf(f, ", \"bound_per_byte\": ");
            json_number(f, bench_bound_per_byte(r->sizes[s]));
            fprintf(f, ", \"fraction_of_bound\": ");
            json_number(f, bench_fraction_of_bound(r, s, c));
            fprintf(f, "}%s\n", last ? "" : ",");
        }
    fprintf(f, "  ]\n}\n");
}
