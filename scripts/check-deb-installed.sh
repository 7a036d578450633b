#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Inside a pristine Debian (run by scripts/check-debs.sh through
# scripts/in-chroot.sh, as root): install this architecture's
# blake2neon_*.deb from DEBDIR with apt, which must pull in what it needs;
# hash with the installed module and no path against hashlib (the value
# in test/data/kat.txt); then purge it and check that nothing it had
# installed is left.
#
#   scripts/check-deb-installed.sh DEBDIR
set -euo pipefail
cd "$(dirname "$0")/.."

debdir=${1:?usage: $0 DEBDIR}
arch=$(dpkg --print-architecture)
debs=("$debdir"/blake2neon_*_"$arch".deb)
[ -f "${debs[0]}" ] || { echo "check-deb: no blake2neon_*_$arch.deb in $debdir" >&2; exit 1; }
[ ${#debs[@]} -eq 1 ] || { echo "check-deb: several packages: ${debs[*]}" >&2; exit 1; }
fail() { echo "check-deb: FAIL: $*" >&2; exit 1; }

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
echo "== apt-get install ${debs[0]}"
apt-get install -y -q "${debs[0]}" | grep -E '^(Setting up|Unpacking) ' || true
dpkg-query -W -f '${Package} ${Version} ${db:Status-Status}\n' blake2neon libssl3 libssl3t64 openssl 2>/dev/null || true
command -v openssl >/dev/null || fail "the openssl command did not come with the package"

# The message is 00 01 .. fe; kat.txt holds hashlib's BLAKE2b-256 of it.
msg=$(mktemp)
perl -e 'print pack("C*", 0 .. 254)' >"$msg"
want=$(awk '$1 == 32 && $2 == 0 && $3 == 255 { print $4 }' test/data/kat.txt)
[ -n "$want" ] || fail "test/data/kat.txt has no BLAKE2b-256 of 255 bytes"
unset OPENSSL_MODULES OPENSSL_CONF
echo "== openssl dgst -provider blake2neon -BLAKE2B-256 (no path)"
got=$(openssl dgst -provider blake2neon -BLAKE2B-256 -r "$msg" | cut -d' ' -f1)
echo "got  $got"
echo "want $want (hashlib)"
[ "$got" = "$want" ] || fail "wrong digest"
openssl list -provider blake2neon -providers -verbose | grep 'build info' || true
sample=/usr/share/doc/blake2neon/blake2neon.cnf
[ -f "$sample" ] || fail "no $sample"
OPENSSL_CONF=$sample openssl list -providers | grep -q blake2neon ||
    fail "the installed sample config does not load the provider"

echo "== apt-get purge blake2neon"
listed=$(mktemp)
dpkg -L blake2neon >"$listed"
apt-get purge -y -q blake2neon >/dev/null
if dpkg-query -W -f '${db:Status-Status}' blake2neon 2>/dev/null | grep -qv '^not-installed$'; then
    fail "dpkg still knows blake2neon: $(dpkg-query -W -f '${db:Status-Status}' blake2neon)"
fi
left=0
while read -r path; do
    [ -n "$path" ] && [ "$path" != /. ] || continue
    [ -e "$path" ] || [ -L "$path" ] || continue
    # A directory may stay if another package still owns it (/usr/lib/...).
    if [ -d "$path" ] && [ ! -L "$path" ] && dpkg -S "$path" >/dev/null 2>&1; then
        continue
    fi
    echo "left behind: $path" >&2
    left=1
done <"$listed"
[ $left -eq 0 ] || fail "files or directories of the package remain after purge"
echo "check-deb: $arch: installed, hashed as hashlib, purged clean ($(wc -l <"$listed") paths checked)"
