#!/usr/bin/env bash
# Cross-build blake2neon for one Debian architecture and run the whole test
# suite (C and Perl) under qemu-user with one emulated CPU; then re-run the C
# tests (CTest label "c-api") once per FORCED backend, set in BLAKE2NEON_BACKEND.
#
#   scripts/cross-test.sh TARGET QEMU_CPU [EXPECTED_BACKEND [FORCED...]]
#   e.g. scripts/cross-test.sh armhf cortex-a7 neon generic neon
#
# TARGET: armhf | arm64 | s390x. EXPECTED_BACKEND is what the automatic
# choice must pick on that CPU ("-", "" or omitted: not checked). Installs the
# cross tools and unpacks the target's OpenSSL first if needed (as root, on
# Debian 12). Builds in build-cross-TARGET-QEMU_CPU in the source tree. The
# last line printed starts with "RESULT"; the exit status is non-zero if
# any step failed.
set -euo pipefail

target=${1:?usage: $0 armhf|arm64|s390x QEMU_CPU [EXPECTED_BACKEND [FORCED...]]}
cpu=${2:?usage: $0 TARGET QEMU_CPU [EXPECTED_BACKEND [FORCED...]]}
expect=${3:-}
[ "$expect" = - ] && expect=""
forced=("${@:4}")
repo=$(cd "$(dirname "$0")/.." && pwd)
build=$repo/build-cross-$target-$cpu
sysroot=$repo/sysroot/$target
c_label=c-api   # the LABELS of the C tests in test/c/CMakeLists.txt

"$repo/scripts/install-cross-deps.sh"
"$repo/scripts/fetch-sysroot.sh" "$target" "$sysroot"

# Nothing from the host's OpenSSL setup or a forced backend may leak into
# the emulated programs (qemu passes its environment on to them).
unset OPENSSL_CONF OPENSSL_MODULES OPENSSL_ENGINES BLAKE2NEON_BACKEND

results=()
failed=0
step() { # step NAME COMMAND...: run, record ok/FAIL, carry on
    local name=$1
    shift
    echo "== cross-test $target/$cpu: $name"
    if "$@"; then
        results+=("$name ok")
    else
        results+=("$name FAIL")
        failed=1
    fi
}
finish() {
    local IFS=,
    echo "RESULT $target $cpu expect=${expect:-any}: ${results[*]}"
    exit $failed
}

# shellcheck disable=SC2317  # called through step
configure_and_build() {
    cmake -S "$repo" -B "$build" \
        -DCMAKE_TOOLCHAIN_FILE="$repo/cmake/toolchain-$target.cmake" \
        -DBLAKE2NEON_SYSROOT="$sysroot" -DBLAKE2NEON_QEMU_CPU="$cpu" \
        -DBLAKE2NEON_OPENSSL="$sysroot/usr/bin/openssl" \
        -DBLAKE2NEON_EXPECT_BACKEND="$expect" -DBLAKE2NEON_WERROR=ON &&
        cmake --build "$build" -j2
}
step build configure_and_build
[ $failed -eq 0 ] || finish

step suite ctest --test-dir "$build" -j2 --output-on-failure --no-tests=error

for backend in "${forced[@]}"; do
    step "c[$backend]" env BLAKE2NEON_BACKEND="$backend" \
        ctest --test-dir "$build" -j2 --output-on-failure --no-tests=error -L "^$c_label\$"
done
finish
