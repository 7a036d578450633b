#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# The assembly backends carry unwind information covering the whole
# function, so that profilers, debuggers and unwinders can step through
# them: a DWARF FDE (.eh_frame or .debug_frame) whose range is exactly the
# function's symbol, and on 32-bit Arm also an EHABI (.ARM.exidx) entry
# that restores the registers the function saves: each POP is one pop of
# that entry as readelf -u prints it, e.g. 'D8-D15' or 'r4, r5, r6, r14'.
#
#   check_unwind.pl READELF FILE FUNCTION [arm POP...]   (READELF: GNU readelf)
use strict;
use warnings;
use Test::More;

my ($readelf, $file, $func, $arm, @pops) = @ARGV;
die "usage: $0 READELF FILE FUNCTION [arm POP...]\n" unless defined $func;

# Run a command without a shell (the paths may hold spaces); its output,
# standard error included.
sub run {
    my @cmd = @_;
    my $pid = open(my $fh, '-|') // die "fork: $!";
    if (!$pid) {
        open STDERR, '>&', \*STDOUT or die "stderr: $!";
        exec { $cmd[0] } @cmd or die "$cmd[0]: $!";
    }
    local $/;
    my $out = <$fh> // '';
    close $fh;
    die "@cmd: exit $?\n$out" if $?;
    return $out;
}
sub num { my ($s) = @_; return $s =~ /^0x/i ? hex $s : $s }

# The function's symbol: value and size (readelf -s prints big sizes in hex).
my ($start, $size);
for (split /\n/, run($readelf, '-sW', $file)) {
    my @f = split ' ';
    next unless @f >= 8 && $f[7] eq $func && $f[3] eq 'FUNC';
    ($start, $size) = (hex($f[1]) & ~1, num($f[2]));  # bit 0: Thumb
    last;
}
ok(defined $start && $size > 0, "$func is a sized function symbol in $file")
    or BAIL_OUT("no symbol $func");
my $end = $start + $size;

# An FDE with pc=START..END exactly.
my @fdes = run($readelf, '--debug-dump=frames', $file)
    =~ /\bFDE\b.*\bpc=([0-9a-f]+)\.\.([0-9a-f]+)/g;
my $found = 0;
while (my ($lo, $hi) = splice @fdes, 0, 2) {
    $found = 1 if hex($lo) == $start && hex($hi) == $end;
}
ok($found, sprintf('an FDE covers %s exactly (pc=%x..%x)', $func, $start, $end));

if (defined $arm) {
    # readelf -u: "0xADDR <func>: @0x..." then one line per opcode.
    my $text = run($readelf, '-u', $file);
    my ($entry) = $text =~ /^(0x[0-9a-f]+ <\Q$func\E>:.*?)(?=^0x|\z)/ms;
    ok(defined $entry, "an .ARM.exidx entry starts at $func")
        or diag($text);
    $entry //= '';
    unlike($entry, qr/cantunwind/i, "$func: the entry can unwind");
    like($entry, qr/pop \{\Q$_\E\}/, "$func: pop {$_}") for @pops;
    like($entry, qr/pop \{(?:[^}]*, )?r14\}/, "$func: the return address is found");
}

done_testing();
