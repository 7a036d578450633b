#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# blake2neon-bench's last line, the verdict users report: it names the
# backend the automatic choice took (the one the provider reports) and, per
# size, the fastest backend row of the table above it, with its lead over
# the next and the automatic row's distance to it, recomputed here from the
# table's medians. A build raced with --against (here the same build) gets
# a row of its own and stays out of the verdict. libsodium has a row only
# in a build configured with BLAKE2NEON_BENCH_LIBSODIUM=ON. On x86-64 every
# row also gives core cycles per byte (from the core clock the bench
# measures with a chain of dependent adds) and the fraction of the latency
# bound (288 core cycles per 128-byte block compressed), recomputed here
# from the JSON's own figures; elsewhere the bound is n/a, with the
# reason. The many-messages row (libblake2neon's blake2neon_hash_many
# against blake2neon_hash, four 1 KiB messages) comes before the verdict,
# alone with --many-only, not at all with --no-many. Options it
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
my $csv_file = File::Temp->new(SUFFIX => '.csv');
my $x86_64 = ($ENV{BLAKE2NEON_TARGET_X86_64} // '') =~ /^(1|ON|TRUE|YES)$/i;
my $out = do {
    local %ENV = %env;
    my @cmd = (@emulator, $bench, '--sizes', '64,300,16K', '--time', '0.05',
               '--rounds', '2', '--quiet', '--module-dir', module_dir(),
               '--against', module_dir(), '--json', "$json_file",
               '--csv', "$csv_file");
    open my $fh, '-|', @cmd or die "$bench: $!";
    local $/;
    my $text = <$fh>;
    close $fh;
    is($?, 0, 'the benchmark exits 0') or diag($text);
    $text // '';
};

# The table: "bytes contender MB/s spread best per-byte core-c/B
# of-bound ratio", the last two a number or n/a.
my (%mbps, %spread, %rows, %core_col, %frac_col);
for (split /\n/, $out) {
    next unless /^\s*(\d+)\s+(.+?)\s+([\d.]+)\s+([\d.]+)%\s+[\d.]+\s+[\d.]+\s+([\d.]+|n\/a)\s+([\d.]+|n\/a)\s+[\d.]+x$/;
    $mbps{$1}{$2} = $3;
    $spread{$1}{$2} = $4;
    $core_col{$1}{$2} = $5;
    $frac_col{$1}{$2} = $6;
    $rows{$2} = 1;
}
ok(exists $rows{'OpenSSL default'}, 'the table has the reference row') or diag($out);
my ($auto_row) = grep { /^auto \(/ } keys %rows;
ok(defined $auto_row, 'the table has the automatic row');
my ($against_row) = grep { /^against \(/ } keys %rows;
ok(defined $against_row, 'the table has the --against row');
# libblake2neon's one-shot call races too, with the backend the library
# chose (the automatic one here: nothing forces it).
my ($library_row) = grep { /^library \(/ } keys %rows;
ok(defined $library_row, 'the table has the library row') or diag($out);
if (defined $library_row && defined $auto_row) {
    my ($lib_backend) = $library_row =~ /^library \((.*)\)$/;
    my ($auto_backend) = $auto_row =~ /^auto \((.*)\)$/;
    is($lib_backend, $auto_backend, 'the library chose what the provider chose');
}
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
for my $size (64, 300, 16384) {
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

# Core cycles per byte and the fraction of the bound.
# The bound per message, from its definition: 288 core cycles for each
# block compressed, max(1, ceil(n / 128)) blocks for n bytes.
sub bound_per_byte {
    my ($n) = @_;
    my $blocks = int(($n + 127) / 128);
    $blocks = 1 if $blocks < 1;
    return 288 * $blocks / $n;
}
sub close_to {   # relative, plus the rounding of figures printed to 4 decimals
    my ($got, $want, $rel) = @_;
    return defined $got && defined $want && $want != 0
        && abs($got - $want) < 0.00006 + $rel * abs($want);
}
my %row_of = map { ("$_->{bytes}/$_->{contender}" => $_) } @{ $json->{results} };
my ($clock_line) = $out =~ /^(core clock: .*)$/m;
my ($bound_line) = $out =~ /^(bound: .*)$/m;
ok(defined $clock_line, 'the header says how the core clock was measured') or diag($out);
ok(defined $bound_line, 'and what the bound is');
my ($frac, $core_v, $bound_v) = $verdict =~
    /; at 16384 B auto runs at ([\d.]+) of the latency bound \(([\d.]+) core c\/B, bound ([\d.]+)\);/;
if ($x86_64) {
    my $clk = $json->{core_clock};
    ok(ref $clk eq 'HASH', 'x86-64: the JSON has the core clock') or diag($out);
    $clk = {} unless ref $clk eq 'HASH';
    # Plausible clocks only: no x86-64 core runs below 0.3 GHz or above
    # 7 GHz. A chain that ran slower than an add a cycle would also push
    # the fractions below above 1.
    for my $when ('before', 'after') {
        my $ghz = $clk->{"ghz_$when"} // 0;
        cmp_ok($ghz, '>', 0.3, "core clock $when the rounds: $ghz GHz, more than 0.3");
        cmp_ok($ghz, '<', 7, "and less than 7");
        cmp_ok($clk->{"per_tsc_$when"} // 0, '>', 0, "core cycles per TSC cycle $when: positive");
        ok(close_to(($clk->{"per_tsc_$when"} // 0) * ($clk->{tsc_ghz} // 0), $ghz, 0.01),
           "$when: GHz = core per TSC x TSC GHz");
    }
    my ($hi) = sort { $b <=> $a } $clk->{per_tsc_before} // 0, $clk->{per_tsc_after} // 0;
    ok(close_to($clk->{core_per_unit}, $hi, 0.001),
       'core c/B are TSC c/B times the faster of before and after');
    my ($before, $after) = ($clock_line // '') =~ /^core clock: ([\d.]+) GHz before the rounds, ([\d.]+) GHz after/;
    ok(defined $before && abs($before - ($clk->{ghz_before} // 0)) < 0.0011
       && abs($after - ($clk->{ghz_after} // 0)) < 0.0011,
       'the header gives the JSON\'s clocks') or diag($clock_line);
    is($json->{bound}{core_cycles_per_block}, 288, 'the bound: 288 core cycles per block');
    for my $key (sort keys %row_of) {
        my $r = $row_of{$key};
        my $want_core = $r->{per_byte_median} * ($clk->{core_per_unit} // 0);
        ok(close_to($r->{core_per_byte_median}, $want_core, 0.001),
           "$key: core c/B $r->{core_per_byte_median} = TSC c/B x the clock ratio");
        ok(abs(($r->{bound_per_byte} // 0) - bound_per_byte($r->{bytes})) < 0.0001,
           "$key: bound $r->{bound_per_byte} c/B = 288 x blocks / bytes");
        my $f = $r->{fraction_of_bound} // 0;
        ok(close_to($f, bound_per_byte($r->{bytes}) / ($r->{core_per_byte_median} || 1), 0.001),
           "$key: fraction $f = bound / core c/B");
        # Nothing runs a message faster than its chain: above 1 (and the
        # noise of a short run), the clock or the bound is wrong.
        ok($f > 0 && $f <= 1.05, "$key: fraction of the bound $f is in (0, 1.05]");
        ok(abs(($core_col{$r->{bytes}}{$r->{contender}} // -1) - ($r->{core_per_byte_median} // 0)) < 0.0011
           && abs(($frac_col{$r->{bytes}}{$r->{contender}} // -1) - $f) < 0.0011,
           "$key: the table shows the same core c/B and fraction");
    }
    my $auto_16k = $row_of{"16384/$auto_row"} // {};
    ok(defined $frac && abs($frac - ($auto_16k->{fraction_of_bound} // 0)) < 0.0011
       && abs($core_v - ($auto_16k->{core_per_byte_median} // 0)) < 0.0011
       && abs($bound_v - 2.25) < 0.0011,
       "the verdict gives auto's fraction of the bound at the largest size (16 KiB)") or diag($verdict);
} else {
    is($json->{bound}, undef, 'not x86-64: no bound in the JSON');
    like($json->{bound_note} // '', qr/x86-64/, 'with the reason');
    like($bound_line // '', qr/^bound: +n\/a: /, 'the header says n/a');
    ok(!grep({ defined $_->{fraction_of_bound} } @{ $json->{results} }), 'no row has a fraction');
    is_deeply([grep { $_ ne 'n/a' } map { values %$_ } values %frac_col], [],
              'the table says n/a in every row');
    like($verdict, qr/; at 16384 B auto runs at (?:[\d.]+ core c\/B \(no bound for this architecture\)|an unknown core c\/B \(core clock not measured\));/,
         'the verdict says why it gives no fraction');
}

# The CSV carries the same figures (empty where the JSON has null).
{
    open my $fh, '<', "$csv_file" or die $!;
    my @csv = <$fh>;
    chomp @csv;
    my @head = split /,/, shift(@csv) // '';
    is_deeply([@head[-3 .. -1]], [qw(core_per_byte_median bound_per_byte fraction_of_bound)],
              'the CSV has the core c/B and bound columns');
    my $agree = @csv == @{ $json->{results} };
    for my $line (@csv) {
        my ($bytes, $name) = $line =~ /^(\d+),"([^"]*)"/ or ($agree = 0, next);
        my @f = split /,/, $line, -1;
        my $r = $row_of{"$bytes/$name"} // ($agree = 0, next);
        for my $i (1 .. 3) {
            my $key = $head[-$i];
            my ($c, $j) = ($f[-$i], $r->{$key});
            $agree = 0 unless (!defined $j && $c eq '')
                || (defined $j && $c ne '' && abs($c - $j) < 0.0001);
        }
    }
    ok($agree, 'and they agree with the JSON, row by row');
}

# The line ends with the widest spread of the rows it compares.
my ($widest) = $verdict =~ /; spreads up to ([\d.]+)%/;
my ($want_widest) = sort { $b <=> $a }
    map { my $size = $_; map { $spread{$size}{$_} } @backends, $auto_row } 64, 300, 16384;
ok(defined $widest && abs($widest - $want_widest) < 0.11,
   "the verdict's widest spread is the table's ($want_widest%)")
    or diag($verdict);

# The many-messages row (libblake2neon): both ways timed, on the backend
# the library chose (the provider's automatic one: the same rule), and
# their ratio as the medians give it.
my ($many_backend) = $out =~ /^many messages through libblake2neon \S+ \(backend (\S+)\): 4 x 1024-byte messages/m;
is($many_backend, $reported, 'the many row runs on the automatic backend')
    or diag($out);
my ($one_mbps) = $out =~ /^\s+blake2neon_hash, one at a time\s+([\d.]+)\s/m;
my ($many_mbps) = $out =~ /^\s+blake2neon_hash_many, one call\s+([\d.]+)\s/m;
my ($many_ratio) = $out =~ /^many: hash_many is ([\d.]+)x one at a time/m;
ok(defined $one_mbps && defined $many_mbps && $one_mbps > 0 && $many_mbps > 0,
   'the many row times both ways') or diag($out);
# Within the rounding of the three printed figures (MB/s to 0.1, the
# ratio to 0.01): a sanitizer build runs at a few MB/s.
ok(defined $many_ratio && defined $one_mbps && $one_mbps > 0 && $many_mbps > 0
       && abs($many_ratio - $many_mbps / $one_mbps)
          <= 0.0051 + $many_mbps / $one_mbps * (0.0501 / $one_mbps + 0.0501 / $many_mbps),
   'its ratio is their medians\' (' . ($many_ratio // 'none') . ')') or diag($out);
like($out, qr/^many messages through libblake2neon \S+ \(backend \Q$reported\E\): 8 x 1024-byte messages.*\n(?:.*\n){3}many: hash_many is [\d.]+x one at a time \(8 x 1024 B;/m,
     'and eight messages after the four') or diag($out);
{
    local %ENV = %env;
    my ($status, $text) = (0, '');
    my @cmd = (@emulator, $bench, '--many-only', '--time', '0.05', '--rounds', '2');
    open my $fh, '-|', @cmd or die "$bench: $!";
    { local $/; $text = <$fh> // ''; }
    close $fh;
    is($?, 0, '--many-only exits 0');
    like($text, qr/^many: hash_many is [\d.]+x one at a time/m, '--many-only: the many row')
        or diag($text);
    unlike($text, qr/^verdict:|OpenSSL default/m, '--many-only: nothing else');
    @cmd = (@emulator, $bench, '--no-many', '--sizes', '64', '--time', '0.02',
            '--rounds', '1', '--quiet', '--module-dir', module_dir());
    open $fh, '-|', @cmd or die "$bench: $!";
    { local $/; $text = <$fh> // ''; }
    close $fh;
    is($?, 0, '--no-many exits 0');
    unlike($text, qr/^many:/m, '--no-many: no many row');
    like($text, qr/^verdict: /m, '--no-many: the table and verdict still');
}

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
