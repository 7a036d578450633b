#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build the Debian packages with CPack, for each architecture:
# blake2neon (the provider), libblake2neon0, libblake2neon-dev and b2nsum,
# <package>_<version>_<arch>.deb, each but the -dev with its debug
# information in <package>-dbgsym_<version>_<arch>.ddeb: the host's
# architecture natively, armhf and arm64 from cross builds against the
# target's OpenSSL unpacked by scripts/fetch-sysroot.sh.
#
#   scripts/build-debs.sh [OUT [TARGET...]]
#   e.g. scripts/build-debs.sh build-debs native armhf arm64
#
# OUT: where the .deb files go (default: build-debs in the source tree).
# TARGET: native, or a cmake/toolchain-TARGET.cmake (default: native armhf
# arm64). Each builds in build-deb-TARGET in the source tree, configured
# for the prefix /usr, so the library goes to lib/<multiarch> and the
# module to lib/<multiarch>/ossl-modules, where Debian's OpenSSL looks. Cross targets need root once, to install the cross tools and
# fetch the target's OpenSSL (see scripts/install-cross-deps.sh). Prints the
# packages and their Depends; exits non-zero if any failed.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$repo/build-debs}
shift || true
[ $# -gt 0 ] || set -- native armhf arm64
mkdir -p "$out"
out=$(cd "$out" && pwd)

for target in "$@"; do
    build=$repo/build-deb-$target
    args=(-DBLAKE2NEON_TESTS=OFF -DCMAKE_BUILD_TYPE=Release -DBLAKE2NEON_WERROR=ON
          -DCMAKE_INSTALL_PREFIX=/usr)
    if [ "$target" != native ]; then
        toolchain=$repo/cmake/toolchain-$target.cmake
        [ -f "$toolchain" ] || { echo "build-debs: no $toolchain" >&2; exit 2; }
        "$repo/scripts/install-cross-deps.sh"
        "$repo/scripts/fetch-sysroot.sh" "$target" "$repo/sysroot/$target"
        args+=(-DCMAKE_TOOLCHAIN_FILE="$toolchain" -DBLAKE2NEON_SYSROOT="$repo/sysroot/$target")
    fi
    echo "== build-debs: $target" >&2
    # A fresh tree: a prefix or modules directory cached by an earlier
    # configure must not leak into a package.
    rm -rf "$build"
    # -g: the debug information the -dbgsym package keeps (the module ships
    # stripped). CFLAGS, not CMAKE_C_FLAGS, which would replace the
    # toolchain file's target flags.
    CFLAGS="${CFLAGS:+$CFLAGS }-g" cmake -S "$repo" -B "$build" "${args[@]}" >/dev/null
    cmake --build "$build" -j2 >/dev/null
    (cd "$build" && cpack -G DEB -B "$out" >/dev/null)
done

rm -rf "$out/_CPack_Packages"
for deb in "$out"/*.deb "$out"/*.ddeb; do
    printf '%s (%s bytes): %s\n' "$(basename "$deb")" "$(du -b "$deb" | cut -f1)" \
        "$(dpkg-deb -f "$deb" Depends)"
done
