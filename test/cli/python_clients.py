#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Python's hashlib and hmac through OpenSSL, for test/cli/t/85-python.t.

Run with OPENSSL_CONF naming the sample config. Prints one line per check,
tab-separated: "CHECK", a name, what OpenSSL's route gave, what the
reference gives; and "NOTE", text. The references are hashlib.blake2b
(CPython's own BLAKE2, never OpenSSL's) and the HMAC and PBKDF2 written
out in gen_kdf_vectors.py (checked there against RFC vectors).

With the argument --strict (under a config that requires
provider=blake2neon for every fetch) it checks hashlib.new alone; with
--absent it only reports what hashlib.new does with our names when the
provider is not configured.
"""
import ctypes
import hashlib
import hmac
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_kdf_vectors as ref  # noqa: E402

NAMES = (("BLAKE2B-160", 20), ("BLAKE2B-256", 32), ("BLAKE2B-384", 48),
         ("BLAKE2B-512", 64), ("BLAKE2b256", 32))


def check(name, got, want):
    print(f"CHECK\t{name}\t{got}\t{want}")


def outcome(fn):
    """The hex result of fn(), or the exception's class name."""
    try:
        return fn().hex()
    except Exception as e:  # the class is what the test compares
        return type(e).__name__


def loaded_libcrypto():
    """The path of the libcrypto _hashlib brought into this process
    (libcrypto.so.3, or .so.4 with OpenSSL 4), from /proc/self/maps."""
    import _hashlib  # noqa: F401  (maps it)
    with open("/proc/self/maps") as maps:
        for line in maps:
            path = line.split(None, 5)[-1].strip()
            if os.path.basename(path).startswith("libcrypto.so"):
                return path
    return "libcrypto.so.3"


def provider_of_fetch(name):
    """Which provider EVP_MD_fetch(NULL, name, NULL) picks in this process
    (the fetch CPython's _hashopenssl.c makes for a name it does not
    know), asked of the libcrypto _hashlib loaded."""
    crypto = ctypes.CDLL(loaded_libcrypto())
    crypto.EVP_MD_fetch.restype = ctypes.c_void_p
    crypto.EVP_MD_fetch.argtypes = (ctypes.c_void_p, ctypes.c_char_p,
                                    ctypes.c_char_p)
    crypto.EVP_MD_get0_provider.restype = ctypes.c_void_p
    crypto.EVP_MD_get0_provider.argtypes = (ctypes.c_void_p,)
    crypto.OSSL_PROVIDER_get0_name.restype = ctypes.c_char_p
    crypto.OSSL_PROVIDER_get0_name.argtypes = (ctypes.c_void_p,)
    crypto.EVP_MD_free.argtypes = (ctypes.c_void_p,)
    md = crypto.EVP_MD_fetch(None, name.encode(), None)
    if not md:
        return "(no implementation)"
    prov = crypto.OSSL_PROVIDER_get0_name(crypto.EVP_MD_get0_provider(md))
    crypto.EVP_MD_free(md)
    return prov.decode()


def main():
    msg = bytes(i & 0xFF for i in range(1000))
    key = b"blake2neon hmac key"
    if sys.argv[1:] == ["--strict"]:
        # Under a config that requires provider=blake2neon for every
        # fetch: each value that matches came from blake2neon.
        for name, size in NAMES + (("blake2b512", 64),):
            check(f"hashlib.new('{name}') with provider=blake2neon required",
                  outcome(lambda: hashlib.new(name, msg).digest()),
                  ref.blake2b(size)(msg).hexdigest())
        return
    if sys.argv[1:] == ["--absent"]:
        for name, _ in NAMES[:3]:
            check(f"hashlib.new('{name}') without the provider",
                  outcome(lambda: hashlib.new(name, msg).digest()),
                  "ValueError")
        return
    print(f"NOTE\tPython {sys.version.split()[0]} on {ssl_version()}")
    for name, size in NAMES:
        new = ref.blake2b(size)
        h = hashlib.new(name)
        h.update(msg[:300])
        h.update(msg[300:])
        print(f"NOTE\thashlib.new('{name}').name is {h.name!r}")
        check(f"hashlib.new('{name}')", h.hexdigest(), new(msg).hexdigest())
        check(f"hmac.new(key, msg, '{name}')",
              hmac.new(key, msg, name).hexdigest(),
              ref.hmac(new, key, msg).hex())
        check(f"hmac.digest(key, msg, '{name}')",
              hmac.digest(key, msg, name).hex(), ref.hmac(new, key, msg).hex())
        check(f"hashlib.pbkdf2_hmac('{name}', ..., 100, 40)",
              hashlib.pbkdf2_hmac(name, b"password", b"NaCl", 100, 40).hex(),
              ref.pbkdf2(new, b"password", b"NaCl", 100, 40).hex())
    try:
        for name in ("BLAKE2B-512", "BLAKE2B-256"):
            check(f"EVP_MD_fetch(NULL, '{name}', NULL) in the Python process",
                  provider_of_fetch(name), "blake2neon")
        check("EVP_MD_fetch(NULL, 'SHA2-256', NULL) in the Python process",
              provider_of_fetch("SHA2-256"), "default")
    except OSError as e:
        print(f"NOTE\tctypes cannot open libcrypto ({e}): provider not checked")


def ssl_version():
    import ssl
    return ssl.OPENSSL_VERSION


if __name__ == "__main__":
    main()
