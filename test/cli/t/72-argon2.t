#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# OpenSSL's own Argon2 (OpenSSL 3.2+: `openssl kdf ... ARGON2D|ARGON2I|
# ARGON2ID`) is a client of ours: the default provider's KDF fetches
# BLAKE2B-512 and BLAKE2BMAC through the library context, with its
# `properties` parameter. RFC 9106's vectors (test/data/argon2.txt) three
# ways each:
#   - through the sample config, which prefers blake2neon;
#   - with -provider default -provider blake2neon and
#     `properties:provider=blake2neon`, which requires our digest and MAC;
#   - the same with our provider left out, which must fail: the tag above
#     came from our code.
# OpenSSL 3.0 and 3.1 have no Argon2: the test skips, saying so.
use strict;
use warnings;
use Test::More;
use B2NTest;

my $list = run_openssl('list', '-kdf-algorithms');
unless ($list->{status} == 0 && $list->{out} =~ /\bARGON2ID\b/i) {
    my $version = run_openssl('version')->{out};
    chomp $version;
    plan skip_all => "this OpenSSL ($version) has no ARGON2 KDF: "
                   . 'Argon2 came with OpenSSL 3.2';
}

my @both = ('-provider-path', module_dir(), '-provider', 'default',
            '-provider', 'blake2neon');
my @insist = ('-kdfopt', 'properties:provider=blake2neon');

# kdf prints colon-separated upper-case hex.
sub hex_of {
    my ($text) = @_;
    (my $hex = lc $text) =~ s/[:\s]//g;
    return $hex;
}

my $path = data_file('argon2.txt');
open my $fh, '<', $path or BAIL_OUT("cannot read $path: $!");
my %seen;
while (my $line = <$fh>) {
    next if $line =~ /^\s*(#|$)/;
    my ($kdf, $pass, $salt, $secret, $ad, $iter, $mem, $lanes, $tag) = split ' ', $line;
    BAIL_OUT("$path line $.: 9 fields expected") unless defined $tag;
    $seen{$kdf}++;
    my @args = ('-keylen', length($tag) / 2,
                '-kdfopt', "hexpass:$pass", '-kdfopt', "hexsalt:$salt",
                '-kdfopt', "hexsecret:$secret", '-kdfopt', "hexad:$ad",
                '-kdfopt', "iter:$iter", '-kdfopt', "memcost:$mem",
                '-kdfopt', "lanes:$lanes");

    my $r = run_openssl_sample('kdf', @args, $kdf);
    exits_ok($r, "$kdf, sample config")
        and is(hex_of($r->{out}), $tag, "$kdf, sample config: RFC 9106's tag");

    $r = run_openssl('kdf', @both, @insist, @args, $kdf);
    exits_ok($r, "$kdf, our digest and MAC required")
        and is(hex_of($r->{out}), $tag, "$kdf, our digest and MAC required: RFC 9106's tag");

    fails_cleanly(run_openssl('kdf', '-provider', 'default', @insist, @args, $kdf),
                  "$kdf, our provider left out", qr/unsupported|fetch|BLAKE2/i);
}
close $fh;
ok($seen{$_}, "argon2.txt has the $_ vector") for qw(ARGON2D ARGON2I ARGON2ID);

done_testing();
