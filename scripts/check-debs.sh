#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Prove the packages made by scripts/build-debs.sh:
#  - each package's debug information: the module ships stripped, with a
#    .gnu_debuglink, and blake2neon-dbgsym's .ddeb holds its DWARF under
#    /usr/lib/debug/.build-id/, named by the module's Build-ID;
#  - the host architecture's, in a pristine chroot of the Debian release it
#    was built on: apt installs it with what it needs, `openssl dgst
#    -provider blake2neon` works with no path and gives hashlib's digest,
#    the -dbgsym package installs beside it, and purge leaves nothing behind
#    (scripts/check-deb-installed.sh);
#  - armhf and arm64, unpacked with dpkg -x beside the target's OpenSSL
#    (scripts/fetch-sysroot.sh): the module sits in the directory the
#    target's openssl reports (`openssl version -m`), loads under qemu,
#    picks the expected backend for the emulated CPU and hashes right.
#
#   scripts/check-debs.sh [DEBDIR [RELEASE]]    (default: build-debs; as root)
#
# RELEASE: the release the packages were built on (bookworm, trixie, sid,
# experimental; default: this machine's). For another release than this
# machine's, only the host architecture's package is checked (the qemu rows
# use this release's OpenSSL for the target).
#
# B2N_BASE_TARBALL: a debootstrap minbase tree as .tgz to start the chroot
# from (faster); without it scripts/in-chroot.sh runs debootstrap. The chroot
# is build-check-debs-chroot in the source tree, removed afterwards.
# B2N_CHECK_DEBS_SKIP_CHROOT=1 checks only the qemu rows (says so).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
debdir=$(cd "${1:-$repo/build-debs}" && pwd)
host_release=$(. /etc/os-release && echo "$VERSION_CODENAME")
release=${2:-$host_release}
failed=0
summary=()
note() { summary+=("$*"); }

# kat.txt: hashlib's BLAKE2b-256 of the message 00 01 .. fe.
want=$(awk '$1 == 32 && $2 == 0 && $3 == 255 { print $4 }' "$repo/test/data/kat.txt")
msg=$(mktemp)
trap 'rm -f "$msg"' EXIT
perl -e 'print pack("C*", 0 .. 254)' >"$msg"

# ---------------------------------------------------------------------------
# The qemu rows: target  qemu-cpu    expected backend
rows=(
    "armhf  cortex-a7   neon"
    "armhf  cortex-r5f  generic"
    "arm64  cortex-a53  a64"
)
# ---------------------------------------------------------------------------
# What cmake/toolchain-TARGET.cmake sets VAR to (as cross-test.sh reads it).
toolchain_var() { sed -n "s/^set($2 \(.*\))\$/\1/p" "$repo/cmake/toolchain-$1.cmake"; }

check_row() { # check_row TARGET CPU EXPECT
    local target=$1 cpu=$2 expect=$3 t qemu deb tree run modulesdir out got
    t=$(toolchain_var "$target" B2N_CROSS_TRIPLE)
    deb=$(ls "$debdir"/blake2neon_*_"$target".deb 2>/dev/null | head -n 1)
    [ -f "$deb" ] || { echo "FAIL: no blake2neon_*_$target.deb in $debdir" >&2; return 1; }
    # (Called from an `if`, so set -e is off here: each step is checked.)
    "$repo/scripts/install-cross-deps.sh" || return 1
    # qemu-user's name, or Debian 12 qemu-user-static's (as cross-common.cmake).
    qemu=$(toolchain_var "$target" B2N_CROSS_QEMU)
    qemu=$(command -v "$qemu" || command -v "$qemu-static") ||
        { echo "FAIL: no $(toolchain_var "$target" B2N_CROSS_QEMU)" >&2; return 1; }
    "$repo/scripts/fetch-sysroot.sh" "$target" "$repo/sysroot/$target" || return 1
    tree=$(mktemp -d)
    cp -a "$repo/sysroot/$target/usr" "$tree/"
    dpkg -x "$deb" "$tree" || { rm -rf "$tree"; return 1; }
    run=("$qemu" -cpu "$cpu" -L "/usr/$t" -E "LD_LIBRARY_PATH=$tree/usr/lib/$t"
         -E "OPENSSL_CONF=/dev/null" "$tree/usr/bin/openssl")
    modulesdir=$(env -u OPENSSL_MODULES "${run[@]}" version -m | sed -n 's/^MODULESDIR: "\(.*\)"$/\1/p')
    echo "== $target/$cpu: target openssl's MODULESDIR is $modulesdir"
    if [ ! -f "$tree$modulesdir/blake2neon.so" ]; then
        echo "FAIL: the package has no blake2neon.so in $modulesdir" >&2
        rm -rf "$tree"
        return 1
    fi
    out=$(OPENSSL_MODULES=$tree$modulesdir "${run[@]}" list -provider blake2neon -providers -verbose)
    echo "$out" | grep 'build info' || true
    got=$(OPENSSL_MODULES=$tree$modulesdir "${run[@]}" dgst -provider blake2neon -BLAKE2B-256 -r "$msg" |
        cut -d' ' -f1)
    rm -rf "$tree"
    echo "got $got, hashlib $want"
    if ! grep -q "backend=$expect\$" <<<"$out"; then
        echo "FAIL: expected backend=$expect" >&2
        return 1
    fi
    [ "$got" = "$want" ] || { echo "FAIL: wrong digest" >&2; return 1; }
}

# Debug information: every package has its -dbgsym beside it, the module
# in one is stripped and names its debug file, which the other holds.
check_dbgsym() { # check_dbgsym DEB
    local deb=$1 ddeb tree id so dbg
    ddeb=${deb%/*}/$(basename "$deb" | sed 's/^blake2neon_/blake2neon-dbgsym_/; s/\.deb$/.ddeb/')
    [ -f "$ddeb" ] || { echo "FAIL: no $ddeb" >&2; return 1; }
    tree=$(mktemp -d)
    dpkg -x "$deb" "$tree" && dpkg -x "$ddeb" "$tree" || { rm -rf "$tree"; return 1; }
    so=$(find "$tree" -name blake2neon.so)
    id=$(readelf -n "$so" | sed -n 's/^ *Build ID: \([0-9a-f]*\)$/\1/p')
    dbg=$tree/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug
    local ok=1
    [ -n "$id" ] || { echo "FAIL: $so has no Build-ID" >&2; ok=0; }
    [ "$(dpkg-deb -f "$ddeb" Build-Ids)" = "$id" ] ||
        { echo "FAIL: $ddeb says Build-Ids: $(dpkg-deb -f "$ddeb" Build-Ids), the module $id" >&2; ok=0; }
    [ -f "$dbg" ] || { echo "FAIL: $ddeb has no ${dbg#"$tree"}" >&2; ok=0; }
    # (Sections read into a variable first: grep -q leaving a pipe early
    # would fail readelf, and the test with it, under pipefail.)
    local so_sections dbg_sections=""
    so_sections=$(readelf -S -W "$so")
    [ ! -f "$dbg" ] || dbg_sections=$(readelf -S -W "$dbg")
    grep -q ' \.debug_info ' <<<"$so_sections" && { echo "FAIL: the shipped module is not stripped" >&2; ok=0; }
    grep -q ' \.gnu_debuglink ' <<<"$so_sections" || { echo "FAIL: the module names no debug file" >&2; ok=0; }
    [ -f "$dbg" ] && ! grep -q ' \.debug_info .*PROGBITS' <<<"$dbg_sections" &&
        { echo "FAIL: ${dbg#"$tree"} holds no DWARF (built without -g?)" >&2; ok=0; }
    rm -rf "$tree"
    [ $ok = 1 ] && echo "== $(basename "$deb"): stripped; $(basename "$ddeb") holds its DWARF, Build-ID $id"
}
for deb in "$debdir"/blake2neon_*.deb; do
    if check_dbgsym "$deb"; then
        note "$(basename "$deb"): PASS (stripped, DWARF in the -dbgsym package by Build-ID)"
    else
        note "$(basename "$deb"): FAIL (debug information)"
        failed=1
    fi
done

[ "$release" = "$host_release" ] || rows=()
for row in "${rows[@]}"; do
    read -r target cpu expect <<<"$row"
    if check_row "$target" "$cpu" "$expect"; then
        note "$target $cpu: PASS (backend=$expect, digest as hashlib)"
    else
        note "$target $cpu: FAIL"
        failed=1
    fi
done

# The native package in a pristine chroot of this release.
native=$(dpkg --print-architecture)
if [ "${B2N_CHECK_DEBS_SKIP_CHROOT:-}" = 1 ]; then
    note "$native chroot: NOT RUN (B2N_CHECK_DEBS_SKIP_CHROOT=1)"
else
    root=$repo/build-check-debs-chroot
    gone() { ! grep -q " $root[/ ]" /proc/mounts; }
    gone || { echo "check-debs: something is still mounted under $root" >&2; exit 1; }
    rm -rf "$root"
    if [ -n "${B2N_BASE_TARBALL:-}" ]; then
        mkdir -p "$root" && tar -C "$root" -xzf "$B2N_BASE_TARBALL"
    fi
    # in-chroot.sh debootstraps when $root holds no tree yet (`true`
    # makes it); the packages go into the chroot's /var/tmp (its /tmp is
    # a fresh tmpfs).
    if { [ -x "$root/usr/bin/apt-get" ] || "$repo/scripts/in-chroot.sh" "$release" "$root" true; } &&
        mkdir -p "$root/var/tmp/debs" &&
        cp "$debdir"/blake2neon_*_"$native".deb "$debdir"/blake2neon-dbgsym_*_"$native".ddeb \
            "$root/var/tmp/debs/" &&
        "$repo/scripts/in-chroot.sh" "$release" "$root" scripts/check-deb-installed.sh /var/tmp/debs; then
        note "$native chroot ($release): PASS (apt install, dgst with no path as hashlib, -dbgsym installed, purge clean)"
    else
        note "$native chroot ($release): FAIL"
        failed=1
    fi
    gone && rm -rf "$root" "$root.debootstrap.log" "$root.minbase.tar.gz"
fi

echo
printf '%s\n' "${summary[@]}"
exit $failed
