/* SPDX-License-Identifier: Apache-2.0 */
/*
 * b2nsum: coreutils' b2sum (as of 9.10) on libblake2neon. The same
 * options, output, messages and exit status (docs/b2nsum.md;
 * test/cli/t/95-b2nsum.t runs both on the same inputs); --help,
 * --version and -j are its own.
 */
#define _GNU_SOURCE 1 /* getopt_long */

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "b2nsum.h"
#include "blake2neon.h"
#include "messages.h"

static void usage_error(const char *message)
{
    if (message != NULL)
        b2n_error("%s", message);
    fprintf(stderr, "Try '%s --help' for more information.\n", b2n_program);
    exit(EXIT_FAILURE);
}

static void help(void)
{
    printf("Usage: %s [OPTION]... [FILE]...\n", b2n_program);
    fputs("\
Print or check BLAKE2b checksums, as coreutils' b2sum does, with the\n\
libblake2neon backend that suits this CPU.\n\
With no FILE, or when FILE is -, read standard input.\n\
\n\
  -b, --binary          read in binary mode (marks lines with '*')\n\
  -c, --check           read checksums from the FILEs and check them\n\
  -l, --length=BITS     digest length in bits: a multiple of 8, at most\n\
                          512 (0: 512)\n\
      --tag             create a BSD-style checksum\n\
  -t, --text            read in text mode (default; the same bytes)\n\
  -z, --zero            end each output line with NUL, not newline,\n\
                          and do not escape file names\n\
  -j, --jobs=N          hash up to N files at once (default: one per\n\
                          processor, at most 8; 1: one at a time);\n\
                          output stays in order. b2nsum's own option\n\
\n\
With --check:\n\
      --ignore-missing  do not fail or report status for missing files\n\
      --quiet           do not print OK for each verified file\n\
      --status          print nothing, the exit status says it all\n\
      --strict          exit non-zero for improperly formatted lines\n\
  -w, --warn            warn about improperly formatted lines\n\
\n\
      --help            display this help and exit\n\
      --version         output version information and exit\n\
\n\
Exit status: 0 if every file was read and (with --check) matched, else 1.\n\
BLAKE2NEON_BACKEND=NAME forces a backend of libblake2neon (--version\nnames the one in use).\n", stdout);
    exit(EXIT_SUCCESS);
}

static void version(void)
{
    const char *backend = blake2neon_backend();

    printf("b2nsum (blake2neon) %s\n", blake2neon_version());
    printf("backend: %s\n", backend != NULL ? backend : "(none usable)");
    puts("License: Apache-2.0. A drop-in for coreutils' b2sum.");
    exit(EXIT_SUCCESS);
}

/* -l/--length as coreutils reads it: decimal, leading blanks and '+'
 * allowed; 0 means 512. Returns bits, or exits with b2sum's messages. */
static size_t parse_length(const char *arg)
{
    const char *p = arg;
    char *end;
    uintmax_t bits;

    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\v' || *p == '\f'
           || *p == '\r')
        p++;
    errno = 0;
    bits = *p == '-' ? 0 : strtoumax(p, &end, 10);
    if (*p == '-' || end == p || *end != '\0') {
        b2n_error("invalid length: '%s'", arg);
        exit(EXIT_FAILURE);
    }
    if (bits > 512 || errno == ERANGE) {
        b2n_error("invalid length: '%s'", arg);
        b2n_error("maximum digest length for 'BLAKE2b' is 512 bits");
        exit(EXIT_FAILURE);
    }
    if (bits % 8 != 0) {
        b2n_error("invalid length: '%s'", arg);
        b2n_error("length is not a multiple of 8");
        exit(EXIT_FAILURE);
    }
    return bits == 0 ? 512 : (size_t)bits;
}

struct sum_opts {
    size_t bits;
    int tag, binary, zero;
};

/* One checksum line, or the message saying why there is none. */
struct sum_state {
    const struct sum_opts *o;
    int ok;
};

static void sum_report(const char *name, int err, const unsigned char *digest,
                       void *arg)
{
    struct sum_state *st = arg;
    const struct sum_opts *o = st->o;
    int escape = !o->zero && b2n_name_needs_escape(name);

    if (err != 0) {
        b2n_file_error(name, err);
        st->ok = 0;
        return;
    }
    if (escape)
        b2n_line_add("\\", 1);
    if (o->tag) {
        char head[sizeof("BLAKE2b-512 (")];

        if (o->bits == 512)
            b2n_line_str("BLAKE2b (");
        else {
            snprintf(head, sizeof(head), "BLAKE2b-%zu (", o->bits);
            b2n_line_str(head);
        }
        escape ? b2n_line_escaped(name) : b2n_line_str(name);
        b2n_line_str(") = ");
    }
    b2n_line_hex(digest, o->bits / 8);
    if (!o->tag) {
        b2n_line_add(o->binary > 0 ? " *" : "  ", 2);
        escape ? b2n_line_escaped(name) : b2n_line_str(name);
    }
    b2n_line_end(o->zero ? '\0' : '\n');
}

/* -j/--jobs: 1..1024 threads. */
static unsigned int parse_jobs(const char *arg)
{
    char *end;
    unsigned long n = strtoul(arg, &end, 10);

    if (end == arg || *end != '\0' || n < 1 || n > 1024 || arg[0] == '-') {
        b2n_error("invalid number of jobs: %s", b2n_quote(arg));
        exit(EXIT_FAILURE);
    }
    return (unsigned int)n;
}

/* The default: one thread per online processor, at most 8 (hashing is
 * fast enough that more threads mostly wait on the storage). */
static unsigned int default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);

    return n < 1 ? 1 : n > 8 ? 8 : (unsigned int)n;
}

enum { OPT_TAG = 256, OPT_IGNORE_MISSING, OPT_QUIET, OPT_STATUS, OPT_STRICT,
       OPT_HELP, OPT_VERSION };

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "binary", no_argument, NULL, 'b' },
        { "check", no_argument, NULL, 'c' },
        { "ignore-missing", no_argument, NULL, OPT_IGNORE_MISSING },
        { "length", required_argument, NULL, 'l' },
        { "quiet", no_argument, NULL, OPT_QUIET },
        { "status", no_argument, NULL, OPT_STATUS },
        { "strict", no_argument, NULL, OPT_STRICT },
        { "tag", no_argument, NULL, OPT_TAG },
        { "text", no_argument, NULL, 't' },
        { "warn", no_argument, NULL, 'w' },
        { "zero", no_argument, NULL, 'z' },
        { "jobs", required_argument, NULL, 'j' },
        { "help", no_argument, NULL, OPT_HELP },
        { "version", no_argument, NULL, OPT_VERSION },
        { NULL, 0, NULL, 0 },
    };
    /* binary: -1 not given, 0 text, 1 binary. */
    struct sum_opts so = { 512, 0, -1, 0 };
    struct b2n_check_opts co = { B2N_NORMAL, 0, 0 };
    int check = 0, c, ok = 1;
    unsigned int jobs = 0; /* 0: default_jobs() */

    if (argc > 0 && argv[0] != NULL && argv[0][0] != '\0')
        b2n_program = argv[0];
    b2n_out_init();
    while ((c = getopt_long(argc, argv, "bcj:l:twz", longopts, NULL)) != -1) {
        switch (c) {
        case 'b':
            so.binary = 1;
            break;
        case 'c':
            check = 1;
            break;
        case 'j':
            jobs = parse_jobs(optarg);
            break;
        case 'l':
            so.bits = parse_length(optarg);
            break;
        case 't':
            so.binary = 0;
            break;
        case 'w':
            co.verbosity = B2N_WARN;
            break;
        case 'z':
            so.zero = 1;
            break;
        case OPT_TAG:
            so.tag = 1;
            break;
        case OPT_IGNORE_MISSING:
            co.ignore_missing = 1;
            break;
        case OPT_QUIET:
            co.verbosity = B2N_QUIET;
            break;
        case OPT_STATUS:
            co.verbosity = B2N_STATUS;
            break;
        case OPT_STRICT:
            co.strict = 1;
            break;
        case OPT_HELP:
            help();
            break;
        case OPT_VERSION:
            version();
            break;
        default:
            usage_error(NULL);
        }
    }
    /* The same checks, in the same order, as b2sum (coreutils 9.10: -t
     * and --tag clash in either order). */
    if (so.tag && so.binary == 0)
        usage_error("--tag does not support --text mode");
    if (so.zero && check)
        usage_error("the --zero option is not supported when verifying checksums");
    if (so.tag && check)
        usage_error("the --tag option is meaningless when verifying checksums");
    if (so.binary >= 0 && check)
        usage_error("the --binary and --text options are meaningless when "
                    "verifying checksums");
    if (co.ignore_missing && !check)
        usage_error("the --ignore-missing option is meaningful only when "
                    "verifying checksums");
    if (co.verbosity == B2N_STATUS && !check)
        usage_error("the --status option is meaningful only when verifying "
                    "checksums");
    if (co.verbosity == B2N_QUIET && !check)
        usage_error("the --quiet option is meaningful only when verifying "
                    "checksums");
    if (co.verbosity == B2N_WARN && !check)
        usage_error("the --warn option is meaningful only when verifying "
                    "checksums");
    if (co.strict && !check)
        usage_error("the --strict option is meaningful only when verifying "
                    "checksums");

    if (optind == argc) {
        static char dash[] = "-";
        static char *only_stdin[] = { dash, NULL };

        argv = only_stdin;
        argc = 1;
        optind = 0;
    }
    if (check) {
        for (int i = optind; i < argc; i++)
            ok &= b2n_check_list(argv[i], &co);
    } else {
        struct sum_state st = { &so, 1 };

        b2n_hash_in_order(argv + optind, (size_t)(argc - optind), so.bits / 8,
                          jobs != 0 ? jobs : default_jobs(), sum_report, &st);
        ok = st.ok;
    }

    if (fflush(stdout) != 0 || ferror(stdout)) {
        b2n_error("write error: %s", strerror(errno));
        return EXIT_FAILURE;
    }
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
