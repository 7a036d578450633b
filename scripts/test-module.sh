#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Run this release's C test suite (`ctest -L c-api`: t_hostile, t_diff_default
# and the other EVP tests, the README's example), built against this
# release's OpenSSL, on blake2neon.so files built elsewhere: against another
# OpenSSL, on another Debian release. One module binary must serve every
# OpenSSL from 3.0 to 4.x; this is the proof. .ci/run copies the module
# built on Debian 12 (OpenSSL 3.0) into the Debian 13, sid and experimental
# chroots, and the one built in experimental (4.0) into sid (3.6).
#
#   scripts/test-module.sh MODULE...
#   e.g. scripts/in-chroot.sh sid DIR scripts/test-module.sh /var/tmp/m/blake2neon.so
#
# Each MODULE is a path to a file named blake2neon.so. The suite is built
# once in build-module-test (BLAKE2NEON_BENCH off), then configured with
# -DBLAKE2NEON_TEST_MODULE=MODULE and run for each. Needs what
# scripts/ci-release.sh installs. Prints what each module needs (its
# DT_NEEDED entries) and a line per module; exits non-zero if any failed.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: $0 MODULE..." >&2; exit 2; }

build="build-module-test"
. /etc/os-release
here="$PRETTY_NAME, $(openssl version | cut -d' ' -f1-2)"
summary=()
failed=0
for module in "$@"; do
    module=$(cd "$(dirname "$module")" && pwd)/$(basename "$module")
    needed=$(readelf -d "$module" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
    echo "== $module (needs: ${needed% }) against the C suite of $here"
    start=$SECONDS
    cmake -S . -B "$build" -DBLAKE2NEON_BENCH=OFF \
        -DBLAKE2NEON_TEST_MODULE="$module" >/dev/null
    cmake --build "$build" -j2 >/dev/null
    if ctest --test-dir "$build" -L c-api --output-on-failure; then
        status=PASS
    else
        status=FAIL
        failed=1
    fi
    summary+=("$(printf '%-4s %4ds  %s (needs: %s)' "$status" $((SECONDS - start)) \
        "$module" "${needed% }")")
done

echo
echo "C suite of $here, on modules built elsewhere:"
printf '%s\n' "${summary[@]}"
exit $failed
