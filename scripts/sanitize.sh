#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build the module and tests for a checker, and run the tests under it.
#
#   scripts/sanitize.sh address    ASan+UBSan (-DBLAKE2NEON_SANITIZE=ON):
#                                  every test, the command-line ones through
#                                  an openssl that preloads the runtime
#   scripts/sanitize.sh thread     TSan (-DBLAKE2NEON_SANITIZE=thread):
#                                  the C tests, t_threads among them
#   scripts/sanitize.sh valgrind   an ordinary build, each C test under
#                                  valgrind --leak-check=full
#
# Environment: CC (default gcc), BUILD_DIR (default build-asan, build-tsan,
# build-valgrind). Exit status non-zero if any test or check failed.
set -euo pipefail
cd "$(dirname "$0")/.."

# RelWithDebInfo without its -DNDEBUG: the core's asserts (callers
# validate, the core asserts: core/blake2b.h) run under the sanitizers.
asserts=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g")

mode=${1:-}
cc=${CC:-gcc}
case "$mode" in
address)
    build=${BUILD_DIR:-build-asan}
    CC=$cc cmake -S . -B "$build" -DBLAKE2NEON_SANITIZE=ON "${asserts[@]}" >/dev/null
    cmake --build "$build" -- -j"$(nproc)" >/dev/null
    # Leaks are reported (LeakSanitizer is on by default on Linux).
    UBSAN_OPTIONS=print_stacktrace=1 \
        ctest --test-dir "$build" --output-on-failure -LE huge
    ;;
thread)
    build=${BUILD_DIR:-build-tsan}
    CC=$cc cmake -S . -B "$build" -DBLAKE2NEON_SANITIZE=thread "${asserts[@]}" >/dev/null
    cmake --build "$build" -- -j"$(nproc)" >/dev/null
    # The command-line tests run one single-threaded openssl each: nothing
    # for TSan to see (and clang's runtime cannot be preloaded into it).
    ctest --test-dir "$build" --output-on-failure -L c-api
    ;;
valgrind)
    build=${BUILD_DIR:-build-valgrind}
    CC=$cc cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
    cmake --build "$build" -- -j"$(nproc)" >/dev/null
    # Argon2's vectors of 64 MiB and more would take valgrind many
    # minutes each: t_argon2_kat names those over 4 MiB as left out.
    export BLAKE2NEON_ARGON2_MAX_KIB=4096
    # Each C test's command, environment and directory, as CTest would run
    # it, from CTest's own JSON (parsed with Perl's core JSON::PP); as many
    # at once as there are processors, reported in order afterwards.
    logdir=$(cd "$build" && pwd)
    names=()
    # Fields split by \x1f: a tab would merge with an empty field.
    while IFS=$'\x1f' read -r name dir env cmd; do
        names+=("$name")
        log=$logdir/valgrind-$name.log
        rm -f "$log.rc"
        while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do
            wait -n || true
        done
        # shellcheck disable=SC2086
        (
            rc=0
            cd "$dir" && env $env valgrind --error-exitcode=99 \
                --leak-check=full --errors-for-leak-kinds=definite,indirect,possible \
                --log-file="$log" $cmd >"$log.out" 2>&1 || rc=$?
            echo "$rc" >"$log.rc"
        ) &
    # Label "script": a test that is a shell script around other programs
    # (nm, the compiler); valgrind would check the shell, not our code.
    done < <(ctest --test-dir "$build" --show-only=json-v1 -L c-api -LE script | perl -MJSON::PP -e '
        local $/;
        my $json = decode_json(<STDIN>);
        for my $t (@{ $json->{tests} }) {
            my %p = map { $_->{name} => $_->{value} } @{ $t->{properties} // [] };
            my $env = ref $p{ENVIRONMENT} ? join(" ", @{ $p{ENVIRONMENT} }) : "";
            print join("\x1f", $t->{name}, $p{WORKING_DIRECTORY}, $env,
                       join(" ", @{ $t->{command} })), "\n";
        }')
    wait
    failed=0
    [ ${#names[@]} -gt 0 ] || { echo "valgrind: no C tests found" >&2; failed=1; }
    for name in "${names[@]}"; do
        log=$logdir/valgrind-$name.log
        rc=$(cat "$log.rc" 2>/dev/null || echo "none")
        echo "== valgrind: $name"
        if [ "$rc" = 0 ]; then
            grep -E 'ERROR SUMMARY|definitely|indirectly|possibly' "$log" || true
        elif [ "$rc" = 77 ]; then
            echo "skipped: $(grep -m1 SKIP "$log.out")"
        else
            echo "FAILED: $name, exit $rc (99: valgrind found errors)"
            cat "$log.out" "$log"
            failed=1
        fi
    done
    exit "$failed"
    ;;
*)
    echo "usage: $0 address|thread|valgrind" >&2
    exit 2
    ;;
esac
