# SPDX-License-Identifier: Apache-2.0
# Shared body of cmake/toolchain-*.cmake: cross-compile
# for Debian ARCH against an OpenSSL unpacked by scripts/fetch-sysroot.sh, and
# run target programs (tests) under qemu-user.
#
# The including file sets B2N_CROSS_ARCH (Debian name), B2N_CROSS_TRIPLE (the
# cross compiler's prefix), B2N_CROSS_QEMU, B2N_CROSS_DEFAULT_CPU,
# B2N_CROSS_PROCESSOR (what `uname -m` says there), and
# B2N_CROSS_MULTIARCH where Debian's library directory is named otherwise
# (i386: compiler i686-linux-gnu, libraries in lib/i386-linux-gnu). Users
# may set:
#   BLAKE2NEON_SYSROOT   the unpacked OpenSSL (default: sysroot/ARCH in the
#                        source tree, where fetch-sysroot.sh puts it)
#   BLAKE2NEON_QEMU_CPU  qemu's -cpu for test runs (empty: qemu's default)

set(CMAKE_SYSTEM_NAME Linux)
# -DCMAKE_SYSTEM_PROCESSOR=... overrides it: the backends follow the
# compiler's target, never this (armhf on a 64-bit kernel says aarch64).
if(NOT CMAKE_SYSTEM_PROCESSOR)
  set(CMAKE_SYSTEM_PROCESSOR ${B2N_CROSS_PROCESSOR})
endif()
set(CMAKE_C_COMPILER ${B2N_CROSS_TRIPLE}-gcc)

if(NOT DEFINED BLAKE2NEON_SYSROOT)
  get_filename_component(BLAKE2NEON_SYSROOT
    "${CMAKE_CURRENT_LIST_DIR}/../sysroot/${B2N_CROSS_ARCH}" ABSOLUTE)
endif()
if(NOT DEFINED BLAKE2NEON_QEMU_CPU)
  set(BLAKE2NEON_QEMU_CPU "${B2N_CROSS_DEFAULT_CPU}")
endif()
# try_compile projects read this file again: hand them the same values.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES
     BLAKE2NEON_SYSROOT BLAKE2NEON_QEMU_CPU)

if(NOT B2N_CROSS_MULTIARCH)
  set(B2N_CROSS_MULTIARCH ${B2N_CROSS_TRIPLE})
endif()
set(_b2n_libdir "${BLAKE2NEON_SYSROOT}/usr/lib/${B2N_CROSS_MULTIARCH}")

# Headers and libraries from the target's tree; programs (prove, pkg-config)
# from the host. Debian puts libraries in lib/<multiarch>.
set(CMAKE_LIBRARY_ARCHITECTURE ${B2N_CROSS_MULTIARCH})
set(CMAKE_FIND_ROOT_PATH "${BLAKE2NEON_SYSROOT}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# The project adds usr/include/<multiarch> (opensslconf.h) itself, and takes
# the openssl command for the tests from usr/bin.
set(OPENSSL_ROOT_DIR "${BLAKE2NEON_SYSROOT}/usr")
# pkg-config answers for the target (e.g. OpenSSL's modulesdir), not the host.
set(ENV{PKG_CONFIG_LIBDIR} "${_b2n_libdir}/pkgconfig")

# Test programs run under qemu: the target's ld.so and libc come from the
# cross compiler's /usr/<triple>; libcrypto from the sysroot. -E sets
# LD_LIBRARY_PATH for the emulated program only, never for host tools.
# qemu-user's name for it (Debian 12's qemu-user-static adds "-static").
find_program(BLAKE2NEON_QEMU NAMES ${B2N_CROSS_QEMU} ${B2N_CROSS_QEMU}-static
             NO_CMAKE_FIND_ROOT_PATH DOC "qemu-user for the target")
if(NOT BLAKE2NEON_QEMU)
  set(BLAKE2NEON_QEMU ${B2N_CROSS_QEMU})  # the test runs say it is missing
endif()
set(CMAKE_CROSSCOMPILING_EMULATOR ${BLAKE2NEON_QEMU})
if(BLAKE2NEON_QEMU_CPU)
  list(APPEND CMAKE_CROSSCOMPILING_EMULATOR -cpu ${BLAKE2NEON_QEMU_CPU})
endif()
list(APPEND CMAKE_CROSSCOMPILING_EMULATOR
     -L /usr/${B2N_CROSS_TRIPLE} -E LD_LIBRARY_PATH=${_b2n_libdir})
