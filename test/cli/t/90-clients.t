#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# Ruby's OpenSSL::Digest, PHP's openssl_digest, Node's crypto.createHash
# and Perl's Net::SSLeay hash a file with BLAKE2b through OpenSSL. What is
# asserted is blake2neon's part, and holds on any version of each program
# that works:
#   - BLAKE2b512 under B2NTest's strict config (every fetch without a
#     query of its own requires provider=blake2neon) gives hashlib's
#     value, and the same run with the module out of reach fails: the
#     value came from our code, not from default's identical bytes;
#   - the sample config, the route users take, gives that value too;
#   - BLAKE2B-160/256/384/512 by their provider names, under the strict
#     config: where a program reaches them, the value must be right.
# What a program cannot reach is its own limit (EVP_get_digestbyname
# knows only OpenSSL's built-in names; Node 21+ also asks EVP_MD_fetch):
# printed as a "# note:" line, not asserted; docs/clients.md keeps the
# table. Each program missing here is skipped with the package that
# brings it.
use strict;
use warnings;
use Cwd qw(realpath);
use File::Spec;
use Test::More;
use B2NTest;

plan skip_all => 'cross build: host interpreters cannot load the target\'s module'
    if length($ENV{BLAKE2NEON_EMULATOR} // '');
plan skip_all => "sanitized build ($ENV{BLAKE2NEON_SANITIZED}): the interpreters cannot load "
               . 'an instrumented module; an ordinary build runs this test'
    if length($ENV{BLAKE2NEON_SANITIZED} // '');

my $file = pattern_file(129);

sub info { diag("note: $_[0]") }

# Every `name` on PATH, each file once.
sub on_path {
    my ($name) = @_;
    my (%seen, @found);
    for my $dir (File::Spec->path) {
        my $path = File::Spec->catfile($dir, $name);
        next unless -f $path && -x _;
        my $real = realpath($path) // $path;
        push @found, $path unless $seen{$real}++;
    }
    return @found;
}

# Node: BLAKE2NEON_NODE, or the first node on PATH that links the system
# libcrypto (Debian's nodejs does; upstream and NodeSource builds carry
# their own OpenSSL). Any of them can load the module; the note says which
# one ran.
sub pick_node {
    return $ENV{BLAKE2NEON_NODE} if length($ENV{BLAKE2NEON_NODE} // '');
    my @nodes = on_path('node');
    return undef unless @nodes;
    for my $node (@nodes) {
        my ($status, $out) = run_host({}, 'ldd', $node);
        if ($status == 0 && $out =~ /^\s*(libcrypto\.so\S*) => (\S+)/m) {
            info("node: $node links $1 ($2)");
            return $node;
        }
    }
    info('node: no node on PATH links the system libcrypto '
         . "(@nodes: each carries its own OpenSSL); testing $nodes[0]");
    return $nodes[0];
}
my $node = pick_node();

# Each program: its command hashing $ARGV-style (digest name, file), the
# command that says which version runs on which OpenSSL, the Debian package.
my %clients = (
    ruby => {
        package => 'ruby',
        limit => 'it looks names up with EVP_get_digestbyname, which knows built-in names only',
        probe => ['ruby', '-ropenssl', '-e', '1'],
        version => ['ruby', '-ropenssl', '-e',
                    'puts "Ruby #{RUBY_VERSION}, openssl gem #{OpenSSL::VERSION}, '
                    . '#{OpenSSL::OPENSSL_LIBRARY_VERSION}"'],
        cmd => sub { ('ruby', '-ropenssl', '-e',
                      'puts OpenSSL::Digest.new(ARGV[0]).hexdigest(File.binread(ARGV[1]))',
                      @_) },
        # Under the strict config: `require "openssl"` also loads ssl.rb,
        # which parses a DH key at load and so needs default's decoders,
        # which the strict config rules out. OpenSSL::Digest lives in the
        # C extension, openssl.so, loaded alone here.
        strict_cmd => sub { ('ruby', '-e',
                             'require "openssl.so";'
                             . ' puts OpenSSL::Digest.new(ARGV[0]).hexdigest(File.binread(ARGV[1]))',
                             @_) },
    },
    php => {
        package => 'php-cli',
        limit => 'it looks names up with EVP_get_digestbyname, which knows built-in names only',
        probe => ['php', '-r', 'exit(function_exists("openssl_digest") ? 0 : 1);'],
        version => ['php', '-r', 'echo "PHP ", PHP_VERSION, ", ", OPENSSL_VERSION_TEXT, "\n";'],
        cmd => sub { ('php', '-r',
                      '$d = openssl_digest(file_get_contents($argv[2]), $argv[1]);'
                      . ' if ($d === false) { fwrite(STDERR, "openssl_digest: "'
                      . ' . openssl_error_string() . "\n"); exit(1); } echo $d, "\n";',
                      '--', @_) },
    },
    node => {
        package => 'nodejs',
        limit => 'Node before 21 looks names up with EVP_get_digestbyname only, '
                 . 'which knows built-in names; 21+ also asks EVP_MD_fetch',
        probe => defined $node ? [$node, '-e', '0'] : undef,
        version => [$node // 'node', '-p',
                    '"Node " + process.version + ", OpenSSL " + process.versions.openssl'],
        # Node reads the `nodejs_conf` section unless told to share OpenSSL's.
        cmd => sub { ($node, '--openssl-shared-config', '-e',
                      'const [md, f] = process.argv.slice(1);'
                      . ' console.log(require("crypto").createHash(md)'
                      . '.update(require("fs").readFileSync(f)).digest("hex"))',
                      @_) },
    },
    'Net::SSLeay' => {
        package => 'libnet-ssleay-perl',
        limit => 'EVP_get_digestbyname knows built-in names only',
        probe => [$^X, '-MNet::SSLeay', '-e', '1'],
        version => [$^X, '-MNet::SSLeay', '-e',
                    'print "Net::SSLeay $Net::SSLeay::VERSION, ",'
                    . ' Net::SSLeay::SSLeay_version(0), "\n"'],
        cmd => sub { ($^X, '-MNet::SSLeay', '-e',
                      'Net::SSLeay::initialize();'
                      . ' my $md = Net::SSLeay::EVP_get_digestbyname($ARGV[0])'
                      . ' or die "EVP_get_digestbyname: unknown name $ARGV[0]\n";'
                      . ' open my $f, "<:raw", $ARGV[1] or die; local $/;'
                      . ' my $d = Net::SSLeay::EVP_Digest(scalar <$f>, $md)'
                      . ' or die "EVP_Digest failed\n";'
                      . ' print unpack("H*", $d), "\n"',
                      @_) },
    },
);

# Run a command with OPENSSL_CONF=$conf and the module found in
# $modules; returns (exit status, output).
sub run_with {
    my ($conf, $modules, @cmd) = @_;
    # Node loads NODE_EXTRA_CA_CERTS at start-up, which the strict config
    # cannot (no key loading): only a warning, but noise in the notes.
    return run_host({ OPENSSL_CONF => $conf, OPENSSL_MODULES => $modules,
                      NODE_EXTRA_CA_CERTS => undef }, @cmd);
}

# The digest of $size bytes in the output, as its own line (warnings may
# come before or after it).
sub digest_in {
    my ($out, $size) = @_;
    my $n = 2 * $size;
    my ($hex) = $out =~ /^([0-9a-f]{$n})\r?$/m;
    return $hex // '';
}

# The line of a failed run that says why, for the notes.
sub why {
    my ($out) = @_;
    my @lines = grep { /\S/ && !/^\s*Warning\b/ } split /\n/, $out;
    my ($line) = grep { /error|unsupported|not supported|unknown|invalid/i } @lines;
    $line //= $lines[0] // '(no message)';
    $line =~ s/^\s+//;
    return length $line > 160 ? substr($line, 0, 157) . '...' : $line;
}

sub installed {
    my ($probe) = @_;
    return 0 unless defined $probe;
    if ($probe->[0] !~ m{/}) {
        return 0 unless on_path($probe->[0]);
    }
    my ($status) = run_with(File::Spec->devnull, no_module_dir(), @$probe);
    return $status == 0;
}

my $want = kat(64, 0, 129);
for my $name (sort keys %clients) {
    my $c = $clients{$name};
    SKIP: {
        skip "$name is not installed (Debian package $c->{package})", 5
            unless installed($c->{probe});
        my (undef, $version) = run_with(empty_conf(), no_module_dir(), @{ $c->{version} });
        chomp $version;
        info("$name: $version");

        my $strict = $c->{strict_cmd} // $c->{cmd};
        my ($status, $out) = run_with(strict_conf(), module_dir(),
                                      $strict->('BLAKE2b512', $file));
        is($status, 0, "$name: BLAKE2b512 with provider=blake2neon required: exit 0")
            or diag($out);
        is(digest_in($out, 64), $want,
           "$name: BLAKE2b512 with provider=blake2neon required: our digest")
            or diag($out);
        ($status, $out) = run_with(strict_conf(), no_module_dir(),
                                   $strict->('BLAKE2b512', $file));
        isnt($status, 0, "$name: the same with blake2neon out of reach fails "
             . '(so the value above is ours)') or diag($out);

        ($status, $out) = run_with(conf_sample(), module_dir(),
                                   $c->{cmd}->('BLAKE2b512', $file));
        is($status, 0, "$name: BLAKE2b512 through the sample config: exit 0")
            or diag($out);
        is(digest_in($out, 64), $want, "$name: BLAKE2b512 through the sample config: digest")
            or diag($out);

        # The provider names, which only blake2neon has (BLAKE2B-512 is
        # also default's, but the strict config rules default out).
        for my $size (20, 32, 48, 64) {
            my $md = 'BLAKE2B-' . $size * 8;
            ($status, $out) = run_with(strict_conf(), module_dir(),
                                       $strict->($md, $file));
            if ($status == 0) {
                is(digest_in($out, $size), kat($size, 0, 129),
                   "$name: $md reached: our digest") or diag($out);
            } else {
                info("$name ($version) cannot reach $md: " . why($out)
                     . "; $c->{limit}");
            }
        }
    }
}

# Without --openssl-shared-config Node reads the section `nodejs_conf`
# names: the route docs/clients.md gives for plain `node`.
SKIP: {
    skip 'node is not installed (Debian package nodejs)', 3
        unless installed($clients{node}{probe});
    my @plain = ($node, '-e',
                 'console.log(require("crypto").createHash("BLAKE2b512")'
                 . '.update(require("fs").readFileSync(process.argv[1])).digest("hex"))',
                 $file);
    my ($status, $out) = run_with(strict_conf(), module_dir(), @plain);
    is($status, 0, 'plain node, nodejs_conf with provider=blake2neon required: exit 0')
        or diag($out);
    is(digest_in($out, 64), $want, 'plain node, nodejs_conf: our digest') or diag($out);
    ($status, $out) = run_with(strict_conf(), no_module_dir(), @plain);
    isnt($status, 0, 'plain node, nodejs_conf, blake2neon out of reach: fails')
        or diag($out);
}

done_testing();
