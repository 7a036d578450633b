#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Instructions per message of BLAKE2B-512 through EVP on Arm (32-bit armhf
or 64-bit arm64), counted under qemu-user, for OpenSSL's default provider
and for blake2neon; and the llvm-mca-14 model of the per-block work both
execute.

    tools/evp-insns.py MODULE_DIR [--arch armhf|arm64] [--cpu QEMU_CPU]
                       [--backend NAME] [--sizes 100,140,16384]
                       [--mca cortex-a9,cortex-a15] [--reuse] [--where SIZE]
                       [--providers default,blake2neon]
    e.g. tools/evp-insns.py build-armhf --cpu cortex-r5f   (results: docs/performance.md, "32-bit Arm (ARMv7)")
         tools/evp-insns.py build-armhf --cpu cortex-a7 --reuse --mca '' --where 100

--reuse hashes every message on one EVP_MD_CTX (EVP_DigestInit_ex, Update,
Final_ex), as applications that hash many messages do; without it each
message is one EVP_Digest call, which also allocates and frees the
EVP_MD_CTX. --where SIZE prints where that message's instructions go: per
object and per function (the nearest symbol: libraries without a symbol
table are named by their nearest exported one), and for blake2neon what its
calls out of the module (PLT, upcalls) run elsewhere. A call left by a
tail call is not seen as one.

MODULE_DIR holds the blake2neon.so of a cross build for --arch (default
armhf, e.g. build-armhf); the target's OpenSSL comes from sysroot/ARCH
(scripts/fetch-sysroot.sh ARCH). Deterministic: qemu runs one guest instruction per translation block
(-singlestep) and logs each one executed (-d exec,nochain); a tiny driver
calls EVP_Digest once per size to warm up (lazy binding, first-use
allocations), then once more between two marker calls, and only the
instructions between the markers are counted: the whole EVP_Digest call,
context allocation, update, final and free included. qemu's timing is never
used.

Model (modelled, not measured): the instructions executed for messages of
129 + 128*K bytes and of 129 bytes differ by exactly K blocks of update; both
streams, disassembled by llvm-mc-14 in the mode (Arm or Thumb) qemu reports
for each instruction, go through llvm-mca-14 (-iterations=1) and the
difference of total cycles over K*128 is cycles per byte. Only the
instructions of the object that hashes are kept (libcrypto for the default
provider, blake2neon.so for ours): the rest (malloc, the C library) runs
alike for both lengths. Same limits as tools/model-speed.sh: every load
hits L1, every branch is predicted, Thumb IT instructions are dropped with
the conditions they govern, load/store-multiple instructions are expanded
for the Cortex-A9 model, which cannot schedule them (marked ~); and
instructions llvm-mca-14 cannot schedule at all (mrc, hint) are left out.
Needs: gcc-arm-linux-gnueabihf (armhf) or gcc-aarch64-linux-gnu (arm64),
qemu-user, llvm-14.
"""
import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
K = 4  # extra blocks for the model's difference

# Per target: the cross tools, the C library qemu loads, llvm's names for
# the instruction set, and the defaults (armhf: a core without NEON, so
# that auto is generic; arm64: the Raspberry Pi 3's core).
ARCHES = {
    "armhf": dict(triplet="arm-linux-gnueabihf", qemu="qemu-arm",
                  cflags=["-march=armv7-a", "-mfpu=vfpv3-d16", "-mfloat-abi=hard"],
                  mc_triples={0: "armv7a-linux-gnueabihf", 1: "thumbv7a-linux-gnueabihf"},
                  mc_attr="+neon,+vfp3", mca_triple="armv7a",
                  cpu="cortex-r5f", mca="cortex-a9,cortex-a15,cortex-a57"),
    "arm64": dict(triplet="aarch64-linux-gnu", qemu="qemu-aarch64", cflags=[],
                  mc_triples={0: "aarch64-linux-gnu"},
                  mc_attr="+neon", mca_triple="aarch64",
                  cpu="cortex-a53", mca="cortex-a53,cortex-a55,cortex-a57"),
}
ARCH = ARCHES["armhf"]  # set by main()

DRIVER = r"""
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <link.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

/* The counted region lies between these two calls. */
__attribute__((noinline)) void mark_begin(void) { __asm__ volatile(""); }
__attribute__((noinline)) void mark_end(void) { __asm__ volatile(""); }

static int show(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size; (void)arg;
    printf("object %lx %s\n", (unsigned long)info->dlpi_addr,
           info->dlpi_name[0] ? info->dlpi_name : "MAIN");
    return 0;
}

int main(int argc, char **argv)
{
    /* argv: provider-name module-dir mode size... */
    OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();
    char propq[64];
    unsigned char out[64];
    unsigned int outlen;
    size_t max = 0;
    unsigned char *buf;

    /* argv[3]: "reuse" (one EVP_MD_CTX for every message: init, update,
     * final) or "digest" (EVP_Digest, a new EVP_MD_CTX per message). */
    int reuse = strcmp(argv[3], "reuse") == 0;
    EVP_MD_CTX *mctx = EVP_MD_CTX_new();

    for (int i = 4; i < argc; i++)
        if ((size_t)atol(argv[i]) > max)
            max = (size_t)atol(argv[i]);
    buf = malloc(max + 1);
    for (size_t i = 0; i < max + 1; i++)
        buf[i] = (unsigned char)(i * 7 + 1);
    OSSL_PROVIDER_set_default_search_path(ctx, argv[2]);
    if (OSSL_PROVIDER_load(ctx, argv[1]) == NULL)
        return 2;
    snprintf(propq, sizeof(propq), "provider=%s", argv[1]);
    EVP_MD *md = EVP_MD_fetch(ctx, "BLAKE2B-512", propq);
    if (md == NULL)
        return 3;
    for (int i = 4; i < argc; i++) {
        size_t n = (size_t)atol(argv[i]);
        for (int pass = 0; pass < 2; pass++) {
            /* Pass 0 warms up (lazy binding, first-use allocations). */
            if (pass)
                mark_begin();
            int ok = reuse ? EVP_DigestInit_ex(mctx, md, NULL)
                             && EVP_DigestUpdate(mctx, buf, n)
                             && EVP_DigestFinal_ex(mctx, out, &outlen)
                           : EVP_Digest(buf, n, out, &outlen, md, NULL);
            if (pass)
                mark_end();
            if (!ok)
                return 4;
        }
        printf("digest %zu %02x%02x%02x%02x\n", n, out[0], out[1], out[2], out[3]);
    }
    printf("marks %lx %lx\n", (unsigned long)(size_t)mark_begin,
           (unsigned long)(size_t)mark_end);
    dl_iterate_phdr(show, NULL);
    return 0;
}
"""


def prefix():
    """Where the target's C library lies (qemu's -L)."""
    return "/usr/" + ARCH["triplet"]


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def build_driver(work, sysroot):
    src = os.path.join(work, "driver.c")
    exe = os.path.join(work, "driver")
    with open(src, "w") as f:
        f.write(DRIVER)
    lib = os.path.join(sysroot, "usr/lib", ARCH["triplet"])
    run([ARCH["triplet"] + "-gcc", "-O2"] + ARCH["cflags"] +
        ["-I", os.path.join(sysroot, "usr/include"),
         "-I", os.path.join(sysroot, "usr/include", ARCH["triplet"]),
         # -rpath-link: Debian 13's libcrypto needs libz and libzstd,
         # unpacked beside it.
         src, "-L", lib, "-Wl,-rpath-link," + lib, "-lcrypto", "-o", exe])
    return exe, lib


def trace(exe, lib, cpu, provider, moddir, sizes, log, backend, mode):
    env = dict(os.environ, QEMU_LD_PREFIX=prefix(), LD_LIBRARY_PATH=lib)
    for k in ("OPENSSL_CONF", "OPENSSL_MODULES", "BLAKE2NEON_BACKEND"):
        env.pop(k, None)
    if backend:
        env["BLAKE2NEON_BACKEND"] = backend
    # qemu 8.1 renamed -singlestep (Debian 12 has 7.2, Debian 13 10.0).
    help_text = subprocess.run([ARCH["qemu"], "-h"], capture_output=True, text=True).stdout
    one = "-one-insn-per-tb" if "-one-insn-per-tb" in help_text else "-singlestep"
    out = run([ARCH["qemu"], "-cpu", cpu, one, "-d", "exec,nochain",
               "-D", log, exe, provider, moddir, mode] + [str(s) for s in sizes],
              env=env, capture_output=True, text=True).stdout
    marks = objects = None
    objects = []
    for line in out.splitlines():
        w = line.split()
        if w[0] == "marks":
            marks = (int(w[1], 16) & ~1, int(w[2], 16) & ~1)
        elif w[0] == "object":
            objects.append((int(w[1], 16), " ".join(w[2:])))
    return marks, objects


TRACE_RE = re.compile(r"^Trace \d+: \S+ \[([0-9a-f]+)/([0-9a-f]+)/")


def segments(log, marks):
    """Per marked call: the list of (pc, thumb) executed between the marks."""
    segs, cur = [], None
    with open(log) as f:
        for line in f:
            m = TRACE_RE.match(line)
            if not m:
                continue
            pc = int(m.group(2), 16)
            # 32-bit Arm: the Thumb bit of qemu's TB flags; AArch64 has none.
            thumb = (int(m.group(1), 16) >> 23) & 1 if 1 in ARCH["mc_triples"] else 0
            if pc == marks[0]:
                cur = []
            elif pc == marks[1]:
                if cur is not None:
                    segs.append(cur)
                cur = None
            elif cur is not None:
                cur.append((pc, thumb))
    return segs


class Objects:
    """Maps a guest address to its bytes in the ELF file it was loaded from."""

    def __init__(self, objects, exe):
        self.objs = []
        self.bias = {}
        for bias, name in objects:
            path = exe if name == "MAIN" else name
            if not os.path.exists(path) and os.path.exists(prefix() + path):
                path = prefix() + path
            if not os.path.exists(path):
                continue
            loads = []
            hdr = subprocess.run([ARCH["triplet"] + "-readelf", "-lW", path],
                                 capture_output=True, text=True).stdout
            for l in hdr.splitlines():
                w = l.split()
                if w and w[0] == "LOAD":
                    off, vaddr, filesz = int(w[1], 16), int(w[2], 16), int(w[4], 16)
                    loads.append((bias + vaddr, bias + vaddr + filesz, off - vaddr - bias))
            with open(path, "rb") as f:
                self.objs.append((loads, f.read(), path))
            self.bias[path] = bias

    def name_at(self, pc):
        for loads, data, path in self.objs:
            for lo, hi, delta in loads:
                if lo <= pc < hi:
                    return path
        return ""

    def file_address(self, pc):
        """(path, address in the ELF file's own terms) of a guest address."""
        path = self.name_at(pc)
        return (path, pc - self.bias[path]) if path else ("", pc)

    def bytes_at(self, pc, n):
        for loads, data, _ in self.objs:
            for lo, hi, delta in loads:
                if lo <= pc < hi:
                    return data[pc + delta:pc + delta + n]
        raise KeyError(hex(pc))


def mc(triple, line):
    r = subprocess.run(["llvm-mc-14", "--disassemble", "-triple=" + triple,
                        "-mattr=" + ARCH["mc_attr"]], input=line + "\n",
                       capture_output=True, text=True)
    ins = [l.strip() for l in r.stdout.splitlines()
           if l.startswith("\t") and not l.strip().startswith(".")]
    if len(ins) != 1:
        sys.exit("llvm-mc-14 cannot decode %s (%s)" % (line, triple))
    return ins[0]


def disassemble(objs, pcs, work):
    """{(pc, thumb): text} by llvm-mc-14, one instruction per call batch."""
    text = {}
    for thumb in (0, 1):
        keys = sorted(k for k in pcs if k[1] == thumb)
        if not keys:
            continue
        lines = []
        for pc, _ in keys:
            b = objs.bytes_at(pc, 4)
            if thumb:
                hw = struct.unpack("<H", b[:2])[0]
                b = b if (hw >> 11) in (0x1d, 0x1e, 0x1f) else b[:2]
            lines.append(" ".join("0x%02x" % x for x in b))
        triple = ARCH["mc_triples"][thumb]
        # All at once; llvm-mc decodes the bytes as one stream, and each
        # line holds exactly one instruction's bytes. If any fails to
        # decode, the counts differ: then one at a time, to name it.
        r = subprocess.run(["llvm-mc-14", "--disassemble", "-triple=" + triple,
                            "-mattr=" + ARCH["mc_attr"]], input="\n".join(lines) + "\n",
                           capture_output=True, text=True)
        out = [l.strip() for l in r.stdout.splitlines()
               if l.startswith("\t") and not l.strip().startswith(".")]
        if len(out) != len(lines) or r.stderr.strip():
            out = [mc(triple, line) for line in lines]
        for k, t in zip(keys, out):
            t = re.sub(r"\s*(@|//).*$", "", t)
            text[k] = t
    return text


def stream(seg, text, path):
    """Write the executed instructions as llvm-mca input."""
    mode = None
    with open(path, "w") as f:
        f.write(".Ltarget:\n")
        in_it = 0
        for pc, thumb in seg:
            t = text[(pc, thumb)]
            op = t.split()[0]
            if thumb and re.fullmatch(r"it[te]*", op):
                in_it = len(op) - 1
                continue
            if in_it > 0:
                # llvm-mca rejects IT: drop it, and the condition of the
                # instructions it governs (their cost stays).
                in_it -= 1
                m = re.match(r"^([a-z0-9]+?)(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)((\.[a-z0-9]+)*)(\s|$)", t)
                if m:
                    t = m.group(1) + m.group(3) + t[m.end(3):]
            # Branch targets: llvm-mca ignores control flow.
            if re.match(r"^(bl|blx|cbn?z|tbn?z|b(\.?(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al))?)(\.w|\.n)?\s", t) and "#" in t:
                t = re.sub(r"#-?(0x[0-9a-f]+|\d+)$", ".Ltarget", t)
            if 1 in ARCH["mc_triples"] and thumb != mode:
                f.write(".thumb\n" if thumb else ".arm\n")
                mode = thumb
            f.write("\t" + t + "\n")


def expand_multiple(src, dst):
    """push/pop/ldm/stm as single loads and stores (Cortex-A9 model)."""
    with open(src) as f, open(dst, "w") as g:
        for line in f:
            s = line.strip()
            m = re.match(r"^(v?push|v?pop|v?ldm\w*|v?stm\w*)(\.w)?\s+(\w+)?(!)?,?\s*\{([^}]*)\}", s)
            if not m:
                g.write(line)
                continue
            op = m.group(1)
            regs = [r.strip() for r in m.group(5).split(",")]
            vec = op.startswith("v")
            load = "pop" in op or "ld" in op
            base = "sp" if ("push" in op or "pop" in op) else m.group(3)
            down = "push" in op or op.endswith("db")
            size = 8 if vec else 4
            ins = ("vldr" if vec else "ldr") if load else ("vstr" if vec else "str")
            for i, r in enumerate(regs):
                r = "lr" if r == "pc" else r
                off = -(len(regs) - i) * size if down else i * size
                g.write("\t%s %s, [%s, #%d]\n" % (ins, r, base, off))
            if "push" in op or "pop" in op or m.group(4):
                g.write("\t%s %s, %s, #%d\n" % ("sub" if down else "add", base, base, len(regs) * size))


def replace_unsupported(path, stderr):
    """An instruction llvm-mca cannot schedule (mrc for the thread pointer,
    hint, ...) is left out everywhere; returns 0 if there was none."""
    m = re.search(r"unsupported instruction.*\n.*instruction:\s*(.+)", stderr)
    if not m:
        return 0
    norm = lambda x: " ".join(x.replace(",", ", ").split())
    bad = norm(m.group(1))
    with open(path) as f:
        lines = f.read().split("\n")
    lines = [l for l in lines if norm(l) != bad]
    with open(path, "w") as f:
        f.write("\n".join(lines))
    return 1


def mca_cycles(path, cpu):
    cmd = ["llvm-mca-14", "-mtriple=" + ARCH["mca_triple"], "-mcpu=" + cpu, "-mattr=+neon",
           "-iterations=1", path]
    r = subprocess.run(cmd, capture_output=True, text=True)
    for _ in range(20):
        if not replace_unsupported(path, r.stderr):
            break
        r = subprocess.run(cmd, capture_output=True, text=True)
    approx = ""
    if r.returncode != 0 or "error" in r.stderr:
        expand_multiple(path, path + ".x")
        r = subprocess.run(cmd[:-1] + [path + ".x"], capture_output=True, text=True)
        for _ in range(20):
            if not replace_unsupported(path + ".x", r.stderr):
                break
            r = subprocess.run(cmd[:-1] + [path + ".x"], capture_output=True, text=True)
        approx = "~"
        if r.returncode != 0 or "error" in r.stderr:
            sys.exit("llvm-mca-14 failed on %s:\n%s" % (path, r.stderr[:600]))
    m = re.search(r"^Total Cycles:\s+(\d+)", r.stdout, re.M)
    return int(m.group(1)), approx


def symbols(path):
    """Sorted (address, name) of the functions an ELF file names (its
    symbol table, else its dynamic one), Thumb bit cleared."""
    syms = set()
    for opt in ([], ["-D"]):
        out = subprocess.run([ARCH["triplet"] + "-nm", "--defined-only"] + opt + [path],
                             capture_output=True, text=True).stdout
        for l in out.splitlines():
            w = l.split()
            if len(w) == 3 and w[1] in "tTwWiI":
                syms.add((int(w[0], 16) & ~1, w[2]))
        if syms:
            break
    return sorted(syms)


def call_sites(path):
    """File addresses in an ELF file whose instruction calls out of it:
    those of its PLT, and indirect calls (blx REG)."""
    out = subprocess.run([ARCH["triplet"] + "-objdump", "-d", "--no-show-raw-insn", path],
                         capture_output=True, text=True).stdout
    sites, section = set(), ""
    for l in out.splitlines():
        if l.startswith("Disassembly of section"):
            section = l.split()[-1].rstrip(":")
            continue
        m = re.match(r"^\s*([0-9a-f]+):\s+(\S+)\s*(\S*)", l)
        if not m:
            continue
        if section == ".plt" or (m.group(2).startswith("blx") and m.group(3).startswith("r")) \
                or m.group(2) in ("blr",):
            sites.add(int(m.group(1), 16))
    return sites


def where(objs, seg, prov, size):
    """Print the instructions of one message per object and per function."""
    import bisect
    per_obj, per_fn, tables = {}, {}, {}
    for pc, _ in seg:
        path, addr = objs.file_address(pc)
        name = os.path.basename(path) if path else "?"
        per_obj[name] = per_obj.get(name, 0) + 1
        fn = "?"
        if path:
            if path not in tables:
                syms = symbols(path)
                tables[path] = ([x[0] for x in syms], syms)
            keys, syms = tables[path]
            i = bisect.bisect_right(keys, addr) - 1
            fn = syms[i][1] if i >= 0 else "?"
        per_fn[(name, fn)] = per_fn.get((name, fn), 0) + 1
    print("%s, %d B: %d instructions" % (prov, size, len(seg)))
    if prov == "blake2neon":
        # What blake2neon.so's own calls out (PLT, upcalls) execute elsewhere:
        # from a call leaving the module until the module runs again.
        mod = [p for _, _, p in objs.objs if os.path.basename(p) == "blake2neon.so"]
        calls = call_sites(mod[0]) if mod else set()
        import bisect
        syms = symbols(mod[0]) if mod else []
        keys = [x[0] for x in syms]
        caller, callee, last = None, {}, None
        for pc, _ in seg:
            path, addr = objs.file_address(pc)
            if os.path.basename(path) == "blake2neon.so":
                if addr not in calls:
                    last = addr  # the PLT has no symbol: keep its caller
                caller = last if addr in calls else None
            elif caller is not None:
                i = bisect.bisect_right(keys, caller) - 1
                k = (syms[i][1] if i >= 0 else "?", os.path.basename(path) or "?")
                callee[k] = callee.get(k, 0) + 1
        print("  run elsewhere for blake2neon.so's calls out: %d" % sum(callee.values()))
        for (fn, obj), n in sorted(callee.items(), key=lambda x: -x[1]):
            print("      from %-25s in %-16s %5d" % (fn, obj, n))
    for name, n in sorted(per_obj.items(), key=lambda x: -x[1]):
        print("  %-34s %7d" % (name, n))
        for (o, fn), m in sorted(per_fn.items(), key=lambda x: -x[1]):
            if o == name:
                print("      %-30s %7d" % (fn, m))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("module_dir", help="directory of the target's blake2neon.so")
    ap.add_argument("--arch", default="armhf", choices=sorted(ARCHES),
                    help="target: armhf (default) or arm64")
    ap.add_argument("--cpu", help="qemu CPU (default: armhf cortex-r5f, which has "
                    "no NEON; arm64 cortex-a53)")
    ap.add_argument("--backend", default="", help="BLAKE2NEON_BACKEND for blake2neon")
    ap.add_argument("--sizes", default="100,140,16384",
                    help="message sizes in bytes, comma-separated")
    ap.add_argument("--where", type=int, metavar="SIZE",
                    help="also print where the instructions of the message of "
                    "SIZE bytes go: per object, and per function (symbol)")
    ap.add_argument("--reuse", action="store_true",
                    help="one EVP_MD_CTX for every message (EVP_DigestInit_ex, "
                    "Update, Final_ex) instead of EVP_Digest's new one per message")
    ap.add_argument("--providers", default="default,blake2neon",
                    help="which to count (default: default,blake2neon)")
    ap.add_argument("--mca", help="llvm-mca cores ('' for none; default: armhf "
                    "cortex-a9,cortex-a15,cortex-a57; arm64 cortex-a53,cortex-a55,cortex-a57)")
    a = ap.parse_args()
    global ARCH
    ARCH = ARCHES[a.arch]
    a.cpu = a.cpu or ARCH["cpu"]
    a.mca = ARCH["mca"] if a.mca is None else a.mca
    sysroot = os.path.join(REPO, "sysroot", a.arch)
    sizes = [int(s) for s in a.sizes.split(",")]
    model_sizes = [129, 129 + 128 * K]
    moddir = os.path.abspath(a.module_dir)
    rows = {}
    with tempfile.TemporaryDirectory() as work:
        exe, lib = build_driver(work, sysroot)
        provs = a.providers.split(",")
        if a.where is not None and a.where not in sizes:
            sizes.append(a.where)
        for prov in provs:
            log = os.path.join(work, prov + ".log")
            marks, objects = trace(exe, lib, a.cpu, prov, moddir, sizes + model_sizes,
                                   log, a.backend if prov == "blake2neon" else "",
                                   "reuse" if a.reuse else "digest")
            segs = segments(log, marks)
            assert len(segs) == len(sizes) + 2, "marker pairs missing in the trace"
            counts = [len(s) for s in segs]
            if a.where is not None:
                where(Objects(objects, exe), segs[sizes.index(a.where)], prov, a.where)
            cyc = {}
            if a.mca:
                objs = Objects(objects, exe)
                # Only the hashing object's instructions: libcrypto (EVP and
                # the default provider) or blake2neon.so. The blocks are
                # hashed there; what else runs (malloc, ...) is the same
                # for both message lengths and would cancel anyway.
                want = "libcrypto" if prov == "default" else "blake2neon.so"
                keep = {pc for pc in set(segs[-1]) | set(segs[-2])
                        if want in os.path.basename(objs.name_at(pc[0]))}
                segs[-2:] = [[x for x in seg if x in keep] for seg in segs[-2:]]
                pcs = keep
                text = disassemble(objs, pcs, work)
                for core in a.mca.split(","):
                    tot = []
                    for j, seg in enumerate(segs[-2:]):
                        p = os.path.join(work, "%s.%d.s" % (prov, j))
                        stream(seg, text, p)
                        tot.append(mca_cycles(p, core))
                    cpb = (tot[1][0] - tot[0][0]) / (K * 128)
                    cyc[core] = "%s%.2f" % (tot[0][1] or tot[1][1], cpb)
            rows[prov] = (counts, cyc, (counts[-1] - counts[-2]) / K)
            os.remove(log)
    name = "blake2neon" + ("(%s)" % a.backend if a.backend else "(auto)")
    print("BLAKE2B-512 through %s on %s -cpu %s: instructions per message (counted)"
          % ("EVP_DigestInit_ex/Update/Final_ex on a reused EVP_MD_CTX" if a.reuse
             else "EVP_Digest", ARCH["qemu"], a.cpu))
    print("%-22s" % "provider" + "".join("%10d B" % s for s in sizes) + "   insn/block")
    for prov, label in (("default", "OpenSSL default"), ("blake2neon", name)):
        if prov not in rows:
            continue
        counts, cyc, per = rows[prov]
        print("%-22s" % label + "".join("%12d" % c for c in counts[:len(sizes)]) + "%13.0f" % per)
    if a.mca:
        print("cycles per byte of update, modelled by llvm-mca-14 (not measured); "
              "~: load/store-multiple expanded")
        cores = a.mca.split(",")
        print("%-22s" % "provider" + "".join("%14s" % c for c in cores))
        for prov, label in (("default", "OpenSSL default"), ("blake2neon", name)):
            if prov not in rows:
                continue
            cyc = rows[prov][1]
            print("%-22s" % label + "".join("%14s" % cyc[c] for c in cores))


if __name__ == "__main__":
    main()
