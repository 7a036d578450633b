#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Cross-build the Debian binary packages for ARCH in a pristine Debian 12
# chroot made anew from its minbase tree, and run them under qemu
# (scripts/debian-cross-check.sh does the work inside, on a clone of the
# committed HEAD); the packages, build log and qemu output go to OUT.
#
#   scripts/check-debian-cross.sh [ARCH [DIR [OUT]]] [-- CPU=BACKEND...]
#   e.g. scripts/check-debian-cross.sh armhf /var/tmp/deb-cross build-debian-armhf
#
# ARCH: armhf (default) or arm64. DIR (default /var/tmp/deb-cross-ARCH) is
# deleted and unpacked again from B2N_BASE_TARBALL, else
# DIR.minbase.tar.gz, else made by debootstrap (scripts/in-chroot.sh).
# After --, the CPU=BACKEND pairs to expect instead of ARCH's defaults.
# Needs root, git and debootstrap. Exits non-zero if any step fails.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
args=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do args+=("$1"); shift; done
[ $# = 0 ] || shift
arch=${args[0]:-armhf}
root=${args[1]:-/var/tmp/deb-cross-$arch}
out=${args[2]:-$repo/build-debian-$arch}

base=${B2N_BASE_TARBALL:-$root.minbase.tar.gz}
"$repo/scripts/fresh-chroot.sh" "$root" "$base"
status=0
"$repo/scripts/in-chroot.sh" bookworm "$root" scripts/debian-cross-check.sh "$arch" "$@" ||
    status=$?
rm -rf "$out"
mkdir -p "$out"
cp -r "$root/build/out-cross-$arch/." "$out/" 2>/dev/null || true
echo "check-debian-cross: $arch: $([ $status = 0 ] && echo passed || echo "FAILED ($status)"); results in $out"
exit $status
