#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# conf/blake2neon.cnf: it activates blake2neon next to default by file
# name (OPENSSL_MODULES finds it, as the modules directory does once
# installed), prefers blake2neon without requiring it, and its `backend`
# key, with the BLAKE2NEON_BACKEND variable winning over it. That every
# BLAKE2b name then comes from blake2neon and the rest from default is
# checked inside a program by t_conf (test/c/t_conf.c).
use strict;
use warnings;
use File::Spec;
use Test::More;
use B2NTest;

my $sample = conf_sample();
my $text = do {
    open my $fh, '<', $sample or BAIL_OUT("cannot read $sample: $!");
    local $/;
    <$fh>;
};

# The provider section of the sample: the one that loads blake2neon.so.
my @sections = split /^(?=\[)/m, $text;
my ($ours) = grep { /^\s*module\s*=\s*blake2neon\.so\s*$/m } @sections;
ok(defined $ours, 'a section says module = blake2neon.so, a bare file name')
    or BAIL_OUT("no 'module = blake2neon.so' section in $sample");
like($ours, qr/^\s*activate\s*=\s*1\s*$/m, 'it activates the provider');
like($ours, qr/^#\s*backend\s*=/m, 'it shows the backend key, commented out');
like($text, qr/^\s*default\s*=/m, 'default is configured too');
like($text, qr/^\s*alg_section\s*=\s*(\S+)\s*$/m, 'it names an alg_section');
my ($alg_name) = $text =~ /^\s*alg_section\s*=\s*(\S+)\s*$/m;
my ($alg) = grep { /^\[\s*\Q${\($alg_name \/\/ '')}\E\s*\]/ } @sections;
like($alg // '', qr/^\s*default_properties\s*=\s*\?provider=blake2neon\s*$/m,
     'its alg_section prefers blake2neon (?provider=blake2neon), not requires it');

# A copy of the sample with `backend = $backend` set in our section, and
# without `activate` if asked.
my $copies = 0;
sub conf_copy {
    my (%o) = @_;
    my $section = $ours;
    if (defined $o{backend}) {
        $section =~ s/^#\s*backend\s*=.*$/backend = $o{backend}/m
            or die 'no commented backend line';
    }
    if ($o{no_activate}) {
        $section =~ s/^\s*activate\s*=.*\n//m or die 'no activate line';
    }
    my $path = File::Spec->catfile(scratch_dir(), 'conf' . ++$copies . '.cnf');
    open my $fh, '>', $path or die "$path: $!";
    print {$fh} join '', map { $_ eq $ours ? $section : $_ } @sections;
    close $fh or die "$path: $!";
    return $path;
}

# Run openssl the way the sample's users do: no -provider options.
sub with_conf {
    my ($conf, $backend_env, @args) = @_;
    return run_openssl({ env => { OPENSSL_CONF => $conf,
                                  OPENSSL_MODULES => module_dir(),
                                  BLAKE2NEON_BACKEND => $backend_env } },
                       @args);
}

# The provider blocks of `openssl list -providers [-verbose]`, by name.
sub providers {
    my ($out) = @_;
    my %p;
    while ($out =~ /^  (\S+)\n((?:    .*\n)*)/mg) {
        $p{$1} = $2;
    }
    return \%p;
}

sub backend_of {
    my ($block) = @_;
    return ($block // '') =~ /build info: blake2neon \S+ backend=(\S+)/ ? $1 : undef;
}

my $file = pattern_file(129);

# The sample as shipped.
{
    my $r = with_conf($sample, undef, 'dgst', '-BLAKE2B-256', $file);
    exits_ok($r, 'sample: dgst -BLAKE2B-256');
    is($r->{out}, "BLAKE2B-256($file)= " . kat(32, 0, 129) . "\n",
       'sample: digest');
    $r = with_conf($sample, undef, 'dgst', '-BLAKE2B-512', $file);
    exits_ok($r, 'sample: dgst -BLAKE2B-512');
    is($r->{out}, "BLAKE2B-512($file)= " . kat(64, 0, 129) . "\n",
       'sample: BLAKE2B-512 digest');

    # What blake2neon lacks still works: the preference is not a filter.
    my $abc = File::Spec->catfile(scratch_dir(), 'abc.txt');
    open my $fh, '>', $abc or die "$abc: $!";
    print {$fh} 'abc';
    close $fh or die "$abc: $!";
    $r = with_conf($sample, undef, 'dgst', '-sha256', '-r', $abc);
    exits_ok($r, 'sample: dgst -sha256');
    like($r->{out},   # FIPS 180-2's SHA-256 of "abc"
         qr/^ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad /,
         'sample: SHA-256 from default');

    $r = with_conf($sample, undef, 'list', '-providers');
    exits_ok($r, 'sample: list -providers');
    my $p = providers($r->{out});
    like($p->{blake2neon} // '', qr/status: active/, 'sample: blake2neon active');
    like($p->{default} // '', qr/status: active/, 'sample: default active');
}

# backend = generic is honoured.
{
    my $conf = conf_copy(backend => 'generic');
    my $r = with_conf($conf, undef, 'list', '-providers', '-verbose');
    exits_ok($r, 'backend = generic: list');
    is(backend_of(providers($r->{out})->{blake2neon}), 'generic',
       'backend = generic: build info says backend=generic');
    $r = with_conf($conf, undef, 'dgst', '-BLAKE2B-384', $file);
    exits_ok($r, 'backend = generic: dgst');
    is($r->{out}, "BLAKE2B-384($file)= " . kat(48, 0, 129) . "\n",
       'backend = generic: digest');
}

# An activated provider that fails to load: OpenSSL 3.0 drops it from the
# config without a word (crypto/provider_conf.c treats it as non-fatal), so
# all we can require is that our code does not run; an OpenSSL that makes
# it fatal must show our message.
sub not_loaded {
    my ($r, $name) = @_;
    if ($r->{exit} != 0) {
        fails_cleanly($r, "$name (load failure is fatal here)", qr/nonsense/);
    } else {
        ok(!exists providers($r->{out})->{blake2neon},
           "$name: blake2neon is not active") or diag($r->{out});
    }
}

{
    my $conf = conf_copy(backend => 'nonsense');
    not_loaded(with_conf($conf, undef, 'list', '-providers'),
               'backend = nonsense');
    fails_cleanly(with_conf($conf, undef, 'dgst', '-BLAKE2B-256', $file),
                  'backend = nonsense: dgst', qr/BLAKE2B-256/);

    # Where the application loads the provider itself, it sees the error:
    # the section (without activate) still hands `backend` to the provider.
    my $lazy = conf_copy(backend => 'nonsense', no_activate => 1);
    fails_cleanly(with_conf($lazy, undef, 'list', '-provider', 'blake2neon',
                            '-providers'),
                  'backend = nonsense, loaded by -provider',
                  qr/config key backend.*'nonsense'/);

    # The environment wins over the config file.
    my $r = with_conf($conf, 'generic', 'list', '-providers', '-verbose');
    exits_ok($r, 'BLAKE2NEON_BACKEND=generic over backend = nonsense');
    is(backend_of(providers($r->{out})->{blake2neon}), 'generic',
       'BLAKE2NEON_BACKEND=generic over backend = nonsense: backend=generic');
    $r = with_conf($conf, 'generic', 'dgst', '-BLAKE2B-160', $file);
    exits_ok($r, 'BLAKE2NEON_BACKEND=generic over nonsense: dgst');
    is($r->{out}, "BLAKE2B-160($file)= " . kat(20, 0, 129) . "\n",
       'BLAKE2NEON_BACKEND=generic over nonsense: digest');
}

# BLAKE2NEON_BACKEND=nonsense: a clear message where the application loads
# the provider, and never our code from the config file either.
{
    my $r = run_openssl({ env => { BLAKE2NEON_BACKEND => 'nonsense' } },
                        'dgst', provider_args(), '-BLAKE2B-256', $file);
    fails_cleanly($r, 'BLAKE2NEON_BACKEND=nonsense',
                  qr/BLAKE2NEON_BACKEND.*'nonsense'/);

    not_loaded(with_conf($sample, 'nonsense', 'list', '-providers'),
               'sample with BLAKE2NEON_BACKEND=nonsense');
}

done_testing();
