/* SPDX-License-Identifier: Apache-2.0 */
#include "clock.h"
#include "report.h"

static const struct bench_summary *at(const struct bench_results *r,
                                      size_t s, size_t c)
{
    return &r->summary[s * r->ncontenders + c];
}

/* Half the interquartile range, as a percentage of the median. */
static double spread_percent(const struct bench_summary *x)
{
    if (x->mbps_median <= 0)
        return 0;
    return 50.0 * (x->mbps_p75 - x->mbps_p25) / x->mbps_median;
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
            "median MB/s.\n\n", m->per_byte_unit,
            bench_have_cycles() ? "" : " (no cheap cycle counter here)");

    fprintf(f, "%8s  %-18s %9s %7s %9s %12s %6s\n", "bytes", "contender",
            "MB/s", "spread", "best", m->per_byte_unit, "ratio");
    for (size_t s = 0; s < r->nsizes; s++) {
        for (size_t c = 0; c < r->ncontenders; c++) {
            const struct bench_summary *x = at(r, s, c);

            fprintf(f, "%8zu  %-18s %9.1f %6.1f%% %9.1f %12.3f %5.2fx\n",
                    r->sizes[s], r->contenders[c], x->mbps_median,
                    spread_percent(x), x->mbps_max, x->per_byte_median,
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

void bench_report_verdict(FILE *f, const struct bench_results *r)
{
    double spread = widest_spread(r);

    fprintf(f, "verdict: auto took %s; fastest backend by size "
            "(its lead over the next; auto's median against it):",
            r->auto_backend != NULL ? r->auto_backend : "?");
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

void bench_report_csv(FILE *f, const struct bench_meta *m,
                      const struct bench_results *r)
{
    fprintf(f, "bytes,contender,mbps_median,mbps_p25,mbps_p75,mbps_min,"
            "mbps_max,per_byte_median,per_byte_unit,ratio_to_openssl_default,"
            "rounds\n");
    for (size_t s = 0; s < r->nsizes; s++)
        for (size_t c = 0; c < r->ncontenders; c++) {
            const struct bench_summary *x = at(r, s, c);

            fprintf(f, "%zu,\"%s\",%.3f,%.3f,%.3f,%.3f,%.3f,%.4f,\"%s\",%.4f,"
                    "%zu\n", r->sizes[s], r->contenders[c], x->mbps_median,
                    x->mbps_p25, x->mbps_p75, x->mbps_min, x->mbps_max,
                    x->per_byte_median, m->per_byte_unit,
                    x->ratio_to_reference, x->rounds);
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
    fprintf(f, "  \"rounds\": %zu,\n  \"batch_ms\": %.3f,\n  \"results\": [\n",
            m->rounds, m->batch_ms);
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
                    "\"ratio_to_openssl_default\": %.4f}%s\n",
                    x->mbps_median, x->mbps_p25,
                    x->mbps_p75, x->mbps_min, x->mbps_max, x->per_byte_median,
                    x->ratio_to_reference, last ? "" : ",");
        }
    fprintf(f, "  ]\n}\n");
}
