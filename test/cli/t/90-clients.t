#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# Ruby's OpenSSL::Digest, PHP's openssl_digest, Node's crypto.createHash
# and Perl's Net::SSLeay, through the sample config. They look digests up
# with EVP_get_digestbyname, which knows only OpenSSL's built-in names:
# BLAKE2b512 works (and, with the sample's preference, runs in blake2neon:
# t_conf checks that route), BLAKE2B-160/256/384 cannot be reached. PHP
# and Net::SSLeay also run with a config that activates blake2neon alone,
# which proves their route reaches a provider's implementation; Ruby and
# Node do not start without the default provider. Each client missing here
# is skipped with the package that brings it.
use strict;
use warnings;
use File::Spec;
use Test::More;
use B2NTest;

plan skip_all => 'cross build: host interpreters cannot load the target\'s module'
    if length($ENV{BLAKE2NEON_EMULATOR} // '');
plan skip_all => "sanitized build ($ENV{BLAKE2NEON_SANITIZED}): the interpreters cannot load "
               . 'an instrumented module; an ordinary build runs this test'
    if length($ENV{BLAKE2NEON_SANITIZED} // '');

my $file = pattern_file(129);
my $want = kat(64, 0, 129);

# A copy of the sample without the default provider.
my $alone = File::Spec->catfile(scratch_dir(), 'blake2neon-alone.cnf');
{
    my $sample = conf_sample();
    open my $in, '<', $sample or BAIL_OUT("cannot read $sample: $!");
    my @lines = grep { !/^\s*default\s*=\s*default_sect\s*$/ } <$in>;
    close $in;
    open my $out, '>', $alone or die "$alone: $!";
    print {$out} @lines;
    close $out or die "$alone: $!";
}

# Each client: how to hash the file $ARGV-style with a digest name, the
# command that must exist, the Debian package, and whether it runs with
# blake2neon alone.
my %clients = (
    ruby => {
        package => 'ruby',
        cmd => sub { ('ruby', '-ropenssl', '-e',
                      'puts OpenSSL::Digest.new(ARGV[0]).hexdigest(File.binread(ARGV[1]))',
                      @_) },
    },
    php => {
        package => 'php-cli',
        alone => 1,
        cmd => sub { ('php', '-r',
                      '$d = openssl_digest(file_get_contents($argv[2]), $argv[1]);'
                      . ' if ($d === false) exit(1); echo $d, "\n";',
                      '--', @_) },
    },
    node => {
        package => 'nodejs',
        # Node reads the `nodejs_conf` section unless told to share OpenSSL's.
        cmd => sub { ('node', '--openssl-shared-config', '-e',
                      'const [md, f] = process.argv.slice(1);'
                      . ' console.log(require("crypto").createHash(md)'
                      . '.update(require("fs").readFileSync(f)).digest("hex"))',
                      @_) },
    },
    'Net::SSLeay' => {
        package => 'libnet-ssleay-perl',
        alone => 1,
        probe => [$^X, '-MNet::SSLeay', '-e', '1'],
        cmd => sub { ($^X, '-MNet::SSLeay', '-e',
                      'Net::SSLeay::initialize();'
                      . ' my $md = Net::SSLeay::EVP_get_digestbyname($ARGV[0]) or exit 1;'
                      . ' open my $f, "<:raw", $ARGV[1] or die; local $/;'
                      . ' print unpack("H*", Net::SSLeay::EVP_Digest(scalar <$f>, $md)), "\n"',
                      @_) },
    },
);

# Run a command with OPENSSL_CONF=$conf; returns (exit status, output).
sub run_with {
    my ($conf, @cmd) = @_;
    return run_host({ OPENSSL_CONF => $conf, OPENSSL_MODULES => module_dir() },
                    @cmd);
}

sub have {
    my (@probe) = @_;
    if ($probe[0] !~ m{/}) {
        return 0 unless grep { -x File::Spec->catfile($_, $probe[0]) } File::Spec->path;
        return 1 if @probe == 1;
    }
    my ($status) = run_with(File::Spec->devnull, @probe);
    return $status == 0;
}

for my $name (sort keys %clients) {
    my $c = $clients{$name};
    my @probe = @{ $c->{probe} // [($c->{cmd}->())[0]] };
    SKIP: {
        skip "$name is not installed (Debian package $c->{package})", 1
            unless have(@probe);
        my ($status, $out) = run_with(conf_sample(), $c->{cmd}->('BLAKE2b512', $file));
        is($status, 0, "$name: BLAKE2b512 through the sample: exit 0")
            and is((split ' ', $out)[-1] // '', $want, "$name: BLAKE2b512 digest")
            or diag($out);

        ($status, $out) = run_with(conf_sample(), $c->{cmd}->('BLAKE2B-256', $file));
        isnt($status, 0, "$name: BLAKE2B-256 is out of reach "
             . '(EVP_get_digestbyname knows built-in names only)') or diag($out);

        next unless $c->{alone};
        ($status, $out) = run_with($alone, $c->{cmd}->('BLAKE2b512', $file));
        is($status, 0, "$name: BLAKE2b512 with blake2neon alone: exit 0")
            and is((split ' ', $out)[-1] // '', $want,
                   "$name: BLAKE2b512 with blake2neon alone: digest")
            or diag($out);
    }
}

# Node reads `nodejs_conf`, not `openssl_conf`, without the flag: with a
# config that leaves out default, plain node still hashes SHA-256 (the
# config was not read), and node --openssl-shared-config does not start.
SKIP: {
    skip 'node is not installed (Debian package nodejs)', 2 unless have('node');
    my $js = 'console.log(require("crypto").createHash("sha256").update("abc").digest("hex"))';
    my ($status, $out) = run_with($alone, 'node', '-e', $js);
    like($out, qr/^ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad$/m,
         'node without --openssl-shared-config ignores openssl_conf');
    ($status, $out) = run_with($alone, 'node', '--openssl-shared-config', '-e', $js);
    isnt($status, 0, 'node --openssl-shared-config reads it (and needs default)')
        or diag($out);
}

done_testing();
