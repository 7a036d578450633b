#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The libraries export the API and nothing else, and need nothing but libc:
#   check-symbols.sh NM READELF libblake2neon.so libblake2neon.a [SANITIZERS [ALSO]]
# Every defined global symbol must be blake2neon_*; the shared library's
# SONAME is libblake2neon.so.0 and it needs libc alone (a sanitizer build
# also needs the sanitizer's runtime: its libraries are then allowed;
# ALSO: a library this target needs besides, e.g. libgcc_s.so.1 for the
# ARMv7 NEON backend's unwind table, as the provider: docs/packaging.md).
set -u
nm=$1 readelf=$2 so=$3 a=$4 san=${5:-} also=${6:-}
fail=0
api='^blake2neon_(init|init_param|update|final|hash|hash_many|backend|strerror|version|argon2|argon2_encode|argon2_verify)$'

# nm -D: "VALUE TYPE NAME[@@VERSION]"; the version node is an absolute
# symbol (type A) named after it.
dyn=$("$nm" -D --defined-only "$so" | awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }')
# i386's PIC thunks (__x86.get_pc_thunk.*) stay global in the static
# library, hidden and in COMDAT groups every i386 object has alike
# (lib/CMakeLists.txt): not an API, and clash with nothing.
stat=$("$nm" -g --defined-only "$a" | awk 'NF == 3 && $3 !~ /^__x86\.get_pc_thunk\./ { print $3 }')
for pair in "shared:$dyn" "static:$stat"; do
    kind=${pair%%:*} syms=${pair#*:}
    n=$(printf '%s\n' "$syms" | grep -c .)
    bad=$(printf '%s\n' "$syms" | grep . | grep -Ev "$api")
    echo "# $kind: $n global symbols"
    if [ -n "$bad" ]; then
        echo "not ok: $kind library exports more than the API:"; echo "$bad"
        fail=1
    fi
    if [ "$n" -ne 12 ]; then
        echo "not ok: $kind library exports $n symbols, the API has 12"
        fail=1
    fi
done

soname=$("$readelf" -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = libblake2neon.so.0 ] || { echo "not ok: SONAME '$soname'"; fail=1; }
needed=$("$readelf" -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
echo "# NEEDED: $(echo $needed)"
for lib in $needed; do
    [ "$lib" = "$also" ] && continue
    case $lib in
    libc.so.*) ;;
    libasan.so.*|libubsan.so.*|libtsan.so.*|libm.so.*|libgcc_s.so.*|libstdc++.so.*)
        [ -n "$san" ] || { echo "not ok: needs $lib"; fail=1; } ;;
    *) echo "not ok: needs $lib"; fail=1 ;;
    esac
done
[ $fail -eq 0 ] && echo "ok: API symbols only, SONAME $soname, libc alone"
exit $fail
