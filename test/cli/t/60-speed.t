#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# `openssl speed -evp BLAKE2B-256` runs our digest and reports a rate.
use strict;
use warnings;
use Test::More;
use B2NTest;

# speed also draws random numbers, from the default provider's DRBG, so
# default is loaded too; BLAKE2B-256 exists only in ours. -mr prints
# machine-readable lines: "+F:<n>:<name>:<bytes per second>".
my $r = run_openssl('speed', '-provider-path', module_dir(), '-provider',
                    'default', '-provider', 'blake2neon', '-evp', 'BLAKE2B-256',
                    '-seconds', '1', '-bytes', '1024', '-mr');
exits_ok($r, 'speed -evp BLAKE2B-256');
my ($rate) = $r->{out} =~ /^\+F:\d+:BLAKE2B-256:([0-9.]+)$/m;
ok(defined $rate && $rate > 0, 'a result line for BLAKE2B-256 with a rate above 0')
    or diag($r->{out});
note("BLAKE2B-256, 1024-byte blocks: " . ($rate // '?') . " bytes/s"
     . ($ENV{BLAKE2NEON_EMULATOR} ? ' (under an emulator: meaningless)' : ''));

done_testing();
