#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The compress kernels alone, measured: core cycles per byte and the
# fraction of the latency bound (x86-64: 288 core cycles per block, 2.25
# c/B), each kernel the fastest of many short calls (tools/compress-best.c).
#
#   tools/compress-best.sh [--build DIR] [--variant FILE:FUNCTION[:FLAGS]]
#                          [BLOCKS [TRIALS [ROUNDS]]]
#   e.g. tools/compress-best.sh                  (128 blocks, 200 calls, 5 rounds)
#        tools/compress-best.sh --variant /tmp/avx2.c:blake2b_compress_avx2:-mavx2
#   (what it gave, dated: docs/performance.md, "The x86-64 rule")
#
# Every backend of the build's core (DIR/core/libblake2b_core.a, default
# build/) this CPU can run, and with --variant one more row: FILE compiled
# with FLAGS, -O2 and its FUNCTION renamed, to compare a kernel edit with
# the build's kernel in one process. The core clock comes from the bench's
# chain of dependent adds (bench/clock.c), before and after.
# Why the fastest call: on a machine shared with other work, a call of a
# few tens of microseconds mostly runs alone, and the fastest of a few
# hundred is the kernel left alone; the bench's medians measure its share
# of the machine. What it cannot remove: a busy sibling hyperthread (a
# virtual CPU's neighbour on the host included) shares the core's units,
# which slows a throughput-bound kernel and not the add chain. "rounds'
# worst" (the slowest round's fastest call) shows how settled the figure
# is. Compress alone: no EVP, no init or final; the bench times those too.
# On x86-64 with AVX2 a last line gives the latency of the lane moves
# between column and diagonal steps (chains of 100 dependent ones).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
build=$repo/build
variant=
while [ $# -gt 0 ]; do
    case $1 in
    --build) build=${2:?--build needs a directory}; shift 2 ;;
    --variant) variant=${2:?--variant needs FILE:FUNCTION[:FLAGS]}; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/{/^#/p}' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "compress-best.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
    *) break ;;
    esac
done
lib=$build/core/libblake2b_core.a
[ -f "$lib" ] || { echo "compress-best.sh: no $lib (build first)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objs=()
defs=()
if [ -n "$variant" ]; then
    IFS=: read -r vfile vfn vflags <<<"$variant"
    if [ ! -f "$vfile" ] || [ -z "$vfn" ]; then
        echo "compress-best.sh: --variant FILE:FUNCTION[:FLAGS]" >&2
        exit 2
    fi
    # shellcheck disable=SC2086 # vflags holds separate flags
    gcc -O2 -std=c11 -I"$repo/core" -I"$(dirname "$vfile")" $vflags \
        "-D$vfn=b2n_variant_compress" -c "$vfile" -o "$work/variant.o"
    objs+=("$work/variant.o")
    defs+=(-DB2N_VARIANT)
fi
gcc -O2 -std=c11 -Wall -Wextra -I"$repo/core" -I"$repo/bench" "${defs[@]}" \
    "$repo/tools/compress-best.c" "$repo/bench/clock.c" "${objs[@]}" "$lib" \
    -o "$work/compress-best"
"$work/compress-best" "$@"
