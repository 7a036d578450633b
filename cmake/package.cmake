# SPDX-License-Identifier: Apache-2.0
# The Debian package, made by CPack: in a build tree configured with no
# prefix, `cpack -G DEB` writes blake2neon_<version>_<arch>.deb with the
# module in OpenSSL's modules directory and the docs in
# /usr/share/doc/blake2neon. A cross build (cmake/toolchain-*.cmake) makes
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
# One package, the provider's: CPack installs the "provider" component
# alone (the library and b2nsum have components of their own, not
# packaged yet).
set(CPACK_INSTALL_CMAKE_PROJECTS "${CMAKE_BINARY_DIR};${PROJECT_NAME};provider;/")
set(CPACK_PACKAGE_NAME blake2neon)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "blake2neon maintainers <maintainers@users.noreply.a-seed-f81d5d9a.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "OpenSSL 3 and 4 provider: BLAKE2b-160/256/384/512 digests and BLAKE2BMAC")
# CPack puts the summary first itself.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "blake2neon.so is an OpenSSL provider module. It gives every OpenSSL 3 or 4
program the BLAKE2b digests of RFC 7693 in four sizes and the BLAKE2b MAC,
run on the fastest compress code the CPU has (NEON on 32-bit Arm, AVX2 or
AVX-512 on x86-64), chosen when the provider loads.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # blake2neon_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The openssl command is how most people reach a provider; any OpenSSL
# program can use it without, so only recommended.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS openssl)
set(CPACK_PACKAGING_INSTALL_PREFIX "${CMAKE_INSTALL_PREFIX}")
# The module ships stripped and its debug information goes to
# blake2neon-dbgsym_<version>_<arch>.ddeb, as Debian's own -dbgsym packages:
# /usr/lib/debug/.build-id/xx/yyyy.debug, found by the module's Build-ID
# (gdb, debuginfod) and named in its .gnu_debuglink. CPack splits the files
# itself, so they must reach it unstripped (CPACK_STRIP_FILES off); build
# with -g for more than the symbol table (scripts/build-debs.sh does).
set(CPACK_STRIP_FILES OFF)
set(CPACK_DEBIAN_DEBUGINFO_PACKAGE ON)
# A cross build splits with the target's binutils, not whatever objcopy
# the host's PATH has first.
if(CMAKE_OBJCOPY)
  set(CPACK_OBJCOPY_EXECUTABLE "${CMAKE_OBJCOPY}")
endif()

# Depends is read from the built module when cpack runs (not here, before
# it exists): see cmake/deb-depends.cmake.
set(CPACK_PROJECT_CONFIG_FILE "${CMAKE_BINARY_DIR}/CPackProjectConfig.cmake")
if(CMAKE_READELF)
  set(_b2n_readelf "${CMAKE_READELF}")
else()
  set(_b2n_readelf readelf)
endif()
set(CPACK_READELF_EXECUTABLE "${_b2n_readelf}")
if(CMAKE_CROSSCOMPILING)
  set(_b2n_cross ON)
else()
  set(_b2n_cross OFF)
endif()
file(GENERATE OUTPUT "${CPACK_PROJECT_CONFIG_FILE}" CONTENT
"set(B2N_MODULE \"$<TARGET_FILE:blake2neon>\")
set(B2N_READELF \"${_b2n_readelf}\")
set(B2N_CROSS ${_b2n_cross})
set(B2N_DEB_ARCH \"${BLAKE2NEON_DEB_ARCH}\")
include(\"${PROJECT_SOURCE_DIR}/cmake/deb-depends.cmake\")
")
include(CPack)
