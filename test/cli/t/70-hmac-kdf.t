#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# HMAC, HKDF and PBKDF2 over our digests, as `openssl mac` and `openssl kdf`
# run them: the default provider's HMAC and KDFs fetch the BLAKE2b digest
# by name, and get ours. Expected values: test/data/cli_kdf.txt, written by
# test/cli/gen_kdf_vectors.py from hashlib.blake2b.
#
# Each case runs twice: through the sample config (no provider options),
# and with -provider default -provider blake2neon plus
# `properties:provider=blake2neon`, which insists on our digest inside the
# HMAC or KDF. The second, with our provider left out, must then fail:
# the answer came from our code, BLAKE2B-512 included.
use strict;
use warnings;
use Test::More;
use B2NTest;

my @both = ('-provider-path', module_dir(), '-provider', 'default',
            '-provider', 'blake2neon');
my @default_only = ('-provider', 'default');

# mac prints upper-case hex, kdf colon-separated upper-case hex.
sub hex_of {
    my ($text) = @_;
    (my $hex = lc $text) =~ s/[:\s]//g;
    return $hex;
}

# The three runs of one case. $opt is -macopt or -kdfopt; @args the
# options and algorithm name, the digest among them.
sub three_ways {
    my ($what, $digest, $want, $cmd, $opt, @args) = @_;
    my $r = run_openssl_sample($cmd, @args);
    exits_ok($r, "$what, sample config")
        and is(hex_of($r->{out}), $want, "$what, sample config: value");

    my @insist = ($opt, 'properties:provider=blake2neon');
    $r = run_openssl($cmd, @both, @insist, @args);
    exits_ok($r, "$what, provider options")
        and is(hex_of($r->{out}), $want, "$what, provider options: value");

    fails_cleanly(run_openssl($cmd, @default_only, @insist, @args),
                  "$what, our provider left out", qr/\Q$digest\E/);
}

my $path = data_file('cli_kdf.txt');
open my $fh, '<', $path or BAIL_OUT("cannot read $path: $!");
my %count;
while (my $line = <$fh>) {
    next if $line =~ /^\s*(#|$)/;
    my ($op, $digest, @kv) = split ' ', $line;
    my %f = map { split /=/, $_, 2 } @kv;
    my $want = $f{out} // BAIL_OUT("no out= in $path line $.");
    $count{$op}++;
    if ($op eq 'hmac') {
        three_ways("HMAC-$digest key " . length($f{key}) / 2
                   . " bytes, message $f{msglen} bytes", $digest, $want,
                   'mac', '-macopt', '-digest', $digest,
                   '-macopt', "hexkey:$f{key}", '-in', pattern_file($f{msglen}),
                   'HMAC');
    } elsif ($op eq 'hkdf') {
        my @opts = ('-kdfopt', "digest:$digest", '-kdfopt', "hexkey:$f{key}");
        push @opts, '-kdfopt', "hexsalt:$f{salt}" if $f{salt} ne '-';
        push @opts, '-kdfopt', "hexinfo:$f{info}" if $f{info} ne '-';
        three_ways("HKDF-$digest, $f{len} bytes, salt $f{salt}, info $f{info}",
                   $digest, $want, 'kdf', '-kdfopt', '-keylen', $f{len}, @opts, 'HKDF');
    } elsif ($op eq 'pbkdf2') {
        three_ways("PBKDF2-HMAC-$digest, $f{iter} iterations, $f{len} bytes",
                   $digest, $want, 'kdf', '-kdfopt', '-keylen', $f{len},
                   '-kdfopt', "digest:$digest", '-kdfopt', "hexpass:$f{pass}",
                   '-kdfopt', "hexsalt:$f{salt}", '-kdfopt', "iter:$f{iter}",
                   'PBKDF2');
    } else {
        BAIL_OUT("unknown operation '$op' in $path line $.");
    }
}
close $fh;
cmp_ok($count{$_} // 0, '>=', 6, "cli_kdf.txt has $_ cases")
    for qw(hmac hkdf pbkdf2);

done_testing();
