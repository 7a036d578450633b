#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Writes test/data/argon2-encoded.txt: Argon2 strings
# ("$argon2id$v=19$m=...,t=...,p=...$salt$tag") made by the reference
# implementation's own command (Debian package argon2), with the password
# each was made from, for test/lib/t_lib_argon2.c (blake2neon_argon2_encode
# must write the same string, blake2neon_argon2_verify accept it).
#   test/gen_argon2_encoded.sh > test/data/argon2-encoded.txt
set -eu
command -v argon2 >/dev/null || { echo "needs the argon2 command (apt-get install argon2)" >&2; exit 1; }
echo "# Made by test/gen_argon2_encoded.sh with $(dpkg-query -W -f '${Package} ${Version}' argon2 2>/dev/null || echo argon2)."
echo "# password<TAB>string, one per line"
# type t KiB p taglen version password salt
while read -r type t k p l v pass salt; do
    printf '%s\t%s\n' "$pass" \
        "$(printf %s "$pass" | argon2 "$salt" "-$type" -t "$t" -k "$k" -p "$p" -l "$l" -v "$v" -e)"
done <<'SETS'
id 3 64 1 32 13 password somesaltsalt
id 1 8 1 4 13 p saltsalt
id 2 256 4 64 13 correct-horse-battery 0123456789abcdef0123456789abcdef
id 1 100 3 65 13 x longer_salt_with_punctuation!
i 3 64 1 32 13 password somesaltsalt
i 2 48 2 16 10 old-version saltsaltsalt
i 1 1024 1 100 13 abcdefghijklmnopqrstuvwxyz0123456789 SaltSaltSaltSalt
d 3 64 1 32 13 password somesaltsalt
d 1 32 4 7 10 pw4 eightchr
d 4 80 2 128 13 d-pass 0123456789
SETS
