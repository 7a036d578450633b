#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build the whole project (module, tests, benchmark, the README's example)
# with -Wall -Wextra -Werror with every gcc-N and clang-N this Debian
# release's archive offers, but the ones named (the release's default
# compilers, which scripts/ci-release.sh builds and tests already). Build
# only: a warning is what a new compiler brings; the suite runs once per
# release with its default compilers.
#
#   scripts/build-all-compilers.sh [SKIP-PACKAGE...]   (as root: apt-get)
#   e.g. scripts/build-all-compilers.sh gcc-16 clang-21
#
# A compiler the archive lists but apt cannot install is SKIP with apt's
# reason; a build that fails is FAIL. Prints a table; exits non-zero if any
# build failed or none ran.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

skip=" $* "
mapfile -t compilers < <(apt-cache search --names-only '^(gcc|clang)-[0-9]+$' |
    awk '{ print $1 }' | sort -V)
summary=()
failed=0
built=0
for pkg in "${compilers[@]}"; do
    [[ $skip != *" $pkg "* ]] || continue
    start=$SECONDS
    if ! err=$(apt-get install -y -qq --no-install-recommends "$pkg" 2>&1 >/dev/null); then
        summary+=("$(printf '%-9s SKIP  apt cannot install it: %s' "$pkg" \
            "$(grep -m 1 -E '^E:|Depends:' <<<"$err" | sed 's/^ *//')")")
        continue
    fi
    version=$("$pkg" --version | head -n 1)
    build=build-cc-$pkg
    log=$build/ci-build.log
    rm -rf "$build"
    mkdir -p "$build"
    echo "== $version"
    if CC=$pkg cmake -S . -B "$build" -DBLAKE2NEON_WERROR=ON >"$log" 2>&1 &&
        cmake --build "$build" -j2 >>"$log" 2>&1; then
        status=PASS
        built=$((built + 1))
        rm -rf "$build"
    else
        status=FAIL
        failed=1
        grep -E 'error|warning' "$log" | head -n 20 >&2 || tail -n 20 "$log" >&2
    fi
    summary+=("$(printf '%-9s %-5s %4ds  %s' "$pkg" "$status" $((SECONDS - start)) "$version")")
done

echo
echo "-Werror builds, $(. /etc/os-release && echo "$PRETTY_NAME") (skipped as built elsewhere:$skip)"
printf '%s\n' "${summary[@]}"
if [ $built -eq 0 ] && [ $failed -eq 0 ]; then
    echo "build-all-compilers: no compiler could be built with" >&2
    exit 1
fi
exit $failed
