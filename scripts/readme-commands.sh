#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# What a new user does: install the packages the README lists, then run the
# README's two quick-start commands word for word, from where this clone
# is. .ci/run runs it in a pristine Debian 12 chroot on a clone under /root
# (mode 0700, as in most containers), where a test that depends on where
# the checkout lives fails:
#
#   scripts/in-chroot.sh --in-root bookworm DIR scripts/readme-commands.sh
#
# Needs root (apt-get). Exits non-zero at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# The README's install line, as for a root shell.
apt-get install -y cmake gcc libssl-dev openssl perl pkg-config >/dev/null

echo "== $(. /etc/os-release && echo "$PRETTY_NAME"), $(openssl version), in $PWD"
stat -c '%n: mode %a, owner %U' / "$HOME" "$PWD"

echo "== the README's first command: build, then hash a file through the provider"
cmake -S . -B build && cmake --build build && openssl dgst -provider-path build -provider blake2neon -BLAKE2B-256 README.md

echo "== the README's second command: build, then run every test"
cmake -S . -B build && cmake --build build && ctest --test-dir build --output-on-failure
