#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Install this build into a temporary prefix, then build and run
# examples/lib_example.c the way a user would: with the compiler and
# `pkg-config --cflags --libs blake2neon` pointed at that prefix.
#   pkgconfig-example.sh CMAKE BUILD_DIR CC EXAMPLE.c [EMULATOR [CFLAGS]]
# (CFLAGS: a sanitizer build's -fsanitize, which its library needs.)
set -eu
cmake=$1 build=$2 cc=$3 example=$4 emulator=${5:-} cflags=${6:-}
if ! command -v pkg-config >/dev/null 2>&1; then
    echo "SKIP: no pkg-config program"; exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/b2n-pc-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$cmake" --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" ||
    { cat "$tmp/install.log"; exit 1; }
pc=$(find "$tmp/prefix" -name blake2neon.pc)
[ -n "$pc" ] || { echo "not ok: no blake2neon.pc installed"; exit 1; }
echo "# $pc:"; sed 's/^/#   /' "$pc"
export PKG_CONFIG_PATH="$(dirname "$pc")"
# Only our .pc: a host's pkg-config must not find the target's elsewhere.
export PKG_CONFIG_LIBDIR="$PKG_CONFIG_PATH"
flags=$(pkg-config --cflags --libs blake2neon)
echo "# pkg-config --cflags --libs blake2neon: $flags"
libdir=$(pkg-config --variable=libdir blake2neon)
# A prefix the dynamic loader does not search: the program records it
# (an emulator's own LD_LIBRARY_PATH would override ours). The compiler
# may be a list (ccache); word splitting is meant here.
# shellcheck disable=SC2086
$cc $cflags -o "$tmp/lib_example" "$example" $flags -Wl,-rpath,"$libdir"
out=$($emulator "$tmp/lib_example" abc)
echo "# lib_example abc: $out"
# BLAKE2b-256("abc"), from Python's hashlib.blake2b(b"abc", digest_size=32)
want=bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319
case $out in
*"$want"*) echo "ok: installed library used through pkg-config" ;;
*) echo "not ok: expected $want"; exit 1 ;;
esac
