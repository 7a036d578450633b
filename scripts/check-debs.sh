#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Prove the packages made by scripts/build-debs.sh (blake2neon,
# libblake2neon0, libblake2neon-dev, b2nsum and the -dbgsym ones):
#  - what each architecture's packages hold, their control fields and
#    debug information (scripts/check-deb-contents.sh);
#  - the host architecture's, in a pristine chroot of the Debian release
#    they were built on: apt installs them with what they need, `openssl
#    dgst -provider blake2neon` works with no path and gives hashlib's
#    digest, b2nsum gives b2sum's output, examples/lib_example.c built with
#    `pkg-config --cflags --libs blake2neon` links the installed library and
#    hashes right, the -dbgsym packages install beside them, and purge
#    leaves nothing behind (scripts/check-deb-installed.sh);
#  - armhf and arm64, unpacked with dpkg -x beside the target's OpenSSL
#    (scripts/fetch-sysroot.sh): the module sits in the directory the
#    target's openssl reports (`openssl version -m`), loads under qemu,
#    picks the expected backend for the emulated CPU and hashes right; the
#    unpacked b2nsum gives the host b2sum's output under qemu, and
#    lib_example.c, cross-compiled with the flags pkg-config reads from the
#    unpacked blake2neon.pc, picks the same backend and hashes right.
#
#   scripts/check-debs.sh [DEBDIR [RELEASE]]    (default: build-debs; as root)
#
# RELEASE: the release the packages were built on (bookworm, trixie, sid,
# experimental; default: this machine's). For another release than this
# machine's, only the host architecture's packages are checked (the qemu
# rows use this release's OpenSSL for the target).
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
    local target=$1 cpu=$2 expect=$3 t qemu deb tree run modulesdir out got pkg
    t=$(toolchain_var "$target" B2N_CROSS_TRIPLE)
    local debs=()
    for pkg in blake2neon libblake2neon0 libblake2neon-dev b2nsum; do
        deb=$(ls "$debdir/$pkg"_*_"$target".deb 2>/dev/null | head -n 1)
        [ -f "$deb" ] || { echo "FAIL: no ${pkg}_*_$target.deb in $debdir" >&2; return 1; }
        debs+=("$deb")
    done
    # (Called from an `if`, so set -e is off here: each step is checked.)
    "$repo/scripts/install-cross-deps.sh" || return 1
    # qemu-user's name, or Debian 12 qemu-user-static's (as cross-common.cmake).
    qemu=$(toolchain_var "$target" B2N_CROSS_QEMU)
    qemu=$(command -v "$qemu" || command -v "$qemu-static") ||
        { echo "FAIL: no $(toolchain_var "$target" B2N_CROSS_QEMU)" >&2; return 1; }
    "$repo/scripts/fetch-sysroot.sh" "$target" "$repo/sysroot/$target" || return 1
    tree=$(mktemp -d)
    cp -a "$repo/sysroot/$target/usr" "$tree/"
    for deb in "${debs[@]}"; do
        dpkg -x "$deb" "$tree" || { rm -rf "$tree"; return 1; }
    done
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
    echo "got $got, hashlib $want"
    if ! grep -q "backend=$expect\$" <<<"$out"; then
        echo "FAIL: expected backend=$expect" >&2
        rm -rf "$tree"
        return 1
    fi
    [ "$got" = "$want" ] || { echo "FAIL: wrong digest" >&2; rm -rf "$tree"; return 1; }
    check_row_lib "$target" "$cpu" "$expect" "$tree" "$t" "$qemu"
    local rc=$?
    rm -rf "$tree"
    return $rc
}

# The unpacked b2nsum and libblake2neon under qemu (called by check_row).
check_row_lib() { # check_row_lib TARGET CPU EXPECT TREE TRIPLE QEMU
    local target=$1 cpu=$2 expect=$3 tree=$4 t=$5 qemu=$6 lib run_lib flags out text want_text
    lib=$tree/usr/lib/$t
    run_lib=("$qemu" -cpu "$cpu" -L "/usr/$t" -E "LD_LIBRARY_PATH=$lib")
    # b2nsum as the host's b2sum, byte for byte (same name, same cwd).
    if ! (cd "$(dirname "$msg")" &&
        cmp <(b2sum "${msg##*/}") <("${run_lib[@]}" "$tree/usr/bin/b2nsum" "${msg##*/}") &&
        cmp <(b2sum -l 256 --tag "${msg##*/}") \
            <("${run_lib[@]}" "$tree/usr/bin/b2nsum" -l 256 --tag "${msg##*/}")); then
        echo "FAIL: $target/$cpu: b2nsum differs from b2sum" >&2
        return 1
    fi
    echo "b2nsum under qemu: as b2sum (BLAKE2b-512 and -l 256 --tag)"
    b2nsum_note="b2nsum as b2sum"
    # lib_example.c with the flags of the unpacked blake2neon.pc.
    if ! command -v "$t-gcc" >/dev/null; then
        echo "SKIP: $target/$cpu: lib_example.c not built: no $t-gcc on this machine"
        lib_note="lib_example SKIP (no $t-gcc)"
        return 0
    fi
    flags=$(PKG_CONFIG_LIBDIR=$lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$tree \
        pkg-config --cflags --libs blake2neon) || { echo "FAIL: pkg-config blake2neon" >&2; return 1; }
    echo "pkg-config --cflags --libs blake2neon: $flags"
    # shellcheck disable=SC2086 # pkg-config's flags are words
    "$t-gcc" -o "$tree/lib_example" "$repo/examples/lib_example.c" $flags ||
        { echo "FAIL: $target: lib_example.c does not build against the package" >&2; return 1; }
    text="blake2neon from the Debian packages"
    want_text=$(printf %s "$text" | b2sum -l 256 | cut -d' ' -f1)
    if command -v python3 >/dev/null; then
        [ "$(python3 -c 'import hashlib, sys; print(hashlib.blake2b(sys.argv[1].encode(), digest_size=32).hexdigest())' "$text")" = "$want_text" ] ||
            { echo "FAIL: b2sum and hashlib differ on \"$text\"" >&2; return 1; }
    fi
    out=$("${run_lib[@]}" "$tree/lib_example" "$text")
    echo "lib_example under qemu: $out; b2sum -l 256: $want_text"
    [ "${out%% *}" = "$want_text" ] || { echo "FAIL: lib_example: wrong digest" >&2; return 1; }
    [ "${out##*(backend }" = "$expect)" ] ||
        { echo "FAIL: lib_example: expected backend $expect" >&2; return 1; }
    lib_note="lib_example backend $expect, digest as b2sum"
}

# What each architecture's packages hold, and their debug information.
for deb in "$debdir"/blake2neon_*.deb; do
    arch=$(dpkg-deb -f "$deb" Architecture)
    if "$repo/scripts/check-deb-contents.sh" "$debdir" "$arch"; then
        note "$arch packages: PASS (fields, files, symbols, stripped with DWARF in -dbgsym by Build-ID)"
    else
        note "$arch packages: FAIL (contents)"
        failed=1
    fi
done

[ "$release" = "$host_release" ] || rows=()
for row in "${rows[@]}"; do
    read -r target cpu expect <<<"$row"
    b2nsum_note="" lib_note=""
    if check_row "$target" "$cpu" "$expect"; then
        note "$target $cpu: PASS (backend=$expect, digest as hashlib; $b2nsum_note; $lib_note)"
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
        cp "$debdir"/*_"$native".deb "$debdir"/*_"$native".ddeb "$root/var/tmp/debs/" &&
        "$repo/scripts/in-chroot.sh" "$release" "$root" scripts/check-deb-installed.sh /var/tmp/debs; then
        note "$native chroot ($release): PASS (apt install, dgst with no path as hashlib, b2nsum as b2sum, lib_example via pkg-config, -dbgsym installed, purge clean)"
    else
        note "$native chroot ($release): FAIL"
        failed=1
    fi
    gone && rm -rf "$root" "$root.debootstrap.log" "$root.minbase.tar.gz"
fi

echo
printf '%s\n' "${summary[@]}"
exit $failed
