#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The speed gate: recompute every figure of test/perf-baseline.txt and fail
# when one is more than 1% worse (higher) than the committed value. No
# machine here can time Arm or AVX-512 code, so the figures are modelled
# cycles (llvm-mca-14, via tools/model-speed.sh) and counted instructions
# (qemu-user, via tools/model-speed.sh and tools/evp-insns.py); both are
# deterministic for a given Debian 12 toolchain, so 1% is a change in the
# code, not noise.
#
#   scripts/check-perf-baseline.sh [--update] [--module-dir DIR]
#
# --module-dir: an armhf cross build holding blake2neon.so (default
# build-cross-armhf-cortex-a7, what scripts/cross-test.sh armhf cortex-a7
# leaves; sysroot/armhf must hold the target's OpenSSL). --update writes
# the figures just computed into the baseline (header kept): a deliberate
# change updates the baseline in the same commit and says why in its
# message. A figure that gets better by more than 1% is reported, not
# failed, so that the baseline is lowered in the commit that earned it.
# A figure missing from either side fails.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
baseline=test/perf-baseline.txt
module_dir=build-cross-armhf-cortex-a7
update=0
while [ $# -gt 0 ]; do
    case $1 in
    --update) update=1; shift ;;
    --module-dir) module_dir=${2:?--module-dir needs a directory}; shift 2 ;;
    *) echo "check-perf-baseline.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[ -f "$module_dir/blake2neon.so" ] || {
    echo "check-perf-baseline.sh: no $module_dir/blake2neon.so (run scripts/cross-test.sh armhf cortex-a7 first)" >&2
    exit 1
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
started=$(date +%s)

# The cores each backend's rule names (docs/performance.md); what
# llvm-mca-14 cannot model itself it borrows, and model-speed.sh says so
# in the logs below.
models() { # models TARGET CORES
    tools/model-speed.sh --cc gcc --figures --no-openssl --cores "$2" "$1" \
        >"$work/model-$1.log" 2>&1
}
# Instructions per 100-byte message through EVP (one reused EVP_MD_CTX, as
# the short-message goal counts them) and per block of update, qemu-arm
# -cpu cortex-a7, each backend forced.
evp() { # evp BACKEND
    tools/evp-insns.py "$module_dir" --cpu cortex-a7 --reuse --mca '' \
        --sizes 100 --providers blake2neon --backend "$1" \
        >"$work/evp-$1.log" 2>&1
    awk -v b="$1" '$1 ~ /^blake2neon\(/ {
        printf "figure evp-armhf-cortex-a7 %s insn/100B %d\n", b, $2
        printf "figure evp-armhf-cortex-a7 %s insn/block %d\n", b, $3
    }' "$work/evp-$1.log" >"$work/evp-$1.fig"
}
pids=()
models armv7 cortex-a9,cortex-a57 & pids+=($!)
models aarch64 cortex-a53,cortex-a72,neoverse-n1,neoverse-v1 & pids+=($!)
models x86-64 sapphirerapids,icelake-server,skylake-avx512,znver3 & pids+=($!)
evp neon & pids+=($!)
evp generic & pids+=($!)
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
if [ $failed = 1 ]; then
    tail -n 20 "$work"/*.log >&2
    echo "check-perf-baseline.sh: a figure could not be computed" >&2
    exit 1
fi
cat "$work"/model-*.log | grep '^figure ' >"$work/figures" || true
cat "$work"/evp-*.fig >>"$work/figures"
# KEY VALUE, KEY = TARGET/BACKEND/METRIC.
awk '{ print $2 "/" $3 "/" $4, $5 }' "$work/figures" | sort >"$work/new"
grep -h 'llvm-mca-14 has no model of its own' "$work"/model-*.log | sort -u |
    sed 's/^ */  note: /'

if [ $update = 1 ]; then
    { grep '^#' "$baseline" 2>/dev/null || true; cat "$work/new"; } >"$work/updated"
    mv "$work/updated" "$baseline"
    echo "check-perf-baseline.sh: $baseline updated ($(wc -l <"$work/new") figures," \
        "$(($(date +%s) - started)) s)"
    exit 0
fi

grep -v '^#' "$baseline" | grep . | sort >"$work/old"
# Worse = higher, for cycles and instructions alike.
awk '
    NR == FNR { old[$1] = $2; next }
    { new[$1] = $2 }
    END {
        for (k in old) if (!(k in new)) { printf "MISSING %-55s %10s (not computed any more)\n", k, old[k]; bad = 1 }
        for (k in new) {
            if (!(k in old)) { printf "NEW     %-55s %10s (not in the baseline)\n", k, new[k]; bad = 1; continue }
            r = old[k] > 0 ? new[k] / old[k] : 1
            if (r > 1.01) { printf "WORSE   %-55s %10s -> %10s (%+.1f%%)\n", k, old[k], new[k], (r - 1) * 100; bad = 1 }
            else if (r < 0.99) printf "better  %-55s %10s -> %10s (%+.1f%%; lower the baseline)\n", k, old[k], new[k], (r - 1) * 100
        }
        exit bad
    }' "$work/old" "$work/new" | sort >"$work/report" && status=0 || status=$?
cat "$work/report"
elapsed=$(($(date +%s) - started))
if grep -q '^\(WORSE\|MISSING\|NEW\)' "$work/report"; then
    echo "check-perf-baseline.sh: FAIL ($(wc -l <"$work/new") figures, ${elapsed} s): a figure is" \
        "more than 1% worse than $baseline, or the sets differ. If the change is" \
        "deliberate, run scripts/check-perf-baseline.sh --update and say why in the commit message." >&2
    exit 1
fi
[ "$status" = 0 ] || exit 1
echo "check-perf-baseline.sh: ok ($(wc -l <"$work/new") figures within 1% of $baseline, ${elapsed} s)"
