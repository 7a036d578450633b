#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# Bad input: every case exits non-zero with a message on stderr, never by
# a signal. Where the provider's own checks answer, the message must name
# the parameter and the wrong length or size. The default provider must
# refuse the same MAC parameters (ours matches it, errors alike).
use strict;
use warnings;
use File::Spec;
use Test::More;
use B2NTest;

my $key = 'hexkey:' . key_hex(64);
my $file = pattern_file(129);
my $missing = File::Spec->catfile(scratch_dir(), 'no-such-file');

fails_cleanly(run_openssl('dgst', provider_args(), '-BLAKE2B-256', $missing),
              'dgst: missing input file', qr/no-such-file/);
fails_cleanly(run_openssl('mac', provider_args(), '-macopt', $key,
                          '-in', $missing, 'BLAKE2BMAC'),
              'mac: missing input file', qr/no-such-file/);
fails_cleanly(run_openssl('dgst', provider_args(), '-BLAKE2B-999', $file),
              'dgst: unknown digest name', qr/BLAKE2B-999/);
fails_cleanly(run_openssl('mac', provider_args(), '-macopt', $key,
                          '-in', $file, 'BLAKE2BMAC-NONE'),
              'mac: unknown MAC name', qr/BLAKE2BMAC-NONE/);

# MAC parameters: [name, macopts, what stderr must mention].
my @bad_mac = (
    ['bad hex key',       ['hexkey:zz'],                     qr/hexkey:zz|illegal hex/i],
    ['key of 65 bytes',   ['hexkey:' . key_hex(64) . '40'],  qr/key.*\b65\b/i],
    ['key of 0 bytes',    ['hexkey:'],                       qr/key.*\b0\b/i],
    ['no key',            [],                                qr/key/i],
    ['size:0',            [$key, 'size:0'],                  qr/size.*\b0\b/i],
    ['size:65',           [$key, 'size:65'],                 qr/size.*\b65\b/i],
    ['size:abc',          [$key, 'size:abc'],                qr/size/i],
    ['salt of 17 bytes',  [$key, 'hexsalt:' . '00' x 17],    qr/salt.*\b17\b/i],
    ['custom of 17 bytes', [$key, 'hexcustom:' . '00' x 17], qr/custom.*\b17\b/i],
);
for (@bad_mac) {
    my ($name, $macopts, $re) = @$_;
    my @args = ((map { ('-macopt', $_) } @$macopts), '-in', $file, 'BLAKE2BMAC');
    fails_cleanly(run_openssl('mac', provider_args(), @args), "mac: $name", $re);

    my $d = run_openssl('mac', '-provider', 'default', @args);
    ok($d->{exit} != 0 && $d->{signal} == 0, "mac: $name: default refuses it too")
        or diag("default provider: exit $d->{exit}\n$d->{out}$d->{err}");
}

# OpenSSL 3.0 loads a -provider as soon as it reads it, so -provider-path
# must come first; the other order looks in OPENSSL_MODULES (here an empty
# directory, so an installed copy cannot answer) and fails cleanly.
{
    my $empty = File::Spec->catdir(scratch_dir(), 'no-modules');
    mkdir $empty or die "$empty: $!";
    my $r = run_openssl({ env => { OPENSSL_MODULES => $empty } },
                        'dgst', '-provider', 'blake2neon', '-provider-path',
                        module_dir(), '-BLAKE2B-256', $file);
    fails_cleanly($r, '-provider before -provider-path', qr/blake2neon/);
}

done_testing();
