#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Unpack a foreign architecture's OpenSSL (headers, libcrypto, the openssl
# command, and the libraries libcrypto itself needs) into a directory, for
# cross builds and for tests under qemu.
#
#   scripts/fetch-sysroot.sh ARCH [DIR]
#   ARCH: armhf | arm64 | s390x | i386 | ppc64el
#
# DIR defaults to sysroot/ARCH in the source tree, where cmake/toolchain-*.cmake
# look for it. The .deb files are kept in DIR/.debs. Runs apt-get update only
# when the architecture's package lists are missing or stale; a second run
# with the tree in place does nothing and prints nothing; delete DIR to fetch
# anew. Works on any Debian release: package names are read from the
# archive (libssl3 on Debian 12, libssl3t64 on 13 and sid, libssl4 for
# OpenSSL 4.0), not assumed, from libssl-dev's and openssl's Depends. The
# version is the one apt would install: in the experimental chroot
# (scripts/in-chroot.sh) a pin makes that experimental's OpenSSL 4.0.
#
# Exit status 3: this release's archive has no OpenSSL for ARCH, or would
# not serve its files after a fresh apt-get update (the caller reports the
# target as skipped); any other failure is 1.
#
# The packages are downloaded and unpacked, never installed: the host's
# libssl comes from the security suite and the foreign one may not, and
# multi-arch refuses to install two versions side by side.
set -euo pipefail

all_arches=(armhf arm64 s390x i386 ppc64el)
arch=${1:?usage: $0 armhf|arm64|s390x|i386|ppc64el [DIR]}
if [[ " ${all_arches[*]} " != *" $arch "* ]]; then
    echo "$0: unknown architecture '$arch' (${all_arches[*]})" >&2
    exit 2
fi
repo=$(cd "$(dirname "$0")/.." && pwd)
dest=${2:-$repo/sysroot/$arch}
debs=$dest/.debs
stamp=$dest/.fetched

[ -f "$stamp" ] && [ -x "$dest/usr/bin/openssl" ] && exit 0

# Add every architecture at once, so that one apt-get update serves the
# fetches of the others too.
for a in "${all_arches[@]}"; do
    dpkg --print-foreign-architectures | grep -qx "$a" || dpkg --add-architecture "$a"
done

# closure: the OpenSSL packages and everything they depend on, by name as
# this release's archive spells it, one apt-cache call per level (each call
# reads every package list: seconds apiece where apt keeps no binary cache).
# Of each dependency the first alternative, without version. libc6 is left
# out: the cross compiler's libc6-dev-ARCH-cross provides it (qemu runs with
# -L /usr/TRIPLE). Names without an ARCH package (Architecture: all, virtual
# packages such as debconf-2.0) are skipped: libcrypto needs nothing of them.
closure() {
    local level=(libssl-dev openssl) seen=" " next
    while [ ${#level[@]} -gt 0 ]; do
        seen+="${level[*]} "
        mapfile -t next < <(apt-cache show --no-all-versions "${level[@]/%/:$arch}" \
            2>/dev/null | awk -v arch="$arch" '
                /^Package: / { pkg = $2 }
                /^Architecture: / { ours = ($2 == arch); if (ours) print "=" pkg }
                /^(Pre-)?Depends: / && ours {
                    sub(/^[^:]*: /, "")
                    n = split($0, dep, /,/)
                    for (i = 1; i <= n; i++) {
                        d = dep[i]; sub(/\|.*/, "", d); sub(/\(.*/, "", d)
                        sub(/:any/, "", d); gsub(/[ \t]/, "", d)
                        if (d != "" && d != "libc6") print d
                    }
                }' || true)
        level=()
        for p in "${next[@]}"; do
            if [[ $p == =* ]]; then
                echo "${p#=}"
            elif [[ $seen != *" $p "* && " ${level[*]} " != *" $p "* ]]; then
                level+=("$p")
            fi
        done
    done
}
download() {
    rm -rf "$debs"
    mkdir -p "$debs"
    # As root, download as root: no warning about the _apt sandbox user.
    (cd "$debs" && apt-get download -qq -o APT::Sandbox::User=root \
        "${packages[@]/%/:$arch}")
}

# Update the package lists only if they lack the architecture or are too
# old to download from.
mapfile -t packages < <(closure)
if [ ${#packages[@]} -eq 0 ] || ! download 2>/dev/null; then
    echo "fetch-sysroot: apt-get update for $arch" >&2
    # Third-party sources may fail to update; the download below decides.
    apt-get update -qq || echo "fetch-sysroot: apt-get update reported errors" >&2
    mapfile -t packages < <(closure)
    if [[ " ${packages[*]} " != *" libssl-dev "* ]]; then
        echo "fetch-sysroot: the archive of Debian $(cat /etc/debian_version)" \
            "has no libssl-dev for $arch" >&2
        exit 3
    fi
    # Lists that name packages the mirror's pool does not hold (404) are
    # the archive failing to serve the target too.
    if ! download; then
        echo "fetch-sysroot: the package mirror of Debian $(cat /etc/debian_version)" \
            "lists but did not serve OpenSSL for $arch (see apt-get's errors above)" >&2
        exit 3
    fi
fi

# Start from an empty tree (but for the downloads).
find "$dest" -mindepth 1 -maxdepth 1 ! -name .debs -exec rm -rf {} +
for deb in "$debs"/*.deb; do
    dpkg -x "$deb" "$dest"
    basename "$deb" >>"$stamp"
done
echo "fetch-sysroot: $arch OpenSSL unpacked in $dest ($(tr '\n' ' ' <"$stamp"))" >&2
