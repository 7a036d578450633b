#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Inside a pristine Debian (run by scripts/check-debs.sh through
# scripts/in-chroot.sh, as root), with this architecture's packages from
# DEBDIR:
#  - apt installs blake2neon, libblake2neon0, libblake2neon-dev and b2nsum,
#    pulling in what they need; the module hashes with no path as hashlib
#    (test/data/kat.txt) and the installed sample config loads it;
#  - b2nsum gives b2sum's output byte for byte (coreutils' b2sum, in
#    minbase), and hashlib's digests;
#  - a C program (examples/lib_example.c) built with
#    `cc ... $(pkg-config --cflags --libs blake2neon)` links the installed
#    shared library, and one linked with the installed static library runs
#    without it; both hash as b2sum (and hashlib, when python3 is there)
#    and pick the backend the module picks (printed);
#  - the -dbgsym packages install their debug files under the Build-IDs;
#  - apt-get purge of them all leaves dpkg knowing none and no path of
#    theirs behind.
# gcc, libc6-dev and pkg-config are installed for the C program (no
# package of ours needs them); they stay until the chroot is deleted.
#
#   scripts/check-deb-installed.sh DEBDIR
set -euo pipefail
cd "$(dirname "$0")/.."

debdir=${1:?usage: $0 DEBDIR}
arch=$(dpkg --print-architecture)
pkgs=(blake2neon libblake2neon0 libblake2neon-dev b2nsum)
dbgsyms=(blake2neon-dbgsym libblake2neon0-dbgsym b2nsum-dbgsym)
fail() { echo "check-deb: FAIL: $*" >&2; exit 1; }
debs=()
for p in "${pkgs[@]}"; do
    found=("$debdir/${p}"_*_"$arch".deb)
    [ -f "${found[0]}" ] || fail "no ${p}_*_$arch.deb in $debdir"
    [ ${#found[@]} -eq 1 ] || fail "several packages: ${found[*]}"
    debs+=("${found[0]}")
done
ddebs=()
for p in "${dbgsyms[@]}"; do
    found=("$debdir/${p}"_*_"$arch".ddeb)
    [ -f "${found[0]}" ] || fail "no ${p}_*_$arch.ddeb in $debdir"
    ddebs+=("${found[0]}")
done

export DEBIAN_FRONTEND=noninteractive
echo "== [${SECONDS}s] apt-get update"
apt-get update -qq
echo "== [${SECONDS}s] apt-get install ${debs[*]##*/}"
# As a user would: with what they recommend (openssl).
apt-get install -y -q "${debs[@]}" | grep -E '^Setting up ' || true
echo "== [${SECONDS}s] apt-get install --no-install-recommends gcc libc6-dev pkg-config (for the C program)"
apt-get install -y -q --no-install-recommends gcc libc6-dev pkg-config >/dev/null
dpkg-query -W -f '${Package} ${Version} ${db:Status-Status}\n' "${pkgs[@]}" \
    libssl3 libssl3t64 libssl4 openssl 2>/dev/null || true
echo "$(openssl version), MODULESDIR $(openssl version -m | cut -d' ' -f2)"
command -v openssl >/dev/null || fail "the openssl command did not come with the package"

# The message is 00 01 .. fe; kat.txt holds hashlib's digests of it.
work=$(mktemp -d)
msg=$work/msg
perl -e 'print pack("C*", 0 .. 254)' >"$msg"
kat() { awk -v n="$1" '$1 == n && $2 == 0 && $3 == 255 { print $4 }' test/data/kat.txt; }
want=$(kat 32)
want512=$(kat 64)
[ -n "$want" ] && [ -n "$want512" ] || fail "test/data/kat.txt lacks the digests of 255 bytes"
unset OPENSSL_MODULES OPENSSL_CONF BLAKE2NEON_BACKEND
echo "== [${SECONDS}s] openssl dgst -provider blake2neon -BLAKE2B-256 (no path)"
got=$(openssl dgst -provider blake2neon -BLAKE2B-256 -r "$msg" | cut -d' ' -f1)
echo "got  $got"
echo "want $want (hashlib)"
[ "$got" = "$want" ] || fail "wrong digest"
info=$(openssl list -provider blake2neon -providers -verbose)
grep 'build info' <<<"$info" || true
provider_backend=$(sed -n 's/.*backend=\([a-z0-9-]*\).*/\1/p' <<<"$info" | head -n 1)
sample=/usr/share/doc/blake2neon/blake2neon.cnf
[ -f "$sample" ] || fail "no $sample"
OPENSSL_CONF=$sample openssl list -providers | grep -q blake2neon ||
    fail "the installed sample config does not load the provider"

echo "== [${SECONDS}s] b2nsum against coreutils' b2sum and hashlib"
command -v b2nsum >/dev/null || fail "no b2nsum on PATH"
(cd "$work" && b2sum msg >b2sum.out && b2nsum msg >b2nsum.out)
cmp "$work/b2sum.out" "$work/b2nsum.out" || fail "b2nsum msg differs from b2sum msg"
[ "$(cut -d' ' -f1 "$work/b2nsum.out")" = "$want512" ] || fail "b2nsum: not hashlib's BLAKE2b-512"
(cd "$work" && b2sum -l 256 --tag msg >b2sum.out && b2nsum -l 256 --tag msg >b2nsum.out)
cmp "$work/b2sum.out" "$work/b2nsum.out" || fail "b2nsum -l 256 --tag differs from b2sum's"
grep -qx "BLAKE2b-256 (msg) = $want" "$work/b2nsum.out" || fail "b2nsum -l 256: not hashlib's"
(cd "$work" && b2sum msg >sums && b2nsum -c sums) >/dev/null || fail "b2nsum -c of b2sum's list"
cat "$work/b2nsum.out"
[ -f /usr/share/man/man1/b2nsum.1.gz ] || fail "no b2nsum man page"

echo "== [${SECONDS}s] examples/lib_example.c with pkg-config --cflags --libs blake2neon"
echo "pkg-config: $(pkg-config --cflags --libs blake2neon)"
# shellcheck disable=SC2046 # pkg-config's flags are words
cc -o "$work/lib_example" examples/lib_example.c $(pkg-config --cflags --libs blake2neon) ||
    fail "the example does not build against the installed libblake2neon-dev"
libdir=$(pkg-config --variable=libdir blake2neon)
# shellcheck disable=SC2046
cc -o "$work/lib_example_static" examples/lib_example.c $(pkg-config --cflags blake2neon) \
    "$libdir/libblake2neon.a" -pthread || fail "the example does not link the static library"
text="blake2neon from the Debian packages"
want_text=$(printf %s "$text" | b2sum -l 256 | cut -d' ' -f1)
src="b2sum -l 256"
if command -v python3 >/dev/null; then
    py=$(python3 -c 'import hashlib, sys; print(hashlib.blake2b(sys.argv[1].encode(), digest_size=32).hexdigest())' "$text")
    [ "$py" = "$want_text" ] || fail "b2sum and hashlib differ: $want_text, $py"
    src="$src and hashlib"
fi
# (ldd may name it through /lib, the same directory on a merged /usr.)
loaded=$(ldd "$work/lib_example" | sed -n 's/^[[:space:]]*libblake2neon\.so\.0 => \([^ ]*\) .*/\1/p')
[ -n "$loaded" ] && [ "$(readlink -f "$loaded")" = "$(readlink -f "$libdir/libblake2neon.so.0")" ] ||
    fail "the example does not load $libdir/libblake2neon.so.0: $(ldd "$work/lib_example")"
echo "lib_example loads $loaded"
! ldd "$work/lib_example_static" | grep -q libblake2neon || fail "the static example needs libblake2neon.so"
for prog in lib_example lib_example_static; do
    out=$("$work/$prog" "$text")
    echo "$prog: $out"
    [ "${out%% *}" = "$want_text" ] || fail "$prog: not the digest of $src ($want_text)"
    backend=$(sed -n 's/.*(backend \(.*\))$/\1/p' <<<"$out")
    [ -n "$backend" ] && [ "$backend" = "$provider_backend" ] ||
        fail "$prog: backend '$backend', the module's '$provider_backend'"
done
echo "digest as $src; backend $backend, as the module's"

# The debug symbols: apt takes only *.deb files, dpkg any name.
echo "== [${SECONDS}s] dpkg -i ${ddebs[*]##*/}"
dpkg -i "${ddebs[@]}" >/dev/null
for p in "${dbgsyms[@]}"; do
    for id in $(dpkg-query -W -f '${Build-Ids}' "$p"); do
        [ -f "/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug" ] ||
            fail "$p installed no /usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug"
        echo "$p: debug file for Build-ID $id installed"
    done
done

echo "== [${SECONDS}s] apt-get purge ${pkgs[*]} ${dbgsyms[*]}"
listed=$(mktemp)
dpkg -L "${pkgs[@]}" "${dbgsyms[@]}" >"$listed"
apt-get purge -y -q "${pkgs[@]}" "${dbgsyms[@]}" >/dev/null
for pkg in "${pkgs[@]}" "${dbgsyms[@]}"; do
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
[ $left -eq 0 ] || fail "files or directories of the packages remain after purge"
# ldconfig's cache must have forgotten the library too (the trigger ran).
! ldconfig -p | grep -q libblake2neon || fail "ldconfig's cache still lists libblake2neon"
echo "check-deb: $arch: installed, used, purged clean ($(wc -l <"$listed") paths checked) in ${SECONDS}s"
rm -rf "$work" "$listed"
