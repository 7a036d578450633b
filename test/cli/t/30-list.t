#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# `openssl list` with only our provider: the digests and the MAC it offers,
# under which names, and what it says about itself (version, backend).
use strict;
use warnings;
use Test::More;
use B2NTest;

# "Provided:" lines look like "  { name, name, ... } @ provider" or, for an
# algorithm with one name, "  name @ provider". Returns [ [names], provider ].
sub provided {
    my ($text) = @_;
    my @algs;
    for my $line (split /\n/, $text) {
        if ($line =~ /^\s*\{ (.*) \} @ (\S+)\s*$/) {
            push @algs, [ [ split /, /, $1 ], $2 ];
        } elsif ($line =~ /^\s*(\S+) @ (\S+)\s*$/) {
            push @algs, [ [$1], $2 ];
        }
    }
    return @algs;
}

# The algorithm that has $name among its names, as offered by $prov.
sub find_alg {
    my ($algs, $name, $prov) = @_;
    my @hit = grep { $_->[1] eq $prov && grep { $_ eq $name } @{ $_->[0] } } @$algs;
    return $hit[0];
}

my %DIGESTS = (
    'BLAKE2B-160' => ['BLAKE2b160', '1.3.6.1.4.1.1722.12.2.1.5'],
    'BLAKE2B-256' => ['BLAKE2b256', '1.3.6.1.4.1.1722.12.2.1.8'],
    'BLAKE2B-384' => ['BLAKE2b384', '1.3.6.1.4.1.1722.12.2.1.12'],
    'BLAKE2B-512' => ['BLAKE2b512', '1.3.6.1.4.1.1722.12.2.1.16'],
);

{
    my $r = run_openssl('list', provider_args(), '-digest-algorithms');
    exits_ok($r, 'list -digest-algorithms');
    my @algs = provided($r->{out});
    for my $name (sort keys %DIGESTS) {
        my $alg = find_alg(\@algs, $name, 'blake2neon');
        ok($alg, "$name \@ blake2neon") or next;
        my %names = map { $_ => 1 } @{ $alg->[0] };
        ok($names{$_}, "$name is also $_") for @{ $DIGESTS{$name} };
    }
    my @others = grep { $_->[1] ne 'blake2neon' } @algs;
    is(scalar @others, 0, 'no other provider offers digests')
        or diag(explain(\@others));
}

{
    my $r = run_openssl('list', provider_args(), '-mac-algorithms');
    exits_ok($r, 'list -mac-algorithms');
    my @algs = provided($r->{out});
    my $alg = find_alg(\@algs, 'BLAKE2BMAC', 'blake2neon');
    ok($alg, "BLAKE2BMAC \@ blake2neon");
    ok($alg && grep({ $_ eq '1.3.6.1.4.1.1722.12.2.1' } @{ $alg->[0] }),
       'BLAKE2BMAC is also 1.3.6.1.4.1.1722.12.2.1');
    is(scalar(grep { $_->[1] ne 'blake2neon' } @algs), 0,
       'no other provider offers MACs');
}

# What the provider says about itself. The automatic choice is what is
# checked, so a BLAKE2NEON_BACKEND in the caller's environment is dropped.
{
    my $r = run_openssl({ env => { BLAKE2NEON_BACKEND => undef } },
                        'list', provider_args(), '-providers', '-verbose');
    exits_ok($r, 'list -providers -verbose');
    my ($block) = $r->{out} =~ /^(  blake2neon\n(?:    .*\n)*)/m;
    ok(defined $block, 'blake2neon is listed') or diag($r->{out});
    $block //= '';
    like($block, qr/^    status: active$/m, 'status: active');
    my $version = $ENV{BLAKE2NEON_VERSION};
    SKIP: {
        skip 'BLAKE2NEON_VERSION not set (CTest sets it)', 1 unless $version;
        like($block, qr/^    version: \Q$version\E$/m, "version: $version");
    }
    my ($backend) = $block =~ /^    build info: blake2neon \S+ backend=(\S+)$/m;
    ok(defined $backend, 'build info names the backend') or diag($block);
    like($block, qr/^      backend: /m, 'backend is a gettable parameter');

    my $expect = $ENV{BLAKE2NEON_EXPECT_BACKEND};
    SKIP: {
        skip 'BLAKE2NEON_EXPECT_BACKEND is empty: any backend is accepted', 1
            unless $expect;
        is($backend, $expect, "automatic choice is $expect");
    }
    note('automatic backend: ' . ($backend // '(none)'));
}

done_testing();
