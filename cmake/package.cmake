# SPDX-License-Identifier: Apache-2.0
# The Debian packages, made by CPack: in a build tree configured with no
# prefix, `cpack -G DEB` writes blake2neon_<version>_<arch>.deb with the
# module in OpenSSL's modules directory and the docs in
# /usr/share/doc/blake2neon, and libblake2neon0, libblake2neon-dev and
# b2nsum beside it, each with its -dbgsym .ddeb but the -dev. A cross build (cmake/toolchain-*.cmake) makes
# the target's package. scripts/build-debs.sh builds amd64, armhf and arm64;
# docs/packaging.md says why CPack and not dpkg-buildpackage.

# Nothing here asks dpkg: what depends on the system (the architecture,
# Depends) is found when cpack runs, by cmake/deb-depends.cmake, so that a
# configure that never packages runs no packaging tool. The cache variable
# below only overrides the architecture.

# The Debian architecture: the toolchain file's for a cross build; empty for
# a native one, which then takes dpkg's when cpack runs.
if(DEFINED B2N_CROSS_ARCH)
  set(_b2n_deb_arch "${B2N_CROSS_ARCH}")
else()
  set(_b2n_deb_arch "")
endif()
set(BLAKE2NEON_DEB_ARCH "${_b2n_deb_arch}" CACHE STRING
    "Debian architecture of the package (empty: dpkg --print-architecture, when cpack runs)")

set(CPACK_GENERATOR DEB)
# One package per install component (docs/packaging.md):
#   provider -> blake2neon         the OpenSSL module (as before)
#   library  -> libblake2neon0     libblake2neon.so.0 (the runtime)
#   dev      -> libblake2neon-dev  header, .so link, .a, blake2neon.pc
#   b2nsum   -> b2nsum             the command and its man page
# Names and sections as Debian policy has them for a library: the runtime
# named after its SONAME, so that a new ABI can be installed beside it.
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL provider library dev b2nsum)
set(CPACK_INSTALL_CMAKE_PROJECTS "${CMAKE_BINARY_DIR};${PROJECT_NAME};ALL;/")
set(CPACK_PACKAGE_NAME blake2neon)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "blake2neon maintainers <maintainers@users.noreply.a-seed-f81d5d9a.example>")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # <package>_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Each description's first line is its summary (no
# CPACK_PACKAGE_DESCRIPTION_SUMMARY: CPack would put that one first in all
# four).
set(CPACK_DEBIAN_PROVIDER_PACKAGE_NAME blake2neon)
set(CPACK_DEBIAN_PROVIDER_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PROVIDER_DESCRIPTION
    "OpenSSL 3 and 4 provider: BLAKE2b-160/256/384/512 digests and BLAKE2BMAC
blake2neon.so is an OpenSSL provider module. It gives every OpenSSL 3 or 4
program the BLAKE2b digests of RFC 7693 in four sizes and the BLAKE2b MAC,
run on the fastest compress code the CPU has (NEON on 32-bit Arm, AVX2 or
AVX-512 on x86-64), chosen when the provider loads.")
# The openssl command is how most people reach a provider; any OpenSSL
# program can use it without, so only recommended.
set(CPACK_DEBIAN_PROVIDER_PACKAGE_RECOMMENDS openssl)

set(CPACK_DEBIAN_LIBRARY_PACKAGE_NAME libblake2neon0)
set(CPACK_DEBIAN_LIBRARY_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_LIBRARY_DESCRIPTION
    "BLAKE2b library with a compress backend chosen for the CPU
libblake2neon computes the BLAKE2b hash of RFC 7693 (any digest size from
1 to 64 bytes, keyed, salted, personalized) with the fastest compress code
the CPU has: NEON on 32-bit Arm, AArch64 assembly, AVX2 or AVX-512 on
x86-64, portable C elsewhere, chosen once per process.
.
This package holds the shared library.")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libblake2neon-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "libblake2neon0 (= ${PROJECT_VERSION})")
set(CPACK_DEBIAN_DEV_DESCRIPTION
    "BLAKE2b library with a compress backend chosen for the CPU (development files)
libblake2neon computes the BLAKE2b hash of RFC 7693 with the fastest
compress code the CPU has (NEON, AArch64 assembly, AVX2, AVX-512 or C).
.
This package holds what programs using it are built with: blake2neon.h,
the static library and blake2neon.pc for
`pkg-config --cflags --libs blake2neon`.")

set(CPACK_DEBIAN_B2NSUM_PACKAGE_NAME b2nsum)
set(CPACK_DEBIAN_B2NSUM_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_B2NSUM_DESCRIPTION
    "b2sum drop-in computed with libblake2neon
b2nsum takes coreutils' b2sum options and gives its output, messages and
exit status byte for byte, with the BLAKE2b compress code that suits the
CPU (libblake2neon): NEON on 32-bit Arm, AVX2 or AVX-512 on x86-64.")

# Multi-Arch: the runtime and the -dev package install side by side for
# several architectures (their shared paths hold identical files); the
# command serves any architecture. CPack writes the field from CMake 3.31;
# cmake/deb-depends.cmake makes older ones write it too.
set(CPACK_DEBIAN_LIBRARY_PACKAGE_MULTIARCH same)
set(CPACK_DEBIAN_DEV_PACKAGE_MULTIARCH same)
set(CPACK_DEBIAN_B2NSUM_PACKAGE_MULTIARCH foreign)

# libblake2neon0's control files: the symbols file dpkg-shlibdeps reads for
# the programs built against it (packaging/libblake2neon0.symbols, kept by
# hand: each symbol with the version that brought it), a shlibs file for
# older tools, and the ldconfig trigger policy asks of a package with a
# shared library in the linker's directories.
set(_b2n_debian "${CMAKE_BINARY_DIR}/debian-control")
file(STRINGS "${PROJECT_SOURCE_DIR}/packaging/libblake2neon0.symbols" _b2n_syms
     REGEX "^ ")
set(_b2n_abi_version 0)
foreach(_s IN LISTS _b2n_syms)
  string(REGEX REPLACE "^ +[^ ]+ +([^ ]+).*" "\\1" _v "${_s}")
  if(_v VERSION_GREATER _b2n_abi_version)
    set(_b2n_abi_version "${_v}")
  endif()
endforeach()
configure_file("${PROJECT_SOURCE_DIR}/packaging/libblake2neon0.symbols"
               "${_b2n_debian}/symbols" COPYONLY)
file(WRITE "${_b2n_debian}/shlibs"
     "libblake2neon 0 libblake2neon0 (>= ${_b2n_abi_version})\n")
file(WRITE "${_b2n_debian}/triggers" "activate-noawait ldconfig\n")
set(CPACK_DEBIAN_LIBRARY_PACKAGE_CONTROL_EXTRA
    "${_b2n_debian}/shlibs;${_b2n_debian}/symbols;${_b2n_debian}/triggers")
set(CPACK_DEBIAN_LIBRARY_PACKAGE_CONTROL_STRICT_PERMISSION ON)

# Every Debian package carries its copyright file in its own doc
# directory. Packaging only: EXCLUDE_FROM_ALL keeps them out of a plain
# `cmake --install`, while CPack's per-component installs take them.
foreach(_c IN ITEMS library:libblake2neon0 dev:libblake2neon-dev b2nsum:b2nsum)
  string(REPLACE ":" ";" _c "${_c}")
  list(GET _c 0 _comp)
  list(GET _c 1 _pkg)
  install(FILES "${PROJECT_SOURCE_DIR}/packaging/copyright"
          DESTINATION "${CMAKE_INSTALL_DATAROOTDIR}/doc/${_pkg}"
          COMPONENT ${_comp} EXCLUDE_FROM_ALL)
endforeach()

set(CPACK_PACKAGING_INSTALL_PREFIX "${CMAKE_INSTALL_PREFIX}")
# Debian's finishing touches on what the components install, made in
# CPack's staging tree: man pages gzip -9n, the static library without
# debug information (as dh_strip leaves them).
set(CPACK_PRE_BUILD_SCRIPTS "${PROJECT_SOURCE_DIR}/cmake/deb-prebuild.cmake")
# The ELF files ship stripped and their debug information goes to
# <package>-dbgsym_<version>_<arch>.ddeb (blake2neon, libblake2neon0 and
# b2nsum each have one), as Debian's own -dbgsym packages:
# /usr/lib/debug/.build-id/xx/yyyy.debug, found by the file's Build-ID
# (gdb, debuginfod) and named in its .gnu_debuglink. CPack splits the files
# itself, so they must reach it unstripped (CPACK_STRIP_FILES off); build
# with -g for more than the symbol table (scripts/build-debs.sh does).
set(CPACK_STRIP_FILES OFF)
set(CPACK_DEBIAN_DEBUGINFO_PACKAGE ON)
set(CPACK_DEBIAN_DEV_DEBUGINFO_PACKAGE OFF) # no ELF file of its own
# A cross build splits with the target's binutils, not whatever objcopy
# the host's PATH has first.
if(CMAKE_OBJCOPY)
  set(CPACK_OBJCOPY_EXECUTABLE "${CMAKE_OBJCOPY}")
endif()

# Depends are read from the built files when cpack runs (not here, before
# they exist): see cmake/deb-depends.cmake.
set(CPACK_PROJECT_CONFIG_FILE "${CMAKE_BINARY_DIR}/CPackProjectConfig.cmake")
if(CMAKE_READELF)
  set(_b2n_readelf "${CMAKE_READELF}")
else()
  set(_b2n_readelf readelf)
endif()
set(CPACK_READELF_EXECUTABLE "${_b2n_readelf}")
if(CMAKE_OBJCOPY)
  set(_b2n_objcopy "${CMAKE_OBJCOPY}")
else()
  set(_b2n_objcopy objcopy)
endif()
if(CMAKE_CROSSCOMPILING)
  set(_b2n_cross ON)
else()
  set(_b2n_cross OFF)
endif()
file(GENERATE OUTPUT "${CPACK_PROJECT_CONFIG_FILE}" CONTENT
"set(B2N_MODULE \"$<TARGET_FILE:blake2neon>\")
set(B2N_LIBRARY \"$<TARGET_FILE:blake2neon_shared>\")
set(B2N_B2NSUM \"$<TARGET_FILE:b2nsum>\")
set(B2N_SYMBOLS \"${PROJECT_SOURCE_DIR}/packaging/libblake2neon0.symbols\")
set(B2N_READELF \"${_b2n_readelf}\")
set(B2N_OBJCOPY \"${_b2n_objcopy}\")
set(B2N_CROSS ${_b2n_cross})
set(B2N_DEB_ARCH \"${BLAKE2NEON_DEB_ARCH}\")
include(\"${PROJECT_SOURCE_DIR}/cmake/deb-depends.cmake\")
")
include(CPack)
