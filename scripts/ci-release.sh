#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The CI rows that run on every Debian release the project supports: install
# the packages, then the README's test command word for word, gcc and clang
# builds with -Werror and their tests, the C tests with each x86-64
# backend forced, and the qemu matrix (scripts/cross-test-all.sh). .ci/run
# runs it on the machine (Debian 12, OpenSSL 3.0) and inside a debootstrap
# chroot of Debian 13 (OpenSSL 3.5), so the rows are the same by
# construction:
#
#   scripts/ci-release.sh
#   scripts/in-chroot.sh trixie DIR scripts/ci-release.sh
#
# Needs root (apt-get). Exits non-zero at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

export DEBIAN_FRONTEND=noninteractive
# A failing third-party or foreign-architecture index is not fatal; the
# install below is what counts.
apt-get update -qq || echo "warning: apt-get update reported errors" >&2
# The compiler runtime (sanitizers, libFuzzer) must match the clang that
# `clang` installs: clang-14 on Debian 12, clang-19 on Debian 13.
clang_pkg=$(apt-cache depends clang 2>/dev/null |
    awk '$1 == "Depends:" && $2 ~ /^clang-[0-9]+$/ { print $2; exit }')
[ -n "$clang_pkg" ] || { echo "ci-release: no clang-N behind 'clang'" >&2; exit 1; }
# python3, ruby, php-cli, nodejs and libnet-ssleay-perl: the programs whose
# use of blake2neon test/cli/t/85-python.t and 90-clients.t check; gdb: the
# backtrace through the avx512 backend (test/asm).
apt-get install -y -qq cmake gcc clang libssl-dev openssl perl pkg-config \
    valgrind "libclang-rt-${clang_pkg#clang-}-dev" libsodium-dev gdb \
    python3 ruby php-cli nodejs libnet-ssleay-perl >/dev/null

. /etc/os-release
echo "== $PRETTY_NAME, $(openssl version), $(gcc --version | head -n 1), $clang_pkg"

echo "== the README's test command, word for word"
cmake -S . -B build && cmake --build build && ctest --test-dir build --output-on-failure

for cc in gcc clang; do
    echo "== $cc, -Wall -Wextra -Werror"
    CC=$cc cmake -S . -B "build-$cc" -DBLAKE2NEON_WERROR=ON
    cmake --build "build-$cc"
    ctest --test-dir "build-$cc" --output-on-failure
done

echo "== the C tests again with each x86-64 backend forced"
for backend in generic avx2 avx512; do
    if ! BLAKE2NEON_BACKEND=$backend openssl list -provider-path build \
            -provider blake2neon -providers >/dev/null 2>&1; then
        echo "backend $backend: this CPU cannot run it, not tested here"
        continue
    fi
    BLAKE2NEON_BACKEND=$backend ctest --test-dir build -L c-api --output-on-failure
done

echo "== the qemu matrix: armhf (NEON, no NEON, on a 64-bit kernel), arm64,"
echo "   s390x (big-endian), i386, ppc64el"
scripts/cross-test-all.sh
