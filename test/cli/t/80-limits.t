#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# What does not work with our digests, and why, as docs/clients.md says:
# each failure is OpenSSL's, not blake2neon's, so each is checked to fail
# cleanly with OpenSSL's reason. If one of these starts to work on a new
# OpenSSL, this test fails: move the row in docs/clients.md to the working
# side and test it there.
use strict;
use warnings;
use File::Spec;
use Test::More;
use B2NTest;

my $dir = scratch_dir();
my $file = pattern_file(129);
sub out { File::Spec->catfile($dir, $_[0]) }

exits_ok(run_openssl('genpkey', '-algorithm', 'RSA',
                     '-pkeyopt', 'rsa_keygen_bits:1024', '-out', out('rsa.pem')),
         'RSA key') or BAIL_OUT('cannot make an RSA key');
exits_ok(run_openssl('genpkey', '-algorithm', 'EC',
                     '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', out('ec.pem')),
         'EC key') or BAIL_OUT('cannot make an EC key');

# The default provider's RSA signatures take a fixed list of digests.
for my $md (qw(-BLAKE2B-256 -BLAKE2B-512)) {
    fails_cleanly(run_openssl_sample('dgst', $md, '-sign', out('rsa.pem'),
                                     '-out', out('rsa.sig'), $file),
                  "RSA dgst $md -sign", qr/digest not allowed/);
}

# X.509 and CMS need an OID for "ECDSA with BLAKE2b", and there is none.
# OpenSSL 3.0 fails here without a message, so only the failure is checked.
{
    my $r = run_openssl_sample('req', '-new', '-x509', '-key', out('ec.pem'),
                               '-subj', '/CN=blake2neon test', '-BLAKE2B-256',
                               '-out', out('cert.pem'));
    no_crash($r, 'req -x509 -BLAKE2B-256');
    ok($r->{status} != 0, 'req -x509 -BLAKE2B-256: fails')
        or diag($r->{out} . $r->{err});
    ok(!-s out('cert.pem'), 'req -x509 -BLAKE2B-256: no certificate written');
}
exits_ok(run_openssl('req', '-new', '-x509', '-key', out('ec.pem'),
                     '-subj', '/CN=blake2neon test', '-sha256',
                     '-out', out('cert256.pem')),
         'an ECDSA-SHA256 certificate, for CMS');
fails_cleanly(run_openssl_sample('cms', '-sign', '-signer', out('cert256.pem'),
                                 '-inkey', out('ec.pem'), '-md', 'BLAKE2B-256',
                                 '-in', $file, '-out', out('cms.pem')),
              'cms -sign -md BLAKE2B-256', qr/unsupported signature algorithm/);

# A time-stamp query encodes the digest's OID; BLAKE2B-256 has one only
# inside our provider, so OpenSSL cannot encode it (3.0 calls it a
# "malloc failure"). BLAKE2B-512 has a built-in OID and works.
fails_cleanly(run_openssl_sample('ts', '-query', '-data', $file, '-BLAKE2B-256',
                                 '-out', out('q256.tsq')),
              'ts -query -BLAKE2B-256', qr/TS_MSG_IMPRINT_set_algo/);
{
    my $r = run_openssl_sample('ts', '-query', '-data', $file, '-BLAKE2B-512',
                               '-text');
    exits_ok($r, 'ts -query -BLAKE2B-512');
    (my $imprint = join '', $r->{out} =~ /^\s+[0-9a-f]{4} - (.{47})/mg) =~ s/[- ]//g;
    is($imprint, kat(64, 0, 129), 'ts -query -BLAKE2B-512: the message imprint');
}

done_testing();
