#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The CI rows that run on every Debian release the project supports: install
# the packages, then the README's test command word for word, gcc and clang
# builds with -Werror (gcc's build only, since the README's build is gcc's;
# clang's tested), the C tests with each other x86-64 backend forced, and
# the qemu matrix (scripts/cross-test-all.sh). .ci/run runs it on the
# machine (Debian 12, OpenSSL 3.0) and inside debootstrap chroots of Debian
# 13 (3.5), sid (3.6) and experimental (4.0), so the rows are the same by
# construction:
#
#   scripts/ci-release.sh [OPTION...]
#   scripts/in-chroot.sh trixie DIR scripts/ci-release.sh
#
# Options:
#   --openssl X.Y     fail unless `openssl version` is OpenSSL X.Y (a chroot
#                     whose archive quietly gave another one tests nothing new)
#   --all-compilers   also build with -Werror with every other gcc-N and
#                     clang-N the release's archive offers (build only)
#   --built-elsewhere PKG,...  of those, leave out these (the default
#                     compilers of the other rows, built and tested there)
#   --no-qemu         leave the qemu matrix out (it runs in another row)
#   --qemu-quick      only the matrix's quick rows (cross-test-all.sh --quick)
#   --install-only    install the packages and stop (.ci/run readies its
#                     chroots so while the machine's own rows run)
#   --test-modules DIR  last, run this release's C suite on each
#                     DIR/*/blake2neon.so, modules built on other releases
#                     (scripts/test-module.sh)
#
# Needs root (apt-get). Exits non-zero at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

want_openssl=""
all_compilers=0
built_elsewhere=""
qemu=1
qemu_quick=0
install_only=0
modules_dir=""
while [ $# -gt 0 ]; do
    case $1 in
    --qemu-quick) qemu_quick=1; shift ;;
    --install-only) install_only=1; shift ;;
    --test-modules) modules_dir=${2:?--test-modules needs DIR}; shift 2 ;;
    --openssl) want_openssl=${2:?--openssl needs X.Y}; shift 2 ;;
    --all-compilers) all_compilers=1; shift ;;
    --built-elsewhere) built_elsewhere=${2:?--built-elsewhere needs PKG,...}; shift 2 ;;
    --no-qemu) qemu=0; shift ;;
    *) echo "ci-release: unknown option $1" >&2; exit 2 ;;
    esac
done

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
# backtrace through the avx512 backend (test/asm); libargon2-dev and argon2:
# the reference Argon2 that t_argon2_diff's model and
# test/gen_argon2_vectors.py check take their tags from.
apt-get install -y -qq cmake gcc clang libssl-dev openssl perl pkg-config \
    valgrind "libclang-rt-${clang_pkg#clang-}-dev" libsodium-dev gdb \
    python3 ruby php-cli nodejs libnet-ssleay-perl libargon2-dev argon2 >/dev/null
if [ $install_only = 1 ]; then
    echo "== $(. /etc/os-release && echo "$PRETTY_NAME"): packages installed"
    exit 0
fi

. /etc/os-release
echo "== $PRETTY_NAME, $(openssl version), $(gcc --version | head -n 1)," \
    "$(clang --version | head -n 1), $(cmake --version | head -n 1)"
if [ -n "$want_openssl" ] && [[ $(openssl version) != "OpenSSL $want_openssl."* ]]; then
    echo "ci-release: expected OpenSSL $want_openssl, got $(openssl version)" >&2
    exit 1
fi

echo "== the README's test command, word for word"
cmake -S . -B build && cmake --build build && ctest --test-dir build --output-on-failure

# The README's build is gcc's: its suite is not run a second time here.
# What this build adds is -Werror and the benchmark's libsodium row, whose
# test is the one that differs (.ci/run's benchmark smoke run uses it too).
echo "== gcc, -Wall -Wextra -Werror, the benchmark with libsodium: build, bench test"
CC=gcc cmake -S . -B build-gcc -DBLAKE2NEON_WERROR=ON -DBLAKE2NEON_BENCH_LIBSODIUM=ON
cmake --build build-gcc
ctest --test-dir build-gcc -R '^cli-62-bench$' --output-on-failure

echo "== clang, -Wall -Wextra -Werror"
CC=clang cmake -S . -B build-clang -DBLAKE2NEON_WERROR=ON
cmake --build build-clang
ctest --test-dir build-clang --output-on-failure

echo "== the C tests again with each x86-64 backend forced"
# The automatic choice already ran them in the README's build.
auto=$(openssl list -provider-path build -provider blake2neon -providers -verbose |
    sed -n 's/.*backend=\([^ ,]*\).*/\1/p')
for backend in generic avx2 avx512 avx512-ror; do
    if [ "$backend" = "$auto" ]; then
        echo "backend $backend: the automatic choice here, tested above"
        continue
    fi
    if ! BLAKE2NEON_BACKEND=$backend openssl list -provider-path build \
            -provider blake2neon -providers >/dev/null 2>&1; then
        echo "backend $backend: this CPU cannot run it, not tested here"
        continue
    fi
    BLAKE2NEON_BACKEND=$backend ctest --test-dir build -L c-api --output-on-failure
done

if [ $all_compilers = 1 ]; then
    echo "== every other gcc-N and clang-N of this release: -Wall -Wextra -Werror builds"
    # shellcheck disable=SC2086  # a list of words
    scripts/build-all-compilers.sh "gcc-$(gcc -dumpversion | cut -d. -f1)" "$clang_pkg" \
        ${built_elsewhere//,/ }
fi

if [ $qemu = 1 ]; then
    echo "== the qemu matrix: armhf (NEON, no NEON, on a 64-bit kernel), arm64,"
    echo "   s390x (big-endian), i386, ppc64el"
    if [ $qemu_quick = 1 ]; then
        scripts/cross-test-all.sh --quick
    else
        scripts/cross-test-all.sh
    fi
else
    echo "== the qemu matrix: not run in this row (--no-qemu; docs/testing.md says where it runs)"
fi

if [ -n "$modules_dir" ]; then
    echo "== this release's C suite on the modules built on other releases"
    scripts/test-module.sh "$modules_dir"/*/blake2neon.so
fi
