#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Instructions of one Argon2 derivation on Arm, counted under qemu-user
# (tools/qemu-count.sh): through the core with each backend named, and
# through OpenSSL's default provider (EVP_KDF, 3.2+) from a target tree.
# Each figure is count(2 derivations) - count(1), which leaves out
# start-up, the backend self-test, the KDF fetch and exit.
#
#   tools/argon2-count.sh BUILD SYSROOT CPU TYPE M_KIB T P BACKEND...
#   e.g. tools/argon2-count.sh build-armhf build-ossl35/sysroot cortex-a7 \
#            id 1024 3 1 neon generic openssl
#
# BUILD: a cross build of this tree (cmake/toolchain-*.cmake) for armhf or
# arm64, whose core/libblake2b_core.a is linked into tools/argon2-core.c.
# SYSROOT: the target's C library and OpenSSL, unpacked; programs run from
# it. For OpenSSL 3.5 on armhf, a Debian 13 tree: an apt configuration of
# its own (Dir::Etc, Dir::State, Dir::Cache, APT::Architecture "armhf")
# with the one line "deb [arch=armhf] http://deb.debian.org/debian trixie
# main", then apt-get download openssl libssl3t64 libssl-dev libc6
# libgcc-s1 libzstd1 zlib1g openssl-provider-legacy, each dpkg -x'ed into
# one tree with a lib -> usr/lib link (qemu looks for
# /lib/ld-linux-armhf.so.3).
# BACKEND: a backend name, or "openssl" for tools/argon2-ossl.c.
# Prints "BACKEND INSTRUCTIONS TAG" per backend.
set -euo pipefail
build=${1:?usage: $0 BUILD SYSROOT CPU TYPE M_KIB T P BACKEND...}
sysroot=$(cd "${2:?}" && pwd)
cpu=${3:?} type=${4:?} m=${5:?} t=${6:?} p=${7:?}
shift 7
repo=$(cd "$(dirname "$0")/.." && pwd)
if grep -Eq '^CMAKE_(C_COMPILER|TOOLCHAIN_FILE):.*(aarch64|arm64)' "$build/CMakeCache.txt"; then
    triple=aarch64-linux-gnu qemu=qemu-aarch64 flags=()
else
    triple=arm-linux-gnueabihf qemu=qemu-arm
    flags=(-march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard)
fi
libdir=$sysroot/usr/lib/$triple
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc=("$triple-gcc" "${flags[@]}" -O2 -std=c11 -Wall -Wextra -Werror)
"${cc[@]}" -I "$repo/core" "$repo/tools/argon2-core.c" \
    "$build/core/libblake2b_core.a" -pthread -o "$out/argon2-core"
# libcrypto from the tree may need a newer C library than the cross
# compiler's: leave its symbols to the run-time linker.
[[ " $* " != *" openssl "* ]] ||
    "${cc[@]}" -I "$sysroot/usr/include" -I "$sysroot/usr/include/$triple" \
        "$repo/tools/argon2-ossl.c" -L "$libdir" -Wl,--allow-shlib-undefined \
        -lcrypto -o "$out/argon2-ossl"
export QEMU_SET_ENV=LD_LIBRARY_PATH=$libdir
for b in "$@"; do
    if [ "$b" = openssl ]; then
        cmd=("$out/argon2-ossl" "$type" "$m" "$t" "$p")
    else
        cmd=("$out/argon2-core" "$b" "$type" "$m" "$t" "$p")
    fi
    tag=$("$qemu" -cpu "$cpu" -L "$sysroot" "${cmd[@]}" 1)
    one=$("$repo/tools/qemu-count.sh" "$qemu" "$cpu" "$sysroot" "${cmd[@]}" 1)
    two=$("$repo/tools/qemu-count.sh" "$qemu" "$cpu" "$sysroot" "${cmd[@]}" 2)
    echo "$b $((two - one)) ${tag#* }"
done
