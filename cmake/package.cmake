# SPDX-License-Identifier: Apache-2.0
# The Debian package, made by CPack: in a build tree configured with no
# prefix, `cpack -G DEB` writes blake2neon_<version>_<arch>.deb with the
# module in OpenSSL's modules directory and the docs in
# /usr/share/doc/blake2neon. A cross build (cmake/toolchain-*.cmake) makes
# the target's package. scripts/build-debs.sh builds amd64, armhf and arm64;
# docs/packaging.md says why CPack and not dpkg-buildpackage.

# The Debian architecture: the toolchain file's for a cross build, dpkg's
# own for a native one.
if(DEFINED B2N_CROSS_ARCH)
  set(_b2n_deb_arch "${B2N_CROSS_ARCH}")
elseif(NOT CMAKE_CROSSCOMPILING)
  execute_process(COMMAND dpkg --print-architecture
                  OUTPUT_VARIABLE _b2n_deb_arch OUTPUT_STRIP_TRAILING_WHITESPACE
                  ERROR_QUIET)
endif()
set(BLAKE2NEON_DEB_ARCH "${_b2n_deb_arch}" CACHE STRING
    "Debian architecture of the package (empty: not a Debian system)")

# The package that ships libcrypto.so.3 here: libssl3 on Debian 12,
# libssl3t64 on Debian 13 (whose armhf one does not provide libssl3). dpkg
# knows it when libcrypto is installed; a cross build's unpacked tree
# (scripts/fetch-sysroot.sh) still holds the package's doc directory.
get_filename_component(_b2n_crypto "${OPENSSL_CRYPTO_LIBRARY}" REALPATH)
execute_process(COMMAND dpkg -S "${_b2n_crypto}"
                OUTPUT_VARIABLE _b2n_owner ERROR_QUIET RESULT_VARIABLE _b2n_rc)
if(_b2n_rc EQUAL 0 AND _b2n_owner MATCHES "^([a-z0-9.+-]+)(:[a-z0-9]+)?: ")
  set(_b2n_libssl "${CMAKE_MATCH_1}")
else()
  # <tree>/usr/lib/<triple>/libcrypto.so.3 -> <tree>/usr/share/doc/libssl*
  get_filename_component(_b2n_usr "${_b2n_crypto}" DIRECTORY)
  get_filename_component(_b2n_usr "${_b2n_usr}/../.." ABSOLUTE)
  file(GLOB _b2n_docs LIST_DIRECTORIES true RELATIVE "${_b2n_usr}/share/doc"
       "${_b2n_usr}/share/doc/libssl[0-9]*")
  list(LENGTH _b2n_docs _b2n_n)
  if(_b2n_n EQUAL 1)
    set(_b2n_libssl "${_b2n_docs}")
  else()
    set(_b2n_libssl "")
  endif()
endif()
set(BLAKE2NEON_DEB_LIBSSL "${_b2n_libssl}" CACHE STRING
    "Debian package that ships the libcrypto the module links (libssl3, libssl3t64)")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME blake2neon)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "blake2neon maintainers <maintainers@users.noreply.a-seed-f81d5d9a.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "OpenSSL 3 provider: BLAKE2b-160/256/384/512 digests and BLAKE2BMAC")
# CPack puts the summary first itself.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "blake2neon.so is an OpenSSL 3 provider module. It gives every OpenSSL 3
program the BLAKE2b digests of RFC 7693 in four sizes and the BLAKE2b MAC,
run on the fastest compress code the CPU has (NEON on 32-bit Arm, AVX2 or
AVX-512 on x86-64), chosen when the provider loads.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # blake2neon_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE "${BLAKE2NEON_DEB_ARCH}")
# The openssl command is how most people reach a provider; any OpenSSL 3
# program can use it without, so only recommended.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS openssl)
set(CPACK_PACKAGING_INSTALL_PREFIX "${CMAKE_INSTALL_PREFIX}")
set(CPACK_STRIP_FILES ON)

# Depends is read from the built module when cpack runs (not here, before
# it exists): see cmake/deb-depends.cmake.
set(CPACK_PROJECT_CONFIG_FILE "${CMAKE_BINARY_DIR}/CPackProjectConfig.cmake")
if(CMAKE_READELF)
  set(_b2n_readelf "${CMAKE_READELF}")
else()
  set(_b2n_readelf readelf)
endif()
file(GENERATE OUTPUT "${CPACK_PROJECT_CONFIG_FILE}" CONTENT
"set(B2N_MODULE \"$<TARGET_FILE:blake2neon>\")
set(B2N_READELF \"${_b2n_readelf}\")
set(B2N_LIBSSL_PACKAGE \"${BLAKE2NEON_DEB_LIBSSL}\")
include(\"${PROJECT_SOURCE_DIR}/cmake/deb-depends.cmake\")
")
include(CPack)
