#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Inside a pristine Debian chroot, from the source tree it is run in (as
# root; scripts/check-debian-cross.sh runs it on a clone of the committed
# HEAD): cross-build the binary packages for ARCH the Debian way, then run
# what was built under qemu.
#
#   scripts/debian-cross-check.sh ARCH [CPU=BACKEND...]
#   e.g. scripts/debian-cross-check.sh armhf
#        scripts/debian-cross-check.sh armhf cortex-r5f=neon   (must fail)
#
#  1. dpkg --add-architecture ARCH; crossbuild-essential-ARCH and
#     `apt-get build-dep -a ARCH -P nocheck ./` (the Build-Depends for the
#     host architecture); then `dpkg-buildpackage -a ARCH -P nocheck -us
#     -uc -B` in /build/cross-ARCH (nocheck: a cross build runs no test);
#  2. every ELF file in the packages is for ARCH's machine;
#  3. the packages unpacked (dpkg -x, never installed) beside ARCH's
#     openssl and libcrypto (scripts/fetch-sysroot.sh: unpacked too); for
#     each CPU=BACKEND (default: ARCH's rows below), under `qemu-ARCH -cpu
#     CPU` with the target's openssl: `openssl list -provider-path DIR
#     -provider blake2neon -providers -verbose` must say backend=BACKEND,
#     and BLAKE2B-256 and -512 through the module, and b2nsum -l 256 and
#     512 with the packaged libblake2neon, must equal Python hashlib's.
# Results (packages, build log, qemu output) in /build/out-cross-ARCH.
# Exits non-zero at the first failure or mismatch.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8
arch=${1:?usage: $0 armhf|arm64 [CPU=BACKEND...]}
shift
case $arch in
armhf)
    qemu=qemu-arm triplet=arm-linux-gnueabihf machine=ARM
    # Debian's armhf baseline has no NEON: cortex-a7 reports it in
    # AT_HWCAP, cortex-r5f does not.
    [ $# -gt 0 ] || set -- cortex-a7=neon cortex-r5f=generic
    ;;
arm64)
    qemu=qemu-aarch64 triplet=aarch64-linux-gnu machine=AArch64
    [ $# -gt 0 ] || set -- cortex-a53=a64 max=a64
    ;;
*)
    echo "$0: no cross check for '$arch' (armhf, arm64)" >&2
    exit 2
    ;;
esac
src=$(pwd)
build=/build/cross-$arch
out=/build/out-cross-$arch
rm -rf "$build" "$out"
mkdir -p "$build" "$out"
step() { echo "== [${SECONDS}s] $*"; }
fail() { echo "debian-cross-check: FAIL: $*" >&2; exit 1; }

step "dpkg --add-architecture $arch; crossbuild-essential-$arch, qemu-user, python3 ($(sed -n 's/^PRETTY_NAME="\(.*\)"$/\1/p' /etc/os-release))"
dpkg --add-architecture "$arch"
apt-get update -qq
apt-get install -y -qq --no-install-recommends "crossbuild-essential-$arch" qemu-user \
    python3-minimal >/dev/null
step "apt-get build-dep -a $arch -P nocheck ./"
apt-get build-dep -y -qq -a "$arch" -P nocheck ./ >/dev/null

cp -a "$src" "$build/blake2neon"
step "DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -a $arch -Pnocheck -us -uc -B (log: build.log)"
(cd "$build/blake2neon" && DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -a "$arch" -Pnocheck -us -uc -B) \
    >"$out/build.log" 2>&1 || { tail -n 40 "$out/build.log"; fail "the cross build failed"; }
cp "$build"/*.deb "$build"/*.changes "$out/"
for pkg in blake2neon libblake2neon0 libblake2neon-dev b2nsum; do
    compgen -G "$build/${pkg}_*_$arch.deb" >/dev/null || fail "no ${pkg}_*_$arch.deb"
done

step "every ELF file is for $machine"
root=$build/root
for deb in "$build"/*_"$arch".deb; do dpkg -x "$deb" "$root"; done
n=0
while IFS= read -r -d '' f; do
    head -c 4 "$f" | grep -q 'ELF' || continue
    m=$(LC_ALL=C readelf -h "$f" 2>/dev/null | sed -n 's/^ *Machine: *//p')
    [ "$m" = "$machine" ] || fail "$f is for '$m', not $machine"
    n=$((n + 1))
done < <(find "$root" -type f -print0)
[ $n -ge 3 ] || fail "only $n ELF files in the packages"
echo "$n ELF files, all $machine"

step "$arch's openssl and libcrypto, unpacked (scripts/fetch-sysroot.sh)"
sysroot=$build/sysroot
scripts/fetch-sysroot.sh "$arch" "$sysroot"
modules=$root/usr/lib/$triplet/ossl-modules
[ -f "$modules/blake2neon.so" ] || fail "no $modules/blake2neon.so"

# The target's own programs under qemu: its C library from
# libc6-ARCH-cross (crossbuild-essential), libcrypto from the sysroot,
# libblake2neon from the unpacked package.
on_target() { # on_target CPU PROGRAM ARGS...
    local cpu=$1
    shift
    QEMU_LD_PREFIX=/usr/$triplet \
        LD_LIBRARY_PATH=$sysroot/usr/lib/$triplet:$root/usr/lib/$triplet \
        OPENSSL_CONF=/dev/null "$qemu" -cpu "$cpu" "$@"
}

data=$build/data
mkdir -p "$data"
python3 - "$data" <<'PY'
import hashlib, os, random, sys
d = sys.argv[1]
rng = random.Random(7693)
files = {"empty": b"", "abc": b"abc", "block": bytes(range(128)),
         "odd": bytes(rng.getrandbits(8) for _ in range(1000003))}
with open(os.path.join(d, "want"), "w") as want:
    for name, body in files.items():
        with open(os.path.join(d, name), "wb") as f:
            f.write(body)
        for bits in (256, 512):
            h = hashlib.blake2b(body, digest_size=bits // 8).hexdigest()
            want.write(f"{bits} {name} {h}\n")
PY

log=$out/qemu.txt
: >"$log"
for pair in "$@"; do
    cpu=${pair%%=*} backend=${pair#*=}
    step "$qemu -cpu $cpu: backend=$backend, digests against hashlib"
    on_target "$cpu" "$sysroot/usr/bin/openssl" list -provider-path "$modules" \
        -provider blake2neon -providers -verbose | tee -a "$log" >"$build/providers"
    grep -A3 '^  blake2neon' "$build/providers" | grep -q 'status: active' ||
        fail "$cpu: blake2neon is not active"
    got=$(grep -o 'backend=[a-z0-9-]*' "$build/providers" || true)
    echo "$cpu: $got"
    [ "$got" = "backend=$backend" ] || fail "$cpu: '$got', want backend=$backend"
    bad=0
    while read -r bits name want; do
        got=$(cd "$data" && on_target "$cpu" "$sysroot/usr/bin/openssl" dgst \
            -provider-path "$modules" -provider blake2neon -propquery provider=blake2neon \
            "-BLAKE2B-$bits" -r "$name" | cut -d' ' -f1)
        [ "$got" = "$want" ] || { echo "$cpu openssl BLAKE2B-$bits $name: $got, hashlib $want"; bad=1; }
        got=$(cd "$data" && on_target "$cpu" "$root/usr/bin/b2nsum" -l "$bits" "$name" | cut -d' ' -f1)
        [ "$got" = "$want" ] || { echo "$cpu b2nsum -l $bits $name: $got, hashlib $want"; bad=1; }
    done <"$data/want"
    [ $bad = 0 ] || fail "$cpu: digests differ from hashlib's"
    echo "$cpu: $(wc -l <"$data/want") digests by openssl and by b2nsum equal hashlib's" | tee -a "$log"
done
step "done"
