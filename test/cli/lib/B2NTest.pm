# SPDX-License-Identifier: Apache-2.0
package B2NTest;

# Shared helpers for the command-line tests: how to run the openssl program
# (possibly through an emulator), where the module and the expected values
# are, and the checks every test repeats.
#
# CTest sets the environment (test/cli/CMakeLists.txt). By hand:
#   BLAKE2NEON_MODULE_DIR=build prove -I test/cli/lib test/cli/t
#
#   BLAKE2NEON_OPENSSL      the openssl program (default: openssl on PATH)
#   BLAKE2NEON_EMULATOR     command prefix for every openssl run, words
#                           separated by spaces (e.g. "qemu-arm -cpu cortex-a7")
#   BLAKE2NEON_MODULE_DIR   the directory holding blake2neon.so (required)
#   BLAKE2NEON_TEST_DATA    test/data (default: found from this file)
#   BLAKE2NEON_CONF_SAMPLE  conf/blake2neon.cnf (default: found from this file)
#   BLAKE2NEON_VERSION      the project version the provider must report
#   BLAKE2NEON_EXPECT_BACKEND  the backend the automatic choice must pick
#
# Every openssl run inherits the environment (so an emulator's
# QEMU_LD_PREFIX / LD_LIBRARY_PATH reach it untouched), except that
# OPENSSL_CONF points to an empty file unless a test sets it: a host
# openssl.cnf that activates providers must not change what is tested.
# A BLAKE2NEON_BACKEND set by the caller is passed on too, so the suite can
# be run on one forced backend; tests about the choice set or drop it.

use strict;
use warnings;

use Exporter 'import';
use File::Basename qw(dirname);
use File::Spec;
use File::Temp qw(tempdir);
use POSIX ();
use Test::More;

our @EXPORT = qw(
    module_dir provider_args run_openssl kat pattern_file scratch_dir
    data_file conf_sample parse_dgst_lines exits_ok fails_cleanly no_crash
    cmd_text key_hex empty_conf run_openssl_sample run_host strict_conf
    no_module_dir
);

my $here = dirname(File::Spec->rel2abs(__FILE__));

sub module_dir {
    my $dir = $ENV{BLAKE2NEON_MODULE_DIR};
    BAIL_OUT('BLAKE2NEON_MODULE_DIR is not set (the directory of blake2neon.so)')
        unless defined $dir && length $dir;
    BAIL_OUT("no blake2neon.so in BLAKE2NEON_MODULE_DIR=$dir")
        unless -e File::Spec->catfile($dir, 'blake2neon.so');
    return $dir;
}

sub data_file {
    my ($name) = @_;
    my $dir = $ENV{BLAKE2NEON_TEST_DATA} || File::Spec->catdir($here, '..', '..', 'data');
    return File::Spec->catfile($dir, $name);
}

sub conf_sample {
    return $ENV{BLAKE2NEON_CONF_SAMPLE}
        || File::Spec->catfile($here, '..', '..', '..', 'conf', 'blake2neon.cnf');
}

# OpenSSL 3.0 loads a -provider as soon as it reads it, using the search
# path set so far: -provider-path must come first.
sub provider_args {
    return ('-provider-path', module_dir(), '-provider', 'blake2neon');
}

# The key of the keyed vectors: the first $len bytes of 00 01 .. 3f.
sub key_hex {
    my ($len) = @_;
    $len //= 64;
    return join '', map { sprintf '%02x', $_ } 0 .. $len - 1;
}

my $scratch;
sub scratch_dir {
    $scratch //= tempdir('b2n-cli-XXXXXX', TMPDIR => 1, CLEANUP => 1);
    return $scratch;
}

my $empty_conf;
sub empty_conf {
    return $empty_conf if defined $empty_conf;
    $empty_conf = File::Spec->catfile(scratch_dir(), 'empty.cnf');
    open my $fh, '>', $empty_conf or die "$empty_conf: $!";
    close $fh or die "$empty_conf: $!";
    return $empty_conf;
}

# A config that makes blake2neon's digests provable in any program: both
# providers active, but every fetch without a property query of its own
# requires provider=blake2neon (a hard query, not the sample's
# preference), so a BLAKE2B-512 that works came from our code. Random
# numbers keep default's DRBG and seed through their own properties; what
# needs anything else from default (SHA-256, HMAC, key loading) fails, so
# this is for tests only. `nodejs_conf` names the same section, so Node
# reads it with or without --openssl-shared-config.
my $strict_conf;
sub strict_conf {
    return $strict_conf if defined $strict_conf;
    $strict_conf = File::Spec->catfile(scratch_dir(), 'strict.cnf');
    open my $fh, '>', $strict_conf or die "$strict_conf: $!";
    print {$fh} <<'CNF';
openssl_conf = b2n_init
nodejs_conf = b2n_init

[b2n_init]
providers = b2n_providers
alg_section = b2n_algorithms
random = b2n_random

[b2n_algorithms]
default_properties = provider=blake2neon

[b2n_random]
properties = provider=default
seed_properties = provider=default

[b2n_providers]
default = b2n_default
blake2neon = b2n_blake2neon

[b2n_default]
activate = 1

[b2n_blake2neon]
module = blake2neon.so
activate = 1
CNF
    close $fh or die "$strict_conf: $!";
    return $strict_conf;
}

# An empty directory: OPENSSL_MODULES pointing there makes the configs'
# `module = blake2neon.so` unloadable, for the runs that must then fail.
sub no_module_dir {
    my $dir = File::Spec->catdir(scratch_dir(), 'no-modules');
    mkdir $dir or die "$dir: $!" unless -d $dir;
    return $dir;
}

# A file holding the test message of $n bytes: 00 01 02 .. (i & 0xff).
my %pattern_files;
sub pattern_file {
    my ($n) = @_;
    return $pattern_files{$n} //= do {
        my $path = File::Spec->catfile(scratch_dir(), "msg$n.bin");
        open my $fh, '>:raw', $path or die "$path: $!";
        print {$fh} pack('C*', map { $_ & 0xff } 0 .. $n - 1);
        close $fh or die "$path: $!";
        $path;
    };
}

# Expected values from test/data/kat.txt (generated by hashlib):
# kat(size_in_bytes, keyed, msglen) -> lower-case hex.
my %kat;
sub kat {
    my ($size, $keyed, $msglen) = @_;
    unless (%kat) {
        my $path = data_file('kat.txt');
        open my $fh, '<', $path or BAIL_OUT("cannot read $path: $!");
        while (my $line = <$fh>) {
            next if $line =~ /^\s*(#|$)/;
            my ($s, $k, $n, $hex) = split ' ', $line;
            $kat{"$s $k $n"} = lc $hex;
        }
        close $fh;
    }
    my $hex = $kat{"$size $keyed $msglen"};
    BAIL_OUT("kat.txt has no line for size $size keyed $keyed length $msglen")
        unless defined $hex;
    return $hex;
}

sub emulator_prefix {
    my $emu = $ENV{BLAKE2NEON_EMULATOR};
    return () unless defined $emu;
    return split ' ', $emu;
}

sub openssl_program {
    my $prog = $ENV{BLAKE2NEON_OPENSSL} || 'openssl';
    BAIL_OUT("BLAKE2NEON_OPENSSL=$prog is not an executable file")
        if $prog =~ m{/} && !-x $prog;
    return $prog;
}

# run_openssl([\%opts,] @args) runs openssl @args without a shell and returns
# { out, err, status, exit, signal, cmd }. Options:
#   env   => { NAME => value, NAME => undef (removes it) }
#   stdin => a file to read as standard input (default: /dev/null)
sub run_openssl {
    my $opts = ref $_[0] eq 'HASH' ? shift : {};
    my @cmd = (emulator_prefix(), openssl_program(), @_);
    my $dir = scratch_dir();
    my $out = File::Spec->catfile($dir, 'stdout');
    my $err = File::Spec->catfile($dir, 'stderr');
    my %env = (OPENSSL_CONF => empty_conf(), %{ $opts->{env} // {} });

    my $status = spawn(\%env, $opts->{stdin} // File::Spec->devnull,
                       $out, $err, @cmd);
    return { status => $status, exit => $status >> 8, signal => $status & 127,
             cmd => cmd_text(\%env, @cmd),
             out => slurp($out), err => slurp($err) };
}

# openssl @args the way the sample config's users run it: OPENSSL_CONF
# names conf/blake2neon.cnf, OPENSSL_MODULES finds the module, and no
# -provider options.
sub run_openssl_sample {
    return run_openssl({ env => { OPENSSL_CONF => conf_sample(),
                                  OPENSSL_MODULES => module_dir() } }, @_);
}

# run_host(\%env, @cmd): a host program (never through the emulator), with
# %env added to its environment (undef removes a name) and standard input
# from /dev/null. Returns its wait status and its output, standard output
# and error together.
sub run_host {
    my ($env, @cmd) = @_;
    my $log = File::Spec->catfile(scratch_dir(), 'host.log');
    my $status = spawn($env, File::Spec->devnull, $log, undef, @cmd);
    return ($status, slurp($log));
}

# spawn(\%env, $stdin, $out, $err, @cmd): run @cmd without a shell, standard
# input from the file $stdin, output to the files $out and $err ($err
# undef: into $out too), %env added to its environment (undef removes a
# name). Returns the wait status; a command that cannot start exits 127,
# like a shell's.
sub spawn {
    my ($env, $stdin, $out, $err, @cmd) = @_;
    my $pid = fork // die "fork: $!";
    if ($pid == 0) {
        open STDIN, '<', $stdin or POSIX::_exit(126);
        open STDOUT, '>:raw', $out or POSIX::_exit(126);
        if (defined $err) {
            open STDERR, '>', $err or POSIX::_exit(126);
        } else {
            open STDERR, '>&', \*STDOUT or POSIX::_exit(126);
        }
        while (my ($k, $v) = each %$env) {
            if (defined $v) { $ENV{$k} = $v } else { delete $ENV{$k} }
        }
        { no warnings 'exec'; exec { $cmd[0] } @cmd; }
        print STDERR "cannot run $cmd[0]: $!\n";
        POSIX::_exit(127);
    }
    waitpid($pid, 0) == $pid or die "waitpid: $!";
    return $?;
}

# The whole content of a file, as bytes.
sub slurp {
    my ($path) = @_;
    open my $fh, '<:raw', $path or die "$path: $!";
    local $/;
    my $text = <$fh> // '';
    close $fh;
    return $text;
}

# The command as a shell would read it, for failure messages only.
sub cmd_text {
    my ($env, @cmd) = @_;
    my @set = map { defined $env->{$_} ? "$_=$env->{$_}" : "-u $_" }
              sort keys %$env;
    my @words = map { /^[\w\/.:=+,@-]+$/ ? $_ : "'$_'" } @cmd;
    return join ' ', (@set ? ('env', @set) : ()), @words;
}

sub describe {
    my ($r) = @_;
    return "command: $r->{cmd}\nexit: $r->{exit}, signal: $r->{signal}\n"
         . "stdout:\n$r->{out}\nstderr:\n$r->{err}";
}

# The process ended on its own: no signal, and no exit code >= 128 (which
# is how a shell or an emulator reports a signal).
sub no_crash {
    my ($r, $name) = @_;
    local $Test::Builder::Level = $Test::Builder::Level + 1;
    my $ok = ok($r->{signal} == 0 && $r->{exit} < 128, "$name: no crash");
    diag(describe($r)) unless $ok;
    return $ok;
}

# Exit status 0; on failure show what ran and what it said.
sub exits_ok {
    my ($r, $name) = @_;
    local $Test::Builder::Level = $Test::Builder::Level + 1;
    my $ok = ok($r->{status} == 0, "$name: exit 0");
    diag(describe($r)) unless $ok;
    return $ok;
}

# Non-zero exit, no crash, and a message on stderr matching $re.
sub fails_cleanly {
    my ($r, $name, $re) = @_;
    local $Test::Builder::Level = $Test::Builder::Level + 1;
    my $ok = no_crash($r, $name);
    $ok = ok($r->{status} != 0, "$name: non-zero exit") && $ok;
    $ok = like($r->{err}, $re, "$name: stderr says why") && $ok;
    diag(describe($r)) unless $ok;
    return $ok;
}

# `openssl dgst` output lines: "NAME(FILE)= hex" or, with -r, "hex *FILE".
# Returns a list of [name-or-undef, file, hex].
sub parse_dgst_lines {
    my ($text) = @_;
    my @rows;
    for my $line (split /\r?\n/, $text) {
        if ($line =~ /^(\S+)\((.*)\)= ([0-9a-f]+)$/) {
            push @rows, [$1, $2, $3];
        } elsif ($line =~ /^([0-9a-f]+) \*(.*)$/) {
            push @rows, [undef, $2, $1];
        } else {
            push @rows, [undef, undef, undef, $line];
        }
    }
    return @rows;
}

1;
