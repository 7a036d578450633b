#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate test/data/cli_kdf.txt: HMAC, HKDF and PBKDF2 over the BLAKE2b
digests, the values `openssl mac HMAC` and `openssl kdf HKDF|PBKDF2` must
give with a BLAKE2B-* digest (test/cli/t/70-hmac-kdf.t).

The values come from HMAC (RFC 2104), HKDF (RFC 5869) and PBKDF2 (RFC 8018)
written out below over Python's hashlib.blake2b, which is independent of
OpenSSL and of this project. The three constructions are first checked
against published vectors over SHA-256 and against Python's own hmac
module, so a slip in them cannot slip into the data. Run from anywhere and
commit the file it rewrites:

    python3 test/cli/gen_kdf_vectors.py
"""
import functools
import hashlib
import hmac as py_hmac
import os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data",
                   "cli_kdf.txt")

# OpenSSL's names and the digest size of each.
DIGESTS = {"BLAKE2B-160": 20, "BLAKE2B-256": 32, "BLAKE2B-384": 48,
           "BLAKE2B-512": 64}


def blake2b(size):
    """A hashlib-style constructor of BLAKE2b with a size-byte output."""
    return functools.partial(hashlib.blake2b, digest_size=size)


def hmac(new, key, msg):
    """RFC 2104 over the constructor new (block_size and digest from it)."""
    block = new().block_size
    if len(key) > block:
        key = new(key).digest()
    key = key.ljust(block, b"\0")
    inner = new(bytes(k ^ 0x36 for k in key) + msg).digest()
    return new(bytes(k ^ 0x5C for k in key) + inner).digest()


def hkdf(new, ikm, salt, info, length):
    """RFC 5869: extract, then expand."""
    size = new().digest_size
    prk = hmac(new, salt if salt else b"\0" * size, ikm)
    out, block, i = b"", b"", 1
    while len(out) < length:
        block = hmac(new, prk, block + info + bytes([i]))
        out += block
        i += 1
    return out[:length]


def pbkdf2(new, password, salt, iterations, length):
    """RFC 8018 section 5.2, PRF = HMAC over new."""
    out, i = b"", 1
    while len(out) < length:
        u = hmac(new, password, salt + i.to_bytes(4, "big"))
        t = int.from_bytes(u, "big")
        for _ in range(iterations - 1):
            u = hmac(new, password, u)
            t ^= int.from_bytes(u, "big")
        out += t.to_bytes(len(u), "big")
        i += 1
    return out[:length]


def self_check():
    sha256 = hashlib.sha256
    # RFC 4231 test case 2.
    assert hmac(sha256, b"Jefe", b"what do ya want for nothing?").hex() == (
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    # RFC 5869 test case 1.
    assert hkdf(sha256, bytes([0x0B] * 22), bytes(range(13)),
                bytes(range(0xF0, 0xFA)), 42).hex() == (
        "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf"
        "34007208d5b887185865")
    # RFC 7914 section 11 (PBKDF2-HMAC-SHA256, 1 iteration).
    assert pbkdf2(sha256, b"passwd", b"salt", 1, 64).hex() == (
        "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
        "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
    # The HMAC over BLAKE2b against Python's hmac module, every key class.
    for size in DIGESTS.values():
        for keylen in (1, 64, 128, 129, 200):
            key = bytes(i & 0xFF for i in range(keylen))
            msg = bytes(range(77))
            want = py_hmac.new(key, msg, blake2b(size)).digest()
            assert hmac(blake2b(size), key, msg) == want, (size, keylen)


def pattern(n):
    """The message 00 01 02 .. of n bytes, wrapping at 256."""
    return bytes(i & 0xFF for i in range(n))


def main():
    self_check()
    lines = []
    # HMAC: keys shorter than, equal to and longer than the 128-byte block.
    for name, size in DIGESTS.items():
        for keylen, msglen in ((16, 0), (128, 129), (200, 300)):
            key = pattern(keylen)[::-1]
            mac = hmac(blake2b(size), key, pattern(msglen))
            lines.append(f"hmac {name} key={key.hex()} msglen={msglen} "
                         f"out={mac.hex()}")
    # HKDF: outputs shorter and longer than one digest, with and without
    # salt and info.
    for name, size in (("BLAKE2B-256", 32), ("BLAKE2B-512", 64),
                       ("BLAKE2B-160", 20)):
        for salt, info, length in ((pattern(13), b"blake2neon", 42),
                                   (b"", b"", size),
                                   (pattern(16), pattern(5), 3 * size + 1)):
            ikm = bytes([0x0B] * 22)
            out = hkdf(blake2b(size), ikm, salt, info, length)
            lines.append(f"hkdf {name} key={ikm.hex()} salt={salt.hex() or '-'} "
                         f"info={info.hex() or '-'} len={length} out={out.hex()}")
    # PBKDF2: one and several iterations, one and several blocks.
    for name, size in (("BLAKE2B-256", 32), ("BLAKE2B-512", 64)):
        for iterations, length in ((1, size), (2, size + 8), (1000, 16)):
            password, salt = b"password", b"NaCl-and-pepper!"
            out = pbkdf2(blake2b(size), password, salt, iterations, length)
            lines.append(f"pbkdf2 {name} pass={password.hex()} "
                         f"salt={salt.hex()} iter={iterations} len={length} "
                         f"out={out.hex()}")
    with open(OUT, "w") as f:
        f.write("# op digest name=hex-or-number ... out=hex  ('-' = empty)\n"
                "# hmac message: 00 01 02 .. of msglen bytes\n"
                "# generated by test/cli/gen_kdf_vectors.py (hashlib.blake2b)\n")
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
