#!/usr/bin/env bash
# Unpack a foreign architecture's OpenSSL (headers, libcrypto, the openssl
# command) into a directory, for cross builds and for tests under qemu.
#
#   scripts/fetch-sysroot.sh ARCH [DIR]     ARCH: armhf | arm64 | s390x
#
# DIR defaults to sysroot/ARCH in the source tree, where cmake/toolchain-*.cmake
# look for it. The .deb files are kept in DIR/.debs. Runs apt-get update only
# when the architecture's package lists are missing; a second run with the
# tree in place does nothing and prints nothing; delete DIR to fetch anew.
#
# The packages are downloaded and unpacked, never installed: the host's
# libssl3 comes from bookworm-security and the foreign one may not, and
# multi-arch refuses to install two versions side by side.
set -euo pipefail

arch=${1:?usage: $0 armhf|arm64|s390x [DIR]}
case $arch in
armhf | arm64 | s390x) ;;
*) echo "$0: unknown architecture '$arch' (armhf, arm64 or s390x)" >&2; exit 2 ;;
esac
repo=$(cd "$(dirname "$0")/.." && pwd)
dest=${2:-$repo/sysroot/$arch}
debs=$dest/.debs
packages=(libssl3 libssl-dev openssl)
stamp=$dest/.fetched

[ -f "$stamp" ] && [ -x "$dest/usr/bin/openssl" ] && exit 0

# Add all three architectures at once, so that one apt-get update serves
# the fetches of the others too.
for a in armhf arm64 s390x; do
    dpkg --print-foreign-architectures | grep -qx "$a" || dpkg --add-architecture "$a"
done
download() {
    mkdir -p "$debs"
    # As root, download as root: no warning about the _apt sandbox user.
    (cd "$debs" && apt-get download -qq -o APT::Sandbox::User=root \
        "${packages[@]/%/:$arch}")
}
# Update the package lists only if they lack the architecture or are too
# old to download from.
if ! apt-cache show --no-all-versions "libssl3:$arch" >/dev/null 2>&1 ||
    ! download 2>/dev/null; then
    echo "fetch-sysroot: apt-get update for $arch" >&2
    # Third-party sources may fail to update; the download below decides.
    apt-get update -qq || echo "fetch-sysroot: apt-get update reported errors" >&2
    download
fi

# Start from an empty tree (but for the downloads).
find "$dest" -mindepth 1 -maxdepth 1 ! -name .debs -exec rm -rf {} +
for p in "${packages[@]}"; do
    # Newest downloaded version of each package, should the cache hold several.
    deb=$(printf '%s\n' "$debs/${p}_"*"_$arch.deb" | sort -V | tail -n 1)
    dpkg -x "$deb" "$dest"
    basename "$deb" >>"$stamp"
done
echo "fetch-sysroot: $arch OpenSSL unpacked in $dest" >&2
