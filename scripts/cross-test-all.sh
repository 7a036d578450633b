#!/usr/bin/env bash
# The Arm and big-endian test matrix: for each row below, cross-build, run
# the whole suite under qemu with that CPU (checking which backend the
# automatic choice picks), and re-run the C tests with each listed backend
# forced. Prints a summary table; exits non-zero if any row failed.
#
#   scripts/cross-test-all.sh [TARGET...]   (default: every row; as root on
#                                           Debian 12, see cross-test.sh)
#
# Logs: build-cross-logs/TARGET-CPU.log in the source tree.
set -euo pipefail

# ---------------------------------------------------------------------------
# THE MATRIX. expect: the backend the automatic choice must pick on that CPU
# ("-": not checked).
# forced: every backend that CPU can run; the C tests run once with each.
#   target  qemu-cpu    expect   forced
matrix=(
    "armhf  cortex-a7   neon     generic neon"         # NEON present: auto picks it
    "armhf  cortex-r5f  generic  generic"              # ARMv7 without NEON
    "arm64  cortex-a53  generic  generic asimd"        # ASIMD, no SHA3: expect = the auto choice
    "arm64  max         generic  generic asimd sha3"   # ASIMD and SHA3: expect = the auto choice
    "s390x  max         generic  generic"              # big-endian
)
# ---------------------------------------------------------------------------

repo=$(cd "$(dirname "$0")/.." && pwd)
logs=$repo/build-cross-logs
mkdir -p "$logs"

# Fail early, once, if the tools cannot be had.
"$repo/scripts/install-cross-deps.sh"

summary=()
failed=0
for row in "${matrix[@]}"; do
    read -r target cpu expect forced <<<"$row"
    if [ $# -gt 0 ] && [[ " $* " != *" $target "* ]]; then
        continue
    fi
    log=$logs/$target-$cpu.log
    start=$SECONDS
    # shellcheck disable=SC2086  # forced is a list of words
    if "$repo/scripts/cross-test.sh" "$target" "$cpu" "$expect" $forced 2>&1 | tee "$log"; then
        status=PASS
    else
        status=FAIL
        failed=1
    fi
    result=$(grep '^RESULT ' "$log" | tail -n 1 | cut -d: -f2-)
    summary+=("$(printf '%-6s %-11s %-8s %4ds  %-4s %s' "$target" "$cpu" "$expect" \
        $((SECONDS - start)) "$status" "${result:- (no result: see $log)}")")
done

echo
echo "target cpu         expect   time  result"
printf '%s\n' "${summary[@]}"
exit $failed
