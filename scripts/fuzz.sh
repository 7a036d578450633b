#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build the libFuzzer targets of fuzz/ (clang, ASan+UBSan) and run each one
# for a bounded time, starting from the seed corpus in fuzz/corpus/.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET [TARGET...]]
#
# Defaults: 60 seconds, every target. Environment:
#   CC         clang to use (default clang-14, else clang)
#   BUILD_DIR  build directory (default build-fuzz)
#   JOBS       targets run side by side (default 1)
#   FUZZ_ARGS  extra libFuzzer flags, e.g. "-max_len=8192"
#
# New inputs go to BUILD_DIR/fuzz/corpus-TARGET (the seeds in the source
# tree are only read), crashes to BUILD_DIR/fuzz/artifacts/. Each target's
# figures (executions, exec/s, coverage) are printed at the end; the exit
# status is non-zero if any target found a crash, leak or timeout.
set -euo pipefail
cd "$(dirname "$0")/.."

secs=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(fuzz_core fuzz_digest fuzz_mac fuzz_params fuzz_many fuzz_argon2)
fi
build=${BUILD_DIR:-build-fuzz}
jobs=${JOBS:-1}
cc=${CC:-clang-14}
command -v "$cc" >/dev/null || cc=clang

# Without -DNDEBUG, so that the core's asserts run under the fuzzers.
CC=$cc cmake -S . -B "$build" -DBLAKE2NEON_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g" >/dev/null
cmake --build "$build" --target "${targets[@]}" -- -j"$(nproc)" >/dev/null

out="$build/fuzz"
mkdir -p "$out/artifacts"
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

run_one() {
    local t=$1
    mkdir -p "$out/corpus-$t"
    # -timeout: one input taking 10 s is a bug (hang), not slowness.
    # shellcheck disable=SC2086
    "$out/$t" -max_total_time="$secs" -max_len=4096 -timeout=10 \
        -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$out/artifacts/$t-" ${FUZZ_ARGS:-} \
        "$out/corpus-$t" "fuzz/corpus/$t" >"$out/$t.log" 2>&1
}

declare -A status
running=()
for t in "${targets[@]}"; do
    echo "== $t: ${secs}s (log: $out/$t.log)"
    run_one "$t" &
    running+=("$!:$t")
    if [ ${#running[@]} -ge "$jobs" ]; then
        entry=${running[0]}
        running=("${running[@]:1}")
        if wait "${entry%%:*}"; then status[${entry#*:}]=0; else status[${entry#*:}]=$?; fi
    fi
done
for entry in "${running[@]}"; do
    if wait "${entry%%:*}"; then status[${entry#*:}]=0; else status[${entry#*:}]=$?; fi
done

failed=0
printf '%-12s %12s %8s %6s %7s %6s  %s\n' target executions exec/s cov ft corpus result
for t in "${targets[@]}"; do
    log="$out/$t.log"
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    corp=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$last")
    if [ "${status[$t]}" -eq 0 ]; then
        result=ok
    else
        result="FAILED (exit ${status[$t]}), see $log"
        failed=1
    fi
    printf '%-12s %12s %8s %6s %7s %6s  %s\n' "$t" "${execs:-?}" "${rate:-?}" \
        "${cov:-?}" "${ft:-?}" "${corp:-?}" "$result"
done
if [ "$failed" -ne 0 ]; then
    ls -l "$out/artifacts" >&2
    exit 1
fi
