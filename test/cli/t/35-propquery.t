#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# Both providers loaded (-provider default -provider blake2neon): the
# property query provider=blake2neon picks ours, also for BLAKE2B-512 and
# BLAKE2BMAC, which default offers under the same names.
use strict;
use warnings;
use Test::More;
use B2NTest;

my @both = ('-provider-path', module_dir(), '-provider', 'default',
            '-provider', 'blake2neon');
my @ours = ('-propquery', 'provider=blake2neon');
my @lengths = (0, 128, 129);
my @files = map { pattern_file($_) } @lengths;

sub digests_are {
    my ($r, $size, $name) = @_;
    exits_ok($r, $name) or return;
    my @got = map { $_->[2] } parse_dgst_lines($r->{out});
    my @want = map { kat($size, 0, $_) } @lengths;
    is_deeply(\@got, \@want, "$name: digests of @lengths bytes");
}

# list shows BLAKE2B-512 and BLAKE2BMAC twice, BLAKE2B-256 only from us.
{
    my $r = run_openssl('list', @both, '-digest-algorithms');
    exits_ok($r, 'list -digest-algorithms');
    like($r->{out}, qr/\bBLAKE2B-512\b.* @ blake2neon$/m, 'BLAKE2B-512 @ blake2neon');
    like($r->{out}, qr/\bBLAKE2B-512\b.* @ default$/m, 'BLAKE2B-512 @ default');
    like($r->{out}, qr/\bBLAKE2B-256\b.* @ blake2neon$/m, 'BLAKE2B-256 @ blake2neon');
    unlike($r->{out}, qr/\bBLAKE2B-256\b.* @ default$/m, 'no BLAKE2B-256 @ default');

    $r = run_openssl('list', @both, '-mac-algorithms');
    exits_ok($r, 'list -mac-algorithms');
    like($r->{out}, qr/\bBLAKE2BMAC\b.* @ blake2neon$/m, 'BLAKE2BMAC @ blake2neon');
    like($r->{out}, qr/\bBLAKE2BMAC\b.* @ default$/m, 'BLAKE2BMAC @ default');
}

# BLAKE2B-512 through the query is correct...
digests_are(run_openssl('dgst', @both, @ours, '-BLAKE2B-512', @files), 64,
            'BLAKE2B-512 with both, provider=blake2neon');
# ...and comes from us: without our provider the same query finds nothing.
fails_cleanly(run_openssl('dgst', '-provider', 'default', @ours,
                          '-BLAKE2B-512', pattern_file(1)),
              'provider=blake2neon without our provider', qr/BLAKE2B-512/);

# The query also filters names only we have: provider=default cannot reach
# BLAKE2B-256, provider=blake2neon can.
digests_are(run_openssl('dgst', @both, @ours, '-BLAKE2B-256', @files), 32,
            'BLAKE2B-256 with both, provider=blake2neon');
fails_cleanly(run_openssl('dgst', @both, '-propquery', 'provider=default',
                          '-BLAKE2B-256', pattern_file(1)),
              'BLAKE2B-256 with provider=default', qr/BLAKE2B-256/);

# The MAC, picked the same way.
{
    my @mac = ('-macopt', 'hexkey:' . key_hex(64), '-macopt', 'size:64',
               '-in', pattern_file(129), 'BLAKE2BMAC');
    my $r = run_openssl('mac', @both, @ours, @mac);
    exits_ok($r, 'BLAKE2BMAC with both, provider=blake2neon');
    is(lc($r->{out}), kat(64, 1, 129) . "\n", 'BLAKE2BMAC: MAC');
    fails_cleanly(run_openssl('mac', '-provider', 'default', @ours, @mac),
                  'BLAKE2BMAC provider=blake2neon without our provider',
                  qr/BLAKE2BMAC/);
}

done_testing();
