#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Inside a pristine Debian (run by scripts/check-debs.sh through
# scripts/in-chroot.sh, as root): install this architecture's
# blake2neon_*.deb from DEBDIR with apt, which must pull in what it needs;
# hash with the installed module and no path against hashlib (the value
# in test/data/kat.txt); install its blake2neon-dbgsym_*.ddeb beside it and
# find the debug file under the module's Build-ID; then purge both and
# check that nothing they had installed is left.
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
dpkg-query -W -f '${Package} ${Version} ${db:Status-Status}\n' blake2neon libssl3 libssl3t64 libssl4 openssl 2>/dev/null || true
echo "$(openssl version), MODULESDIR $(openssl version -m | cut -d' ' -f2)"
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

# The debug symbols: apt takes only *.deb files, dpkg any name.
ddeb=$(ls "$debdir"/blake2neon-dbgsym_*_"$arch".ddeb 2>/dev/null | head -n 1)
[ -f "$ddeb" ] || fail "no blake2neon-dbgsym_*_$arch.ddeb in $debdir"
echo "== dpkg -i $ddeb"
dpkg -i "$ddeb" >/dev/null
id=$(dpkg-query -W -f '${Build-Ids}' blake2neon-dbgsym)
[ -f "/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug" ] ||
    fail "blake2neon-dbgsym installed no /usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug"
echo "debug file for Build-ID $id installed"

echo "== apt-get purge blake2neon blake2neon-dbgsym"
listed=$(mktemp)
dpkg -L blake2neon blake2neon-dbgsym >"$listed"
apt-get purge -y -q blake2neon blake2neon-dbgsym >/dev/null
for pkg in blake2neon blake2neon-dbgsym; do
    if dpkg-query -W -f '${db:Status-Status}' "$pkg" 2>/dev/null | grep -qv '^not-installed$'; then
        fail "dpkg still knows $pkg: $(dpkg-query -W -f '${db:Status-Status}' "$pkg")"
    fi
done
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
