#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Count the guest instructions a program executes under qemu-user:
# qemu runs one instruction per translation block (-singlestep) and logs
# each one executed (-d exec,nochain); the log goes through a pipe into
# wc, never to disk. qemu's timing is not used.
#
#   tools/qemu-count.sh QEMU CPU SYSROOT PROGRAM [ARG...]
#   e.g. tools/qemu-count.sh qemu-arm cortex-a7 /usr/arm-linux-gnueabihf \
#            build-cross-armhf-cortex-a7/cmd/b2nsum FILE
#
# Per byte or per call: run twice with different sizes or counts and
# divide the difference (docs/performance.md, "32-bit Arm (ARMv7)", does so), which removes
# start-up and exit. Prints the count.
set -euo pipefail
qemu=${1:?usage: $0 QEMU CPU SYSROOT PROGRAM [ARG...]}
cpu=${2:?usage: $0 QEMU CPU SYSROOT PROGRAM [ARG...]}
sysroot=${3:?usage: $0 QEMU CPU SYSROOT PROGRAM [ARG...]}
shift 3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/log"
wc -l <"$dir/log" >"$dir/count" &
"$qemu" -cpu "$cpu" -L "$sysroot" -singlestep -d exec,nochain -D "$dir/log" "$@" >/dev/null
wait
cat "$dir/count"
