#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Run a command on a clean clone of this repository inside a Debian release
# made by debootstrap (minbase): a pristine Debian 12 to prove that .ci/run
# installs everything it needs, Debian 13 for its OpenSSL 3.5, sid for 3.6,
# or experimental for 4.0.
#
#   scripts/in-chroot.sh [--in-root] RELEASE DIR [COMMAND...]
#   e.g. scripts/in-chroot.sh bookworm /tmp/pristine .ci/run
#        scripts/in-chroot.sh trixie build-chroot-trixie scripts/ci-release.sh
#        scripts/in-chroot.sh --in-root bookworm DIR scripts/readme-commands.sh
#
# RELEASE: a Debian suite (bookworm, trixie, sid, ...), or experimental: sid
# with experimental's OpenSSL (4.0; `openssl`, `libssl-dev`, `libssl4`)
# preferred over sid's and everything else from sid, as experimental is
# meant to be used (libssl3t64 stays: Python and the other clients built
# against 3.x still use it). DIR: the chroot; made with
# debootstrap when it does not hold one yet, reused as it is when it does
# (delete it for a pristine tree; a fresh one is also saved as
# DIR.minbase.tar.gz). The repository's committed HEAD is cloned
# into DIR/src (anew each run) and COMMAND (default: .ci/run) runs there as
# root. With --in-root the clone goes to DIR/root/blake2neon instead, with
# /root mode 0700 as in most containers: where a user who clones as root
# into the home directory builds and tests. Needs root, debootstrap and git on the host; the mirror is the
# host's Debian mirror. Exits with COMMAND's status.
set -euo pipefail

workdir=/src
if [ "${1:-}" = --in-root ]; then
    workdir=/root/blake2neon
    shift
fi
release=${1:?usage: $0 RELEASE DIR [COMMAND...]}
root=${2:?usage: $0 RELEASE DIR [COMMAND...]}
shift 2
[ $# -gt 0 ] || set -- .ci/run
repo=$(cd "$(dirname "$0")/.." && pwd)

# The host's Debian mirror (deb822 sources first, then the one-line format).
# Either file may be missing (a minbase Debian 12 has no *.sources): under
# pipefail that must not end the script.
mirror=$(sed -n 's/^URIs: *\([^ ]*debian\/*\)$/\1/p' /etc/apt/sources.list.d/*.sources \
    2>/dev/null | head -n 1 || true)
[ -n "$mirror" ] || mirror=$(awk '$1 == "deb" && $2 ~ /debian\/?$/ { print $2; exit }' \
    /etc/apt/sources.list 2>/dev/null || true)
mirror=${mirror:-http://deb.debian.org/debian}

# A pristine machine (or chroot) running this may lack either tool.
for tool in git debootstrap; do
    if ! command -v "$tool" >/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$tool" >/dev/null
    fi
done
# experimental is no whole suite: a sid tree with experimental added.
suite=$release
[ "$release" != experimental ] || suite=sid
if [ ! -x "$root/usr/bin/apt-get" ]; then
    echo "in-chroot: debootstrap --variant=minbase $suite $root $mirror" >&2
    mkdir -p "$root"
    debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$root.debootstrap.log" 2>&1 ||
        { tail -n 20 "$root.debootstrap.log" >&2; exit 1; }
    # The untouched tree, for pristine chroots of the same release made
    # later without another debootstrap (scripts/check-debian.sh's
    # B2N_BASE_TARBALL); experimental starts from sid's.
    # (Without the downloaded packages debootstrap leaves in apt's cache.)
    tar -C "$root" --exclude=./var/cache/apt/archives/*.deb -czf "$root.minbase.tar.gz" .
fi
root=$(cd "$root" && pwd)

# Written on every run, so that a tree made by hand gets them too.
case $release in
sid | unstable | experimental)
    # The mirror's sid Release file can be past its Valid-Until date (a
    # snapshot mirror); apt then refuses every update of these suites.
    echo 'Acquire::Check-Valid-Until "false";' >"$root/etc/apt/apt.conf.d/99novalid"
    ;;
esac
if [ "$release" = experimental ]; then
    echo "deb $mirror experimental main" >"$root/etc/apt/sources.list.d/experimental.list"
    # Every binary package of the openssl source (openssl, libssl-dev,
    # libssl4) from experimental, and nothing else. ":any": of every
    # architecture, so that `apt-get download PKG:ARCH`
    # (scripts/fetch-sysroot.sh) takes 4.0 too; plain src:openssl pins the
    # native packages only.
    mkdir -p "$root/etc/apt/preferences.d"
    printf '%s\n' "Package: src:openssl:any" "Pin: release a=experimental" \
        "Pin-Priority: 990" >"$root/etc/apt/preferences.d/openssl-experimental"
fi

mounted=()
cleanup() {
    local i
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
        umount -l "${mounted[i]}" 2>/dev/null || true
    done
}
trap cleanup EXIT
mount_in() { # mount_in TARGET MOUNT-ARGS...: mount once, unmount at exit
    local target=$root$1
    shift
    mountpoint -q "$target" && return 0
    mkdir -p "$target"
    mount "$@" "$target"
    mounted+=("$target")
}
mount_in /proc -t proc proc
mount_in /sys -t sysfs sys
mount_in /dev --bind /dev
mount_in /dev/pts --bind /dev/pts
mount_in /tmp -t tmpfs tmpfs
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true

# Never delete through a mount left behind by a killed run (a chroot made
# inside src/, e.g. by .ci/run, would have the host's /dev bound in it).
if awk -v d="$root$workdir/" 'index($2, d) == 1 { found = 1 } END { exit !found }' /proc/mounts; then
    echo "in-chroot: something is still mounted under $root$workdir; unmount it first" >&2
    exit 1
fi
rm -rf "$root$workdir"
mkdir -p "$(dirname "$root$workdir")"
[ "$workdir" = /src ] || chmod 0700 "$root/root"
git clone -q "$repo" "$root$workdir"
echo "in-chroot: $release ($(cat "$root/etc/debian_version")), $workdir at $(git -C "$root$workdir" log -1 --format='%h %s')" >&2

# A clean environment: nothing of the host's OpenSSL or build setup leaks
# in, but how many jobs CMake and CTest may run at once.
jobs=()
for var in CMAKE_BUILD_PARALLEL_LEVEL CTEST_PARALLEL_LEVEL; do
    [ -z "${!var:-}" ] || jobs+=("$var=${!var}")
done
status=0
chroot "$root" /usr/bin/env -i HOME=/root TERM="${TERM:-dumb}" LANG=C.UTF-8 \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "${jobs[@]}" \
    /bin/bash -c 'cd "$0" && exec "$@"' "$workdir" "$@" || status=$?
exit $status
