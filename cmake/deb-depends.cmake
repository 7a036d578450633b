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
#   dpkg does not know. The module needs nothing but the C library (and
#   libgcc_s on armhf): a libcrypto among its needs is an error here, as
#   it would tie the package to one OpenSSL.
#
# In: B2N_MODULE (the built blake2neon.so), B2N_READELF, B2N_CROSS, and the
# override B2N_DEB_ARCH (empty: find it here).

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

# soname -> package, symbol version prefix
set(_pkg_libc.so.6 libc6)
set(_tag_libc.so.6 GLIBC_)
# armhf: the EHABI unwind entry of compress_neon.S names the personality
# routine __aeabi_unwind_cpp_pr1 (GCC_3.5), which only libgcc_s exports.
set(_pkg_libgcc_s.so.1 libgcc-s1)
set(_tag_libgcc_s.so.1 GCC_)

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
    message(FATAL_ERROR "blake2neon: the module needs ${_so}: it must reach "
            "OpenSSL through the core's upcalls alone (docs/packaging.md)")
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
