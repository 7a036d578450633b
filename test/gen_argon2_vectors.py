#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Argon2 test vectors: converted from public sources, and random ones
from the reference implementation (libargon2).

Every file it writes under test/data/ has one line per vector:

    type version iter memcost lanes pass salt secret ad tag

type ARGON2D, ARGON2I or ARGON2ID; version 0x10 or 0x13; iter (passes),
memcost (KiB) and lanes in decimal; pass, salt, secret, ad and tag in
hex, '-' for empty. A tag of the form `!set:N` or `!derive:N` is a
refusal: with these inputs and an output of N bytes, OpenSSL's KDF
refuses in EVP_KDF_CTX_set_params (set) or in EVP_KDF_derive (derive).
Lines starting with # are comments. test/c/t_argon2_kat.c,
test/c/t_argon2_diff.c and test/cli/t/72-argon2.t read them.

    python3 test/gen_argon2_vectors.py convert --argon2 DIR \\
        --libsodium DIR --openssl DIR
        argon2-ref.txt, argon2-libsodium.txt and argon2-openssl.txt from
        the unpacked sources (how to get them: convert's --help). The
        RFC's argon2.txt is written from the RFC's values in this file.
    python3 test/gen_argon2_vectors.py random [--count N] [--seed S]
        argon2-random.txt: N random parameter sets, tags from libargon2
        through ctypes, each cross-checked with the `argon2` command
        where the command can express it (printable salt, no secret or
        associated data).
    python3 test/gen_argon2_vectors.py check [--max-kib K]
        every tag of the files above recomputed with
        libargon2 (vectors over K KiB left out, and counted): the data
        against an implementation independent of ours.

Output is deterministic: the same sources and seed rewrite identical
files. Needs python3 and, for random and check, Debian's libargon2-1
(and the `argon2` package for the cross-check).
"""
import argparse
import ctypes
import ctypes.util
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
TYPES = {"ARGON2D": 0, "ARGON2I": 1, "ARGON2ID": 2}
FIELDS = "type version iter memcost lanes pass salt secret ad tag"
# The files in this format (argon2-encoded.txt is another's, another format).
FILES = ("argon2.txt", "argon2-ref.txt", "argon2-libsodium.txt",
         "argon2-openssl.txt", "argon2-random.txt")


def hexor(b):
    return b.hex() if b else "-"


def unhex(s):
    return b"" if s == "-" else bytes.fromhex(s)


class Vector:
    """One line of the format above."""

    def __init__(self, kind, version, t, m, lanes, pwd, salt, secret, ad,
                 tag=None, refuse=None, outlen=None):
        self.kind, self.version = kind, version
        self.t, self.m, self.lanes = t, m, lanes
        self.pwd, self.salt, self.secret, self.ad = pwd, salt, secret, ad
        self.tag, self.refuse = tag, refuse
        self.outlen = len(tag) if tag is not None else outlen

    def line(self):
        tag = (self.tag.hex() if self.refuse is None
               else f"!{self.refuse}:{self.outlen}")
        return " ".join([self.kind, f"0x{self.version:02x}", str(self.t),
                         str(self.m), str(self.lanes), hexor(self.pwd),
                         hexor(self.salt), hexor(self.secret), hexor(self.ad),
                         tag])

    @classmethod
    def parse(cls, line):
        f = line.split()
        if len(f) != 10:
            raise ValueError(f"10 fields expected: {line!r}")
        v = cls(f[0], int(f[1], 0), int(f[2]), int(f[3]), int(f[4]),
                unhex(f[5]), unhex(f[6]), unhex(f[7]), unhex(f[8]))
        if f[9].startswith("!"):
            stage, n = f[9][1:].split(":")
            v.refuse, v.outlen = stage, int(n)
        else:
            v.tag = bytes.fromhex(f[9])
            v.outlen = len(v.tag)
        return v


def write_file(name, header, entries):
    """entries: Vector or str (a comment, written with '# ')."""
    with open(os.path.join(DATA, name), "w") as f:
        for h in header:
            f.write(f"# {h}\n" if h else "#\n")
        f.write(f"# {FIELDS}\n")
        for e in entries:
            f.write(f"# {e}\n" if isinstance(e, str) else e.line() + "\n")


def read_file(path):
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            if line.strip() and not line.lstrip().startswith("#"):
                yield lineno, Vector.parse(line)


# ---------------------------------------------------------------------
# libargon2 and the argon2 command: the oracle.

class _Ctx(ctypes.Structure):
    # argon2_context of argon2.h (the 20171227 and 20190702 releases).
    _fields_ = [("out", ctypes.c_void_p), ("outlen", ctypes.c_uint32),
                ("pwd", ctypes.c_void_p), ("pwdlen", ctypes.c_uint32),
                ("salt", ctypes.c_void_p), ("saltlen", ctypes.c_uint32),
                ("secret", ctypes.c_void_p), ("secretlen", ctypes.c_uint32),
                ("ad", ctypes.c_void_p), ("adlen", ctypes.c_uint32),
                ("t_cost", ctypes.c_uint32), ("m_cost", ctypes.c_uint32),
                ("lanes", ctypes.c_uint32), ("threads", ctypes.c_uint32),
                ("version", ctypes.c_uint32),
                ("allocate_cbk", ctypes.c_void_p),
                ("free_cbk", ctypes.c_void_p), ("flags", ctypes.c_uint32)]


_lib = None


def libargon2():
    global _lib
    if _lib is None:
        name = ctypes.util.find_library("argon2") or "libargon2.so.1"
        _lib = ctypes.CDLL(name)
        _lib.argon2_ctx.argtypes = [ctypes.POINTER(_Ctx), ctypes.c_int]
        _lib.argon2_ctx.restype = ctypes.c_int
        _lib.argon2_error_message.argtypes = [ctypes.c_int]
        _lib.argon2_error_message.restype = ctypes.c_char_p
    return _lib


def ref_tag(kind, version, t, m, lanes, pwd, salt, secret, ad, outlen):
    """The tag from libargon2's argon2_ctx; ValueError if it refuses."""
    lib = libargon2()
    out = ctypes.create_string_buffer(max(outlen, 1))
    # Copies: libargon2 may clear the password and secret it is given.
    bufs = [ctypes.create_string_buffer(x, max(len(x), 1))
            for x in (pwd, salt, secret, ad)]
    ptr = [ctypes.cast(b, ctypes.c_void_p) if len(x) else None
           for b, x in zip(bufs, (pwd, salt, secret, ad))]
    ctx = _Ctx(ctypes.cast(out, ctypes.c_void_p), outlen,
               ptr[0], len(pwd), ptr[1], len(salt), ptr[2], len(secret),
               ptr[3], len(ad), t, m, lanes, lanes, version, None, None, 0)
    rc = lib.argon2_ctx(ctypes.byref(ctx), TYPES[kind])
    if rc != 0:
        raise ValueError(lib.argon2_error_message(rc).decode())
    return out.raw[:outlen]


def cli_expressible(v):
    """Can the argon2 command compute v? It reads the password from stdin
    (1..127 bytes: it refuses none and more) and takes the salt as an
    argument: a printable salt without a leading '-', no secret, no
    associated data."""
    return (0 < len(v.pwd) <= 127 and not v.secret and not v.ad and all(0x21 <= c < 0x7f for c in v.salt)
            and v.salt[:1] != b"-")


def cli_tag(v):
    flag = {"ARGON2D": "-d", "ARGON2I": "-i", "ARGON2ID": "-id"}[v.kind]
    out = subprocess.run(
        ["argon2", v.salt.decode(), flag, "-t", str(v.t), "-k", str(v.m),
         "-p", str(v.lanes), "-l", str(v.outlen), "-v", f"{v.version:x}",
         "-r"], input=v.pwd, capture_output=True, check=True).stdout
    return bytes.fromhex(out.decode().strip())


# ---------------------------------------------------------------------
# convert: the public vectors.

RFC9106 = [  # section 5: inputs as listed there, tags from its Tag lines
    ("ARGON2D", "512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb"),
    ("ARGON2I", "c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8"),
    ("ARGON2ID", "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659"),
]


def rfc_vectors():
    return [Vector(k, 0x13, 3, 32, 4, b"\x01" * 32, b"\x02" * 16, b"\x03" * 8,
                   b"\x04" * 12, bytes.fromhex(tag)) for k, tag in RFC9106]


def convert_rfc():
    write_file("argon2.txt", [
        "Argon2 version 0x13: the test vectors of RFC 9106 (\"Argon2",
        "Memory-Hard Function for Password Hashing and Proof-of-Work",
        "Applications\", September 2021), section 5: 5.1 Argon2d, 5.2",
        "Argon2i, 5.3 Argon2id. Inputs as the RFC lists them (password 32",
        "bytes of 01, salt 16 of 02, secret 8 of 03, associated data 12 of",
        "04; 3 passes, 32 KiB, 4 lanes, a 32-byte tag); each tag copied from",
        "the RFC's \"Tag:\" line (https://www.rfc-editor.org/rfc/rfc9106#section-5).",
        "Written by test/gen_argon2_vectors.py convert; read by",
        "test/c/t_argon2_kat.c and test/cli/t/72-argon2.t.",
    ], rfc_vectors())


def convert_ref(src):
    """phc-winner-argon2 (Debian source package argon2): src/test.c's
    hashtest() calls and the kats/ files' inputs and Tag lines."""
    text = open(os.path.join(src, "src", "test.c")).read()
    entries = []
    version = None
    large = False
    pat = re.compile(r'hashtest\(version,\s*(\d+),\s*(\d+),\s*(\d+),\s*'
                     r'"([^"]*)",\s*"([^"]*)",\s*"([0-9a-f]+)",.*?'
                     r'(Argon2_id|Argon2_i|Argon2_d)\);', re.S)
    pos = 0
    tokens = re.compile(r'version = (ARGON2_VERSION_10|ARGON2_VERSION_NUMBER);'
                        r'|#ifdef TEST_LARGE_RAM|#endif|hashtest\(version')
    while True:
        m = tokens.search(text, pos)
        if not m:
            break
        tok = m.group(0)
        if tok.startswith("version"):
            version = 0x10 if m.group(1) == "ARGON2_VERSION_10" else 0x13
            pos = m.end()
        elif tok == "#ifdef TEST_LARGE_RAM":
            large, pos = True, m.end()
        elif tok == "#endif":
            large, pos = False, m.end()
        else:
            h = pat.match(text, m.start())
            if not h:
                raise SystemExit(f"test.c: cannot parse at {text[m.start():m.start()+80]!r}")
            t, mlog, p = int(h.group(1)), int(h.group(2)), int(h.group(3))
            kind = {"Argon2_i": "ARGON2I", "Argon2_d": "ARGON2D",
                    "Argon2_id": "ARGON2ID"}[h.group(7)]
            if large:
                entries.append(f"src/test.c, under TEST_LARGE_RAM (1 GiB):")
            entries.append(Vector(kind, version, t, 1 << mlog, p,
                                  h.group(4).encode(), h.group(5).encode(),
                                  b"", b"", bytes.fromhex(h.group(6))))
            pos = h.end()
    entries.append("kats/: the reference's known-answer files (the RFC's "
                   "inputs; the v16 ones at version 0x10)")
    for name in ("argon2d", "argon2i", "argon2id", "argon2d_v16",
                 "argon2i_v16", "argon2id_v16"):
        k = open(os.path.join(src, "kats", name)).read()
        kind = name.split("_")[0].upper()
        version = int(re.search(r"version number (\d+)", k).group(1))
        m = re.search(r"Memory: (\d+) KiB, Iterations: (\d+), Parallelism: "
                      r"(\d+) lanes, Tag length: (\d+) bytes", k)

        def field(label):
            f = re.search(label + r"\[(\d+)\]: ((?:[0-9a-f]{2} )*)", k)
            b = bytes.fromhex(f.group(2))
            assert len(b) == int(f.group(1))
            return b
        tag = bytes.fromhex(re.search(r"Tag: ((?:[0-9a-f]{2} )+)", k).group(1))
        assert len(tag) == int(m.group(4))
        entries.append(Vector(kind, version, int(m.group(2)), int(m.group(1)),
                              int(m.group(3)), field("Password"), field("Salt"),
                              field("Secret"), field("Associated data"), tag))
    write_file("argon2-ref.txt", [
        "Argon2's reference implementation's own test vectors: Debian's",
        "source package argon2, upstream phc-winner-argon2 20190702",
        "(argon2_0~20190702+dfsg.orig.tar.xz, sha256",
        "815f1017b5b0033204778c2e32443257274bc5d9dd16d355c4f7db8189e23dcc).",
        "From src/test.c: each hashtest(version, t, log2 m, p, pwd, salt, hex)",
        "call, memcost 2^m KiB, password and salt the strings' bytes, a",
        "32-byte tag; from kats/argon2{d,i,id}[_v16]: the inputs and the",
        "Tag line. Converted by test/gen_argon2_vectors.py convert.",
    ], entries)


def _c_strings(s):
    return "".join(re.findall(r'"([^"]*)"', s))


def convert_libsodium(src):
    """libsodium (Debian source package libsodium): the tv() and tv2()
    tables of test/default/pwhash_argon2i.c and pwhash_argon2id.c, with
    the outputs of the matching .exp file; tv3()'s encoded strings."""
    entries = []
    for kind, alg, opsmin in (("ARGON2I", "argon2i", 3), ("ARGON2ID", "argon2id", 1)):
        c = open(os.path.join(src, "test", "default", f"pwhash_{alg}.c")).read()
        exp = open(os.path.join(src, "test", "default", f"pwhash_{alg}.exp")).read().split("\n")
        ei = 0
        row = re.compile(r'\{\s*((?:"[0-9a-f]*"\s*)+),\s*(\d+),\s*((?:"[0-9a-f]*"\s*)+),'
                         r'\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+)\s*\}')
        for fn in ("tv", "tv2"):
            body = re.search(r"static void\s+" + fn + r"\(void\)\s*\{(.*?)\n\}", c, re.S).group(1)
            table = body[body.index("tests[] = {"):body.index("};")]
            for i, r in enumerate(row.finditer(table)):
                pwd = bytes.fromhex(_c_strings(r.group(1)))[:int(r.group(2))]
                assert len(pwd) == int(r.group(2))
                # crypto_pwhash_SALTBYTES: hex2bin fills 16 bytes and
                # stops; the rest of the hex is never read.
                salt = bytes.fromhex(_c_strings(r.group(3)))[:16]
                outlen, ops, mem = int(r.group(4)), int(r.group(5)), int(r.group(6))
                # crypto_pwhash_argon2i/id: t = opslimit,
                # m = memlimit / 1024 KiB, one lane.
                t, m = ops, mem // 1024
                line = exp[ei]
                ei += 1
                where = f"{alg}.c {fn}()[{i}]"
                if "failure" in line:
                    assert f"[{i}]" in line, (where, line)
                    why = []
                    if outlen < 16:
                        why.append(f"outlen {outlen} < 16")
                    if ops < opsmin:
                        why.append(f"opslimit {ops} < {opsmin}")
                    if mem < 8192:
                        why.append(f"memlimit {mem} < 8192")
                    why = ", ".join(why) or "reason not known"
                    v = Vector(kind, 0x13, t, m, 1, pwd, salt, b"", b"",
                               outlen=outlen)
                    if outlen >= 4 and t >= 1 and m >= 8:
                        v.tag = ref_tag(kind, 0x13, t, m, 1, pwd, salt, b"", b"", outlen)
                        entries.append(f"{where}: libsodium refuses it ({why}); "
                                       "RFC 9106 does not: tag from libargon2")
                    else:
                        v.refuse = "set"
                        entries.append(f"{where}: libsodium refuses it ({why}); so does OpenSSL")
                    entries.append(v)
                else:
                    assert re.fullmatch(r"[0-9a-f]+", line), (where, line)
                    entries.append(Vector(kind, 0x13, t, m, 1, pwd, salt, b"", b"",
                                          bytes.fromhex(line)))
        # tv3: encoded hashes libsodium verifies (the others it reports).
        body = re.search(r"static void\s+tv3\(void\)\s*\{(.*?)\n\}", c, re.S).group(1)
        strs = re.findall(r'\{\s*"((?:[^"\\]|\\.)*)",\s*((?:"[^"]*"\s*)+)\}', body)
        failed = set(int(x) for x in re.findall(r"\[tv3\].*?\[(\d+)\]", "\n".join(exp)))
        for i, (pwd, enc) in enumerate(strs):
            enc = _c_strings(enc)
            where = f"{alg}.c tv3()[{i}] {enc}"
            if i in failed:
                entries.append(f"{where}: libsodium's verify fails, left out")
                continue
            mm = re.fullmatch(r"\$(argon2id|argon2i)\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)"
                              r"\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)", enc)
            import base64
            b64 = lambda s: base64.b64decode(s + "=" * (-len(s) % 4))
            entries.append(f"{alg}.c tv3()[{i}]: verified by libsodium, {enc}")
            entries.append(Vector(mm.group(1).upper(), int(mm.group(2)), int(mm.group(4)),
                                  int(mm.group(3)), int(mm.group(5)),
                                  pwd.encode().decode("unicode_escape").encode("latin-1"),
                                  b64(mm.group(6)), b"", b"", b64(mm.group(7))))
    write_file("argon2-libsodium.txt", [
        "libsodium's crypto_pwhash test vectors: Debian's source package",
        "libsodium 1.0.18-1+deb12u1 (libsodium_1.0.18.orig.tar.gz, sha256",
        "d59323c6b712a1519a5daf710b68f5e7fde57040845ffec53850911f10a5d4f4),",
        "test/default/pwhash_argon2i.c and pwhash_argon2id.c with their .exp",
        "outputs. tv() and tv2(): version 0x13, one lane, iter = opslimit,",
        "memcost = memlimit / 1024 KiB (as crypto_pwhash_argon2i/id call",
        "Argon2), the salt the first 16 bytes of the hex (crypto_pwhash's",
        "SALTBYTES buffer), the password passwd_len bytes. Entries libsodium",
        "refuses are marked: where RFC 9106 allows them, the tag is from",
        "libargon2 (test/gen_argon2_vectors.py), not from libsodium. tv3():",
        "the encoded hashes libsodium verifies, decoded. Converted by",
        "test/gen_argon2_vectors.py convert.",
    ], entries)


def convert_openssl(path):
    """OpenSSL's test/recipes/30-test_evp_data/evpkdf_argon2.txt: each
    stanza's Ctrl lines; OpenSSL's defaults for what a stanza leaves out
    (iter 3, memcost 8, lanes 1, version 0x13, 64 bytes)."""
    text = open(path).read()
    entries = []
    pending = []  # a comment block names the stanza after it
    for block in re.split(r"\n\s*\n", text):
        lines = [l.strip() for l in block.strip().split("\n") if l.strip()]
        comments = pending + [l[1:].strip() for l in lines if l.startswith("#")]
        lines = [l for l in lines if not l.startswith("#")]
        if not any(l.startswith("KDF =") for l in lines):
            pending = comments
            continue
        pending = []
        p = {"iter": 3, "memcost": 8, "lanes": 1, "version": 0x13,
             "pass": b"", "salt": None, "secret": b"", "ad": b"", "size": None}
        kind, output, result, threads, early = None, None, None, 1, False
        for l in lines:
            key, _, val = [x.strip() for x in l.partition("=")]
            if key == "KDF":
                kind = val
            elif key == "Output":
                output = bytes.fromhex(val)
            elif key == "Result":
                result = val
            elif key == "Threads":
                pass
            elif key.startswith("Ctrl."):
                name, _, arg = val.partition(":")
                if name.startswith("hex"):
                    p[name[3:]] = bytes.fromhex(arg)
                elif name in ("pass", "salt", "secret", "ad"):
                    p[name] = arg.encode()
                elif name == "threads":
                    threads = int(arg, 0)
                elif name == "early_clean":
                    early = True
                else:
                    p[name] = int(arg, 0)
        note = "; ".join(comments)
        outlen = p["size"] if p["size"] is not None else (len(output) if output else 64)
        salt = p["salt"]
        if result is None:
            v = Vector(kind, p["version"], p["iter"], p["memcost"], p["lanes"],
                       p["pass"], salt, p["secret"], p["ad"], output)
            extra = []
            if threads > 1:
                extra.append(f"threads {threads} (the tag does not depend on it)")
            if early:
                extra.append("early_clean 1 (one derive: same tag)")
            if extra:
                entries.append("OpenSSL's stanza also sets " + ", ".join(extra))
            entries.append(v)
            continue
        if threads > 1 and "avail threads" in note:
            entries.append(f"left out: \"{note}\": a limit of libcrypto's thread "
                           "pool; blake2neon runs threads on the C library's "
                           "(t_argon2_diff asserts both)")
            continue
        if kind is None or ("threads" in note and threads != 1):
            entries.append(f"left out: \"{note}\": threads is no field of this format "
                           "(t_argon2_diff checks its bounds)")
            continue
        stage = {"KDF_CTRL_ERROR": "set", "KDF_DERIVE_ERROR": "derive"}[result]
        if salt is None:
            # Not the failure the stanza is about: give the salt it lacks,
            # so that the only thing wrong is the one named.
            salt = b"\x02" * 16
            entries.append(f"\"{note}\" ({result}); salt 02 x 16 added")
        else:
            entries.append(f"\"{note}\" ({result})")
        entries.append(Vector(kind, p["version"], p["iter"], p["memcost"], p["lanes"],
                              p["pass"], salt, p["secret"], p["ad"], refuse=stage,
                              outlen=outlen))
    write_file("argon2-openssl.txt", [
        "OpenSSL's own Argon2 test data: test/recipes/30-test_evp_data/",
        "evpkdf_argon2.txt of OpenSSL 3.5.7 (the same file in 3.6.3 and",
        "4.0.2), Debian's source package openssl. Each stanza's Ctrl values,",
        "OpenSSL's defaults where a stanza sets none (iter 3, memcost 8,",
        "lanes 1, version 0x13, a 64-byte tag unless the Output is shorter),",
        "its Output, or its Result as !set (KDF_CTRL_ERROR) or !derive",
        "(KDF_DERIVE_ERROR). Converted by test/gen_argon2_vectors.py convert.",
    ], entries)


# ---------------------------------------------------------------------
# random: parameter sets from a seed, tags from libargon2.

def random_vectors(count, seed):
    rng = random.Random(seed)
    out = []
    crossed = 0
    for i in range(count):
        kind = rng.choice(list(TYPES))
        version = rng.choice((0x10, 0x13))
        lanes = rng.choice((1, 1, 2, 3, 4, 5, 8))
        t = rng.randint(1, 4)
        # From the minimum to a few hundred KiB, often not a multiple of
        # 4 * lanes (the memory is rounded down to one).
        m = rng.choice((8 * lanes, 8 * lanes + rng.randint(1, 3 * lanes),
                        rng.randint(8 * lanes, 400)))
        # Around H' boundaries (64/65 bytes, multiples of 32 beyond), and
        # anything from 4 to 200.
        outlen = rng.choice((4, 5, 31, 32, 33, 63, 64, 65, 66, 96, 97, 128,
                             129, rng.randint(4, 200), rng.randint(4, 200)))
        def blob(lo, hi, printable=False):
            n = rng.choice((lo, rng.randint(lo, hi)))
            if printable:
                return bytes(rng.randint(0x30, 0x7a) for _ in range(n))
            return bytes(rng.getrandbits(8) for _ in range(n))
        # Every other set can go through the argon2 command: printable
        # salt, no secret, no associated data.
        cli = i % 2 == 0
        pwd = blob(1 if cli else 0, 100)
        salt = blob(8, 64, printable=cli)
        secret = b"" if cli else blob(0, 64)
        ad = b"" if cli else blob(0, 100)
        tag = ref_tag(kind, version, t, m, lanes, pwd, salt, secret, ad, outlen)
        v = Vector(kind, version, t, m, lanes, pwd, salt, secret, ad, tag)
        if cli_expressible(v):
            got = cli_tag(v)
            if got != tag:
                raise SystemExit(f"argon2 command and libargon2 differ: {v.line()} "
                                 f"(command: {got.hex()})")
            crossed += 1
        out.append(v)
    return out, crossed


def cmd_random(args):
    if shutil.which("argon2") is None:
        raise SystemExit("random: the argon2 command is missing "
                         "(apt-get install argon2): nothing to cross-check with")
    vecs, crossed = random_vectors(args.count, args.seed)
    write_file("argon2-random.txt", [
        f"{args.count} random Argon2 parameter sets, seed {args.seed}:",
        f"python3 test/gen_argon2_vectors.py random --count {args.count} --seed {args.seed}",
        "Tags from the reference implementation, libargon2 (Debian's",
        "libargon2-1) through argon2_ctx; the "
        f"{crossed} sets with a printable salt and no secret or",
        "associated data also from the `argon2` command, which agreed.",
        "Passwords 0..100 bytes (empty too), salts 8..64, secrets 0..64,",
        "associated data 0..100, 1..4 passes, 1..8 lanes, memcost from",
        "8 * lanes to 400 KiB, tags of 4..200 bytes, both versions.",
    ], vecs)
    print(f"argon2-random.txt: {len(vecs)} sets, {crossed} cross-checked with the argon2 command")


def cmd_check(args):
    try:
        libargon2()
    except OSError as e:
        # CTest counts exit 77 as skipped (test/CMakeLists.txt).
        print(f"SKIP: no libargon2 to check against ({e}): "
              "apt-get install libargon2-1")
        return 77
    bad = done = big = cli = 0
    names = list(FILES)
    have_cli = shutil.which("argon2") is not None
    for name in names:
        for lineno, v in read_file(os.path.join(DATA, name)):
            if v.refuse is not None:
                continue
            if v.m > args.max_kib:
                big += 1
                continue
            got = ref_tag(v.kind, v.version, v.t, v.m, v.lanes, v.pwd, v.salt,
                          v.secret, v.ad, v.outlen)
            done += 1
            if got != v.tag:
                bad += 1
                print(f"not ok: {name}:{lineno}: libargon2 gives {got.hex()}")
            if have_cli and cli_expressible(v) and v.m <= 65536:
                cli += 1
                if cli_tag(v) != v.tag:
                    bad += 1
                    print(f"not ok: {name}:{lineno}: the argon2 command disagrees")
    print(f"# {done} tags of {len(names)} files recomputed with libargon2, "
          f"{cli} also with the argon2 command"
          f"{'' if have_cli else ' (not installed)'}; {big} over "
          f"{args.max_kib} KiB left out")
    if done == 0:
        print("not ok: no vector checked")
        return 1
    return 1 if bad else 0


def cmd_convert(args):
    convert_rfc()
    convert_ref(args.argon2)
    convert_libsodium(args.libsodium)
    convert_openssl(args.openssl)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("convert", help="the public vectors", description=(
        "Sources: Debian's source packages, e.g. with a deb-src line for "
        "bookworm (and trixie for argon2 20190702) in a private apt "
        "configuration: apt-get source --download-only argon2 libsodium "
        "openssl, then unpack the orig tarballs."))
    c.add_argument("--argon2", required=True, help="phc-winner-argon2 tree")
    c.add_argument("--libsodium", required=True, help="libsodium tree")
    c.add_argument("--openssl", required=True,
                   help="evpkdf_argon2.txt of OpenSSL's test/recipes/30-test_evp_data")
    r = sub.add_parser("random", help="random sets from libargon2")
    r.add_argument("--count", type=int, default=200)
    r.add_argument("--seed", type=int, default=0x4152474F4E32)
    k = sub.add_parser("check", help="every tag against libargon2")
    k.add_argument("--max-kib", type=int, default=1 << 30)
    args = ap.parse_args()
    if args.cmd == "convert":
        cmd_convert(args)
    elif args.cmd == "random":
        cmd_random(args)
    else:
        return cmd_check(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
