#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# Argon2 through the real `openssl kdf`, two ways:
#
# 1. blake2neon's own ARGON2D, ARGON2I and ARGON2ID, on every OpenSSL 3.x
#    and 4.x (3.0 and 3.1 have no Argon2 of their own): RFC 9106's vectors
#    (test/data/argon2.txt) with hexpass/hexsalt/hexsecret/hexad, the
#    reference implementation's text-password vectors with pass:/salt:,
#    version 0x10, threads and early_clean, a slice of the random sets
#    (argon2-random.txt), and refusals. Loaded alone with
#    -propquery provider=blake2neon; the same run without our provider
#    must fail, so the tag came from our code.
# 2. OpenSSL's own Argon2 (3.2+) as a client of ours: the default
#    provider's KDF fetches BLAKE2B-512 and BLAKE2BMAC through the library
#    context, with its `properties` parameter. RFC 9106's vectors three
#    ways: the sample config, our digest and MAC required, and our
#    provider left out (which must fail). Before 3.2 this part says why it
#    does not run.
#
# The data files' lines: type version iter memcost lanes pass salt secret
# ad tag (hex, '-' empty; test/gen_argon2_vectors.py).
use strict;
use warnings;
use Test::More;
use B2NTest;

my @ours = (provider_args(), '-propquery', 'provider=blake2neon');

# kdf prints colon-separated upper-case hex.
sub hex_of {
    my ($text) = @_;
    (my $hex = lc $text) =~ s/[:\s]//g;
    return $hex;
}

sub read_vectors {
    my ($name) = @_;
    my $path = data_file($name);
    open my $fh, '<', $path or BAIL_OUT("cannot read $path: $!");
    my @v;
    while (my $line = <$fh>) {
        next if $line =~ /^\s*(#|$)/;
        my @f = split ' ', $line;
        BAIL_OUT("$path line $.: 10 fields expected") unless @f == 10;
        my %v;
        @v{qw(kdf version iter mem lanes pass salt secret ad tag)} = @f;
        $v{version} = hex $v{version};
        $v{where} = "$name:$.";
        push @v, \%v;
    }
    close $fh;
    return @v;
}

# -kdfopt arguments for a vector: hex for every byte string (an empty one
# is left out, which is the same as empty), text where $text asks.
sub kdf_args {
    my ($v, %o) = @_;
    my @a = ('-keylen', length($v->{tag}) / 2);
    for my $k (qw(pass salt secret ad)) {
        next if $v->{$k} eq '-';
        if ($o{text}) {
            push @a, '-kdfopt', "$k:" . pack('H*', $v->{$k});
        } else {
            push @a, '-kdfopt', "hex$k:$v->{$k}";
        }
    }
    push @a, '-kdfopt', "iter:$v->{iter}", '-kdfopt', "memcost:$v->{mem}",
             '-kdfopt', "lanes:$v->{lanes}";
    push @a, '-kdfopt', "version:$v->{version}" if $v->{version} != 0x13 || $o{version};
    return @a;
}

sub desc {
    my ($v) = @_;
    return sprintf '%s %s v0x%x t=%d m=%d p=%d', $v->{where}, $v->{kdf},
        $v->{version}, $v->{iter}, $v->{mem}, $v->{lanes};
}

# ---- 1. blake2neon's own KDFs -----------------------------------------
my @rfc = read_vectors('argon2.txt');
my %seen;
for my $v (@rfc) {
    $seen{$v->{kdf}}++;
    my $r = run_openssl('kdf', @ours, kdf_args($v), $v->{kdf});
    exits_ok($r, desc($v) . ': ours')
        and is(hex_of($r->{out}), $v->{tag}, desc($v) . ": ours gives RFC 9106's tag");
    # Threads on the C library's, whatever libcrypto's pool: the same tag.
    $r = run_openssl('kdf', @ours, kdf_args($v), '-kdfopt', "threads:$v->{lanes}",
                     '-kdfopt', 'early_clean:1', '-kdfopt', 'version:19', $v->{kdf});
    exits_ok($r, desc($v) . ": ours, threads:$v->{lanes} early_clean:1 version:19")
        and is(hex_of($r->{out}), $v->{tag}, desc($v) . ': ours, threads: same tag');
    fails_cleanly(run_openssl('kdf', '-provider', 'default', '-propquery',
                              'provider=blake2neon', kdf_args($v), $v->{kdf}),
                  desc($v) . ': our provider left out', qr/unsupported|fetch|ARGON2/i);
}
ok($seen{$_}, "argon2.txt has the $_ vector") for qw(ARGON2D ARGON2I ARGON2ID);

# The issue's line, word for word but the path: RFC 9106's Argon2id.
{
    my ($v) = grep { $_->{kdf} eq 'ARGON2ID' } @rfc;
    my $r = run_openssl('kdf', '-provider-path', module_dir(), '-provider', 'blake2neon',
                        '-keylen', '32', '-kdfopt', "hexpass:$v->{pass}",
                        '-kdfopt', "hexsalt:$v->{salt}", '-kdfopt', "hexsecret:$v->{secret}",
                        '-kdfopt', "hexad:$v->{ad}", '-kdfopt', 'iter:3',
                        '-kdfopt', 'memcost:32', '-kdfopt', 'lanes:4', 'ARGON2ID');
    exits_ok($r, 'openssl kdf -provider blake2neon ... ARGON2ID (RFC 9106 5.3)')
        and is(hex_of($r->{out}), $v->{tag}, "RFC 9106's Argon2id tag");
}

# Text passwords and salts, both versions (the reference's test.c).
my @ref = grep { $_->{mem} <= 256 } read_vectors('argon2-ref.txt');
ok(@ref >= 4, 'argon2-ref.txt has small vectors of both versions')
    or diag(scalar(@ref) . ' found');
for my $v (@ref) {
    my $r = run_openssl('kdf', @ours, kdf_args($v, text => 1, version => 1), $v->{kdf});
    exits_ok($r, desc($v) . ': ours, pass:/salt: as text')
        and is(hex_of($r->{out}), $v->{tag}, desc($v) . ": ours gives the reference's tag");
}

# A slice of the random sets: empty passwords, secrets, long tags.
my @random = read_vectors('argon2-random.txt');
ok(@random >= 40, 'argon2-random.txt has its sets');
for my $v (@random[0 .. 39]) {
    my $r = run_openssl('kdf', @ours, kdf_args($v), $v->{kdf});
    exits_ok($r, desc($v) . ': ours')
        and is(hex_of($r->{out}), $v->{tag}, desc($v) . ": ours gives libargon2's tag");
}

# Refusals: a message, no tag, no crash.
{
    my ($v) = @rfc;
    my %bad = ('iter:0' => qr/iter|count/i, 'memcost:7' => qr/mem/i,
               'lanes:0' => qr/lane|param/i, 'version:1' => qr/version|mode/i,
               'threads:0' => qr/thread/i);
    for my $opt (sort keys %bad) {
        # openssl kdf passes every -kdfopt and the provider takes the
        # first of a name: the bad value replaces the vector's.
        my ($name) = split /:/, $opt;
        my @args = kdf_args($v);
        s/^\Q$name\E:.*/$opt/ for @args;
        push @args, '-kdfopt', $opt unless grep { $_ eq $opt } @args;
        my $r = run_openssl('kdf', @ours, @args, $v->{kdf});
        fails_cleanly($r, "ours refuses $opt", $bad{$opt});
    }
    my $r = run_openssl('kdf', @ours, '-keylen', 32, '-kdfopt', 'pass:password',
                        '-kdfopt', 'salt:short', 'ARGON2ID');
    fails_cleanly($r, 'ours refuses a 5-byte salt', qr/salt/i);
    $r = run_openssl('kdf', @ours, '-keylen', 32, '-kdfopt', 'pass:password', 'ARGON2ID');
    fails_cleanly($r, 'ours refuses to derive without a salt', qr/salt/i);
    $r = run_openssl('kdf', @ours, '-keylen', 32, '-kdfopt', 'pass:password',
                     '-kdfopt', 'salt:saltsalt', '-kdfopt', 'lanes:4', 'ARGON2ID');
    fails_cleanly($r, 'ours refuses memcost 8 with 4 lanes (under 8 * lanes)', qr/mem/i);
}

# ---- 2. OpenSSL's Argon2 on our BLAKE2b -------------------------------
SKIP: {
    my $list = run_openssl('list', '-kdf-algorithms');
    my $version = run_openssl('version')->{out};
    chomp $version;
    unless ($list->{status} == 0 && $list->{out} =~ /\bARGON2ID\b/i) {
        skip "this OpenSSL ($version) has no ARGON2 KDF of its own: "
             . 'Argon2 came with OpenSSL 3.2 (part 1 ran on ours)', 3 * 4 * @rfc;
    }
    my @both = ('-provider-path', module_dir(), '-provider', 'default',
                '-provider', 'blake2neon', '-propquery', 'provider=default');
    my @insist = ('-kdfopt', 'properties:provider=blake2neon');
    for my $v (@rfc) {
        my $kdf = $v->{kdf};
        my $r = run_openssl_sample('kdf', '-propquery', 'provider=default',
                                   kdf_args($v), $kdf);
        exits_ok($r, "default's $kdf, sample config")
            and is(hex_of($r->{out}), $v->{tag}, "default's $kdf, sample config: RFC 9106's tag");
        $r = run_openssl('kdf', @both, @insist, kdf_args($v), $kdf);
        exits_ok($r, "default's $kdf, our digest and MAC required")
            and is(hex_of($r->{out}), $v->{tag},
                   "default's $kdf, our digest and MAC required: RFC 9106's tag");
        fails_cleanly(run_openssl('kdf', '-provider', 'default', @insist, kdf_args($v), $kdf),
                      "default's $kdf, our provider left out", qr/unsupported|fetch|BLAKE2/i);
    }
}

done_testing();
