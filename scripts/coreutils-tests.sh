#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# b2nsum under coreutils' own tests, run by coreutils' own harness
# (tests/init.sh, init.cfg, tests/Coreutils.pm) from the source package of
# the coreutils installed here, fetched with `apt-get source` at run time
# (never kept in this repository). The harness runs whatever src/b2sum
# is in a fake top directory; every test runs twice: first with the real
# b2sum of that release (if it fails, the test or its conversion is wrong,
# not b2nsum), then with b2nsum as src/b2sum.
#
#   scripts/coreutils-tests.sh [--install] [B2NSUM]
#     --install  add a deb-src line (the deb lines' mirror, suites and
#                components) and apt-get install what this needs
#     B2NSUM     default build/cmd/b2nsum
#   B2N_COREUTILS_WORK  work directory (default build-coreutils-tests);
#                       the unpacked source is kept there for the next run
#
# Which release: b2nsum follows coreutils 9.10 (docs/b2nsum.md), but these
# are the tests of the release installed here (9.1 on Debian 12), because
# only that release's real b2sum is at hand to prove them first. Where 9.1
# and 9.10 differ (docs/b2nsum.md's table), none of these tests looks.
#
# The tests:
#   tests/misc/b2sum.sh         as is, but for its second loop over
#                               `cksum -a blake2b`: cksum is not what
#                               b2nsum replaces, and the cksum found would
#                               be the system's, so that loop is cut out
#   tests/misc/md5sum-bsd.sh    turned to b2sum: program, tag MD5 ->
#   tests/misc/md5sum-parallel.sh  BLAKE2b, 32 hex digits -> 128, MD5 of
#                               the empty file -> BLAKE2b's (hashlib)
#   tests/misc/md5sum.pl, md5sum-newline.pl, sha1sum.pl, sha1sum-vec.pl,
#   sha224sum.pl, sha256sum.pl, sha384sum.pl, sha512sum.pl
#                               unmodified; a Perl module loaded after
#                               Coreutils.pm wraps run_tests: it runs b2sum
#                               in place of the test's program and turns the
#                               expected text to BLAKE2b (below)
# Left out: sm3sum.pl and cksum*.sh (they test cksum), sum*.pl/sh (sum).
#
# No test may skip: exit status 77 (the harness's "skipped") fails here.
set -eu
cd "$(dirname "$0")/.."
src_root=$(pwd)

install=0
if [ "${1:-}" = --install ]; then
    install=1
    shift
fi
b2nsum=${1:-build/cmd/b2nsum}
work=${B2N_COREUTILS_WORK:-build-coreutils-tests}
case $b2nsum in /*) ;; *) b2nsum=$src_root/$b2nsum ;; esac
if [ ! -x "$b2nsum" ]; then
    echo "coreutils-tests: $b2nsum is not an executable (build it first)" >&2
    exit 1
fi

if [ $install = 1 ]; then
    # deb-src lines beside the deb ones: deb822 sources (Debian 12 and
    # later) or a one-line sources.list.
    src_list=/etc/apt/sources.list.d/b2n-deb-src.sources
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
        sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources >"$src_list"
    elif [ -f /etc/apt/sources.list ]; then
        rm -f "$src_list"
        sed -n 's/^deb /deb-src /p' /etc/apt/sources.list >/etc/apt/sources.list.d/b2n-deb-src.list
    else
        echo "coreutils-tests: no apt sources found to add deb-src lines to" >&2
        exit 1
    fi
    apt-get update -qq
    # dpkg-dev: dpkg-source, which apt-get source unpacks with.
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        dpkg-dev perl python3 findutils coreutils >/dev/null
fi
for tool in dpkg-source python3 perl b2sum; do
    if ! command -v "$tool" >/dev/null; then
        echo "coreutils-tests: $tool is missing (run with --install)" >&2
        exit 1
    fi
done

# The source of exactly the coreutils installed, so that its b2sum is the
# release the tests were written for.
version=$(dpkg-query -W -f '${Version}' coreutils)
upstream=${version#*:}
upstream=${upstream%-*}
mkdir -p "$work"
work=$(cd "$work" && pwd)
tree=$work/coreutils-$upstream
if [ ! -f "$tree/tests/init.sh" ] || [ "$(cat "$work/version" 2>/dev/null)" != "$version" ]; then
    rm -rf "$work"/coreutils[-_]*
    (cd "$work" && apt-get source -qq "coreutils=$version") || {
        echo "coreutils-tests: apt-get source coreutils=$version failed (no deb-src line? run with --install)" >&2
        exit 1
    }
    echo "$version" >"$work/version"
fi
echo "coreutils-tests: the tests of coreutils $version (real b2sum: $(b2sum --version | head -n 1))"

# BLAKE2b-512 of the empty message, from hashlib, not from a program under test.
empty_b2=$(python3 -c 'import hashlib; print(hashlib.blake2b(b"").hexdigest())')
empty_md5=$(python3 -c 'import hashlib; print(hashlib.md5(b"").hexdigest())')

# The Perl side: run_tests wrapped (see the module's comments).
mkdir -p "$work/lib"
cat >"$work/lib/B2nTurn.pm" <<'EOF'
# SPDX-License-Identifier: Apache-2.0
# Loaded after Coreutils.pm: a *sum test of coreutils runs b2sum instead of
# its own program. Every expected digest in it is the digest, under the
# test's algorithm, of some file content the test writes (or of the empty
# file): each is replaced by the BLAKE2b-512 of that same content, from
# Python's hashlib. A digest of the test's length that matches no content
# stops the run, so that nothing of the old algorithm stays unnoticed.
# The algorithm's tag (MD5 (f) = ..., MD5(f)= ...) becomes BLAKE2b, and
# the program's name b2sum, in expected output and messages alike.
package B2nTurn;
use strict;
use warnings;
use Digest::MD5 ();
use Digest::SHA ();
use IPC::Open2 ();

my %algo = (
    md5sum => ['MD5', \&Digest::MD5::md5_hex],
    sha1sum => ['SHA1', \&Digest::SHA::sha1_hex],
    sha224sum => ['SHA224', \&Digest::SHA::sha224_hex],
    sha256sum => ['SHA256', \&Digest::SHA::sha256_hex],
    sha384sum => ['SHA384', \&Digest::SHA::sha384_hex],
    sha512sum => ['SHA512', \&Digest::SHA::sha512_hex],
);

sub blake2b_hex {
    my @contents = @_;
    my $pid = IPC::Open2::open2(my $out, my $in, 'python3', '-c',
        'import hashlib, sys
for line in sys.stdin:
    print(hashlib.blake2b(bytes.fromhex(line.strip())).hexdigest())');
    print $in unpack('H*', $_), "\n" for @contents;
    close $in;
    chomp(my @hex = <$out>);
    waitpid $pid, 0;
    die "B2nTurn: python3 hashlib failed\n" if $? != 0 || @hex != @contents;
    return @hex;
}

my $original = \&Coreutils::run_tests;
no warnings 'redefine';
*main::run_tests = sub ($$$$$) {
    my ($name, $prog, $tests, @rest) = @_;
    my $a = $algo{$prog} or die "B2nTurn: no BLAKE2b form for $prog\n";
    my ($tag, $digest) = @$a;
    my $len = length $digest->('');
    # Every file content written (IN and AUX), and the empty file.
    my %content = ('' => 1);
    for my $t (@$tests) {
        for my $e (grep { ref eq 'HASH' } @$t) {
            for my $k (qw(IN AUX)) {
                next unless ref $e->{$k} eq 'HASH';
                defined && ($content{$_} = 1) for values %{ $e->{$k} };
            }
        }
    }
    my @c = sort keys %content;
    my @b2 = blake2b_hex(@c);
    my %map;
    @map{ map { $digest->($_) } @c } = @b2;
    my $turn = sub {
        my ($s) = @_;
        $s =~ s/\b([0-9a-fA-F]{$len})\b/
            $map{lc $1} \/\/ die "B2nTurn: $name: $1 is no digest of a content here\n"/ge;
        $s =~ s/\b\Q$tag\E( ?\()/BLAKE2b$1/g;
        $s =~ s/improperly formatted \Q$tag\E checksum line/improperly formatted BLAKE2b checksum line/g;
        $s =~ s/\b\Q$prog\E\b/b2sum/g;
        return $s;
    };
    for my $t (@$tests) {
        for my $e (grep { ref eq 'HASH' } @$t) {
            for my $k (qw(OUT ERR)) {
                $e->{$k} = $turn->($e->{$k}) if defined $e->{$k} && !ref $e->{$k};
            }
            # Checksum lists the test writes (IN only: AUX are the files
            # being hashed, kept as they are).
            if (ref $e->{IN} eq 'HASH') {
                $_ = $turn->($_) for grep { defined } values %{ $e->{IN} };
            }
        }
    }
    return $original->($name, 'b2sum', $tests, @rest);
};
1;
EOF

# One test with the harness's environment (coreutils' tests/local.mk
# TESTS_ENVIRONMENT: the parts these tests read) in the fake top $1.
run_one() {
    top=$1 test=$2
    (
        cd "$top"
        . tests/lang-default
        export VERSION="$upstream" abs_top_builddir="$top" abs_top_srcdir="$top" \
            abs_srcdir="$top/tests" built_programs=b2sum fail=0 srcdir=. top_srcdir=. \
            CU_TEST_NAME="tests,$test" EXEEXT= PERL=perl SHELL=/bin/sh \
            TMPDIR="$top" PATH="$top/src:$PATH"
        case $test in
        *.sh) /bin/sh "$test" ;;
        *.pl) perl -w -Itests -I"$work/lib" -MCuSkip -MCoreutils -MB2nTurn \
                  -M"CuTmpdir qw($test)" "$test" ;;
        esac
    ) >"$top.log.$(basename "$test")" 2>&1 9>&2
}

# The fake top directory: the harness, the tests (turned where said
# above), and src/b2sum = the program under test.
make_top() { # make_top DIR PROGRAM
    rm -rf "$1"
    mkdir -p "$1/src" "$1/tests/misc"
    cp "$tree/init.cfg" "$1/"
    for f in init.sh Coreutils.pm CuSkip.pm CuTmpdir.pm lang-default envvar-check; do
        cp "$tree/tests/$f" "$1/tests/"
    done
    ln -s "$2" "$1/src/b2sum"
    # b2sum.sh: the b2sum loop only.
    grep -q "^for prog in 'b2sum' 'cksum -a blake2b'; do\$" "$tree/tests/misc/b2sum.sh" || {
        echo "coreutils-tests: tests/misc/b2sum.sh is not as expected" >&2
        return 1
    }
    sed -e "s/^for prog in 'b2sum' 'cksum -a blake2b'; do\$/for prog in 'b2sum'; do/" \
        -e 's/^print_ver_ cksum$/print_ver_ b2sum/' \
        "$tree/tests/misc/b2sum.sh" >"$1/tests/misc/b2sum.sh"
    for t in md5sum-bsd md5sum-parallel; do
        grep -q "$empty_md5\|\[0-9a-f\]\\\\{32\\\\}" "$tree/tests/misc/$t.sh" || {
            echo "coreutils-tests: tests/misc/$t.sh has nothing to turn" >&2
            return 1
        }
        sed -e 's/md5sum/b2sum/g' -e 's/\bMD5 (/BLAKE2b (/g' \
            -e "s/$empty_md5/$empty_b2/g" -e 's/\[0-9a-f\]\\{32\\}/[0-9a-f]\\{128\\}/g' \
            "$tree/tests/misc/$t.sh" >"$1/tests/misc/b2sum-${t#md5sum-}.sh"
    done
    for t in md5sum md5sum-newline sha1sum sha1sum-vec sha224sum sha256sum sha384sum sha512sum; do
        cp "$tree/tests/misc/$t.pl" "$1/tests/misc/"
    done
}

tests="tests/misc/b2sum.sh tests/misc/b2sum-bsd.sh tests/misc/b2sum-parallel.sh
tests/misc/md5sum.pl tests/misc/md5sum-newline.pl tests/misc/sha1sum.pl
tests/misc/sha1sum-vec.pl tests/misc/sha224sum.pl tests/misc/sha256sum.pl
tests/misc/sha384sum.pl tests/misc/sha512sum.pl"

failed=0
for who in b2sum b2nsum; do
    case $who in
    b2sum) prog=$(command -v b2sum) ;;
    b2nsum) prog=$b2nsum ;;
    esac
    top=$work/top-$who
    make_top "$top" "$prog"
    for t in $tests; do
        status=0
        run_one "$top" "$t" || status=$?
        case $status in
        0) echo "PASS $who $t" ;;
        77) echo "SKIP (counted as a failure) $who $t"; failed=1 ;;
        *) echo "FAIL $who $t (exit $status)"; failed=1 ;;
        esac
        if [ $status != 0 ]; then
            tail -n 30 "$top.log.$(basename "$t")" | sed 's/^/    /'
        fi
    done
done
if [ $failed != 0 ]; then
    echo "coreutils-tests: failures above (logs: $work/top-*.log.*)" >&2
    exit 1
fi
echo "coreutils-tests: every test passed with the real b2sum and with b2nsum"
