#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Cross-build blake2neon for one Debian architecture and run the whole test
# suite (C and Perl) under qemu-user with one emulated CPU; then re-run the C
# tests (CTest label "c-api") once per FORCED backend, set in BLAKE2NEON_BACKEND.
#
#   scripts/cross-test.sh [-DVAR=VALUE...] TARGET QEMU_CPU [EXPECTED_BACKEND [FORCED...]]
#   e.g. scripts/cross-test.sh armhf cortex-a7 neon generic neon
#        scripts/cross-test.sh -DCMAKE_SYSTEM_PROCESSOR=aarch64 armhf cortex-a7 neon generic neon
#
# TARGET: armhf | arm64 | s390x | i386 | ppc64el (cmake/toolchain-TARGET.cmake).
# Leading -D options go to cmake as they are (above: an armhf userland on a
# 64-bit kernel, where uname -m says aarch64). EXPECTED_BACKEND is what the
# automatic choice must pick on that CPU ("-", "" or omitted: not checked).
# Installs the cross tools and unpacks the target's OpenSSL first if needed
# (as root, on Debian 12 or 13). Builds in build-cross-TARGET-QEMU_CPU[-OPTIONS]
# in the source tree. The last line printed starts with "RESULT"; the exit
# status is non-zero if any step failed, and 77 if this Debian release
# cannot serve the target (no cross compiler, qemu or OpenSSL for it).
set -euo pipefail

cmake_args=()
while [[ ${1:-} == -D* ]]; do
    cmake_args+=("$1")
    shift
done
target=${1:?usage: $0 [-DVAR=VALUE...] TARGET QEMU_CPU [EXPECTED_BACKEND [FORCED...]]}
cpu=${2:?usage: $0 [-DVAR=VALUE...] TARGET QEMU_CPU [EXPECTED_BACKEND [FORCED...]]}
expect=${3:-}
[ "$expect" = - ] && expect=""
forced=("${@:4}")
repo=$(cd "$(dirname "$0")/.." && pwd)
toolchain=$repo/cmake/toolchain-$target.cmake
[ -f "$toolchain" ] || { echo "$0: no $toolchain" >&2; exit 2; }
# The options, made safe for a directory name: -DCMAKE_SYSTEM_PROCESSOR=aarch64
# gives build-cross-armhf-cortex-a7-CMAKE_SYSTEM_PROCESSOR=aarch64.
tag=$(printf -- '-%s' "${cmake_args[@]#-D}" | tr -c 'A-Za-z0-9._=+-' '_')
[ ${#cmake_args[@]} -gt 0 ] || tag=""
build=$repo/build-cross-$target-$cpu$tag
sysroot=$repo/sysroot/$target
c_label=c-api   # the LABELS of the C tests in test/c/CMakeLists.txt
row="$target $cpu${cmake_args[*]:+ ${cmake_args[*]}}"

skip() {
    echo "RESULT $row expect=${expect:-any}: SKIPPED ($*)"
    exit 77
}
"$repo/scripts/install-cross-deps.sh"
# What the toolchain file names; a release that lacks them skips the row.
triple=$(sed -n 's/^set(B2N_CROSS_TRIPLE \(.*\))$/\1/p' "$toolchain")
qemu=$(sed -n 's/^set(B2N_CROSS_QEMU \(.*\))$/\1/p' "$toolchain")
command -v "$triple-gcc" >/dev/null ||
    skip "no $triple-gcc on Debian $(cat /etc/debian_version)"
command -v "$qemu" >/dev/null || command -v "$qemu-static" >/dev/null ||
    skip "no $qemu on Debian $(cat /etc/debian_version)"
fetched=0
"$repo/scripts/fetch-sysroot.sh" "$target" "$sysroot" || fetched=$?
[ $fetched -eq 3 ] && skip "the package mirror of Debian $(cat /etc/debian_version) did not serve OpenSSL for $target (fetch-sysroot says why above)"
if [ $fetched -ne 0 ]; then
    echo "RESULT $row expect=${expect:-any}: sysroot FAIL"
    exit 1
fi

# Nothing from the host's OpenSSL setup or a forced backend may leak into
# the emulated programs (qemu passes its environment on to them).
unset OPENSSL_CONF OPENSSL_MODULES OPENSSL_ENGINES BLAKE2NEON_BACKEND

results=()
failed=0
step() { # step NAME COMMAND...: run, record ok/FAIL, carry on
    local name=$1
    shift
    echo "== cross-test $row: $name"
    if "$@"; then
        results+=("$name ok")
    else
        results+=("$name FAIL")
        failed=1
    fi
}
finish() {
    local IFS=,
    echo "RESULT $row expect=${expect:-any}: ${results[*]}"
    exit $failed
}

# The benchmark is off by default in cross builds; built here all the same,
# so that its code meets each target's compiler with -Werror.
# shellcheck disable=SC2317  # called through step
configure_and_build() {
    cmake -S "$repo" -B "$build" "${cmake_args[@]}" \
        -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
        -DBLAKE2NEON_SYSROOT="$sysroot" -DBLAKE2NEON_QEMU_CPU="$cpu" \
        -DBLAKE2NEON_OPENSSL="$sysroot/usr/bin/openssl" \
        -DBLAKE2NEON_EXPECT_BACKEND="$expect" -DBLAKE2NEON_WERROR=ON \
        -DBLAKE2NEON_BENCH=ON &&
        cmake --build "$build" -j2
}
step build configure_and_build
[ $failed -eq 0 ] || finish

# Threaded tests need an emulator that can start a thread: probe it with a
# minimal program (see scripts/qemu-thread-probe.c); if it cannot, say so
# in the result and leave those tests out, rather than time out on them.
# A qemu that can runs it in well under a second, on a loaded machine too:
# 15 s is ample. (b2nsum hashes its files on one thread per processor by
# default; the Argon2 tests derive with a thread per lane.)
threaded_tests='^(t_threads|t_lib_threads|t_lib_threads_refused|cli-95-b2nsum|t_argon2_kat|t_argon2_diff|t_lib_argon2_.*|cli-72-argon2)$'
no_threads=()
"$triple-gcc" -O2 -pthread "$repo/scripts/qemu-thread-probe.c" -o "$build/qemu-thread-probe"
qemu_cpu=()
[ -z "$cpu" ] || qemu_cpu=(-cpu "$cpu")
probe=0
timeout 15 "$(command -v "$qemu" || command -v "$qemu-static")" "${qemu_cpu[@]}" \
    -L "/usr/$triple" "$build/qemu-thread-probe" || probe=$?
if [ $probe -eq 124 ]; then
    echo "cross-test $row: $qemu cannot start a thread (a minimal" \
        "pthread_create/join program hangs): t_threads, t_lib_threads*," \
        "cli-95-b2nsum and the threaded Argon2 tests left out" >&2
    no_threads=(-E "$threaded_tests")
    results+=("threaded tests SKIPPED ($qemu hangs in pthread_create)")
elif [ $probe -ne 0 ]; then
    results+=("thread-probe FAIL") # qemu cannot run the target: the suite will say more
    failed=1
fi

step suite ctest --test-dir "$build" -j2 --output-on-failure --no-tests=error "${no_threads[@]}"

for backend in "${forced[@]}"; do
    step "c[$backend]" env BLAKE2NEON_BACKEND="$backend" \
        ctest --test-dir "$build" -j2 --output-on-failure --no-tests=error \
        -L "^$c_label\$" "${no_threads[@]}"
done
finish
