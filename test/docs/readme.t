#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# README.md is the page a user scans, and the one the package installs: at
# most 150 lines, no project history (issue numbers), its quick-start
# commands the ones CI runs word for word, and every relative link in it
# and in docs/*.md pointing at a file (and heading) that exists.
#
#   prove -v test/docs/readme.t :: SOURCE_DIR     (CTest: docs-readme)
use strict;
use warnings;
use File::Basename qw(dirname);
use File::Spec;
use Test::More;

my $src = $ARGV[0] // File::Spec->catdir(dirname(__FILE__), '..', '..');

sub slurp {
    my ($path) = @_;
    open my $fh, '<', $path or die "$path: $!";
    local $/;
    return scalar <$fh>;
}

my $readme = slurp("$src/README.md");
my @lines = split /\n/, $readme, -1;
pop @lines if @lines && $lines[-1] eq '';    # the final newline
cmp_ok(scalar @lines, '<=', 150, 'README.md has at most 150 lines')
    or diag(scalar(@lines) . ' lines');

my @history = grep { /\bissues?\b/i || /(?<![\w&])#\d+\b/ || /seed patch/i }
    @lines;
is_deeply(\@history, [], 'README.md names no issue, #NN or seed patch')
    or diag(join "\n", @history);

# The quick start, exactly as CI runs it (scripts/ci-release.sh) and as the
# README has always given it.
my $dgst = 'cmake -S . -B build && cmake --build build && openssl dgst '
    . '-provider-path build -provider blake2neon -BLAKE2B-256 README.md';
my $test = 'cmake -S . -B build && cmake --build build && '
    . 'ctest --test-dir build --output-on-failure';
for my $cmd ($dgst, $test) {
    ok((grep { $_ eq "    $cmd" } @lines), "README.md gives: $cmd");
}
my @ci = split /\n/, slurp("$src/scripts/ci-release.sh");
ok((grep { $_ eq $test } @ci),
   'scripts/ci-release.sh runs the README test command word for word');
# scripts/readme-commands.sh is the new user, in a pristine chroot: the
# README's install line (as for a root shell, as the README gives it) and
# both commands, as written.
my @user = split /\n/, slurp("$src/scripts/readme-commands.sh");
my ($install) = grep { /^\s+(?:sudo )?apt-get install -y / } @lines;
ok(defined $install, 'README.md gives an apt-get install line');
if (defined $install) {
    (my $as_root = $install) =~ s/^\s+(?:sudo )?//;
    ok((grep { index($_, $as_root) == 0 } @user),
       "scripts/readme-commands.sh runs: $as_root");
}
for my $cmd ($dgst, $test) {
    ok((grep { $_ eq $cmd } @user), "scripts/readme-commands.sh runs: $cmd");
}

# GitHub's anchor for a heading: lower case, punctuation other than - and _
# dropped, spaces as hyphens.
sub anchors {
    my ($text) = @_;
    my %a;
    my $in_code = 0;
    for (split /\n/, $text) {
        $in_code = !$in_code if /^```/;
        next if $in_code || !/^#{1,6}\s+(.*?)\s*$/;
        (my $slug = lc $1) =~ s/[^\w\- ]//g;
        $slug =~ tr/ /-/;
        $a{$slug} = 1;
    }
    return \%a;
}

opendir my $dh, "$src/docs" or die "$src/docs: $!";
my @pages = ('README.md', map { "docs/$_" } sort grep { /\.md\z/ } readdir $dh);
closedir $dh;
for my $page (@pages) {
    my $text = slurp("$src/$page");
    my @bad;
    while ($text =~ /\]\(([^)\s]+)\)/g) {
        my $link = $1;
        next if $link =~ m{^[a-z][a-z0-9+.-]*:}i;    # http:, mailto:, ...
        my ($file, $anchor) = split /#/, $link, 2;
        my $target = length $file
            ? File::Spec->catfile($src, dirname($page), $file)
            : "$src/$page";
        if (!-e $target) {
            push @bad, "$link: no such file";
        } elsif (defined $anchor && length $anchor && $target =~ /\.md\z/
                 && !anchors(slurp($target))->{$anchor}) {
            push @bad, "$link: no such heading";
        }
    }
    is_deeply(\@bad, [], "$page: every relative link resolves")
        or diag(join "\n", @bad);
}

done_testing();
