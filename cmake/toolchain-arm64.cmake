# SPDX-License-Identifier: Apache-2.0
# Cross build for Debian arm64 (AArch64), tests under qemu-aarch64.
#   scripts/fetch-sysroot.sh arm64
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-arm64.cmake
# See cmake/cross-common.cmake for BLAKE2NEON_SYSROOT and BLAKE2NEON_QEMU_CPU.
set(B2N_CROSS_ARCH arm64)
set(B2N_CROSS_TRIPLE aarch64-linux-gnu)
set(B2N_CROSS_QEMU qemu-aarch64)
set(B2N_CROSS_DEFAULT_CPU cortex-a53)
set(B2N_CROSS_PROCESSOR aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
