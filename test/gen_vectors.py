#!/usr/bin/env python3
"""Generate the expected values the tests compare against.

Every value comes from Python's hashlib.blake2b, an implementation
independent of this project. Run from the repository root:

    python3 test/gen_vectors.py

and commit the files it rewrites under test/data/.
"""
import hashlib
import os

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
SIZES = (20, 32, 48, 64)          # BLAKE2B-160/256/384/512
KEY = bytes(range(64))            # 00 01 .. 3f, as in the BLAKE2 reference KAT


def pattern(n):
    """The message 00 01 02 .. of n bytes, wrapping at 256."""
    return bytes(i & 0xFF for i in range(n))


def write_kat():
    """kat.txt: '<size> <keyed> <msglen> <hexdigest>' for lengths 0..256."""
    with open(os.path.join(DATA, "kat.txt"), "w") as f:
        f.write("# size keyed msglen digest; message 00 01 02 ..; key 00..3f\n")
        for size in SIZES:
            for keyed in (0, 1):
                for n in range(257):
                    h = hashlib.blake2b(pattern(n), digest_size=size,
                                        key=KEY if keyed else b"")
                    f.write(f"{size} {keyed} {n} {h.hexdigest()}\n")


if __name__ == "__main__":
    os.makedirs(DATA, exist_ok=True)
    write_kat()
