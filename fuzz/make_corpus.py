#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Write the seed corpus of the fuzz targets into fuzz/corpus/<target>/.

A few hand-made inputs per target, each reaching one path worth starting
from (block boundaries, keys at their limits, counters about to carry,
parameters of the wrong type). The layouts are described at the top of
each fuzz/*.c. Deterministic: rerunning rewrites identical files.

    python3 fuzz/make_corpus.py
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def pattern(n, start=0):
    return bytes((start + i) & 0xFF for i in range(n))


def write(target, name, data):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def core():
    # size-1, key length, flags (1 salt, 2 personal, 4/8 counter mode),
    # counter offset, key, [salt], [personal], spec length, spec, message
    def seed(size, keylen, flags, offset, spec, msglen):
        salt = pattern(16, 0x40) if flags & 1 else b""
        personal = pattern(16, 0x50) if flags & 2 else b""
        return (bytes([size - 1, keylen, flags, offset]) + pattern(keylen, 0x80)
                + salt + personal + bytes([len(spec)]) + spec + pattern(msglen))

    write("fuzz_core", "abc-512", seed(64, 0, 0, 0, b"", 0) + b"abc")
    write("fuzz_core", "empty-keyed", seed(64, 64, 3, 0, b"", 0))
    write("fuzz_core", "blocks-exact", seed(32, 0, 0, 0, b"\x80\x81\x01", 256))
    write("fuzz_core", "odd-pieces", seed(20, 17, 1, 0, bytes([1, 127, 130, 0, 5]), 777))
    write("fuzz_core", "carry-2to32", seed(64, 0, 4, 3, bytes([129, 7]), 600))
    write("fuzz_core", "carry-2to64", seed(48, 64, 8 | 3, 2, bytes([128, 1]), 1024))


def digest():
    # flags (digest | 4 size | 8 copy | 16 late size), size-1, late size,
    # copy point / 13, spec length, spec, message
    def seed(flags, size, late, copy, spec, msglen):
        return (bytes([flags, size - 1, late, copy, len(spec)]) + spec
                + pattern(msglen))

    write("fuzz_digest", "512-empty", seed(3, 64, 0, 0, b"", 0))
    write("fuzz_digest", "160-size64", seed(0 | 4, 64, 0, 0, b"", 3))
    write("fuzz_digest", "256-copy", seed(1 | 8, 32, 0, 10, bytes([129, 3]), 400))
    write("fuzz_digest", "384-late-size", seed(2 | 16, 48, 20, 0, bytes([64]), 129))
    write("fuzz_digest", "512-late-bad", seed(3 | 4 | 8 | 16, 33, 65, 1, bytes([128]), 1000))


def mac():
    # key length, salt length, custom length, size, flags (1 via set,
    # 2 key as argument, 4 salt, 8 custom, 16 size, 32 dup), key, salt,
    # custom, dup point / 11, spec length, spec, message
    def seed(keylen, saltlen, customlen, size, flags, spec, msglen):
        return (bytes([keylen, saltlen, customlen, size, flags])
                + pattern(keylen, 0x20) + pattern(saltlen, 0x60)
                + pattern(customlen, 0x70) + bytes([5, len(spec)]) + spec
                + pattern(msglen))

    write("fuzz_mac", "key64-all", seed(64, 16, 16, 64, 4 | 8 | 16, b"", 100))
    write("fuzz_mac", "key1-set", seed(1, 0, 0, 1, 1 | 4 | 8 | 16, b"", 0))
    write("fuzz_mac", "key-arg-dup", seed(32, 8, 3, 20, 2 | 4 | 8 | 16 | 32, bytes([3, 130]), 500))
    write("fuzz_mac", "key65", seed(65, 0, 0, 0, 0, b"", 10))
    write("fuzz_mac", "salt17", seed(16, 17, 0, 0, 4, b"", 10))
    write("fuzz_mac", "size0", seed(16, 0, 0, 0, 16 | 1, b"", 10))


def params():
    # ops: code, arg, param count, then per param name, type, size, offset
    # (indices into fuzz_params.c's tables)
    NAME = {"size": 0, "key": 1, "salt": 2, "custom": 3, "junk": 7}
    # A type byte with its top bit set and a length of 0 means NULL data.
    TYPE = {"int": 0, "uint": 1, "real": 2, "utf8": 3, "octets": 4,
            "utf8ptr": 5, "octetptr": 6,
            "int/NULL": 0x87, "octetptr/NULL": 0x84}
    SIZE = {0: 0, 1: 1, 4: 4, 8: 6, 16: 9, 17: 10, 32: 11, 64: 13, 65: 14,
            "huge": 17}

    def op(code, arg, *ps):
        out = bytes([code, arg, len(ps)])
        for name, typ, size, offset in ps:
            out += bytes([NAME[name], TYPE[typ], SIZE[size], offset])
        return out

    set_params, mac_init, md_init, md_set, update, get, mac_final, md_final, dup = range(9)
    write("fuzz_params", "mac-happy",
          op(set_params, 0, ("key", "octets", 32, 0), ("size", "uint", 8, 40))
          + op(mac_init, 0x80) + op(update, 50) + bytes(50) + op(mac_final, 64))
    write("fuzz_params", "digest-happy",
          op(md_init, 3, ("size", "uint", 8, 0)) + op(update, 10) + bytes(10)
          + op(md_set, 0, ("size", "int", 4, 0)) + op(md_final, 0))
    write("fuzz_params", "wrong-types",
          op(set_params, 0, ("size", "utf8", 4, 0), ("key", "int", 4, 0))
          + op(mac_init, 16, ("salt", "real", 8, 0))
          + op(md_init, 1, ("size", "octets", 8, 0)))
    write("fuzz_params", "huge-lengths",
          op(set_params, 0, ("key", "octetptr", "huge", 0))
          + op(mac_init, 0x80, ("custom", "octets", "huge", 3))
          + op(md_init, 2, ("size", "int", "huge", 0)))
    # The two crashes this target found (fixed in provider/params.c).
    write("fuzz_params", "regress-size-int-empty",
          op(set_params, 0, ("size", "int/NULL", 0, 0))
          + op(md_init, 3, ("size", "int", 0, 9)))
    write("fuzz_params", "regress-octetptr-null",
          op(set_params, 0, ("key", "octetptr/NULL", 0, 0))
          + op(mac_init, 16, ("salt", "octetptr/NULL", 0, 0)))
    write("fuzz_params", "order-and-dup",
          op(mac_final, 64) + op(mac_init, 20) + op(dup, 0) + op(mac_final, 64)
          + op(mac_final, 64) + op(md_init, 0) + op(md_final, 0) + op(dup, 0)
          + op(md_final, 0) + op(get, 0, ("size", "utf8", 8, 0)))


def many():
    # job count; per job: size-1, key length, length (2 bytes LE), offset
    # (2 bytes LE); then the pool
    def job(size, keylen, length, offset):
        return bytes([size - 1, keylen, length & 0xFF, length >> 8,
                      offset & 0xFF, offset >> 8])

    def seed(jobs, pool_len):
        return bytes([len(jobs)]) + b"".join(job(*j) for j in jobs) + pattern(pool_len, 0x21)

    write("fuzz_many", "none", seed([], 16))
    write("fuzz_many", "one-empty-keyed", seed([(64, 64, 0, 0)], 64))
    write("fuzz_many", "four-lanes-blocks", seed(
        [(64, 0, 128, 0), (32, 0, 256, 1), (20, 17, 129, 2), (48, 0, 127, 3)], 300))
    write("fuzz_many", "refill-mixed", seed(
        [(64, 0, 1024, 0), (1, 0, 0, 5), (64, 64, 300, 9), (33, 1, 1, 100),
         (64, 0, 2000, 7), (16, 0, 640, 640), (64, 32, 129, 33), (8, 0, 5, 1000),
         (64, 0, 1023, 17)], 997))
    # More jobs than eight lanes, lanes ending at different blocks.
    write("fuzz_many", "eight-lanes-refill", seed(
        [(64, 0, 1024, 0), (64, 0, 1024, 72), (32, 16, 130, 3), (64, 0, 0, 9),
         (64, 64, 512, 11), (20, 0, 128, 200), (64, 0, 2047, 1), (48, 5, 257, 77),
         (64, 0, 1024, 144), (1, 0, 1, 1023), (64, 33, 384, 256), (64, 0, 900, 60),
         (16, 0, 129, 500), (64, 64, 0, 0), (64, 0, 1500, 300), (40, 0, 640, 8)], 1231))


def argon2():
    # type (0 d, 1 i, 2 id); then operations: code (0 set_params, 1-2
    # derive, 3 dup, 4 reset), a parameter count, each parameter as kind,
    # slot (0 pass, 1 salt, 2 secret, 3 ad, 4 size, 5 iter, 6 threads,
    # 7 lanes, 8 memcost, 9 early_clean, 10 version, 11 properties) and
    # its value (octets: a length and the bytes; integers: an index into
    # fuzz_argon2.c's values), and for a derive an index into its outlens.
    V = [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 64, 65, 100,
         0x10, 0x13, 0x12, 511, 512, 0xffffff, 0x1000000, 0xffffffff]

    def octets(slot, data, kind=2):
        return bytes([kind, slot, len(data)]) + data

    def number(slot, value, kind=1):
        return bytes([kind, slot, V.index(value)])

    def op(code, params, outlen_index=None):
        out = bytes([code, len(params)]) + b"".join(params)
        return out + (bytes([outlen_index]) if outlen_index is not None else b"")

    salt, pw = pattern(16, 2), b"password"
    write("fuzz_argon2", "id-derive", bytes([2]) + op(1, [
        octets(1, salt), octets(0, pw), number(8, 32), number(7, 4)], 4))
    write("fuzz_argon2", "i-set-then-derive-twice-early-clean", bytes([1])
          + op(0, [octets(1, salt), octets(2, pattern(8, 3)), number(9, 1)])
          + op(1, [octets(0, pw), number(10, 0x10)], 6)
          + op(2, [], 6))
    write("fuzz_argon2", "d-size-mismatch-dup-reset", bytes([0])
          + op(0, [octets(1, salt), number(4, 65)])
          + op(1, [number(4, 64)], 6)
          + op(3, []) + op(1, [], 7) + op(4, []) + op(1, [], 4))
    write("fuzz_argon2", "refusals", bytes([2])
          + op(0, [octets(1, pattern(7))])
          + op(0, [number(6, 4), number(7, 2)])
          + op(1, [octets(1, salt)], 4)
          + op(0, [number(10, 0x12)])
          + op(1, [octets(0, pw, kind=0)], 2))


if __name__ == "__main__":
    core()
    digest()
    mac()
    params()
    many()
    argon2()
