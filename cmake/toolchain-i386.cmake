# SPDX-License-Identifier: Apache-2.0
# Cross build for Debian i386 (32-bit x86), tests under qemu-i386.
#   scripts/fetch-sysroot.sh i386
#   cmake -S . -B build-i386 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-i386.cmake
# See cmake/cross-common.cmake for BLAKE2NEON_SYSROOT and BLAKE2NEON_QEMU_CPU.
# No x86-64 backend applies to it (no __x86_64__): generic alone.
set(B2N_CROSS_ARCH i386)
set(B2N_CROSS_TRIPLE i686-linux-gnu)
set(B2N_CROSS_MULTIARCH i386-linux-gnu)
set(B2N_CROSS_QEMU qemu-i386)
set(B2N_CROSS_DEFAULT_CPU "")
set(B2N_CROSS_PROCESSOR i686)
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
