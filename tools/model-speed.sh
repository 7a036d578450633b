#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Modelled speed of each compress backend on Arm and x86-64 cores: cycles per byte of
# one 128-byte block, as llvm-mca-14 predicts them, and the speed-up over
# the generic C backend. A model, not a measurement.
#
#   tools/model-speed.sh [--cc clang|gcc] [-O LEVEL] [--llvm N]
#                        [--cores LIST] [--figures] [--no-openssl]
#                        [aarch64|armv7|x86-64|all]
#   e.g. tools/model-speed.sh --cc gcc armv7   (what it gave, dated: docs/performance.md, "32-bit Arm (ARMv7)", "AArch64" and "The x86-64 rule")
#
# --llvm N: model with llvm-mca-N and llvm-objdump-N instead of LLVM 14's
# (C is still compiled by clang-14 or gcc). On x86-64, N >= 17 models
# sapphirerapids with LLVM's own Sapphire Rapids model (14 borrows
# Skylake-SP's), alderlake (no AVX-512), icelake-server, skylake-avx512,
# znver4 and znver3 (N >= 19 also znver5, which LLVM 19 schedules with its
# Zen 4 model: not a Zen 5 model); on aarch64 it adds cortex-a510,
# cortex-a76, neoverse-n1, -v1, -n2, -v2 and cortex-x4 (LLVM 17 and later
# model N1, V1, N2 and V2 themselves; the output says which model a core
# borrows). Debian 12 has llvm-19 (package llvm-19).
#
# --cores LIST: model these cores (comma-separated llvm-mca names) instead
# of the target's own list; for one target at a time.
# --figures: after each table, one line per figure for scripts:
#   figure TARGET BACKEND METRIC VALUE
# METRIC is insn/block, cycles/block@CORE or call-cycles@CORE (one 1-block
# call, Arm only); scripts/check-perf-baseline.sh keeps them in
# test/perf-baseline.txt.
# --no-openssl: leave out the x86-64 row of OpenSSL's own compress (it
# needs a callgrind run).
#
# x86-64 (no Intel core here, and qemu runs no AVX-512): every x86 backend
# is unrolled, so the stream of one block is the loop over blocks in the
# function's disassembly, from the target of its last backward branch to
# that branch; llvm-mca-14 runs it -iterations=100 per core model
# (sapphirerapids, which LLVM 14 models as skylake-avx512, icelake-server,
# skylake-avx512 and znver3, the newest AMD model in LLVM 14, which has
# no AVX-512: its avx512 figures use whatever the model makes of those
# instructions), and cycles per byte are core cycles (not TSC) over 100
# blocks. C is compiled by the host gcc or
# clang-14 with the flags the build gives each file. The row "OpenSSL" is
# the same for OpenSSL's own compress in the libcrypto that `openssl`
# uses (no symbols needed: callgrind names the hottest function of a 1 MiB
# BLAKE2b-512), the reference the bench's ratios are against; its
# feed-forward loop is counted once, not four times (a few cycles a block).
#
# Method, per backend:
#  1. Compile the backend's file alone for the target, with the flags the
#     build gives that file (-O2 unless -O says otherwise), by clang-14
#     (default) or the Debian gcc cross compiler (what a native Debian
#     build uses). An assembly backend (.S) is preprocessed and assembled
#     by the gcc cross driver either way.
#  2. Link it into a tiny static driver that calls the compress function
#     once, on 1 block or on 1+K blocks (K=4), and run that under qemu-user
#     with one instruction per translation block, logging the address of
#     every instruction executed (-singlestep -d exec,nochain). Only the
#     part from the function's entry to its return is kept, calls it makes
#     (e.g. to memcpy) included. qemu says which instructions run, in which
#     order; its timing is never used.
#  3. Replace each address by its instruction from llvm-objdump-14: the
#     exact dynamic instruction stream, with every loop as executed - a
#     rolled 12-round loop counts 12 times, the loop over blocks once per
#     block. Branch targets become a dummy label (llvm-mca ignores control
#     flow; a branch is an instruction to issue). On 32-bit Arm, .arm and
#     .thumb directives follow the ELF mapping symbols.
#  4. Simulate each stream once per core (llvm-mca-14 -iterations=1).
#     Cycles per block = (cycles(1+K blocks) - cycles(1 block)) / K: the
#     difference cancels the call's prologue and epilogue and the pipeline's
#     fill and drain, leaving exactly the per-block work, including the
#     dependencies from one block into the next.
# A second table gives the cycles of step 4's one-block stream: one whole
# call, its entry and exit included. On aarch64 the columns cortex-a72+ror1
# and neoverse-n2+ror1 are those models with "ror" costed as "lsr" (see
# mca() below).
# Limits: llvm-mca assumes every load hits L1 and every branch is
# predicted, and ignores dependencies through memory. Where LLVM 14 has no
# model of its own for a core it borrows another's; the output names the
# model when it does. A model that cannot
# schedule Arm load/store-multiple instructions (LLVM 14's Cortex-A9) is
# given them expanded into one load or store per register, marked "~".
# llvm-mca rejects Thumb IT instructions: they are dropped, and the
# instructions they govern lose their condition (their cost stays, the
# dependency on the flags goes).
# LLVM 14's Cyclone model (which apple-m1 uses) issues a register-register
# add or eor like a shifted-register one, at most one a cycle: its scalar
# figures are pessimistic, and the output says so. The costs each model
# gives the key instructions are printed, to judge the figures by.
#
# Needs: clang-14, llvm-14 (llvm-mca-14, llvm-objdump-14), the gcc cross
# compilers (gcc-aarch64-linux-gnu, gcc-arm-linux-gnueabihf), qemu-user;
# for the OpenSSL row, openssl and valgrind.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
core=$repo/core
cc=clang
opt=2
extra_blocks=4
llvm=14
targets=()
only_cores=""
figures=0
openssl_row=1

while [ $# -gt 0 ]; do
    case $1 in
    --cc) cc=${2:?--cc needs clang or gcc}; shift 2 ;;
    -O) opt=${2:?-O needs a level}; shift 2 ;;
    -O?*) opt=${1#-O}; shift ;;
    --llvm) llvm=${2:?--llvm needs a version}; shift 2 ;;
    --cores) only_cores=${2:?--cores needs a list}; shift 2 ;;
    --figures) figures=1; shift ;;
    --no-openssl) openssl_row=0; shift ;;
    aarch64 | armv7 | x86-64) targets+=("$1"); shift ;;
    all) targets+=(aarch64 armv7 x86-64); shift ;;
    -h | --help) sed -n '2,/^set -euo/{/^#/p}' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "model-speed.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=(aarch64 armv7)
case $cc in clang | gcc) ;; *) echo "model-speed.sh: --cc clang|gcc" >&2; exit 2 ;; esac
[ -z "$only_cores" ] || [ ${#targets[@]} -eq 1 ] || {
    echo "model-speed.sh: --cores is for one target at a time" >&2
    exit 2
}

case $llvm in *[!0-9]* | '') echo "model-speed.sh: --llvm N, N a number" >&2; exit 2 ;; esac
mca_bin=llvm-mca-$llvm
objdump_bin=llvm-objdump-$llvm
tools=(clang-14 "$mca_bin" "$objdump_bin")
[[ " ${targets[*]} " == *" aarch64 "* ]] && tools+=(qemu-aarch64 aarch64-linux-gnu-gcc)
[[ " ${targets[*]} " == *" armv7 "* ]] && tools+=(qemu-arm arm-linux-gnueabihf-gcc)
[[ " ${targets[*]} " == *" x86-64 "* ]] && tools+=(gcc)
for tool in "${tools[@]}"; do
    command -v "$tool" >/dev/null || {
        echo "model-speed.sh: $tool not found (see the header for packages)" >&2
        exit 1
    }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The driver: FN on n blocks of unaligned input (as callers may pass).
cat >"$work/driver.c" <<'EOF'
#include <stdlib.h>
#include "blake2b.h"
blake2b_compress_fn FN;
int main(int argc, char **argv)
{
    static uint8_t buf[16 * BLAKE2B_BLOCKBYTES + 1];
    struct blake2b_state S = { { 0 } };
    size_t n = argc > 1 ? (size_t)atoi(argv[1]) : 1;

    for (size_t i = 0; i < sizeof(buf); i++)
        buf[i] = (uint8_t)i;
    FN(&S, buf + 1, n, BLAKE2B_BLOCKBYTES);
    return (int)(S.h[0] & 1);
}
EOF

# Per target: cross prefix, clang target and flags, qemu, llvm-mca triple
# and features, cores to model, models to name when a core borrows one,
# and the backends.
setup_target() {
    case $1 in
    aarch64)
        prefix=aarch64-linux-gnu
        clang_target=(--target=aarch64-linux-gnu)
        base_flags=()
        qemu=(qemu-aarch64 -cpu max)
        mca_triple=aarch64
        mattr=+neon
        cores=(cortex-a53 cortex-a55 cortex-a57 cortex-a72 cortex-a72+ror1
            neoverse-n1 apple-m1)
        known_models=(cortex-a53 cortex-a55 cortex-a57 cyclone)
        # LLVM 17 and later model the Cortex-A510 and Neoverse N1 and V1
        # (Graviton 2 and 3) themselves.
        if [ "$llvm" -ge 17 ]; then
            cores=(cortex-a53 cortex-a55 cortex-a510 cortex-a72
                cortex-a72+ror1 cortex-a76 neoverse-n1 neoverse-v1 neoverse-n2
                neoverse-n2+ror1 neoverse-v2 cortex-x4 apple-m1)
            known_models+=(cortex-a510 neoverse-n1 neoverse-v1 neoverse-n2
                neoverse-v2)
        fi
        # What each model charges for the instructions that matter most.
        probe=("add-x|add x0, x1, x2" "ror-x|ror x0, x1, #24"
            "eor-ror|eor x0, x1, x2, ror #24")
        # name | source | function | extra flags. (The vector kernels
        # AArch64 had are in docs/performance.md, "AArch64".)
        backends=(
            "generic|compress_generic.c|blake2b_compress_generic|"
            "a64|arm/compress_a64.S|blake2b_compress_a64|"
        )
        reference=generic
        ;;
    armv7)
        prefix=arm-linux-gnueabihf
        clang_target=(--target=armv7a-linux-gnueabihf -mthumb)
        # Debian armhf's baseline, which the gcc cross compiler defaults to.
        base_flags=(-march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard)
        qemu=(qemu-arm -cpu max)
        mca_triple=armv7a # the stream says .arm or .thumb
        mattr=+neon
        cores=(cortex-a9 cortex-a15 cortex-a57)
        known_models=(cortex-a9 cortex-a57 swift)
        probe=("adds|adds r0, r1, r2" "eor-lsl|eor r0, r1, r2, lsl #8"
            "vadd.i64|vadd.i64 q0, q1, q2" "vsri.64|vsri.64 q0, q1, #24"
            "vext.8|vext.8 q0, q1, q2, #8")
        backends=(
            "generic-rolled|compress_generic.c|blake2b_compress_generic|-DBLAKE2NEON_ROLLED_ROUNDS -fno-schedule-insns"
            "generic-unrolled|compress_generic.c|blake2b_compress_generic|-fno-schedule-insns"
            "neon|arm/compress_neon.S|blake2b_compress_neon|-mfpu=neon"
        )
        reference=generic-rolled # the default build on 32-bit targets
        ;;
    esac
}

# compile NAME SOURCE EXTRA_FLAGS -> $work/NAME.o
compile() {
    local name=$1 src=$2 extra=$3
    # gcc-only flags the build gives gcc alone.
    [ "$cc" = clang ] && extra=${extra//-fno-schedule-insns/}
    # shellcheck disable=SC2206 # extra holds separate flags
    local flags=(-O"$opt" -std=c11 -I"$core" "${base_flags[@]}" $extra)
    if [[ $src == *.S ]]; then
        # shellcheck disable=SC2086
        "$prefix-gcc" "${base_flags[@]}" $extra -I"$core" -c "$core/$src" \
            -o "$work/$name.o"
    elif [ "$cc" = clang ]; then
        clang-14 "${clang_target[@]}" "${flags[@]}" -c "$core/$src" \
            -o "$work/$name.o"
    else
        "$prefix-gcc" "${flags[@]}" -c "$core/$src" -o "$work/$name.o"
    fi
}

# symbol EXE NAME: "start end" (hex, end exclusive) of a sized symbol.
symbol() {
    local addr size
    read -r addr size < <("$prefix-nm" -S "$1" |
        awk -v s="$2" '$4 == s { print $1, $2; exit }')
    [ -n "${size:-}" ] || { echo "model-speed.sh: no sized symbol $2" >&2; return 1; }
    # Thumb symbols have bit 0 set; the code starts one byte lower.
    printf '%x %x\n' $((0x$addr & ~1)) $(((0x$addr & ~1) + 0x$size))
}

# trace NAME FUNCTION NBLOCKS -> $work/NAME.NBLOCKS.s, the instructions run
# by one call of FUNCTION on NBLOCKS blocks, in the order executed.
trace() {
    local name=$1 fn=$2 n=$3 exe=$work/$1.drv entry main_lo main_hi
    read -r entry _ < <(symbol "$exe" "$fn")
    read -r main_lo main_hi < <(symbol "$exe" main)
    if [ ! -f "$work/$name.dis" ]; then
        "$objdump_bin" -d --no-show-raw-insn --mattr="$mattr" "$exe" \
            >"$work/$name.dis"
        # Arm ($a) / Thumb ($t) / data ($d) mapping symbols, by address.
        "$prefix-readelf" -sW "$exe" |
            awk '$8 ~ /^\$[atd](\.|$)/ { print $2, substr($8, 2, 1) }' |
            sort >"$work/$name.map"
    fi
    QEMU_LD_PREFIX=/usr/$prefix "${qemu[@]}" -singlestep -d exec,nochain \
        -D "$work/$name.$n.log" "$work/$name.drv" "$n" >/dev/null || true
    awk -v entry="$entry" -v main_lo="$main_lo" -v main_hi="$main_hi" \
        -v arm="$([ "$prefix" = arm-linux-gnueabihf ] && echo 1 || echo 0)" '
        # Fixed-width hex strings compare like the numbers they spell.
        function key(h) { h = tolower(h); sub(/^0+/, "", h); return sprintf("%16s", h) }
        function mode_at(k,   lo, hi, mid) { # last mapping symbol <= k
            lo = 0; hi = nmap
            while (hi - lo > 1) {
                mid = int((lo + hi) / 2)
                if (mapk[mid] <= k) lo = mid; else hi = mid
            }
            return mapm[lo]
        }
        FILENAME ~ /\.map$/ { nmap++; mapk[nmap - 1] = key($1); mapm[nmap - 1] = $2; next }
        FILENAME ~ /\.dis$/ {
            if (match($0, /^ *[0-9a-f]+:/)) {
                addr = substr($0, RSTART, RLENGTH - 1)
                gsub(/ /, "", addr)
                text = substr($0, RLENGTH + 1)
                sub(/^[ \t]+/, "", text)
                sub(/[ \t]*(\/\/|@|;).*$/, "", text)
                gsub(/0x[0-9a-f]+ <[^>]*>/, ".Ltarget", text)
                insn[key(addr)] = text
            }
            next
        }
        BEGIN { entry = key(entry); main_lo = key(main_lo); main_hi = key(main_hi) }
        /^Trace/ {
            split($0, f, "/")
            k = key(f[2])
            if (!on) {
                if (k != entry) next
                on = 1
                print ".Ltarget:"
            } else if (k >= main_lo && k < main_hi) {
                exit # back in the caller
            }
            if (!(k in insn)) { print "no instruction at " f[2] > "/dev/stderr"; exit 1 }
            text = insn[k]
            if (arm && nmap) {
                m = mode_at(k)
                if (m != mode) print (m == "t" ? ".thumb" : ".arm")
                mode = m
            }
            if (mode == "t") {
                # llvm-mca rejects Thumb IT: drop it, and the condition of
                # the instructions it governs (they keep their cost).
                split(text, w, /[ \t]+/)
                if (w[1] ~ /^it[te]*$/) { in_it = length(w[1]) - 1; next }
                if (in_it > 0) {
                    in_it--
                    op = w[1]; q = ""
                    if (match(op, /\.[wn]$/)) { q = substr(op, RSTART); op = substr(op, 1, RSTART - 1) }
                    if (q == ".n") q = ""
                    if (op ~ /(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)$/)
                        op = substr(op, 1, length(op) - 2)
                    text = op q substr(text, length(w[1]) + 1)
                }
            }
            print "\t" text
        }
    ' "$work/$name.map" "$work/$name.dis" "$work/$name.$n.log" \
        >"$work/$name.$n.s"
    if grep -q '<unknown>' "$work/$name.$n.s"; then
        echo "model-speed.sh: llvm-objdump-$llvm could not decode part of $name" >&2
        return 1
    fi
    [ "$(insns "$work/$name.$n.s")" -gt 0 ] || {
        echo "model-speed.sh: empty trace for $fn" >&2
        return 1
    }
}

# expand_multiple FILE: load/store-multiple instructions rewritten as one
# load or store per register, for models that cannot schedule them. Only
# registers and the base matter to llvm-mca, not the values moved.
expand_multiple() {
    awk '
        function regs(s,   l) { # the register list between braces
            l = s; sub(/^[^{]*\{ */, "", l); sub(/ *\}.*$/, "", l)
            return split(l, R, / *, */)
        }
        function base(s,   b) { b = s; sub(/^[ \t]*[a-z0-9.]+[ \t]+/, "", b); sub(/[!]? *,.*$/, "", b); return b }
        {
            line = $0; op = $1; sub(/\..*$/, "", op)
            if (op ~ /^(push|vpush)$/) { mem = (op == "push" ? "str" : "vstr"); b = "sp"; dir = -1; wb = 1 }
            else if (op ~ /^(pop|vpop)$/) { mem = (op == "pop" ? "ldr" : "vldr"); b = "sp"; dir = 1; wb = 1 }
            else if (op ~ /^v?(ldm|stm)(ia|db)?$/) {
                mem = (op ~ /ld/ ? "ldr" : "str"); if (op ~ /^v/) mem = "v" mem
                b = base(line); dir = (op ~ /db$/ ? -1 : 1); wb = (line ~ /!/)
            } else { print; next }
            n = regs(line); size = (mem ~ /^v/ ? 8 : 4)
            for (i = 1; i <= n; i++) {
                r = (R[i] == "pc" ? "lr" : R[i]) # a return: the load is what costs
                off = (dir > 0 ? (i - 1) * size : -(n - i + 1) * size)
                printf "\t%s %s, [%s, #%d]\n", mem, r, b, off
            }
            if (wb) printf "\t%s %s, %s, #%d\n", (dir > 0 ? "add" : "sub"), b, b, n * size
        }' "$1"
}

# mca TRIPLE CORE FILE [OPTIONS...]: llvm-mca-14 on FILE, one pass; an
# instruction it cannot parse is an error here, not a silent gap.
# A core named CPU+ror1 is CPU's model with every "ror" (extr of one
# register) costed as "lsr" (ubfm): one cycle on a single-cycle pipe, as
# Arm's Software Optimization Guides for the Cortex-A72 and Neoverse N2
# give both, where LLVM 19's Cortex-A57 model (which the A72 borrows) and
# Neoverse N2 model cost every extr as the two-register form (3 cycles).
mca() {
    local file=$3 cpu=$2
    if [[ $cpu == *+ror1 ]]; then
        cpu=${cpu%+ror1}
        sed -E 's/^([[:space:]]*)ror([[:space:]])/\1lsr\2/' "$3" >"$3.ror1"
        file=$3.ror1
    fi
    "$mca_bin" -mtriple="$1" -mcpu="$cpu" -mattr="$mattr" -iterations=1 \
        "${@:4}" "$file" 2>"$work/mca.err" && ! grep -q 'error' "$work/mca.err"
}

# cycles TRIPLE CORE FILE: llvm-mca's total cycles for one pass over FILE,
# prefixed with "~" if load/store-multiple had to be expanded.
cycles() {
    local out
    if out=$(mca "$@"); then
        awk '/^Total Cycles:/ { print $3 }' <<<"$out"
    elif grep -q 'unable to resolve scheduling class' "$work/mca.err"; then
        expand_multiple "$3" >"$3.x"
        out=$(mca "$1" "$2" "$3.x") || {
            echo "model-speed.sh: llvm-mca-$llvm -mcpu=$2 failed on $3:" >&2
            head -4 "$work/mca.err" >&2
            return 1
        }
        awk '/^Total Cycles:/ { print "~" $3 }' <<<"$out"
    else
        echo "model-speed.sh: llvm-mca-$llvm -mcpu=$2 failed on $3:" >&2
        head -4 "$work/mca.err" >&2
        return 1
    fi
}

insns() { grep -c '^	' "$1" || true; }

run_target() {
    local target=$1 spec name src fn extra n1=1 n2=$((1 + extra_blocks))
    setup_target "$target"
    [ -z "$only_cores" ] || IFS=, read -r -a cores <<<"$only_cores"
    local names=() per_block=()

    echo "== $target: compress backends, C compiled by $([ "$cc" = clang ] &&
        echo clang-14 || echo "$prefix-gcc") -O$opt"
    for spec in "${backends[@]}"; do
        IFS='|' read -r name src fn extra <<<"$spec"
        if [ ! -f "$core/$src" ]; then
            echo "   ($name: core/$src not present, left out)"
            continue
        fi
        compile "$name" "$src" "$extra"
        "$prefix-gcc" -O2 -I"$core" -DFN="$fn" "$work/driver.c" \
            "$work/$name.o" -static -o "$work/$name.drv"
        trace "$name" "$fn" $n1
        trace "$name" "$fn" $n2
        names+=("$name")
        per_block+=("$((($(insns "$work/$name.$n2.s") - $(insns "$work/$name.$n1.s")) / extra_blocks))")
    done
    [ ${#names[@]} -gt 0 ] || return 0

    # Cycles per byte, per backend and core.
    declare -A cpb call1
    local i core c1 c2 approx=0
    for i in "${!names[@]}"; do
        for core in "${cores[@]}"; do
            c1=$(cycles "$mca_triple" "$core" "$work/${names[$i]}.$n1.s")
            c2=$(cycles "$mca_triple" "$core" "$work/${names[$i]}.$n2.s")
            call1[$i,$core]=$c1
            cpb[$i,$core]=$(awk -v a="${c1#\~}" -v b="${c2#\~}" -v k=$extra_blocks \
                'BEGIN { printf "%.2f", (b - a) / k / 128 }')
            [ $figures = 0 ] || awk -v a="${c1#\~}" -v b="${c2#\~}" -v k=$extra_blocks \
                -v t="$target" -v n="${names[$i]}" -v c="$core" 'BEGIN {
                    printf "figure %s %s cycles/block@%s %.2f\n", t, n, c, (b - a) / k
                    printf "figure %s %s call-cycles@%s %d\n", t, n, c, a
                }' >>"$work/figures"
            if [[ $c1$c2 == *"~"* ]]; then
                cpb[$i,$core]="~${cpb[$i,$core]}"
                approx=1
            fi
        done
    done

    echo "   cycles per byte (one 128-byte block) and speed-up over $reference,"
    echo "   modelled by llvm-mca-$llvm, not measured"
    printf '   %-17s %7s' backend insn/blk
    for core in "${cores[@]}"; do printf ' %17s' "$core"; done
    echo
    local ref=-1 cell value
    for i in "${!names[@]}"; do [ "${names[$i]}" = "$reference" ] && ref=$i; done
    for i in "${!names[@]}"; do
        printf '   %-17s %7s' "${names[$i]}" "${per_block[$i]}"
        for core in "${cores[@]}"; do
            cell=${cpb[$i,$core]}
            if [ "$ref" -ge 0 ]; then
                value=${cell#\~}
                cell="$cell $(awk -v r="${cpb[$ref,$core]#\~}" -v c="$value" \
                    'BEGIN { printf "(%.2fx)", r / c }')"
            fi
            printf ' %17s' "$cell"
        done
        echo
    done
    # What a one-block call costs whole: the per-block work plus the
    # call's own entry and exit (register saves, constants, clearing).
    printf '   %-17s %7s' "one 1-block call" ""
    for core in "${cores[@]}"; do printf ' %17s' "(cycles)"; done
    echo
    for i in "${!names[@]}"; do
        printf '   %-17s %7s' "${names[$i]}" ""
        for core in "${cores[@]}"; do printf ' %17s' "${call1[$i,$core]}"; done
        echo
    done
    [ $approx = 0 ] || echo "   ~: the model cannot schedule load/store-multiple;" \
        "they were expanded into single loads and stores."
    if [ $figures = 1 ]; then
        for i in "${!names[@]}"; do
            echo "figure $target ${names[$i]} insn/block ${per_block[$i]}"
        done
        cat "$work/figures"
        rm -f "$work/figures"
    fi

    # Which cores share a scheduling model in LLVM 14: identical output on
    # every stream means the same model.
    local known
    declare -A model_sig
    for core in "${known_models[@]}" "${cores[@]}"; do
        model_sig[$core]=$(for i in "${!names[@]}"; do
            mca "$mca_triple" "$core" "$work/${names[$i]}.$n2.s" \
                -instruction-info || echo "unschedulable"
        done | md5sum)
    done
    for core in "${cores[@]}"; do
        for known in "${known_models[@]}" "${cores[@]}"; do
            [ "$known" = "$core" ] && break
            if [ "${model_sig[$known]}" = "${model_sig[$core]}" ]; then
                echo "   $core: llvm-mca-$llvm has no model of its own; it uses the $known model"
                break
            fi
        done
    done

    # What each model charges for the key instructions, so that a reader
    # can judge the figures: latency / reciprocal throughput, in cycles.
    echo "   model costs (latency/reciprocal throughput, cycles):"
    local p labels=()
    for p in "${probe[@]}"; do
        labels+=("${p%%|*}")
        printf '\t%s\n' "${p#*|}"
    done >"$work/probe.s"
    for core in "${cores[@]}"; do
        mca "$mca_triple" "$core" "$work/probe.s" -instruction-info |
            awk -v core="$core" -v labels="${labels[*]}" '
                BEGIN { split(labels, L, " ") }
                /Instructions:$/ { on = 1; next }
                on && NF == 0 { exit }
                on {
                    n++; line = line sprintf("  %s %s/%s", L[n], $2, $3)
                    if (L[n] == "add-x" && $3 >= 1) slow = 1
                }
                END {
                    printf "     %-12s%s\n", core, line
                    if (slow) printf "     %-12s  (one scalar add a cycle: generic figures here are pessimistic)\n", ""
                }'
    done
    rm -f "$work"/*.s "$work"/*.x "$work"/*.log "$work"/*.o "$work"/*.drv \
        "$work"/*.dis "$work"/*.map
    echo
}

# block_loop < DISASSEMBLY: the loop over blocks of an unrolled backend,
# from the target of the last backward conditional branch to that branch,
# as llvm-mca input (branch targets become one dummy label).
block_loop() {
    awk '
        function hex(h,   v, i) {
            h = tolower(h); gsub(/[ \t]/, "", h); sub(/^0x/, "", h); v = 0
            for (i = 1; i <= length(h); i++)
                v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
            return v
        }
        # The loop over blocks: the last backward conditional branch.
        match($0, /^ *[0-9a-f]+:/) {
            a = hex(substr($0, RSTART, RLENGTH - 1)); addr[++n] = a
            line[n] = $0; sub(/^ *[0-9a-f]+:[ \t]*/, "", line[n])
            if (line[n] ~ /^j[a-z]+[ \t]/ && line[n] !~ /^jmp/) {
                t = line[n]; sub(/^j[a-z]+[ \t]+/, "", t); sub(/[ \t].*/, "", t)
                t = hex(t); if (t < a) { lo = t; hi = a }
            }
        }
        END {
            for (i = 1; i <= n; i++) if (addr[i] >= lo && addr[i] <= hi) {
                x = line[i]; sub(/[ \t]*#.*$/, "", x)
                gsub(/0x[0-9a-f]+ <[^>]*>/, ".Lloop", x)
                print (addr[i] == lo ? ".Lloop:\n" : "") "\t" x
            }
        }'
}

# openssl_default_stream FILE: the block loop of OpenSSL's own compress in
# the libcrypto that `openssl` runs with, written to FILE. libcrypto has no
# symbols for it, so callgrind names the hottest function of a 1 MiB
# BLAKE2b-512 (more than 40% of all instructions) and its disassembly up to
# the first ret gives the loop. Returns 1 if it cannot; either way, a line
# for the table's notes goes to $work/OpenSSL.note.
openssl_default_stream() {
    local lib="" top addr="" tool
    note() { echo "   OpenSSL: OpenSSL's own compress: $*" >"$work/OpenSSL.note"; }
    for tool in openssl valgrind callgrind_annotate; do
        command -v "$tool" >/dev/null || { note "not modelled (no $tool)"; return 1; }
    done
    head -c 1048576 /dev/zero >"$work/1m"
    valgrind --tool=callgrind --callgrind-out-file="$work/cg" \
        openssl dgst -blake2b512 "$work/1m" >/dev/null 2>&1 || {
        note "not modelled (callgrind failed)"; return 1; }
    # The most costly function: "IR (PCT%)  ???:0xADDR [OBJECT]".
    top=$(callgrind_annotate --threshold=100 "$work/cg" |
        awk '/\([ 0-9.]+%\) .*\[/ { print; exit }')
    read -r addr lib < <(awk '
        match($0, /\?\?\?:0x[0-9a-f]+ \[[^]]*libcrypto[^]]*\]$/) {
            pct = $0; sub(/^[^(]*\(/, "", pct); sub(/%.*/, "", pct)
            if (pct + 0 > 40) {
                split(substr($0, RSTART + 4, RLENGTH - 5), f, " \\[")
                print f[1], f[2]
            }
        }' <<<"$top")
    [ -n "$addr" ] || {
        note "not modelled (hottest function: $top)"; return 1; }
    "$objdump_bin" -d --no-show-raw-insn --start-address="$addr" \
        --stop-address=$((addr + 0x10000)) "$lib" |
        awk '{ print } /\tretq?$/ { exit }' | block_loop >"$1"
    [ "$(grep -c '^	' "$1")" -gt 1000 ] || {
        note "not modelled (no unrolled block loop at $addr in $lib)"
        return 1
    }
    note "$lib, the function at $addr (found by callgrind)"
}

# x86-64: the block loop of each (unrolled) backend, from its disassembly.
run_x86() {
    local cores=(sapphirerapids icelake-server skylake-avx512 znver3)
    # Sapphire Rapids and Zen 4 have models since LLVM 17 (Alder Lake 16).
    [ "$llvm" -ge 17 ] &&
        cores=(sapphirerapids alderlake icelake-server skylake-avx512 znver4)
    # Zen 3 too, the core tools/compress-best.sh has measured; LLVM 19 takes
    # -mcpu=znver5, but with its Zen 4 model (docs/performance.md, "The
    # x86-64 rule").
    [ "$llvm" -ge 17 ] && cores+=(znver3)
    [ "$llvm" -ge 19 ] && cores+=(znver5)
    [ -z "$only_cores" ] || IFS=, read -r -a cores <<<"$only_cores"
    local backends=(
        "generic|compress_generic.c|blake2b_compress_generic|"
        "avx2|x86/compress_avx2.c|blake2b_compress_avx2|-mavx2"
        "avx512|x86/compress_avx512.S|blake2b_compress_avx512|"
        "avx512-ror|x86/compress_avx512_ror.S|blake2b_compress_avx512_ror|"
    )
    local gcc_generic="-fschedule-insns -fsched-pressure -fira-loop-pressure"
    local spec name src fn extra iters=100 core
    echo "== x86-64: compress backends, C compiled by $([ "$cc" = clang ] &&
        echo clang-14 || echo gcc) -O$opt"
    echo "   core cycles per byte (the block loop, $iters iterations) and speed-up"
    echo "   over generic, modelled by llvm-mca-$llvm, not measured"
    printf '   %-12s %7s' backend insn/blk
    for core in "${cores[@]}"; do printf ' %17s' "$core"; done
    echo
    declare -A cpb
    local names=()
    for spec in "${backends[@]}"; do
        IFS='|' read -r name src fn extra <<<"$spec"
        [ "$name" = generic ] && [ "$cc" = gcc ] &&
            extra="$extra $gcc_generic"
        # shellcheck disable=SC2086 # extra holds separate flags
        if [[ $src == *.S ]]; then
            gcc -I"$core_dir" -I"$core_dir/x86" -c "$core_dir/$src" -o "$work/$name.o"
        elif [ "$cc" = clang ]; then
            clang-14 -O"$opt" -std=c11 -I"$core_dir" $extra -c "$core_dir/$src" -o "$work/$name.o"
        else
            gcc -O"$opt" -std=c11 -I"$core_dir" $extra -c "$core_dir/$src" -o "$work/$name.o"
        fi
        "$objdump_bin" -d --no-show-raw-insn --disassemble-symbols="$fn" \
            "$work/$name.o" | block_loop >"$work/$name.s"
        names+=("$name")
    done
    # OpenSSL's default provider, the reference every ratio here is against.
    if [ $openssl_row = 1 ]; then
        openssl_default_stream "$work/OpenSSL.s" && names+=(OpenSSL)
    else
        echo "   OpenSSL: OpenSSL's own compress: not modelled (--no-openssl)" >"$work/OpenSSL.note"
    fi
    for name in "${names[@]}"; do
        cpb[$name,insn]=$(grep -c '^	' "$work/$name.s")
        for core in "${cores[@]}"; do
            cpb[$name,$core]=$("$mca_bin" -mtriple=x86_64 -mcpu="$core" \
                -iterations=$iters "$work/$name.s" 2>/dev/null |
                awk -v k=$iters '/^Total Cycles:/ { printf "%.4f", $3 / k / 128 }')
            [ $figures = 0 ] || [ "$name" = OpenSSL ] ||
                awk -v v="${cpb[$name,$core]}" -v n="$name" -v c="$core" 'BEGIN {
                    printf "figure x86-64 %s cycles/block@%s %.2f\n", n, c, v * 128
                }' >>"$work/figures"
            cpb[$name,$core]=$(awk -v v="${cpb[$name,$core]}" 'BEGIN { printf "%.2f", v }')
        done
        [ $figures = 0 ] || [ "$name" = OpenSSL ] ||
            echo "figure x86-64 $name insn/block ${cpb[$name,insn]}" >>"$work/figures"
    done
    for name in "${names[@]}"; do
        printf '   %-12s %7s' "$name" "${cpb[$name,insn]}"
        for core in "${cores[@]}"; do
            printf ' %17s' "${cpb[$name,$core]} ($(awk -v r="${cpb[generic,$core]}" \
                -v c="${cpb[$name,$core]}" 'BEGIN { printf "%.2fx", r / c }'))"
        done
        echo
    done
    cat "$work/OpenSSL.note"
    if [ $figures = 1 ]; then
        sort "$work/figures"
        rm -f "$work/figures"
    fi
    if [ "$llvm" -lt 17 ]; then
        echo "   znver3 has no AVX-512, and LLVM $llvm has no Zen 4 model; sapphirerapids"
        echo "   uses the skylake-avx512 model."
    else
        echo "   alderlake has no AVX-512."
    fi
    echo "   On a core without AVX-512 the avx512 figures are only what the model"
    echo "   makes of those instructions. Every figure is a latency/throughput"
    echo "   bound of the stream, not a timing."
    echo "   model costs (uops/latency/reciprocal throughput, cycles):"
    printf '\t%s\n' 'vpermq $0x39, %ymm1, %ymm2' 'valignq $1, %ymm1, %ymm1, %ymm2' \
        'vpalignr $8, %xmm1, %xmm2, %xmm3' 'vprorq $24, %ymm1, %ymm2' \
        'vpbroadcastq 8(%rsi), %ymm2 {%k1}' 'rorq $24, %rax' \
        'rorxq $24, %rax, %rbx' >"$work/probe.s"
    for core in "${cores[@]}"; do
        "$mca_bin" -mtriple=x86_64 -mcpu="$core" -instruction-info "$work/probe.s" |
            awk -v core="$core" -v labels="vpermq valignq vpalignr vprorq vpbroadcastq{k} ror rorx" '
                BEGIN { split(labels, L, " ") }
                /Instructions:$/ { on = 1; next }
                on && NF == 0 { exit }
                on { n++; line = line sprintf("  %s %s/%s/%s", L[n], $1, $2, $3) }
                END { printf "     %-15s%s\n", core, line }'
    done
    echo
}

core_dir=$core
for t in "${targets[@]}"; do
    if [ "$t" = x86-64 ]; then run_x86; else run_target "$t"; fi
done
