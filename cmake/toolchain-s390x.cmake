# SPDX-License-Identifier: Apache-2.0
# Cross build for Debian s390x (64-bit, big-endian), tests under qemu-s390x.
#   scripts/fetch-sysroot.sh s390x
#   cmake -S . -B build-s390x -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-s390x.cmake
# See cmake/cross-common.cmake for BLAKE2NEON_SYSROOT and BLAKE2NEON_QEMU_CPU.
set(B2N_CROSS_ARCH s390x)
set(B2N_CROSS_TRIPLE s390x-linux-gnu)
set(B2N_CROSS_QEMU qemu-s390x)
set(B2N_CROSS_DEFAULT_CPU "")
set(B2N_CROSS_PROCESSOR s390x)
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
