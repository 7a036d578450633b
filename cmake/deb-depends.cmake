# SPDX-License-Identifier: Apache-2.0
# Included by cpack (CPACK_PROJECT_CONFIG_FILE): the package's Depends, read
# from the module it ships. Each shared library the module needs maps to
# its Debian package, at least the newest symbol version the module uses
# from it (what dpkg-shlibdeps would find in those packages' symbols
# files, where version tag and package version agree). This works the same
# for cross builds, whose target libraries dpkg does not know.
#
# In: B2N_MODULE (the built blake2neon.so), B2N_READELF, B2N_LIBSSL_PACKAGE.

if(NOT CPACK_GENERATOR STREQUAL "DEB")
  return()
endif()
if(NOT B2N_LIBSSL_PACKAGE)
  message(FATAL_ERROR "blake2neon: the package shipping libcrypto is unknown: "
          "configure with -DBLAKE2NEON_DEB_LIBSSL=libssl3 (or libssl3t64)")
endif()
if(NOT CPACK_DEBIAN_PACKAGE_ARCHITECTURE)
  message(FATAL_ERROR "blake2neon: no Debian architecture: configure with "
          "-DBLAKE2NEON_DEB_ARCH=...")
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
set(_pkg_libcrypto.so.3 "${B2N_LIBSSL_PACKAGE}")
set(_tag_libcrypto.so.3 OPENSSL_)
# armhf: the EHABI unwind entry of compress_neon.S names the personality
# routine __aeabi_unwind_cpp_pr1 (GCC_3.5), which only libgcc_s exports.
set(_pkg_libgcc_s.so.1 libgcc-s1)
set(_tag_libgcc_s.so.1 GCC_)
# Floors: the oldest OpenSSL the provider supports, whatever the tags say.
set(_min_libcrypto.so.3 3.0.0)

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
message(STATUS "blake2neon: Depends: ${CPACK_DEBIAN_PACKAGE_DEPENDS}")
