#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The cross test matrix (Arm, big-endian, 32-bit x86, a target with no SIMD
# backend): for each row below, cross-build, run the whole suite under qemu
# with that CPU (checking which backend the automatic choice picks), and
# re-run the C tests with each listed backend forced. Prints a summary
# table; exits non-zero if any row failed. A row this Debian release cannot
# serve (no compiler, qemu or OpenSSL for the target) is listed as SKIP with
# the reason, and does not fail the run.
#
#   scripts/cross-test-all.sh [--quick] [TARGET...]   (default: every row;
#       as root on Debian 12 or 13, see cross-test.sh)
#
# --quick: only the rows marked "quick", one per kind of code path (NEON,
# ARMv7 without it, a64, big-endian, 32-bit x86), for .ci/run; the others
# repeat one of those paths on another CPU or ABI.
#
# Logs: build-cross-logs/TARGET-CPU[-OPTIONS].log in the source tree.
set -euo pipefail

quick=0
if [ "${1:-}" = --quick ]; then
    quick=1
    shift
fi

# ---------------------------------------------------------------------------
# THE MATRIX. expect: the backend the automatic choice must pick on that CPU
# ("-": not checked); the whole suite runs with it.
# forced: every other backend that CPU can run; the C tests run once with each.
# options: "-" or -D options for cmake, comma-separated.
#   set    target   qemu-cpu    options                           expect   forced
matrix=(
    "quick armhf   cortex-a7   -                                 neon     generic" # NEON present: auto picks it
    "quick armhf   cortex-r5f  -                                 generic  -"       # ARMv7 without NEON
    "full  armhf   cortex-a7   -DCMAKE_SYSTEM_PROCESSOR=aarch64  neon     generic" # armhf userland on a 64-bit kernel (Raspberry Pi OS 32-bit)
    "quick arm64   cortex-a53  -                                 a64      generic" # AArch64: a64 on every core (base ARMv8-A)
    "full  arm64   max         -                                 a64      generic" # the newest AArch64 qemu models
    "quick s390x   max         -                                 generic  -"       # big-endian
    "quick i386    max         -                                 generic  -"       # 32-bit x86: no x86-64 backend applies
    "full  ppc64el power8      -                                 generic  -"       # no SIMD backend for POWER (power8: Debian's baseline)
)
# ---------------------------------------------------------------------------

repo=$(cd "$(dirname "$0")/.." && pwd)
logs=$repo/build-cross-logs
mkdir -p "$logs"

# Fail early, once, if the tools cannot be had.
"$repo/scripts/install-cross-deps.sh"

summary=()
failed=0
ran=0
for row in "${matrix[@]}"; do
    read -r set target cpu options expect forced <<<"$row"
    [ $quick = 0 ] || [ "$set" = quick ] || continue
    [ "$forced" != - ] || forced=""
    if [ $# -gt 0 ] && [[ " $* " != *" $target "* ]]; then
        continue
    fi
    opts=()
    [ "$options" = - ] || IFS=, read -r -a opts <<<"$options"
    tag=$(printf -- '-%s' "${opts[@]#-D}" | tr -c 'A-Za-z0-9._=+-' '_')
    [ ${#opts[@]} -gt 0 ] || tag=""
    log=$logs/$target-$cpu$tag.log
    start=$SECONDS
    # shellcheck disable=SC2086  # forced is a list of words
    "$repo/scripts/cross-test.sh" "${opts[@]}" "$target" "$cpu" "$expect" $forced 2>&1 |
        tee "$log" && rc=0 || rc=${PIPESTATUS[0]}
    case $rc in
    0) status=PASS; ran=$((ran + 1)) ;;
    77) status=SKIP ;; # this release cannot serve the target: said, not failed
    *) status=FAIL; failed=1 ;;
    esac
    result=$(grep '^RESULT ' "$log" | tail -n 1 | cut -d: -f2- || true)
    [ "$options" = - ] && options=""
    summary+=("$(printf '%-7s %-11s %-8s %4ds  %-4s %s%s' "$target" "$cpu" "$expect" \
        $((SECONDS - start)) "$status" "${result:- (no result: see $log)}" \
        "${options:+ [$options]}")")
done

echo
echo "Debian $(cat /etc/debian_version), $(openssl version 2>/dev/null | cut -d' ' -f1-2) on the host"
echo "target  cpu         expect   time  result"
printf '%s\n' "${summary[@]}"
# Every row skipped is an archive or network outage, not a pass.
if [ $ran -eq 0 ] && [ $failed -eq 0 ]; then
    echo "cross-test-all: no row could run" >&2
    exit 1
fi
exit $failed
