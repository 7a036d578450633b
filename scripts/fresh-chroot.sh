#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Make ROOT a fresh chroot tree: unpacked from TARBALL (a debootstrap
# minbase tree saved earlier) when it exists, else left empty for
# scripts/in-chroot.sh to debootstrap. Refuses while anything is mounted
# under ROOT, so that nothing is ever deleted through a mount a killed
# run left behind.
#
#   scripts/fresh-chroot.sh ROOT [TARBALL]
set -euo pipefail
root=${1:?usage: $0 ROOT [TARBALL]}
base=${2:-}

if awk -v d="$root/" 'index($2, d) == 1 { found = 1 } END { exit !found }' /proc/mounts; then
    echo "fresh-chroot: something is still mounted under $root; unmount it first" >&2
    exit 1
fi
rm -rf "$root"
if [ -n "$base" ] && [ -f "$base" ]; then
    mkdir -p "$root"
    tar -C "$root" -xzf "$base"
fi
