#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# ECDSA over our digests with `openssl dgst -sign/-verify`: the default
# provider signs and verifies, blake2neon hashes. The signature verifies,
# fails on a tampered file, and is over exactly hashlib's BLAKE2b of the
# file: `openssl pkeyutl`, with the default provider alone, verifies it
# against the digest from test/data/kat.txt, and signs that digest for
# dgst to verify. Left out, our provider is missed: dgst cannot sign.
# BLAKE2B-512 is default's too: the provider-options runs load blake2neon
# by name (a load failure is an error there) and prefer it, and the sample
# runs rely on the sample's preference, which t_conf checks in-process.
use strict;
use warnings;
use File::Spec;
use Test::More;
use B2NTest;

my $dir = scratch_dir();
my $key = File::Spec->catfile($dir, 'ec.pem');
my $pub = File::Spec->catfile($dir, 'ec-pub.pem');
my $file = pattern_file(129);
my $tampered = File::Spec->catfile($dir, 'tampered.bin');
{
    open my $in, '<:raw', $file or die "$file: $!";
    local $/;
    my $bytes = <$in>;
    close $in;
    substr($bytes, 64, 1) ^= "\x01";
    open my $out, '>:raw', $tampered or die "$tampered: $!";
    print {$out} $bytes;
    close $out or die "$tampered: $!";
}

my @both = ('-provider-path', module_dir(), '-provider', 'default',
            '-provider', 'blake2neon');
my @prefer = ('-propquery', '?provider=blake2neon');

# The key, by the default provider alone.
exits_ok(run_openssl('genpkey', '-algorithm', 'EC',
                     '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', $key),
         'EC P-256 key') or BAIL_OUT('cannot make an EC key');
exits_ok(run_openssl('pkey', '-in', $key, '-pubout', '-out', $pub),
         'its public key') or BAIL_OUT('cannot write the public key');

sub digest_file {
    my ($size) = @_;
    my $path = File::Spec->catfile($dir, "digest$size.bin");
    open my $fh, '>:raw', $path or die "$path: $!";
    print {$fh} pack('H*', kat($size, 0, 129));
    close $fh or die "$path: $!";
    return $path;
}

my $n = 0;
for my $case (['sample config', \&run_openssl_sample, []],
              ['provider options, ?provider=blake2neon', \&run_openssl,
               [@both, @prefer]]) {
    my ($how, $run, $opts) = @$case;
    for my $size (32, 64) {
        my $md = '-BLAKE2B-' . $size * 8;
        my $what = "ECDSA $md, $how";
        my $sig = File::Spec->catfile($dir, 'sig' . ++$n . '.der');

        exits_ok($run->('dgst', @$opts, $md, '-sign', $key, '-out', $sig, $file),
                 "$what: sign") or next;
        my $r = $run->('dgst', @$opts, $md, '-verify', $pub, '-signature', $sig,
                       $file);
        exits_ok($r, "$what: verify");
        like($r->{out}, qr/^Verified OK$/m, "$what: Verified OK");
        $r = $run->('dgst', @$opts, $md, '-verify', $pub, '-signature', $sig,
                    $tampered);
        no_crash($r, "$what: tampered file");
        ok($r->{exit} != 0 && $r->{out} =~ /Verification failure/i,
           "$what: tampered file fails to verify") or diag($r->{out} . $r->{err});

        # The default provider alone, given hashlib's digest, agrees.
        $r = run_openssl('pkeyutl', '-verify', '-pubin', '-inkey', $pub,
                         '-in', digest_file($size), '-sigfile', $sig);
        exits_ok($r, "$what: pkeyutl verifies the signature over kat.txt's digest");

        my $sig2 = File::Spec->catfile($dir, 'sig' . ++$n . '.der');
        exits_ok(run_openssl('pkeyutl', '-sign', '-inkey', $key,
                             '-in', digest_file($size), '-out', $sig2),
                 "$what: pkeyutl signs kat.txt's digest") or next;
        $r = $run->('dgst', @$opts, $md, '-verify', $pub, '-signature', $sig2,
                    $file);
        like($r->{out}, qr/^Verified OK$/m,
             "$what: dgst verifies pkeyutl's signature of kat.txt's digest")
            or diag($r->{out} . $r->{err});
    }
}

# Without our provider, BLAKE2B-256 is unknown to dgst.
fails_cleanly(run_openssl('dgst', '-BLAKE2B-256', '-sign', $key,
                          '-out', File::Spec->catfile($dir, 'none.der'), $file),
              'ECDSA -BLAKE2B-256 without blake2neon', qr/BLAKE2B-256/);

# A hard provider=blake2neon query also governs loading the key, which
# only default can do (OpenSSL's behaviour, not ours: docs/clients.md).
# Printed as information; only a crash would be ours.
{
    my $r = run_openssl('dgst', @both, '-propquery', 'provider=blake2neon',
                        '-BLAKE2B-256', '-sign', $key,
                        '-out', File::Spec->catfile($dir, 'hard.der'), $file);
    no_crash($r, 'dgst -sign with -propquery provider=blake2neon');
    my ($why) = grep { /\S/ } split /\n/, $r->{err};
    diag('note: dgst -sign with -propquery provider=blake2neon: '
         . ($r->{status} == 0 ? 'works on this OpenSSL'
                              : "exit $r->{exit}: " . ($why // '(no message)')));
}

done_testing();
