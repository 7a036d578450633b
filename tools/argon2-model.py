#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Modelled cycles of one Argon2 block (one call of a backend's BlaMka
fill) on Arm cores, by llvm-mca: a model, not a measurement.

    tools/argon2-model.py BUILD BACKEND[,BACKEND...] [--cores LIST]
                          [--llvm N] [--with-xor 0|1] [--cpu QEMU_CPU]
    e.g. tools/argon2-model.py build-armhf neon,generic
         tools/argon2-model.py --llvm 19 build-arm64 a64,generic \\
             --cores cortex-a53,cortex-a72,neoverse-n1,neoverse-v1,neoverse-v2

BUILD is a cross build of this tree (armhf or arm64) whose
core/libblake2b_core.a a small static driver links. The driver calls the
backend's fill (blamka.h) once between two markers and twice between two
more, on fixed pseudo-random blocks; qemu-user logs every instruction
executed (-singlestep -d exec,nochain), and each marked stream, written
out by tools/evp-insns.py's code, goes through llvm-mca (-iterations=1).
Cycles per block = cycles(two calls) - cycles(one call): the call's
entry, exit and the pipeline's fill and drain cancel. Also prints the
instructions per call. Same limits as tools/evp-insns.py: loads hit L1,
branches are predicted, load/store-multiple instructions are expanded
where a model cannot schedule them (marked ~).
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
spec = importlib.util.spec_from_file_location("evp_insns", os.path.join(HERE, "evp-insns.py"))
E = importlib.util.module_from_spec(spec)
spec.loader.exec_module(E)

DRIVER = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "backend.h"

__attribute__((noinline)) void mark_begin(void) { __asm__ volatile(""); }
__attribute__((noinline)) void mark_end(void) { __asm__ volatile(""); }

static struct blake2b_argon2_block blocks[4];

int main(int argc, char **argv)
{
    const struct blake2b_backend *b = blake2b_backend_by_name(argv[1]);
    int with_xor = atoi(argv[2]);
    blake2b_argon2_fill_fn *fill;
    uint64_t x = 0x9e3779b97f4a7c15u;

    if (argc != 3 || b == NULL || !blake2b_backend_cpu_can_run(b))
        return 2;
    fill = blake2b_backend_argon2_fill(b);
    for (int i = 0; i < 4; i++)
        for (int w = 0; w < BLAKE2B_ARGON2_BLOCKWORDS; w++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            blocks[i].v[w] = x;
        }
    fill(&blocks[2], &blocks[0], &blocks[1], with_xor);
    mark_begin();
    fill(&blocks[3], &blocks[2], &blocks[1], with_xor);
    mark_end();
    mark_begin();
    fill(&blocks[2], &blocks[3], &blocks[0], with_xor);
    fill(&blocks[3], &blocks[2], &blocks[1], with_xor);
    mark_end();
    printf("%016llx\n", (unsigned long long)blocks[3].v[0]);
    return 0;
}
"""


def mca(path, cpu, llvm):
    cmd = ["llvm-mca-%d" % llvm, "-mtriple=" + E.ARCH["mca_triple"], "-mcpu=" + cpu,
           "-mattr=+neon", "-iterations=1", path]
    approx = ""
    for attempt in (path, path + ".x"):
        if attempt != path:
            E.expand_multiple(path, attempt)
            approx = "~"
        cmd[-1] = attempt
        r = subprocess.run(cmd, capture_output=True, text=True)
        for _ in range(20):
            if not E.replace_unsupported(attempt, r.stderr):
                break
            r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode == 0 and "error" not in r.stderr:
            m = re.search(r"^Total Cycles:\s+(\d+)", r.stdout, re.M)
            return int(m.group(1)), approx
    sys.exit("llvm-mca-%d failed on %s for %s:\n%s" % (llvm, path, cpu, r.stderr[:600]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("build")
    ap.add_argument("backends")
    ap.add_argument("--cores")
    ap.add_argument("--llvm", type=int, default=14)
    ap.add_argument("--with-xor", default="1")
    ap.add_argument("--cpu")
    a = ap.parse_args()
    cache = open(os.path.join(a.build, "CMakeCache.txt")).read()
    arch = "arm64" if re.search(r"^CMAKE_(C_COMPILER|TOOLCHAIN_FILE):.*(aarch64|arm64)", cache, re.M) else "armhf"
    E.ARCH = E.ARCHES[arch]
    cpu = a.cpu or ("cortex-a7" if arch == "armhf" else "cortex-a53")
    cores = (a.cores or E.ARCH["mca"]).split(",")
    work = tempfile.mkdtemp()
    src, exe = os.path.join(work, "drv.c"), os.path.join(work, "drv")
    with open(src, "w") as f:
        f.write(DRIVER)
    subprocess.run([E.ARCH["triplet"] + "-gcc"] + E.ARCH["cflags"] +
                   ["-O2", "-static", "-I", os.path.join(REPO, "core"), src,
                    os.path.join(a.build, "core", "libblake2b_core.a"), "-pthread",
                    "-o", exe], check=True)
    syms = dict((n, addr) for addr, n in E.symbols(exe))
    marks = (syms["mark_begin"], syms["mark_end"])
    objs = E.Objects([(0, "MAIN")], exe)
    print("llvm-mca-%d, %s, with_xor=%s: cycles per block (modelled)" % (a.llvm, arch, a.with_xor))
    print("%-10s %9s  %s" % ("backend", "insn", "  ".join("%12s" % c for c in cores)))
    for backend in a.backends.split(","):
        log = os.path.join(work, backend + ".log")
        subprocess.run([E.ARCH["qemu"], "-cpu", cpu, "-singlestep", "-d", "exec,nochain",
                        "-D", log, exe, backend, a.with_xor], check=True,
                       stdout=subprocess.DEVNULL)
        segs = E.segments(log, marks)
        os.remove(log)
        text = E.disassemble(objs, set(segs[0]) | set(segs[1]), work)
        paths = []
        for i, seg in enumerate(segs[:2]):
            p = os.path.join(work, "%s.%d.s" % (backend, i))
            E.stream(seg, text, p)
            paths.append(p)
        row = []
        for core in cores:
            (c1, x1), (c2, x2) = mca(paths[0], core, a.llvm), mca(paths[1], core, a.llvm)
            row.append("%s%d" % (x1 or x2, c2 - c1))
        print("%-10s %9d  %s" % (backend, len(segs[1]) - len(segs[0]),
                                 "  ".join("%12s" % r for r in row)))


if __name__ == "__main__":
    main()
