#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# blake2neon-bench's last line, the verdict users report: it names the
# backend the automatic choice took (the one the provider reports) and, per
# size, the fastest backend row of the table above it, with its lead over
# the next and the automatic row's distance to it, recomputed here from the
# table's medians. A build raced with --against (here the same build) gets
# a row of its own and stays out of the verdict. libsodium has a row only
# in a build configured with BLAKE2NEON_BENCH_LIBSODIUM=ON. Options it
# cannot read are refused.
use strict;
use warnings;
use File::Temp;
use JSON::PP;
use Test::More;
use B2NTest;

my $bench = $ENV{BLAKE2NEON_BENCH} // '';
plan skip_all => "no blake2neon-bench at '$bench' (BLAKE2NEON_BENCH; "
    . 'built with the benchmark only)' unless length $bench && -x $bench;

my @emulator = split ' ', ($ENV{BLAKE2NEON_EMULATOR} // '');
my %env = %ENV;
delete $env{BLAKE2NEON_BACKEND};
my $json_file = File::Temp->new(SUFFIX => '.json');
my $out = do {
    local %ENV = %env;
    my @cmd = (@emulator, $bench, '--sizes', '64,300', '--time', '0.05',
               '--rounds', '2', '--quiet', '--module-dir', module_dir(),
               '--against', module_dir(), '--json', "$json_file");
    open my $fh, '-|', @cmd or die "$bench: $!";
    local $/;
    my $text = <$fh>;
    close $fh;
    is($?, 0, 'the benchmark exits 0') or diag($text);
    $text // '';
};

# The table: "bytes contender MB/s spread best per-byte ratio".
my (%mbps, %spread, %rows);
for (split /\n/, $out) {
    next unless /^\s*(\d+)\s+(.+?)\s+([\d.]+)\s+([\d.]+)%\s+[\d.]+\s+[\d.]+\s+[\d.]+x$/;
    $mbps{$1}{$2} = $3;
    $spread{$1}{$2} = $4;
    $rows{$2} = 1;
}
ok(exists $rows{'OpenSSL default'}, 'the table has the reference row') or diag($out);
my ($auto_row) = grep { /^auto \(/ } keys %rows;
ok(defined $auto_row, 'the table has the automatic row');
my ($against_row) = grep { /^against \(/ } keys %rows;
ok(defined $against_row, 'the table has the --against row');
# libsodium races only when the build asked for it.
if (($ENV{BLAKE2NEON_BENCH_LIBSODIUM} // '') =~ /^(ON|1|TRUE|YES)$/i) {
    ok(exists $rows{libsodium}, 'BLAKE2NEON_BENCH_LIBSODIUM=ON: the table has libsodium')
        or diag($out);
} else {
    ok(!exists $rows{libsodium}, 'without BLAKE2NEON_BENCH_LIBSODIUM: no libsodium row')
        or diag($out);
}

# The JSON names the backend each row forces: the rows the verdict ranks.
# The other build's row must have none, though it runs a backend too.
my $json = do { local $/; open my $fh, '<', "$json_file" or die $!; decode_json(<$fh>) };
my %backend_of = map { $_->{contender} => $_->{backend} } @{ $json->{results} };
is($backend_of{$against_row}, undef, 'the --against row forces no backend: the verdict leaves it out')
    if defined $against_row;
is($backend_of{$auto_row}, undef, 'nor does the automatic row') if defined $auto_row;

my @lines = split /\n/, $out;
my $verdict = $lines[-1] // '';
like($verdict, qr/^verdict: auto took \S+; /, 'the last line is the verdict');

# The backend the automatic choice took, as the provider itself reports it.
my $l = run_openssl({ env => { BLAKE2NEON_BACKEND => undef } }, 'list',
                    provider_args(), '-providers', '-verbose');
my ($reported) = $l->{out} =~ /build info: blake2neon \S+ backend=(\S+)$/m;
my ($took) = $verdict =~ /^verdict: auto took (\S+);/;
is($took, $reported, 'the verdict names the backend the provider reports');
is($auto_row, "auto ($reported)", 'so does the automatic row') if defined $reported;

my @backends = grep { defined $backend_of{$_} } keys %rows;
is_deeply([sort map { $backend_of{$_} } @backends], [sort @backends],
          'each backend row is named for the backend it forces');
for my $size (64, 300) {
    my ($best, $lead, $next, $gap) = $verdict =~
        /\b$size B (\S+) \((?:\+([\d.]+)% over (\S+)|the only backend); auto ([-+][\d.]+)%\)/;
    ok(defined $best, "$size B: the verdict has an entry") or next;
    my @ranked = sort { $mbps{$size}{$b} <=> $mbps{$size}{$a} } @backends;
    # The table rounds MB/s to 0.1, the verdict works from exact medians:
    # the percentage 100 (x/y - 1) may be off by 100 x/y (0.05/x + 0.05/y).
    my $slack = sub {
        my ($x, $y) = @_;
        return 0.06 + 100 * $x / $y * (0.051 / $x + 0.051 / $y);
    };
    is($best, $ranked[0], "$size B: it names the fastest backend row");
    if (@ranked > 1) {
        is($next, $ranked[1], "$size B: and the next");
        my $want = 100 * ($mbps{$size}{$ranked[0]} / $mbps{$size}{$ranked[1]} - 1);
        cmp_ok(abs($lead - $want), '<',
               $slack->(map { $mbps{$size}{$_} } @ranked[0, 1]), "$size B: lead $lead% matches the table");
    }
    my $want_gap = 100 * ($mbps{$size}{$auto_row} / $mbps{$size}{$ranked[0]} - 1);
    cmp_ok(abs($gap - $want_gap), '<',
           $slack->($mbps{$size}{$auto_row}, $mbps{$size}{$ranked[0]}), "$size B: auto's gap $gap% matches the table");
}

# The line ends with the widest spread of the rows it compares.
my ($widest) = $verdict =~ /; spreads up to ([\d.]+)%/;
my ($want_widest) = sort { $b <=> $a }
    map { my $size = $_; map { $spread{$size}{$_} } @backends, $auto_row } 64, 300;
ok(defined $widest && abs($widest - $want_widest) < 0.11,
   "the verdict's widest spread is the table's ($want_widest%)")
    or diag($verdict);

# Options it cannot read are refused, with the option and the value named,
# rather than read in part: "--time 25s" is not 25 seconds, "--rounds 0x10"
# not 16, and a size does not wrap into range. Each run is given a short
# --time and --rounds first, so that a refusal that broke would end soon.
sub bench_status {
    my $pid = open(my $fh, '-|') // die "fork: $!";
    if (!$pid) {
        open STDERR, '>&', \*STDOUT or die $!;
        exec @emulator, $bench, @_ or exit 127;
    }
    local $/;
    my $text = <$fh> // '';
    close $fh;
    return ($? >> 8, $text);
}
my @short = ('--sizes', '64', '--time', '0.01', '--rounds', '1', '--quiet');
for my $bad (['--time', '25s'], ['--time', '0'], ['--time', '-1'],
             ['--time', 'nan'], ['--time', '90000'], ['--time', ''],
             ['--rounds', '15x'], ['--rounds', '2.5'], ['--rounds', '0'],
             ['--rounds', '10001'], ['--rounds', '0x10'], ['--rounds', '+3'],
             ['--rounds', '1e1'], ['--sizes', '64x'], ['--sizes', '64,,128'],
             ['--sizes', '1125899906842624M'], ['--sizes', '1048577K']) {
    my ($status, $text) = bench_status(@short, @$bad);
    my $what = "@$bad";
    is($status, 2, "'$what' is refused");
    like($text, qr/bad \Q$bad->[0]\E '\Q$bad->[1]\E'/, "'$what': the message names it");
}
my ($status, $text) = bench_status('--bogus');
is($status, 2, 'an unknown option is refused');
like($text, qr/unknown option '--bogus'/, 'and named');
($status, $text) = bench_status('--rounds');
is($status, 2, 'an option without its value is refused');
like($text, qr/--rounds needs a value/, 'and named');

done_testing();
