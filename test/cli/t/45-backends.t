#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# Every backend of this build, forced with BLAKE2NEON_BACKEND, gives the
# right digests and MACs through openssl (under qemu: on the emulated CPU).
use strict;
use warnings;
use Test::More;
use B2NTest;

# The provider names the backends it has when asked for one it lacks.
my $r = run_openssl({ env => { BLAKE2NEON_BACKEND => 'no-such-backend' } },
                    'list', provider_args(), '-providers');
fails_cleanly($r, 'unknown backend', qr/this build has: /);
# A provider's own reason strings are registered only once it has loaded,
# so a load failure is raised with a reason libcrypto can print itself.
my ($line) = grep { /no-such-backend/ } split /\n/, $r->{err};
like($line // '', qr/:Provider routines:[^:]*:passed invalid argument:.*blake2neon: /,
     'unknown backend: the error line names a readable library and reason');
unlike($r->{err}, qr/\b(?:lib|reason)\(\d+\)/,
       'unknown backend: no numeric lib(N) or reason(N) in the message');
my ($list) = $r->{err} =~ /this build has: ([\w ,-]+)/;
my @backends = split /,\s*/, $list // '';
ok((grep { $_ eq 'generic' } @backends), 'the list includes generic')
    or diag("backends: @backends");
ok((grep { $_ eq 'auto' } @backends), 'the list includes auto');

my @lengths = (0, 1, 127, 128, 129, 255, 256);
my @files = map { pattern_file($_) } @lengths;

for my $backend (@backends) {
    my %env = (env => { BLAKE2NEON_BACKEND => $backend });
    my $d = run_openssl(\%env, 'dgst', provider_args(), '-BLAKE2B-256', '-r', @files);
    if ($d->{exit} != 0 && $d->{err} =~ /cannot run/) {
        no_crash($d, "$backend: refused");
        like($d->{err}, qr/:Provider routines:[^:]*:unsupported:.*cannot run/,
             "$backend: refused with a readable reason");
        unlike($d->{err}, qr/\b(?:lib|reason)\(\d+\)/,
               "$backend: no numeric lib(N) or reason(N) in the message");
        SKIP: { skip "this CPU cannot run backend $backend", 4 }
        next;
    }
    exits_ok($d, "$backend: dgst");
    is_deeply([ map { $_->[2] } parse_dgst_lines($d->{out}) ],
              [ map { kat(32, 0, $_) } @lengths ],
              "$backend: BLAKE2B-256 of @lengths bytes");

    my $m = run_openssl(\%env, 'mac', provider_args(), '-macopt',
                        'hexkey:' . key_hex(64), '-in', pattern_file(256),
                        'BLAKE2BMAC');
    is(lc $m->{out}, kat(64, 1, 256) . "\n", "$backend: BLAKE2BMAC of 256 bytes")
        or diag("exit $m->{exit}: $m->{err}");

    next if $backend eq 'auto';
    my $l = run_openssl(\%env, 'list', provider_args(), '-providers', '-verbose');
    like($l->{out}, qr/build info: blake2neon \S+ backend=\Q$backend\E$/m,
         "$backend: the build info names it");
}

done_testing();
