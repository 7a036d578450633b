#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# `openssl dgst` with only our provider named: BLAKE2B-160/256/384/512,
# their aliases and OIDs, the output formats, stdin, several files at once.
use strict;
use warnings;
use Test::More;
use B2NTest;

my @LENGTHS = (0, 1, 127, 128, 129, 255, 256);  # around the 128-byte block
my @files = map { pattern_file($_) } @LENGTHS;
my %len_of = map { pattern_file($_) => $_ } @LENGTHS;

# Hash all the files in one call and compare each line with kat.txt.
sub dgst_matches_kat {
    my ($name, $size, $opts, @args) = @_;
    my $r = run_openssl(@args, @files);
    exits_ok($r, $name) or return;
    my @rows = parse_dgst_lines($r->{out});
    is(scalar @rows, scalar @files, "$name: one line per file");
    for my $i (0 .. $#files) {
        my ($label, $file, $hex) = @{ $rows[$i] // [] };
        my $n = $len_of{$files[$i]};
        is($file, $files[$i], "$name: line $i names its file");
        is($hex, kat($size, 0, $n), "$name: $n bytes");
        is($label, $opts->{label}, "$name: label") if exists $opts->{label};
    }
}

# Only our provider is named (no -provider default): BLAKE2B-160/256/384
# exist in no other provider, so these results are ours.
for ([160, 20], [256, 32], [384, 48]) {
    my ($bits, $size) = @$_;
    dgst_matches_kat("BLAKE2B-$bits", $size, { label => "BLAKE2B-$bits" },
                     'dgst', provider_args(), "-BLAKE2B-$bits");
}

# OpenSSL 3.0's dgst activates the default provider before it reads
# -provider (it looks up a digest at start-up), so a bare -BLAKE2B-512
# would be served by default's BLAKE2B-512 and test OpenSSL, not us. The
# property query makes the fetch take ours.
dgst_matches_kat('BLAKE2B-512 with -propquery', 64, { label => 'BLAKE2B-512' },
                 'dgst', provider_args(), '-propquery', 'provider=blake2neon',
                 '-BLAKE2B-512');

# Without our provider there is no BLAKE2B-256: the success above is ours.
{
    my $r = run_openssl('dgst', '-BLAKE2B-256', pattern_file(1));
    fails_cleanly($r, 'BLAKE2B-256 without our provider', qr/BLAKE2B-256/);
}

# Aliases and OIDs from the name lists. dgst takes any fetchable name as
# an option, case-insensitively (3.0's dgst has no -digest NAME option).
my @aliases = (
    ['BLAKE2b160', 20], ['BLAKE2b256', 32], ['BLAKE2b384', 48],
    ['blake2b-256', 32],
    ['1.3.6.1.4.1.1722.12.2.1.5', 20], ['1.3.6.1.4.1.1722.12.2.1.8', 32],
    ['1.3.6.1.4.1.1722.12.2.1.12', 48],
);
for (@aliases) {
    my ($alias, $size) = @$_;
    my $r = run_openssl('dgst', provider_args(), "-$alias", pattern_file(129));
    exits_ok($r, "alias $alias") or next;
    my ($row) = parse_dgst_lines($r->{out});
    is($row->[2], kat($size, 0, 129), "alias $alias: digest");
}
for my $alias ('BLAKE2b512', '1.3.6.1.4.1.1722.12.2.1.16') {
    my $r = run_openssl('dgst', provider_args(), '-propquery',
                        'provider=blake2neon', "-$alias", pattern_file(129));
    exits_ok($r, "alias $alias") or next;
    my ($row) = parse_dgst_lines($r->{out});
    is($row->[2], kat(64, 0, 129), "alias $alias: digest");
}

# -r: "hex *file", one line per file.
{
    my @two = (pattern_file(0), pattern_file(256));
    my $r = run_openssl('dgst', provider_args(), '-BLAKE2B-256', '-r', @two);
    exits_ok($r, '-r');
    is($r->{out}, sprintf("%s *%s\n%s *%s\n", kat(32, 0, 0), $two[0],
                          kat(32, 0, 256), $two[1]), '-r: coreutils format');
}

# -hex is the default format, spelled out.
{
    my $f = pattern_file(128);
    my $r = run_openssl('dgst', provider_args(), '-BLAKE2B-384', '-hex', $f);
    exits_ok($r, '-hex');
    is($r->{out}, "BLAKE2B-384($f)= " . kat(48, 0, 128) . "\n", '-hex: format');
}

# Standard input, in the default and -r formats.
{
    my $r = run_openssl({ stdin => pattern_file(255) },
                        'dgst', provider_args(), '-BLAKE2B-160');
    exits_ok($r, 'stdin');
    is($r->{out}, 'BLAKE2B-160(stdin)= ' . kat(20, 0, 255) . "\n", 'stdin: output');

    $r = run_openssl({ stdin => pattern_file(0) },
                     'dgst', provider_args(), '-BLAKE2B-256', '-r');
    exits_ok($r, 'stdin -r');
    is($r->{out}, kat(32, 0, 0) . " *stdin\n", 'stdin -r: output');
}

# -binary: the raw bytes of the digest.
{
    my $r = run_openssl('dgst', provider_args(), '-BLAKE2B-256', '-binary',
                        pattern_file(129));
    exits_ok($r, '-binary');
    is(unpack('H*', $r->{out}), kat(32, 0, 129), '-binary: bytes');
}

done_testing();
