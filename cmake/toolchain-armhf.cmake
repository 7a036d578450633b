# SPDX-License-Identifier: Apache-2.0
# Cross build for Debian armhf (ARMv7, hard float), tests under qemu-arm.
#   scripts/fetch-sysroot.sh armhf
#   cmake -S . -B build-armhf -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-armhf.cmake
# See cmake/cross-common.cmake for BLAKE2NEON_SYSROOT and BLAKE2NEON_QEMU_CPU.
set(B2N_CROSS_ARCH armhf)
set(B2N_CROSS_TRIPLE arm-linux-gnueabihf)
set(B2N_CROSS_QEMU qemu-arm)
set(B2N_CROSS_DEFAULT_CPU cortex-a7)
set(B2N_CROSS_PROCESSOR armv7l)
# Debian's armhf baseline: VFPv3-D16 and no NEON. NEON code is built with
# -mfpu=neon for its own file only and chosen at run time.
set(CMAKE_C_FLAGS_INIT "-march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
