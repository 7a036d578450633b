#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Expected values for test/c/t_huge.c: streams longer than 4 GiB, hashed
by Python's hashlib.blake2b, so that the byte counter's carry past 2^32 is
checked end to end against an independent implementation.

    python3 test/gen_huge_vector.py      # about a minute; writes test/data/huge.txt

Both streams are cheap to rebuild byte for byte in C (t_huge.c has the
same definitions, built on lcg_message of gen_vectors.py / t_util.c):

  segments  segment k (k = 0, 1, ..) is k as 8 little-endian bytes followed
            by bytes 8..65520 of lcg_message(65521, 1); the segment length,
            65521, is prime, so segment edges fall at every block offset.
            The stream is the first SEGMENTS_LEN bytes. Hashed as
            BLAKE2B-512, fed in pieces of varied size.
  mapped    lcg_message(1 MiB, 2) repeated, the first MAPPED_LEN bytes.
            Hashed as BLAKE2BMAC (key 00 01 .. 3f, size 64), fed in ONE
            update, so that no length is cut to 32 bits on the way.
"""
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_vectors import DATA, KEY, lcg_message  # noqa: E402

SEGMENT = 65521
SEGMENTS_LEN = 2**32 + 1024 + 5
MAPPED_BLOCK = 1 << 20
MAPPED_LEN = 2**32 + 1024 + 7


def segments_digest():
    base = lcg_message(SEGMENT, 1)
    h = hashlib.blake2b(digest_size=64)
    done, k = 0, 0
    while done < SEGMENTS_LEN:
        seg = k.to_bytes(8, "little") + base[8:]
        n = min(SEGMENT, SEGMENTS_LEN - done)
        h.update(seg[:n])
        done += n
        k += 1
    return h.hexdigest()


def mapped_mac():
    block = lcg_message(MAPPED_BLOCK, 2)
    h = hashlib.blake2b(key=KEY, digest_size=64)
    full, tail = divmod(MAPPED_LEN, MAPPED_BLOCK)
    for _ in range(full):
        h.update(block)
    h.update(block[:tail])
    return h.hexdigest()


def main():
    lines = [
        "# Streams over 4 GiB for test/c/t_huge.c, by test/gen_huge_vector.py",
        "# from hashlib.blake2b; streams described there.",
        "# stream length what digest",
        f"segments {SEGMENTS_LEN} BLAKE2B-512 {segments_digest()}",
        f"mapped {MAPPED_LEN} BLAKE2BMAC {mapped_mac()}",
    ]
    with open(os.path.join(DATA, "huge.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
