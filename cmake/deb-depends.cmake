# SPDX-License-Identifier: Apache-2.0
# Included by cpack (CPACK_PROJECT_CONFIG_FILE), so only packaging runs it:
# what the configure step leaves to packaging time, found here with dpkg
# and readelf.
#
# - The architecture: the toolchain file's (cross builds), else dpkg's.
# - Depends, read from the module the package ships. Each shared library
#   the module needs maps to its Debian package, at least the newest
#   symbol version the module uses from it (what dpkg-shlibdeps would find
#   in those packages' symbols files, where version tag and package version
#   agree). This works the same for cross builds, whose target libraries
#   dpkg does not know. A module that needs nothing but the C library
#   depends on libc6 alone.
#
# In: B2N_MODULE (the built blake2neon.so), B2N_READELF, B2N_CRYPTO_LIBRARY
# (the libcrypto found at configure, symlinks resolved), B2N_CROSS, and the
# overrides B2N_DEB_ARCH and B2N_LIBSSL_PACKAGE (empty: find them here).

if(NOT CPACK_GENERATOR STREQUAL "DEB")
  return()
endif()

if(B2N_DEB_ARCH)
  set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE "${B2N_DEB_ARCH}")
elseif(B2N_CROSS)
  message(FATAL_ERROR "blake2neon: no Debian architecture for this cross build: "
          "configure with -DBLAKE2NEON_DEB_ARCH=...")
else()
  execute_process(COMMAND dpkg --print-architecture
                  OUTPUT_VARIABLE CPACK_DEBIAN_PACKAGE_ARCHITECTURE
                  OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0 OR NOT CPACK_DEBIAN_PACKAGE_ARCHITECTURE)
    message(FATAL_ERROR "blake2neon: dpkg --print-architecture failed (not a "
            "Debian system?): configure with -DBLAKE2NEON_DEB_ARCH=...")
  endif()
endif()

execute_process(COMMAND "${B2N_READELF}" --wide --dynamic --version-info "${B2N_MODULE}"
                OUTPUT_VARIABLE _elf RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "blake2neon: ${B2N_READELF} cannot read ${B2N_MODULE}")
endif()
string(REPLACE "\n" ";" _lines "${_elf}")

# The package shipping libcrypto.so.N: libssl3 on Debian 12, libssl3t64 on
# 13 and sid (whose armhf one does not provide libssl3), libssl4 for
# OpenSSL 4. dpkg knows it for a native build; a cross build's unpacked
# tree (scripts/fetch-sysroot.sh) still holds the package's doc directory.
function(b2n_libssl_package soname out)
  get_filename_component(_name "${B2N_CRYPTO_LIBRARY}" NAME)
  if(NOT _name MATCHES "^${soname}")
    message(FATAL_ERROR "blake2neon: the module needs ${soname}, but the "
            "libcrypto found at configure is ${B2N_CRYPTO_LIBRARY}")
  endif()
  set(_pkg "")
  if(NOT B2N_CROSS)
    execute_process(COMMAND dpkg -S "${B2N_CRYPTO_LIBRARY}"
                    OUTPUT_VARIABLE _owner ERROR_QUIET RESULT_VARIABLE _rc)
    if(_rc EQUAL 0 AND _owner MATCHES "^([a-z0-9.+-]+)(:[a-z0-9]+)?: ")
      set(_pkg "${CMAKE_MATCH_1}")
    endif()
  else()
    # <tree>/usr/lib/<triple>/libcrypto.so.N -> <tree>/usr/share/doc/libssl*
    get_filename_component(_usr "${B2N_CRYPTO_LIBRARY}/../../.." ABSOLUTE)
    file(GLOB _docs LIST_DIRECTORIES true RELATIVE "${_usr}/share/doc"
         "${_usr}/share/doc/libssl[0-9]*")
    list(LENGTH _docs _n)
    if(_n EQUAL 1)
      set(_pkg "${_docs}")
    endif()
  endif()
  if(NOT _pkg)
    message(FATAL_ERROR "blake2neon: the package shipping ${B2N_CRYPTO_LIBRARY} "
            "is unknown: configure with -DBLAKE2NEON_DEB_LIBSSL=libssl3 (or "
            "libssl3t64, libssl4)")
  endif()
  set(${out} "${_pkg}" PARENT_SCOPE)
endfunction()

# soname -> package, symbol version prefix
set(_pkg_libc.so.6 libc6)
set(_tag_libc.so.6 GLIBC_)
# armhf: the EHABI unwind entry of compress_neon.S names the personality
# routine __aeabi_unwind_cpp_pr1 (GCC_3.5), which only libgcc_s exports.
set(_pkg_libgcc_s.so.1 libgcc-s1)
set(_tag_libgcc_s.so.1 GCC_)
# libcrypto: its package is looked up below, only if the module needs it.
# Floors: the oldest OpenSSL of that soname the provider supports, whatever
# the tags say.
set(_tag_libcrypto.so.3 OPENSSL_)
set(_min_libcrypto.so.3 3.0.0)
set(_tag_libcrypto.so.4 OPENSSL_)
set(_min_libcrypto.so.4 4.0.0)

set(_needed "")
set(_file "")
foreach(_l IN LISTS _lines)
  if(_l MATCHES "\\(NEEDED\\) +Shared library: \\[([^]]+)\\]")
    list(APPEND _needed "${CMAKE_MATCH_1}")
  elseif(_l MATCHES "File: ([^ ]+)")
    set(_file "${CMAKE_MATCH_1}")
  elseif(_file AND _l MATCHES "Name: ([A-Za-z_]+)([0-9][0-9.]*)")
    if(CMAKE_MATCH_1 STREQUAL "${_tag_${_file}}")
      set(_v "${CMAKE_MATCH_2}")
      if(NOT DEFINED _min_${_file} OR _v VERSION_GREATER _min_${_file})
        set(_min_${_file} "${_v}")
      endif()
    endif()
  endif()
endforeach()

set(_depends "")
foreach(_so IN LISTS _needed)
  if(_so MATCHES "^libcrypto\\.so\\.[0-9]+$")
    if(B2N_LIBSSL_PACKAGE)
      set(_pkg_${_so} "${B2N_LIBSSL_PACKAGE}")
    else()
      b2n_libssl_package("${_so}" _pkg_${_so})
    endif()
  endif()
  if(NOT DEFINED _pkg_${_so})
    message(FATAL_ERROR "blake2neon: the module needs ${_so}: add its package "
            "to cmake/deb-depends.cmake")
  endif()
  if(DEFINED _min_${_so})
    list(APPEND _depends "${_pkg_${_so}} (>= ${_min_${_so}})")
  else()
    list(APPEND _depends "${_pkg_${_so}}")
  endif()
endforeach()
list(SORT _depends)
list(JOIN _depends ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
message(STATUS "blake2neon: ${CPACK_DEBIAN_PACKAGE_ARCHITECTURE}, Depends: "
        "${CPACK_DEBIAN_PACKAGE_DEPENDS}")
