#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build and prove the Debian source package (debian/) as Debian does, in a
# pristine chroot of RELEASE made anew from its minbase tree
# (scripts/debian-package-check.sh does the work inside, on a clone of the
# committed HEAD); the packages, logs and lintian output are copied to OUT.
#
#   scripts/check-debian.sh [RELEASE [DIR [OUT]]]
#   e.g. scripts/check-debian.sh bookworm /var/tmp/deb-bookworm build-debian
#
# RELEASE: bookworm (default), trixie, sid. DIR: the chroot (default
# /var/tmp/deb-RELEASE), deleted and unpacked again from
# B2N_BASE_TARBALL, else DIR.minbase.tar.gz, else made by debootstrap
# (scripts/in-chroot.sh, which then saves DIR.minbase.tar.gz). Needs root,
# git and debootstrap. Exits non-zero if any step fails.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
release=${1:-bookworm}
root=${2:-/var/tmp/deb-$release}
out=${3:-$repo/build-debian}

base=${B2N_BASE_TARBALL:-$root.minbase.tar.gz}
"$repo/scripts/fresh-chroot.sh" "$root" "$base"
status=0
"$repo/scripts/in-chroot.sh" "$release" "$root" scripts/debian-package-check.sh || status=$?
rm -rf "$out"
mkdir -p "$out"
cp -r "$root/build/out/." "$out/" 2>/dev/null || true
echo "check-debian: $release: $([ $status = 0 ] && echo passed || echo "FAILED ($status)"); results in $out"
exit $status
