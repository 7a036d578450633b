#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# What does not work with our digests, and why, as docs/clients.md says:
# each failure is OpenSSL's, not blake2neon's, so each is printed as a
# "# note:" line (if one starts to work on a new OpenSSL, the note says so:
# move its row in docs/clients.md), and only a crash fails. What works
# around them (a time-stamp query with BLAKE2B-512) is checked.
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

# What OpenSSL does with a run our digests cannot serve: printed as a
# note, since it is OpenSSL's limit, not ours; only a crash (which could
# be ours) fails the test. $made: a file the run must not leave behind
# when it fails.
sub limit {
    my ($r, $what, $made) = @_;
    local $Test::Builder::Level = $Test::Builder::Level + 1;
    no_crash($r, $what);
    if ($r->{status} == 0) {
        diag("note: $what works on this OpenSSL: move its row in docs/clients.md");
        return;
    }
    my @lines = grep { /\S/ } split /\n/, $r->{err};
    my ($why) = (grep({ /not allowed|unsupported/i } @lines),
                 grep({ /error/i } @lines), @lines);
    diag("note: $what: exit $r->{exit}: " . ($why // '(no message)'));
    ok(!-s $made, "$what: failed, and left no output behind") if defined $made;
}

# The default provider's RSA signatures take a fixed list of digests.
for my $md (qw(-BLAKE2B-256 -BLAKE2B-512)) {
    unlink out('rsa.sig');
    limit(run_openssl_sample('dgst', $md, '-sign', out('rsa.pem'),
                             '-out', out('rsa.sig'), $file),
          "RSA dgst $md -sign");
}

# X.509 and CMS need an OID for "ECDSA with BLAKE2b", and there is none.
limit(run_openssl_sample('req', '-new', '-x509', '-key', out('ec.pem'),
                         '-subj', '/CN=blake2neon test', '-BLAKE2B-256',
                         '-out', out('cert.pem')),
      'req -x509 -BLAKE2B-256', out('cert.pem'));
exits_ok(run_openssl('req', '-new', '-x509', '-key', out('ec.pem'),
                     '-subj', '/CN=blake2neon test', '-sha256',
                     '-out', out('cert256.pem')),
         'an ECDSA-SHA256 certificate, for CMS');
limit(run_openssl_sample('cms', '-sign', '-signer', out('cert256.pem'),
                         '-inkey', out('ec.pem'), '-md', 'BLAKE2B-256',
                         '-in', $file, '-out', out('cms.pem')),
      'cms -sign -md BLAKE2B-256');

# A time-stamp query encodes the digest's OID; BLAKE2B-256 has one only
# inside our provider, so OpenSSL cannot encode it (3.0 calls it a
# "malloc failure"). BLAKE2B-512 has a built-in OID and works.
limit(run_openssl_sample('ts', '-query', '-data', $file, '-BLAKE2B-256',
                         '-out', out('q256.tsq')),
      'ts -query -BLAKE2B-256');
{
    my $r = run_openssl_sample('ts', '-query', '-data', $file, '-BLAKE2B-512',
                               '-text');
    exits_ok($r, 'ts -query -BLAKE2B-512');
    (my $imprint = join '', $r->{out} =~ /^\s+[0-9a-f]{4} - (.{47})/mg) =~ s/[- ]//g;
    is($imprint, kat(64, 0, 129), 'ts -query -BLAKE2B-512: the message imprint');
}

done_testing();
