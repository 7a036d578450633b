#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# Python through the sample config: hashlib.new, hmac.new/digest and
# hashlib.pbkdf2_hmac with our names give what hashlib.blake2b and a
# written-out HMAC/PBKDF2 give (test/cli/python_clients.py), and, inside
# the same process, a fetch with no property query picks blake2neon for
# BLAKE2B-512; under a config that requires provider=blake2neon, hashlib.new
# gives the same values for every name. Without the provider, the three
# shorter names are unknown (the control).
use strict;
use warnings;
use File::Basename qw(dirname);
use File::Spec;
use Test::More;
use B2NTest;

my $script = File::Spec->catfile(dirname(File::Spec->rel2abs(__FILE__)), '..',
                                 'python_clients.py');
my $python = $ENV{BLAKE2NEON_PYTHON} || 'python3';

plan skip_all => 'cross build: the host python3 cannot load the target\'s module'
    if length($ENV{BLAKE2NEON_EMULATOR} // '');
plan skip_all => "sanitized build ($ENV{BLAKE2NEON_SANITIZED}): python3 cannot load "
               . 'an instrumented module; an ordinary build runs this test'
    if length($ENV{BLAKE2NEON_SANITIZED} // '');
plan skip_all => "no $python on PATH (install python3 to run this test)"
    unless grep { -x File::Spec->catfile($_, $python) } File::Spec->path;
plan skip_all => "$python has no OpenSSL-backed hashlib (_hashlib)"
    if system($python, '-c', 'import _hashlib') != 0;

# run_python(\%env, @args): the status and the lines printed.
sub run_python {
    my ($env, @args) = @_;
    local %ENV = (%ENV, %$env);
    open my $ph, '-|', $python, $script, @args or die "$python: $!";
    my @lines = <$ph>;
    close $ph;
    return ($? , @lines);
}

sub checks {
    my ($status, @lines) = @_;
    is($status, 0, 'python exits 0') or diag(@lines);
    my $n = 0;
    for (@lines) {
        chomp;
        my ($kind, $name, $got, $want) = split /\t/;
        if ($kind eq 'CHECK') {
            is($got, $want, $name);
            $n++;
        } else {
            note($name // $_);
        }
    }
    return $n;
}

my $n = checks(run_python({ OPENSSL_CONF => conf_sample(),
                            OPENSSL_MODULES => module_dir() }));
cmp_ok($n, '>=', 23, 'python ran every check (hashlib, hmac, pbkdf2 and the fetch)');

# Every digest fetch required to come from blake2neon: hashlib.new's
# values are then ours, BLAKE2B-512 and blake2b512 included.
$n = checks(run_python({ OPENSSL_CONF => strict_conf(),
                         OPENSSL_MODULES => module_dir() }, '--strict'));
cmp_ok($n, '>=', 6, 'python ran hashlib.new with provider=blake2neon required');

# The control: without the provider OpenSSL has none of the three names,
# so the values above came from blake2neon.
$n = checks(run_python({ OPENSSL_CONF => empty_conf() }, '--absent'));
cmp_ok($n, '>=', 3, 'python ran the checks without the provider');

done_testing();
