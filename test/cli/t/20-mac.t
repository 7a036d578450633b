#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# `openssl mac ... BLAKE2BMAC` with only our provider: sizes, the default
# size, salt and custom, key lengths, stdin and -binary.
use strict;
use warnings;
use Test::More;
use B2NTest;

# openssl mac prints the MAC in upper-case hex, one line.
sub mac_hex {
    my ($r) = @_;
    return $r->{out} =~ /^([0-9A-Fa-f]+)\r?\n\z/ ? lc $1 : "(unparsed) $r->{out}";
}

sub mac {
    my ($opts, @macopts) = @_;
    my @in = defined $opts->{in} ? ('-in', $opts->{in}) : ();
    return run_openssl({ stdin => $opts->{stdin} }, 'mac', provider_args(),
                       (map { ('-macopt', $_) } @macopts), @in,
                       @{ $opts->{extra} // [] }, 'BLAKE2BMAC');
}

# Keyed lines of kat.txt (key 00..3f), each size at the block boundaries.
for my $size (20, 32, 48, 64) {
    for my $n (0, 128, 129) {
        my $r = mac({ in => pattern_file($n) }, 'hexkey:' . key_hex(64),
                    "size:$size");
        exits_ok($r, "size $size, $n bytes") or next;
        is(mac_hex($r), kat($size, 1, $n), "size $size, $n bytes: MAC");
    }
}

# No size given: 64 bytes.
for my $n (1, 256) {
    my $r = mac({ in => pattern_file($n) }, 'hexkey:' . key_hex(64));
    exits_ok($r, "default size, $n bytes") or next;
    is(mac_hex($r), kat(64, 1, $n), "default size, $n bytes: MAC");
}

# Standard input and raw output.
{
    my $r = mac({ stdin => pattern_file(255) }, 'hexkey:' . key_hex(64),
                'size:32');
    exits_ok($r, 'stdin');
    is(mac_hex($r), kat(32, 1, 255), 'stdin: MAC');

    $r = mac({ in => pattern_file(127), extra => ['-binary'] },
             'hexkey:' . key_hex(64), 'size:48');
    exits_ok($r, '-binary');
    is(unpack('H*', $r->{out}), kat(48, 1, 127), '-binary: bytes');
}

# Salt, custom and shorter keys, against test/data/cli_mac.txt (hashlib,
# written by test/cli/gen_cli_vectors.py).
{
    my $path = data_file('cli_mac.txt');
    open my $fh, '<', $path or BAIL_OUT("cannot read $path: $!");
    my $cases = 0;
    while (my $line = <$fh>) {
        next if $line =~ /^\s*(#|$)/;
        my ($keylen, $size, $n, $salt, $custom, $want) = split ' ', $line;
        my @opts = ('hexkey:' . key_hex($keylen), "size:$size");
        push @opts, "hexsalt:$salt" if $salt ne '-';
        push @opts, "hexcustom:$custom" if $custom ne '-';
        my $name = "key $keylen, size $size, $n bytes, salt $salt, custom $custom";
        my $r = mac({ in => pattern_file($n) }, @opts);
        $cases++;
        exits_ok($r, $name) or next;
        is(mac_hex($r), lc $want, "$name: MAC");
    }
    close $fh;
    cmp_ok($cases, '>=', 5, 'cli_mac.txt has the salt/custom cases');
}

# The text form custom: gives the same MAC as hexcustom: (checked against
# hashlib above); "blake2neon-tests" is the custom of cli_mac.txt.
{
    my $hex = unpack('H*', 'blake2neon-tests');
    my $r1 = mac({ in => pattern_file(129) }, 'hexkey:' . key_hex(64),
                 'custom:blake2neon-tests');
    my $r2 = mac({ in => pattern_file(129) }, 'hexkey:' . key_hex(64),
                 "hexcustom:$hex");
    exits_ok($r1, 'custom: as text');
    exits_ok($r2, 'custom: as hex');
    is(mac_hex($r1), mac_hex($r2), 'custom: text and hex forms agree');
}

# openssl mac loads only the providers it is given: with ours alone, a
# query for default's BLAKE2BMAC finds nothing, so the results above are ours.
{
    my $r = run_openssl('mac', provider_args(), '-propquery', 'provider=default',
                        '-macopt', 'hexkey:' . key_hex(64), '-in',
                        pattern_file(1), 'BLAKE2BMAC');
    fails_cleanly($r, 'only our provider is loaded', qr/BLAKE2BMAC/);
}

done_testing();
