#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# What one architecture's packages hold, read with dpkg-deb alone (no
# install; run by scripts/check-debs.sh for every architecture built):
#  - blake2neon: the module and its docs, Depends on the C library alone;
#  - libblake2neon0: libblake2neon.so.0.x and its SONAME link, Multi-Arch:
#    same, the shlibs, symbols (exactly the library's exports) and
#    ldconfig triggers control files;
#  - libblake2neon-dev: header, .so link, static library without DWARF,
#    blake2neon.pc; Depends: libblake2neon0 (= its version);
#  - b2nsum: the command and its gzipped man page, Depends on
#    libblake2neon0;
#  - debug information: each ELF file ships stripped with a .gnu_debuglink,
#    and its package's -dbgsym .ddeb holds its DWARF under
#    /usr/lib/debug/.build-id/ and names its Build-ID in Build-Ids.
#
#   scripts/check-deb-contents.sh DEBDIR ARCH
# Prints one line per package; exits non-zero if any check failed.
set -euo pipefail

debdir=${1:?usage: $0 DEBDIR ARCH}
arch=${2:?usage: $0 DEBDIR ARCH}
failed=0
bad() { echo "FAIL: $arch: $*" >&2; failed=1; }

field() { dpkg-deb -f "$1" "$2"; }
deb_of() { ls "$debdir/$1"_*_"$arch".deb 2>/dev/null | head -n 1; }

# expect_fields DEB SECTION MULTI-ARCH DEPENDS-REGEX
expect_fields() {
    local deb=$1 name
    name=$(field "$deb" Package)
    [ "$(field "$deb" Section)" = "$2" ] ||
        bad "$name: Section $(field "$deb" Section), expected $2"
    # (dpkg-deb says "no" for a package without the field.)
    local ma_field
    ma_field=$(field "$deb" Multi-Arch)
    [ "${ma_field:-no}" = "$3" ] || bad "$name: Multi-Arch '$ma_field', expected '$3'"
    [ "$(field "$deb" Architecture)" = "$arch" ] ||
        bad "$name: Architecture $(field "$deb" Architecture)"
    [[ $(field "$deb" Depends) =~ $4 ]] ||
        bad "$name: Depends '$(field "$deb" Depends)' does not match $4"
}

# has TREE PATH [-L|-f]: the unpacked package holds PATH (a link, a file).
has() { test "${3:--e}" "$1$2" || { bad "no $2 in the package"; return 1; }; }

# Debug information of every ELF file of DEB (unpacked in TREE).
check_debug() {
    local deb=$1 tree=$2 name ddeb elf id ids="" dbg
    name=$(field "$deb" Package)
    ddeb=$debdir/$name-dbgsym_$(field "$deb" Version)_$arch.ddeb
    [ -f "$ddeb" ] || { bad "no $(basename "$ddeb")"; return; }
    dpkg-deb -x "$ddeb" "$tree" || { bad "cannot unpack $ddeb"; return; }
    [ "$(field "$ddeb" Depends)" = "$name (= $(field "$deb" Version))" ] ||
        bad "$(basename "$ddeb"): Depends '$(field "$ddeb" Depends)'"
    while read -r elf; do
        id=$(readelf -n "$elf" 2>/dev/null | sed -n 's/^ *Build ID: \([0-9a-f]*\)$/\1/p')
        [ -n "$id" ] || { bad "${elf#"$tree"} has no Build-ID"; continue; }
        ids="$ids $id"
        dbg=$tree/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug
        # (Sections read into a variable first: grep -q leaving a pipe
        # early would fail readelf, and the test with it, under pipefail.)
        local so_sections dbg_sections=""
        so_sections=$(readelf -S -W "$elf")
        grep -q ' \.debug_info ' <<<"$so_sections" && bad "${elf#"$tree"} is not stripped"
        grep -q ' \.gnu_debuglink ' <<<"$so_sections" || bad "${elf#"$tree"} names no debug file"
        if [ -f "$dbg" ]; then
            dbg_sections=$(readelf -S -W "$dbg" 2>/dev/null) # (no .interp data: readelf says so)
            grep -q ' \.debug_info .*PROGBITS' <<<"$dbg_sections" ||
                bad "${dbg#"$tree"} holds no DWARF (built without -g?)"
        else
            bad "$(basename "$ddeb") has no ${dbg#"$tree"}"
        fi
    done < <(find "$tree" -path "$tree/usr/lib/debug" -prune -o -type f -print |
        while read -r f; do [ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = 177ELF ] && echo "$f"; done)
    [ -n "$ids" ] || bad "$name: no ELF file"
    # Build-Ids: the IDs of the files, in any order.
    [ "$(tr ' ' '\n' <<<"$(field "$ddeb" Build-Ids)" | sort | xargs)" = "$(tr ' ' '\n' <<<"$ids" | sort | xargs)" ] ||
        bad "$(basename "$ddeb"): Build-Ids '$(field "$ddeb" Build-Ids)', the files'$ids"
    echo "$(basename "$ddeb"): DWARF of$ids"
}

# The multiarch directory: where the module sits (/usr/lib/<ma>/ossl-modules).
ma=$(dpkg-deb -c "$(deb_of blake2neon)" 2>/dev/null |
    sed -n 's|.* \./usr/lib/\([^/]*\)/ossl-modules/blake2neon\.so$|\1|p')
[ -n "$ma" ] || bad "no blake2neon package with a module in /usr/lib/<multiarch>/ossl-modules"
version=""
for pkg in blake2neon libblake2neon0 libblake2neon-dev b2nsum; do
    deb=$(deb_of "$pkg")
    [ -f "$deb" ] || { bad "no ${pkg}_*_$arch.deb in $debdir"; continue; }
    version=$(field "$deb" Version)
    tree=$(mktemp -d)
    dpkg-deb -x "$deb" "$tree"
    has "$tree" "/usr/share/doc/$pkg/copyright" -f
    case $pkg in
    blake2neon)
        # As before the library was packaged: the C library (and libgcc_s
        # on armhf), no OpenSSL.
        expect_fields "$deb" libs no '^libc6 \(>= [0-9.]+\)(, libgcc-s1 \(>= [0-9.]+\))?$'
        has "$tree" "/usr/lib/$ma/ossl-modules/blake2neon.so" -f
        has "$tree" /usr/share/doc/blake2neon/blake2neon.cnf -f
        check_debug "$deb" "$tree"
        ;;
    libblake2neon0)
        expect_fields "$deb" libs same '^libc6 \(>= [0-9.]+\)(, libgcc-s1 \(>= [0-9.]+\))?$'
        has "$tree" "/usr/lib/$ma/libblake2neon.so.$version" -f &&
            has "$tree" "/usr/lib/$ma/libblake2neon.so.0" -L &&
            [ "$(readlink "$tree/usr/lib/$ma/libblake2neon.so.0")" = "libblake2neon.so.$version" ] ||
            bad "libblake2neon.so.0 does not point to libblake2neon.so.$version"
        soname=$(readelf -d "$tree/usr/lib/$ma/libblake2neon.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
        [ "$soname" = libblake2neon.so.0 ] || bad "SONAME '$soname'"
        ctl=$(mktemp -d)
        dpkg-deb -e "$deb" "$ctl"
        [ "$(cat "$ctl/triggers" 2>/dev/null)" = "activate-noawait ldconfig" ] ||
            bad "libblake2neon0 has no ldconfig trigger"
        grep -Eq '^libblake2neon 0 libblake2neon0 \(>= [0-9.]+\)$' "$ctl/shlibs" 2>/dev/null ||
            bad "libblake2neon0's shlibs: $(cat "$ctl/shlibs" 2>/dev/null)"
        # The symbols file lists what the library exports, no more, no less.
        listed=$(sed -n 's/^ \([^ ]*\) .*/\1/p' "$ctl/symbols" 2>/dev/null | sort)
        # (As dpkg-gensymbols lists them: each defined symbol with its
        # version, and each version node as NODE@NODE.)
        lib=$tree/usr/lib/$ma/libblake2neon.so.$version
        exported=$({
            readelf --dyn-syms -W "$lib" |
                awk '$7 != "UND" && $5 == "GLOBAL" && $8 ~ /@/ { sub(/@@/, "@", $8); print $8 }'
            readelf -V -W "$lib" | sed -n '/Flags: BASE/d; s/.* Index: [0-9]*  *Cnt: [0-9]*  *Name: \([^ ]*\)$/\1@\1/p'
        } | sort)
        [ -n "$exported" ] && [ "$listed" = "$exported" ] ||
            bad "the symbols file lists: $(xargs <<<"$listed"); the library exports: $(xargs <<<"$exported")"
        rm -rf "$ctl"
        check_debug "$deb" "$tree"
        ;;
    libblake2neon-dev)
        expect_fields "$deb" libdevel same "^libblake2neon0 \\(= ${version//./\\.}\\)\$"
        has "$tree" /usr/include/blake2neon.h -f
        has "$tree" "/usr/lib/$ma/libblake2neon.so" -L &&
            [ "$(readlink "$tree/usr/lib/$ma/libblake2neon.so")" = libblake2neon.so.0 ] ||
            bad "libblake2neon.so does not point to libblake2neon.so.0"
        if has "$tree" "/usr/lib/$ma/libblake2neon.a" -f; then
            sections=$(readelf -S -W "$tree/usr/lib/$ma/libblake2neon.a")
            ! grep -q ' \.debug_info ' <<<"$sections" || bad "libblake2neon.a keeps its DWARF"
        fi
        has "$tree" "/usr/lib/$ma/pkgconfig/blake2neon.pc" -f &&
            grep -qx "libdir=\${prefix}/lib/$ma" "$tree/usr/lib/$ma/pkgconfig/blake2neon.pc" ||
            bad "blake2neon.pc does not name /usr/lib/$ma"
        [ ! -e "$debdir/libblake2neon-dev-dbgsym_${version}_$arch.ddeb" ] ||
            bad "a -dbgsym package for libblake2neon-dev, which has no ELF file"
        ;;
    b2nsum)
        expect_fields "$deb" utils foreign '^libblake2neon0 \(>= [0-9.]+\), libc6 \(>= [0-9.]+\)$'
        has "$tree" /usr/bin/b2nsum -x
        has "$tree" /usr/share/man/man1/b2nsum.1.gz -f &&
            gzip -t "$tree/usr/share/man/man1/b2nsum.1.gz" || bad "b2nsum.1.gz is no gzip file"
        check_debug "$deb" "$tree"
        ;;
    esac
    echo "$(basename "$deb"): $(du -b "$deb" | cut -f1) bytes, Depends: $(field "$deb" Depends)"
    rm -rf "$tree"
done
exit $failed
