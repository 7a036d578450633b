#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Install, from Debian's archive, what the cross builds and the qemu test runs
# need: cross compilers and their C libraries for armhf, arm64, s390x, i386
# and ppc64el, qemu-user, CMake, Perl. Run as root on Debian 12 or 13:
#
#   scripts/install-cross-deps.sh
#
# Does nothing (and runs no apt-get update) when everything is in place.
# A package this release's archive does not have is reported and left out
# (cross-test.sh then reports its target as skipped); the rest is installed.
# The targets' OpenSSL comes separately, from scripts/fetch-sysroot.sh.
set -euo pipefail

packages=(cmake make perl pkgconf)
# The libc6-dev-*-cross packages are only Recommends of the cross compilers:
# without them (--no-install-recommends) every link stops at Scrt1.o.
for spec in armhf:arm-linux-gnueabihf arm64:aarch64-linux-gnu \
    s390x:s390x-linux-gnu i386:i686-linux-gnu ppc64el:powerpc64le-linux-gnu; do
    packages+=("gcc-${spec#*:}" "libc6-dev-${spec%%:*}-cross")
done

missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f '${db:Status-Status}' "$p" 2>/dev/null || true)
    [ "$status" = installed ] || missing+=("$p")
done
# qemu-user holds qemu-arm etc. on Debian 12 and 13 (on 13 built static,
# with qemu-user-static a transitional package); Debian 12's qemu-user-static
# names them qemu-arm-static, which cmake/cross-common.cmake also accepts.
for q in arm aarch64 s390x i386 ppc64le; do
    if ! command -v "qemu-$q" >/dev/null && ! command -v "qemu-$q-static" >/dev/null; then
        missing+=(qemu-user)
        break
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

export DEBIAN_FRONTEND=noninteractive
# Third-party sources may fail to update; the install below is what counts.
apt-get update -qq || echo "install-cross-deps: apt-get update reported errors" >&2
# Only what this release's archive has (one apt-cache call: each reads
# every package list).
mapfile -t available < <(apt-cache show --no-all-versions "${missing[@]}" 2>/dev/null |
    sed -n 's/^Package: //p' | sort -u)
unavailable=()
for p in "${missing[@]}"; do
    [[ " ${available[*]} " == *" $p "* ]] || unavailable+=("$p")
done
if [ ${#unavailable[@]} -gt 0 ]; then
    echo "install-cross-deps: not in the archive of Debian" \
        "$(cat /etc/debian_version), left out: ${unavailable[*]}" >&2
fi
[ ${#available[@]} -eq 0 ] && exit 0
echo "install-cross-deps: installing ${available[*]}" >&2
apt-get install -y -qq --no-install-recommends "${available[@]}"
