#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Inside a pristine Debian chroot, from the source tree it is run in (as
# root; scripts/check-debian.sh runs it on a clone of HEAD):
#  1. `apt-get build-dep ./`: the Build-Depends and build-essential, nothing
#     else, then `dpkg-buildpackage -us -uc` in /build/a;
#  2. reproducible: the same tree built again (`-b`) in another path
#     (/build/second/src), under another time zone and umask, at a later
#     time: every .deb must be byte for byte the first build's;
#  3. lintian on the .changes (source and binary packages): no error and
#     no warning; blhc on the build log: every hardening flag everywhere;
#  4. autopkgtest on the built packages with the null runner (this chroot).
# Results (packages, logs) in /build/out. Exits non-zero at the first
# failure.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8
src=$(pwd)
out=/build/out
rm -rf /build/a /build/second "$out"
mkdir -p /build/a /build/second "$out"
step() { echo "== [${SECONDS}s] $*"; }
fail() { echo "debian-package-check: FAIL: $*" >&2; exit 1; }

step "apt-get build-dep ./ ($(. /etc/os-release && echo "$PRETTY_NAME"))"
apt-get update -qq
apt-get build-dep -y -qq ./ >/dev/null

# dpkg-source leaves .git out of the source package by itself.
cp -a "$src" /build/a/blake2neon
step "dpkg-buildpackage -us -uc in /build/a/blake2neon (log: build-a.log)"
(cd /build/a/blake2neon && dpkg-buildpackage -us -uc) >"$out/build-a.log" 2>&1 ||
    { tail -n 40 "$out/build-a.log"; fail "the build failed"; }
cp /build/a/*.deb /build/a/*.dsc /build/a/*.tar.* /build/a/*.changes /build/a/*.buildinfo "$out/"

cp -a "$src" /build/second/src
step "second build, in /build/second/src, TZ=Pacific/Kiritimati, umask 0002 (log: build-b.log)"
(cd /build/second/src && umask 0002 && TZ=Pacific/Kiritimati dpkg-buildpackage -us -uc -b) \
    >"$out/build-b.log" 2>&1 || { tail -n 40 "$out/build-b.log"; fail "the second build failed"; }
n=0
differ=()
for deb in /build/a/*.deb; do
    other=/build/second/$(basename "$deb")
    [ -f "$other" ] || fail "the second build made no $(basename "$deb")"
    if ! cmp -s "$deb" "$other"; then
        echo "$(basename "$deb") differs:"
        diff <(dpkg-deb -c "$deb" | awk '{ print $1, $2, $3, $6 }') \
             <(dpkg-deb -c "$other" | awk '{ print $1, $2, $3, $6 }') || true
        differ+=("$(basename "$deb")")
    fi
    n=$((n + 1))
done
[ ${#differ[@]} = 0 ] || fail "not reproducible: ${differ[*]}"
[ "$(ls /build/second/*.deb | wc -l)" = "$n" ] || fail "the builds made different sets of packages"
echo "reproducible: $n packages identical"

step "apt-get install lintian blhc autopkgtest"
apt-get install -y -qq --no-install-recommends lintian blhc autopkgtest >/dev/null

step "lintian $(lintian --print-version)"
# Overrides are shown (each must say why, in debian/*lintian-overrides);
# info and pedantic tags are printed but fail nothing.
lintian -I --pedantic --show-overrides --fail-on error,warning \
    /build/a/blake2neon_*.changes 2>&1 | { grep -v '^running with root privileges' || true; } |
    tee "$out/lintian.txt" || fail "lintian reports errors or warnings"
echo "lintian: $(grep -c '^E: ' "$out/lintian.txt" || true) errors, $(grep -c '^W: ' "$out/lintian.txt" || true) warnings"

step "blhc --all --debian build-a.log"
blhc --all --debian "$out/build-a.log" | tee "$out/blhc.txt" || fail "blhc: hardening flags missing"
echo "blhc: clean"

step "autopkgtest (null runner: this chroot) on the built packages"
autopkgtest /build/a/*.deb /build/a/blake2neon -- null 2>&1 | tee "$out/autopkgtest.log" ||
    fail "autopkgtest failed"
step "done"
