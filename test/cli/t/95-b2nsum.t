#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# b2nsum against coreutils' b2sum: both run on the same files, options and
# check lists, in the C locale; stdout, stderr (the program's name
# normalised) and the exit status must be identical. The expected values
# are b2sum's own; b2nsum's digests are also held to hashlib's (kat.txt)
# so that two wrong programs cannot agree.
#
# b2nsum behaves as coreutils 9.10. Where an older b2sum behaves
# otherwise (seen in 9.1, Debian 12, and 9.7, Debian 13; docs/b2nsum.md),
# that comparison is a TODO naming the difference: it is run and shown,
# and does not fail the test. Everything else must be identical.
#
#   BLAKE2NEON_B2NSUM   the b2nsum program (required)
#   BLAKE2NEON_B2SUM    coreutils' b2sum (default: b2sum on PATH)
#   BLAKE2NEON_EMULATOR command prefix for b2nsum (cross builds: qemu)
use strict;
use warnings;

use File::Spec;
use File::Temp qw(tempdir);
use POSIX ();
use Test::More;

my $b2nsum = $ENV{BLAKE2NEON_B2NSUM};
BAIL_OUT('BLAKE2NEON_B2NSUM is not set') unless defined $b2nsum && length $b2nsum;
my $b2sum = $ENV{BLAKE2NEON_B2SUM};
if (!defined $b2sum || !length $b2sum) {
    ($b2sum) = grep { -x } map { File::Spec->catfile($_, 'b2sum') } File::Spec->path();
}
plan skip_all => "SKIP: no coreutils b2sum to compare with (install coreutils 8.26 or later, or set BLAKE2NEON_B2SUM)"
    unless defined $b2sum && -x $b2sum;
my @emulator = split ' ', ($ENV{BLAKE2NEON_EMULATOR} // '');
my ($cu_major, $cu_minor) = `$b2sum --version` =~ /\(GNU coreutils\) (\d+)\.(\d+)/;
BAIL_OUT("cannot read the version of $b2sum") unless defined $cu_minor;
my $coreutils = $cu_major * 100 + $cu_minor;    # 9.7 -> 907
diag("comparing with coreutils $cu_major.$cu_minor's b2sum ($b2sum)");

# The differences of older b2sums, as TODO reasons (undef: none here).
my %older = (
    check_escape => $coreutils < 907
        ? "coreutils $cu_major.$cu_minor does not escape '\\' or CR in --check results (9.7 and later do)"
        : undef,
    tag_text => $coreutils < 910
        ? "coreutils $cu_major.$cu_minor accepts -t before --tag (9.10 refuses -t with --tag)"
        : undef,
    over_512 => $coreutils == 907
        ? 'coreutils 9.7 accepts lengths over 512 bits (9.1 and 9.10 refuse them)'
        : undef,
    order_513 => $coreutils < 910 && $coreutils != 907
        ? "coreutils $cu_major.$cu_minor checks the multiple of 8 before the maximum (9.10: the maximum first)"
        : undef,
    overflow => $coreutils < 910
        ? "coreutils $cu_major.$cu_minor reports a length past 2^64 differently (9.10: maximum digest length)"
        : undef,
    bsd_space => $coreutils < 910
        ? "coreutils $cu_major.$cu_minor accepts blanks other than one space before '(' in BSD lines (9.10 does not)"
        : undef,
);
sub same_unless {
    my ($difference, @args) = @_;
    TODO: {
        local $TODO = $older{$difference};
        same(@args);
    }
}

my $tmp = tempdir('b2nsum-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);
chdir $tmp or die "$tmp: $!";
$ENV{LC_ALL} = 'C';

# Run one program: argv, stdin from a file; returns stdout, stderr, status.
my $n = 0;
sub run {
    my ($stdin, @argv) = @_;
    $n++;
    my ($out, $err) = ("$tmp/.out$n", "$tmp/.err$n");
    my $pid = fork // die "fork: $!";
    if ($pid == 0) {
        open STDIN, '<', $stdin or die "$stdin: $!";
        open STDOUT, '>', $out or die "$out: $!";
        open STDERR, '>', $err or die "$err: $!";
        exec { $argv[0] } @argv or POSIX::_exit(127);
    }
    waitpid $pid, 0;
    my $status = $? >> 8;
    local $/;
    open my $o, '<', $out or die; my $so = <$o>; close $o;
    open my $e, '<', $err or die; my $se = <$e>; close $e;
    unlink $out, $err;
    return ($so, $se, $status);
}

sub shown {
    my ($s) = @_;
    $s =~ s/([^\x20-\x7e\n])/sprintf '\\x%02x', ord $1/ge;
    return $s;
}

# The same arguments to both ($own: more for b2nsum alone, such as -j);
# $stdin defaults to /dev/null.
sub same {
    my ($name, $args, $stdin, $own) = @_;
    $stdin //= '/dev/null';
    my @want = run($stdin, $b2sum, @$args);
    my @got = run($stdin, @emulator, $b2nsum, @{ $own // [] }, @$args);
    # The name a program gives itself: its path or (newer coreutils) the
    # last part of it, at the start of a message and in "Try 'X --help'".
    for ([\$want[1], $b2sum], [\$got[1], $b2nsum]) {
        my ($text, $path) = @$_;
        (my $base = $path) =~ s{.*/}{};
        $$text =~ s/^(?:\Q$path\E|\Q$base\E): /PROG: /mg;
        $$text =~ s/'(?:\Q$path\E|\Q$base\E) --help'/'PROG --help'/g;
    }
    my $ok = $want[0] eq $got[0] && $want[1] eq $got[1] && $want[2] == $got[2];
    ok($ok, $name) or diag("b2sum:  status $want[2]\n--stdout\n" . shown($want[0])
                           . "--stderr\n" . shown($want[1])
                           . "b2nsum: status $got[2]\n--stdout\n" . shown($got[0])
                           . "--stderr\n" . shown($got[1]));
    return @want;
}

sub write_file {
    my ($name, $bytes) = @_;
    open my $f, '>:raw', $name or die "$name: $!";
    print $f $bytes;
    close $f or die "$name: $!";
}

sub pattern { my ($len) = @_; return join '', map { chr($_ & 0xff) } 0 .. $len - 1 }

# --- Files: sizes around the block, names that need escaping or quoting.
my %files = (
    'empty' => '', 'abc' => 'abc', 'b127' => pattern(127), 'b128' => pattern(128),
    'b129' => pattern(129), 'big' => pattern(1 << 20) x 3,
    'back\\slash' => 'x', "new\nline" => 'y', "car\rriage" => 'z',
    'sp ace' => 'a', "quo'te" => 'b', "\xc3\xa9t\xc3\xa9" => 'c', '-dash' => 'd',
    'all\\of\nthem' => 'e', "tab\there" => 'f', 'star*' => 'g', '#hash' => 'h',
    'paren) = x' => 'i',
);
write_file($_, $files{$_}) for keys %files;
mkdir 'dir' or die;
# '-dash' only after '--' (its own case below): elsewhere it is an option.
my @names = grep { $_ ne '-dash' } sort keys %files;

# b2nsum's digests against hashlib's (kat.txt: message 00 01 02 ..).
my $kat = File::Spec->catfile($ENV{BLAKE2NEON_TEST_DATA} // die('BLAKE2NEON_TEST_DATA'),
                              'kat.txt');
open my $k, '<', $kat or die "$kat: $!";
my %kat;
while (<$k>) {
    next if /^#/;
    my ($size, $keyed, $len, $hex) = split;
    $kat{"$size $len"} = $hex if !$keyed && ($len == 127 || $len == 128 || $len == 129);
}
for my $size (20, 32, 48, 64) {
    for my $len (127, 128, 129) {
        my ($out) = run('/dev/null', @emulator, $b2nsum, '-l', $size * 8, "b$len");
        is($out, "$kat{\"$size $len\"}  b$len\n", "b2nsum -l " . $size * 8 . " b$len is hashlib's");
    }
}

# --- Making checksums.
my ($default_out) = same('default', [@names]);
# The comparison means something only if b2sum hashed them all.
is(scalar(() = $default_out =~ /\n/g), scalar @names, 'b2sum wrote a line for every name');
same('--binary', ['-b', @names]);
same('--text', ['-t', @names]);
same('--tag', ['--tag', @names]);
same("--length=$_", ["--length=$_", @names]) for (8, 160, 256, 384, 504, 512, 0);
same('-l 256 --tag', ['-l', '256', '--tag', @names]);
same('--zero', ['-z', @names]);
same('--tag --zero', ['--tag', '-z', @names]);
same('--tag -b', ['--tag', '-b', 'abc']);
same_unless('tag_text', '-t then --tag', ['-t', '--tag', 'abc']);
same('standard input as -', ['-', 'abc', '-'], 'big');
same('standard input, no operand', [], 'abc');
same('--tag standard input', ['--tag'], 'abc');
same('missing, directory and good files', ['abc', 'nonexistent', 'dir', 'b128']);
same('end of options', ['--', '-dash']);
same('/proc/self/mem: open works, read fails', ['/proc/self/mem', 'abc'])
    if -e '/proc/self/mem';
SKIP: {
    skip 'running as root: a file without read permission is still readable', 1
        if $> == 0;
    write_file('unreadable', 'secret');
    chmod 0, 'unreadable';
    same('unreadable file', ['unreadable', 'abc']);
}

# Files hashed by several threads (b2nsum's -j; by default one per
# processor) come out in order, errors and standard input in their place.
for my $jobs (1, 2, 5) {
    same("-j $jobs: default", [@names, @names], undef, ['-j', $jobs]);
    same("-j $jobs: missing, directory, standard input twice",
         ['abc', 'nonexistent', '-', 'big', 'dir', '-', 'b128', 'nonexistent'],
         'b129', ['-j', $jobs]);
    same("-j $jobs: --tag -z -l 160", ['--tag', '-z', '-l', '160', @names],
         undef, ['-j', $jobs]);
}

# Two b2nsums writing one pipe at once (xargs -P, coreutils'
# md5sum-parallel test): a write of at most PIPE_BUF bytes to a pipe is
# atomic, so lines come out whole only if no write ends inside a line.
# Block-buffered stdout cut lines at every 4096 bytes and the other
# process's bytes landed in the cut (issue 27: 6 runs in 10 failed).
# Each round both write every line of 1,000 files (names of varied length,
# so that no line boundary falls on a block boundary by luck); the lines
# read back must be b2sum's, each exactly twice. Ten rounds, with one
# thread and with two, since one round may interleave by chance or not.
mkdir 'pipe' or die;
my @pipe_files = map { sprintf 'pipe/%04d%s', $_, 'x' x ($_ % 37) } 1 .. 1000;
write_file($_, "$_\n" x ($_ =~ tr/x//)) for @pipe_files;
my ($pipe_want) = run('/dev/null', $b2sum, @pipe_files);
my @pipe_want = sort((split /(?<=\n)/, $pipe_want) x 2);
is(scalar @pipe_want, 2 * @pipe_files, 'b2sum wrote a line for every file in pipe/');
for my $round (1 .. 10) {
    my $jobs = $round % 2 ? 1 : 2;
    pipe(my $r, my $w) or die "pipe: $!";
    my @pids;
    for (1, 2) {
        my $pid = fork // die "fork: $!";
        if ($pid == 0) {
            close $r;
            open STDOUT, '>&', $w or die "dup: $!";
            open STDIN, '<', '/dev/null' or die;
            exec { $emulator[0] // $b2nsum } @emulator, $b2nsum, '-j', $jobs, @pipe_files
                or POSIX::_exit(127);
        }
        push @pids, $pid;
    }
    close $w;
    my $got = do { local $/; <$r> };
    close $r;
    my @status = map { waitpid($_, 0); $? >> 8 } @pids;
    my @got = sort split /(?<=\n)/, $got;
    my $whole = join('', @got) eq join('', @pipe_want);
    ok($whole && "@status" eq '0 0',
       "two b2nsum -j $jobs writing one pipe, round $round: every line whole")
        or diag('status ', "@status", '; lines not as b2sum wrote them: ',
                scalar(grep { !/^[0-9a-f]{128}  pipe\/\d{4}x*\n\z/ } @got));
}

# --- Option errors.
for my $len ('7', '-8', '16x', '', ' 16', '+16', '016', '1e3') {
    same("-l '$len'", ['-l', $len, 'abc']);
}
same_unless('over_512', "-l '$_'", ['-l', $_, 'abc']) for ('520', '1024');
same_unless($coreutils == 907 ? 'over_512' : 'order_513', "-l '513'", ['-l', '513', 'abc']);
same_unless('over_512', "-l '99999999999999999999'", ['-l', '99999999999999999999', 'abc'])
    if $coreutils == 907;
same_unless('overflow', "-l '99999999999999999999'", ['-l', '99999999999999999999', 'abc'])
    if $coreutils != 907;
same('unknown long option', ['--bogus']);
same('unknown short option', ['-q']);
same('-l without its argument', ['-l']);
same('ambiguous abbreviation', ['--s', 'abc']);
same('abbreviation', ['--len=16', '--ta', 'abc']);
same('--tag then --text', ['--tag', '-t', 'abc']);
same('--check --zero', ['-c', '-z', 'x']);
same('--check --tag', ['-c', '--tag', 'x']);
same('--check --binary', ['-c', '-b', 'x']);
same('--check --text', ['-c', '-t', 'x']);
same("$_ without --check", [$_, 'abc'])
    for ('--quiet', '--status', '--strict', '--warn', '-w', '--ignore-missing');
same('--status then --quiet without --check', ['--status', '--quiet', 'abc']);
same('--ignore-missing and --strict without --check', ['--strict', '--ignore-missing', 'abc']);

# --- Checking: lists made by b2sum itself, then damaged ones.
sub b2sum_list {
    my ($file, @args) = @_;
    my ($out) = run('/dev/null', $b2sum, @args);
    write_file($file, $out);
    return $out;
}
# Names with a backslash or CR (and no newline) are checked apart: older
# b2sums print them otherwise in --check results.
my @plain_names = grep { !/[\\\r]/ || /\n/ } @names;
my @escaped_names = grep { /[\\\r]/ && !/\n/ } @names;
my $plain = b2sum_list('plain.b2', @plain_names);
my $tagged = b2sum_list('tagged.b2', '--tag', @plain_names);
b2sum_list('l256.b2', '-l', '256', @plain_names);
b2sum_list('tag256.b2', '--tag', '-l', '256', @plain_names);
b2sum_list('binary.b2', '-b', @plain_names);
b2sum_list('escaped.b2', @escaped_names);
b2sum_list('escaped-tag.b2', '--tag', @escaped_names);
same_unless('check_escape', "-c $_", ['-c', $_]) for qw(escaped.b2 escaped-tag.b2);
my @verbosity = ([], ['--quiet'], ['--status'], ['--warn'], ['--strict'],
                 ['--ignore-missing'], ['--quiet', '--status'], ['--status', '--warn'],
                 ['--warn', '--strict', '--quiet']);
for my $list (qw(plain.b2 tagged.b2 l256.b2 tag256.b2 binary.b2)) {
    same("-c $list @$_", ['-c', @$_, $list]) for @verbosity;
}
same('-c with -l (ignored by b2sum when checking)', ['-c', '-l', '128', 'plain.b2']);
same('-c several lists', ['-c', 'plain.b2', 'tagged.b2']);
same('-c list on standard input', ['-c'], 'plain.b2');
same('-c - on standard input', ['-c', '-'], 'tagged.b2');
same('-c missing list', ['-c', 'nonexistent.b2']);
same('-c directory as list', ['-c', 'dir']);
same('-c empty list', ['-c', 'empty']);
same('-c empty list --status', ['-c', '--status', 'empty']);

my ($abc) = run('/dev/null', $b2sum, 'abc');
my $h = substr($abc, 0, 128);
(my $bad = $h) =~ tr/0-9a-f/1-9a0b-f/;
my ($h256) = run('/dev/null', $b2sum, '-l', '256', 'abc');
$h256 = substr($h256, 0, 64);
my ($hx) = run('/dev/null', $b2sum, 'back\\slash');
$hx = substr($hx, 1, 128);
my @lines = (
    "$h  abc", "$h *abc", "$h abc", "$h\tabc", "  $h  abc", "\t$h\t*abc", "$h  abc\r",
    "$h   abc", "${h}0  abc", "0$h  abc", uc($h) . "  abc", "$h256  abc", "6b  abc",
    "6  abc", "$h", "$h ", "$h  ", "$h *",
    "BLAKE2b (abc) = $h", "BLAKE2b-256 (abc) = $h256", "BLAKE2b-256 (abc) = $h",
    "BLAKE2b-512 (abc) = $h", "BLAKE2b-0 (abc) = $h", "BLAKE2b-7 (abc) = $h",
    "BLAKE2b-0256 (abc) = $h256", "BLAKE2b (abc)= $h", "BLAKE2b (abc) =$h",
    "BLAKE2b(abc) = $h", "BLAKE2b (abc)  =  $h", "BLAKE2b (abc)\t=\t$h", " BLAKE2b (abc) = $h",
    "BLAKE2b (abc) = $h ", "BLAKE2b (abc) = $h\r", "BLAKE2b (abc) ) = $h",
    "BLAKE2b abc = $h", "SHA256 (abc) = $h", "BLAKE2 (abc) = $h", "blake2b (abc) = $h",
    "\\$hx  back\\slash", "\\$hx  back\\tslash", "\\$hx  back\\", "\\$h  abc",
    "\\$h  a\\nb", "$bad  abc", "$h  nonexistent", "$h  dir", "$h  -",
    "#$h  abc", " #$h  abc", "", " ", "garbage", "$h  abc\x00x", "$h  empty",
);
# Lines whose result older b2sums print or read otherwise.
my %versioned = (
    "\\$hx  back\\\\slash" => 'check_escape',
    "\\BLAKE2b (back\\\\slash) = $hx" => 'check_escape',
    "$hx  back\\slash" => 'check_escape',
    "\\$h  a\\rb" => 'check_escape',
    "BLAKE2b  (abc)  =  $h" => 'bsd_space',
    "BLAKE2b\t(abc) = $h" => 'bsd_space',
);
my $i = 0;
for my $line (sort keys %versioned) {
    $i++;
    write_file("v$i.b2", "$line\n");
    same_unless($versioned{$line}, "-c one line: " . shown($line), ['-c', "v$i.b2"]);
    same_unless($versioned{$line}, "-c --warn --strict one line: " . shown($line),
                ['-c', '--warn', '--strict', "v$i.b2"]);
}
$i = 0;
for my $line (@lines) {
    $i++;
    write_file("one$i.b2", "$line\n");
    same("-c one line: " . shown($line), ['-c', "one$i.b2"]);
    same("-c --warn --strict one line: " . shown($line), ['-c', '--warn', '--strict', "one$i.b2"]);
}
# All of them in one list (lines without the mode character, once seen,
# change how later lines read: the order matters, so both orders).
write_file('all.b2', join("\n", @lines) . "\n");
write_file('reversed.b2', join("\n", reverse @lines) . "\n");
write_file('crlf.b2', join("\r\n", @lines[0 .. 5]) . "\r\n");
write_file('noeol.b2', "$h  abc");
for my $list (qw(all.b2 reversed.b2 crlf.b2 noeol.b2)) {
    same("-c $list @$_", ['-c', @$_, $list]) for @verbosity;
}
write_file('missing.b2', "$h  abc\n$h  gone\n$bad  abc\n");
same("-c --ignore-missing @$_", ['-c', '--ignore-missing', @$_, 'missing.b2'])
    for ([], ['--quiet'], ['--status']);
write_file('onlymissing.b2', "$h  gone\n$h  gone2\n");
same('-c --ignore-missing nothing verified', ['-c', '--ignore-missing', 'onlymissing.b2']);
same('-c --ignore-missing --status nothing verified',
     ['-c', '--ignore-missing', '--status', 'onlymissing.b2']);

done_testing();
