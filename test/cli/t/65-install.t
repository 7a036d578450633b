#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# `cmake --install` honours a prefix: with --prefix, with DESTDIR, and with a
# CMAKE_INSTALL_PREFIX given at configure time (a second, module-only build
# of the source tree). Each install goes into a temporary tree and nowhere
# else (install_manifest.txt), and the installed module, found through
# OPENSSL_MODULES alone, gives hashlib's digests (test/data/kat.txt).
# Without a prefix the module lands where the openssl under test looks and
# everything else under /usr/local; `uninstall` removes all it wrote.
use strict;
use warnings;
use File::Find ();
use File::Spec;
use Test::More;
use B2NTest;

my %need = (
    cmake  => $ENV{BLAKE2NEON_CMAKE},
    build  => $ENV{BLAKE2NEON_BUILD_DIR},
    source => $ENV{BLAKE2NEON_SOURCE_DIR},
    prefix => $ENV{BLAKE2NEON_INSTALL_PREFIX},
);
for (sort keys %need) {
    BAIL_OUT("BLAKE2NEON_\U$_\E is not set (test/cli/CMakeLists.txt sets it)")
        unless defined $need{$_} && length $need{$_};
}
my ($cmake, $build) = @need{qw(cmake build)};

my @lengths = (0, 1, 128, 129, 255);
my @files = map { pattern_file($_) } @lengths;
my @want = map { kat(32, 0, $_) } @lengths;

# Every file the last install wrote (absolute paths, one a line).
sub manifest {
    my ($dir) = @_;
    my $path = File::Spec->catfile($dir, 'install_manifest.txt');
    open my $fh, '<', $path or return ();
    chomp(my @lines = <$fh>);
    return grep { length } @lines;
}

# The blake2neon.so files under $root.
sub modules_under {
    my ($root) = @_;
    my @found;
    File::Find::find(sub { push @found, $File::Find::name if $_ eq 'blake2neon.so' },
                     $root) if -d $root;
    return @found;
}

# Loading through OPENSSL_MODULES=$dir only: hashlib's BLAKE2B-256 digests.
sub hashes_from {
    my ($dir, $name) = @_;
    my $r = run_openssl({ env => { OPENSSL_MODULES => $dir } },
                        'dgst', '-provider', 'blake2neon', '-BLAKE2B-256', '-r', @files);
    exits_ok($r, "$name: dgst with OPENSSL_MODULES=$dir") or return;
    is_deeply([ map { $_->[2] } parse_dgst_lines($r->{out}) ], \@want,
              "$name: BLAKE2B-256 of @lengths bytes as hashlib");
}

# One install into $root: it succeeds, writes only under $root, and puts
# exactly one blake2neon.so there, which loads. Returns its directory.
sub install_ok {
    my ($name, $root, $dir, $env, @args) = @_;
    my ($status, $out) = run_host($env, $cmake, '--install', $dir, @args);
    ok($status == 0, "$name: cmake --install @args") or diag($out);
    # The manifest leaves DESTDIR out.
    my @written = map { ($env->{DESTDIR} // '') . $_ } manifest($dir);
    ok(@written, "$name: the install wrote files");
    is_deeply([ grep { !-e } @written ], [], "$name: every file it lists exists");
    my @outside = grep { index($_, "$root/") != 0 } @written;
    is_deeply(\@outside, [], "$name: every file written is under $root");
    my @mods = modules_under($root);
    is(scalar @mods, 1, "$name: one blake2neon.so under $root") or diag("@mods");
    return unless @mods == 1;
    (my $moddir = $mods[0]) =~ s{/blake2neon\.so$}{};
    ok((grep { m{/share/doc/blake2neon/blake2neon\.cnf$} && -f } @written),
       "$name: the sample config is installed with the docs");
    hashes_from($moddir, $name);
    return $moddir;
}

my $tmp = scratch_dir();

# Nothing else on the path: with an empty OPENSSL_MODULES the provider
# is not found, so the loads below come from the trees they name.
mkdir "$tmp/empty" or die "$tmp/empty: $!";
my $r = run_openssl({ env => { OPENSSL_MODULES => "$tmp/empty" } },
                    'list', '-provider', 'blake2neon', '-providers');
ok($r->{status} != 0, 'an empty OPENSSL_MODULES finds no blake2neon')
    or diag($r->{out});

# The module's destination as configured: relative to the prefix, unless
# BLAKE2NEON_MODULESDIR (or an OpenSSL outside its own prefix) made it
# absolute; then --prefix cannot move it and would write outside the tree.
my $dest = $ENV{BLAKE2NEON_MODULE_DESTINATION} // '';
my $absolute = File::Spec->file_name_is_absolute($dest);
my $v = run_openssl('version', '-m');
my ($modulesdir) = $v->{out} =~ /MODULESDIR: "([^"]+)"/;

# No prefix given (and no BLAKE2NEON_MODULESDIR): the module goes where
# the openssl under test looks, an absolute path.
my $defaulted = ($ENV{BLAKE2NEON_PREFIX_IS_DEFAULT} // '') =~ /^(ON|1|TRUE|YES)$/i
    && !length($ENV{BLAKE2NEON_MODULESDIR_GIVEN} // '');
if ($defaulted) {
    is($need{prefix}, '/usr/local', 'no prefix: the prefix is /usr/local');
    is($dest, $modulesdir, "no prefix: the module goes to openssl's MODULESDIR");
}

# 1. --prefix at install time.
my $rel;
if ($absolute) {
    SKIP: { skip "the module's destination $dest is absolute (no prefix was configured, or BLAKE2NEON_MODULESDIR): --prefix cannot move it; case 4 runs --prefix on a build configured with one", 1 }
} else {
    my $p = "$tmp/prefix";
    my $at_p = install_ok('--prefix', $p, $build, {}, '--prefix', $p);
    ($rel = $at_p) =~ s{^\Q$p\E/}{} if defined $at_p;
    is($rel, $dest, "--prefix: at <prefix>/$dest") if defined $rel;
}

# 2. DESTDIR: the configured place, staged under DESTDIR.
my ($status, $out);
my $d = "$tmp/destdir";
my $at_d = install_ok('DESTDIR', $d, $build, { DESTDIR => $d });
is($at_d, $absolute ? "$d$dest" : "$d$need{prefix}/$dest",
   'DESTDIR: DESTDIR/prefix/destination');
my @written_d = map { "$d$_" } manifest($build);
if ($defaulted) {
    # Only under usr/local and the module's directory, and both used.
    my @elsewhere = grep { index($_, "$d/usr/local/") != 0 && index($_, "$d$modulesdir/") != 0 }
        @written_d;
    is_deeply(\@elsewhere, [], "DESTDIR, no prefix: only under usr/local and $modulesdir");
    ok((grep { m{^\Q$d\E/usr/local/bin/b2nsum$} } @written_d), 'DESTDIR, no prefix: usr/local/bin/b2nsum');
    ok((grep { m{^\Q$d\E/usr/local/include/} } @written_d), 'DESTDIR, no prefix: a header under usr/local/include');
    is_deeply([ grep { index($_, "$d$modulesdir/") == 0 } @written_d ],
              ["$d$modulesdir/blake2neon.so"], 'DESTDIR, no prefix: the module alone in the modules directory');
}
# uninstall: every file the install wrote is gone, and no other file is
# left in the tree.
($status, $out) = run_host({ DESTDIR => $d }, $cmake, '--build', $build, '--target', 'uninstall');
ok($status == 0, 'DESTDIR: uninstall') or diag($out);
is_deeply([ grep { -e || -l } @written_d ], [], 'uninstall removed every file install wrote');
my @left;
File::Find::find(sub { push @left, $File::Find::name unless -d }, $d);
is_deeply(\@left, [], "uninstall left no file under $d");

# 3. CMAKE_INSTALL_PREFIX at configure time: a build of what installs (the
# module, the library and b2nsum), without tests or the benchmark.
my $b = "$tmp/build-prefixed";
my $cp = "$tmp/configured";
my @configure = ($cmake, '-S', $need{source}, '-B', $b, "-DCMAKE_INSTALL_PREFIX=$cp",
                 '-DBLAKE2NEON_TESTS=OFF', '-DBLAKE2NEON_BENCH=OFF');
for my $var (qw(CMAKE_TOOLCHAIN_FILE BLAKE2NEON_SYSROOT CMAKE_C_COMPILER CMAKE_C_FLAGS)) {
    my $val = $ENV{"B2N_CONFIGURE_$var"};
    push @configure, "-D$var=$val" if defined $val && length $val;
}
($status, $out) = run_host({}, @configure);
ok($status == 0, 'configure with CMAKE_INSTALL_PREFIX') or diag($out);
my ($said) = $out =~ /set OPENSSL_MODULES=(\S+)/;
($status, $out) = run_host({}, $cmake, '--build', $b, '-j2');
ok($status == 0, 'build what installs') or diag($out);
my $at_c = install_ok('CMAKE_INSTALL_PREFIX', $cp, $b, {});
like($at_c // '', qr{^\Q$cp\E/lib[^/]*(/[^/]+)?/ossl-modules$},
     'CMAKE_INSTALL_PREFIX: into <prefix>/<libdir>/ossl-modules');
is($said, $at_c, 'configure names that directory for OPENSSL_MODULES')
    if defined $modulesdir && $modulesdir ne ($at_c // '');

# 4. --prefix at install time over a configured prefix (the build of 3):
# the module's relative destination moves with the rest.
if (defined $at_c) {
    my $p = "$tmp/prefix2";
    my $at = install_ok('--prefix over CMAKE_INSTALL_PREFIX', $p, $b, {}, '--prefix', $p);
    (my $moved = $at // '') =~ s{^\Q$p\E/}{};
    (my $configured = $at_c) =~ s{^\Q$cp\E/}{};
    is($moved, $configured, '--prefix: the same <libdir>/ossl-modules under the new prefix');
}

done_testing();
