#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# gdb stops inside an assembly backend and its backtrace reaches main.
#
#   gdb_backtrace.pl GDB FUNCTION PROGRAM ARGS...
# gdb breaks at FUNCTION's entry and steps 24 instructions into it (past
# any prologue, into the work on the first block) before asking for the
# backtrace. PROGRAM must call FUNCTION on at least one block; if it never
# calls it because this CPU cannot run the backend, the test is skipped.
use strict;
use warnings;
use Test::More;

my ($gdb, $func, @program) = @ARGV;
die "usage: $0 GDB FUNCTION PROGRAM ARGS...\n" unless @program;

my @cmd = ($gdb, '-nx', '-batch', '-ex', 'set pagination off',
           '-ex', "break *$func", '-ex', 'run', '-ex', 'stepi 24', '-ex', 'bt',
           '-ex', 'kill', '--args', @program);
my $out = qx{@{[ join ' ', map { quotemeta } @cmd ]} 2>&1};

if ($out !~ /^Breakpoint 1, /m) {
    if ($out =~ /\b(?:skipped|cannot run)\b/ && $out =~ /exited normally|exited with code/) {
        plan skip_all => "the program never called $func (this CPU cannot run it)";
    }
    fail("gdb stopped in $func") and diag($out);
    done_testing();
    exit;
}
my @frames = $out =~ /^#\d+\s+(?:0x[0-9a-f]+ in )?(\S+)/mg;
is($frames[0] // '', $func, "gdb stopped in $func") or diag($out);
ok((grep { $_ eq 'main' } @frames), "the backtrace from $func reaches main")
    or diag($out);
unlike($out, qr/Backtrace stopped|corrupt stack/i, 'the backtrace is whole')
    or diag($out);
done_testing();
