# SPDX-License-Identifier: Apache-2.0
# Cross build for Debian ppc64el (64-bit POWER, little-endian), tests under
# qemu-ppc64le.
#   scripts/fetch-sysroot.sh ppc64el
#   cmake -S . -B build-ppc64el -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-ppc64el.cmake
# See cmake/cross-common.cmake for BLAKE2NEON_SYSROOT and BLAKE2NEON_QEMU_CPU.
# A Debian architecture with no SIMD backend here: generic alone.
set(B2N_CROSS_ARCH ppc64el)
set(B2N_CROSS_TRIPLE powerpc64le-linux-gnu)
set(B2N_CROSS_QEMU qemu-ppc64le)
set(B2N_CROSS_DEFAULT_CPU "")
set(B2N_CROSS_PROCESSOR ppc64le)
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
