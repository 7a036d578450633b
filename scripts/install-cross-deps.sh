#!/usr/bin/env bash
# Install, from Debian's archive, what the cross builds and the qemu test runs
# need: cross compilers for armhf, arm64 and s390x, qemu-user, CMake, Perl.
# Run as root on Debian 12 (the CI machine):
#
#   scripts/install-cross-deps.sh
#
# Does nothing (and runs no apt-get update) when everything is in place.
# The targets' OpenSSL comes separately, from scripts/fetch-sysroot.sh.
set -euo pipefail

packages=(
    gcc-arm-linux-gnueabihf gcc-aarch64-linux-gnu gcc-s390x-linux-gnu
    qemu-user cmake make perl pkgconf
)

missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f '${db:Status-Status}' "$p" 2>/dev/null || true)
    [ "$status" = installed ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-cross-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# Third-party sources may fail to update; the install below is what counts.
apt-get update -qq || echo "install-cross-deps: apt-get update reported errors" >&2
apt-get install -y -qq --no-install-recommends "${missing[@]}"
