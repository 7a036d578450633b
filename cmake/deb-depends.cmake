# SPDX-License-Identifier: Apache-2.0
# Included by cpack (CPACK_PROJECT_CONFIG_FILE), so only packaging runs it:
# what the configure step leaves to packaging time, found here with dpkg
# and readelf.
#
# - The architecture: the toolchain file's (cross builds), else dpkg's.
# - Depends of blake2neon, libblake2neon0 and b2nsum, read from the files
#   they ship. Each shared library a file needs maps to its Debian
#   package, at least the newest version of the symbols used from it:
#   for libc and libgcc_s the symbol version tag (what dpkg-shlibdeps
#   would find in those packages' symbols files, where version tag and
#   package version agree), for libblake2neon.so.0 the version
#   packaging/libblake2neon0.symbols gives each symbol. This works the
#   same for cross builds, whose target libraries dpkg does not know. The
#   module needs nothing but the C library (and libgcc_s on armhf): a
#   libcrypto among its needs is an error here, as it would tie the
#   package to one OpenSSL.
# - Multi-Arch for CMake older than 3.31, whose CPack does not write it.
#
# In: B2N_MODULE, B2N_LIBRARY, B2N_B2NSUM (the built files), B2N_SYMBOLS,
# B2N_READELF, B2N_CROSS, and the override B2N_DEB_ARCH (empty: find it
# here).

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

# soname -> package, symbol version prefix
set(_pkg_libc.so.6 libc6)
set(_tag_libc.so.6 GLIBC_)
# armhf: the EHABI unwind entry of compress_neon.S names the personality
# routine __aeabi_unwind_cpp_pr1 (GCC_3.5), which only libgcc_s exports.
set(_pkg_libgcc_s.so.1 libgcc-s1)
set(_tag_libgcc_s.so.1 GCC_)
set(_pkg_libblake2neon.so.0 libblake2neon0)

# The symbols file: symbol@VERSION -> the package version that brought it.
file(STRINGS "${B2N_SYMBOLS}" _syms REGEX "^ ")
foreach(_s IN LISTS _syms)
  if(_s MATCHES "^ +([^ ]+) +([^ ]+)")
    set(_since_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
  endif()
endforeach()

# b2n_deb_depends(FILE VAR [ALLOWED...]): VAR = the Depends of FILE; a
# library it needs that is not among ALLOWED sonames is an error.
function(b2n_deb_depends file var)
  execute_process(COMMAND "${B2N_READELF}" --wide --dynamic --version-info --dyn-syms "${file}"
                  OUTPUT_VARIABLE _elf RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "blake2neon: ${B2N_READELF} cannot read ${file}")
  endif()
  string(REPLACE "\n" ";" _lines "${_elf}")
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
    elseif(_l MATCHES " UND (blake2neon_[a-z0-9_]+@BLAKE2NEON_[0-9A-Z_]+)")
      # A libblake2neon symbol this file uses (readelf names the version).
      set(_sym "${CMAKE_MATCH_1}")
      if(NOT DEFINED _since_${_sym})
        message(FATAL_ERROR "blake2neon: ${file} uses ${_sym}, which "
                "${B2N_SYMBOLS} does not list")
      endif()
      set(_so libblake2neon.so.0)
      if(NOT DEFINED _min_${_so} OR _since_${_sym} VERSION_GREATER _min_${_so})
        set(_min_${_so} "${_since_${_sym}}")
      endif()
    endif()
  endforeach()

  set(_depends "")
  foreach(_so IN LISTS _needed)
    if(_so MATCHES "^libcrypto\\.so\\.[0-9]+$")
      message(FATAL_ERROR "blake2neon: ${file} needs ${_so}: the module must "
              "reach OpenSSL through the core's upcalls alone (docs/packaging.md)")
    endif()
    # (list(FIND): cpack reads this with CMake's oldest policies, no IN_LIST)
    list(FIND ARGN "${_so}" _allowed)
    if(_allowed LESS 0 OR NOT DEFINED _pkg_${_so})
      message(FATAL_ERROR "blake2neon: ${file} needs ${_so}: add its package "
              "to cmake/deb-depends.cmake if it should")
    endif()
    if(DEFINED _min_${_so})
      list(APPEND _depends "${_pkg_${_so}} (>= ${_min_${_so}})")
    else()
      list(APPEND _depends "${_pkg_${_so}}")
    endif()
  endforeach()
  list(SORT _depends)
  list(JOIN _depends ", " _depends)
  set(${var} "${_depends}" PARENT_SCOPE)
endfunction()

set(_libc libc.so.6 libgcc_s.so.1)
b2n_deb_depends("${B2N_MODULE}" CPACK_DEBIAN_PROVIDER_PACKAGE_DEPENDS ${_libc})
b2n_deb_depends("${B2N_LIBRARY}" CPACK_DEBIAN_LIBRARY_PACKAGE_DEPENDS ${_libc})
b2n_deb_depends("${B2N_B2NSUM}" CPACK_DEBIAN_B2NSUM_PACKAGE_DEPENDS ${_libc}
                libblake2neon.so.0)
foreach(_c PROVIDER LIBRARY DEV B2NSUM)
  message(STATUS "blake2neon: ${CPACK_DEBIAN_PACKAGE_ARCHITECTURE} "
          "${CPACK_DEBIAN_${_c}_PACKAGE_NAME}, Depends: ${CPACK_DEBIAN_${_c}_PACKAGE_DEPENDS}")
endforeach()

# CPack writes Multi-Arch from CMake 3.31; older ones know no such field,
# but write the Section value as it is: the field rides on it.
if(CMAKE_VERSION VERSION_LESS 3.31)
  foreach(_c PROVIDER LIBRARY DEV B2NSUM)
    if(CPACK_DEBIAN_${_c}_PACKAGE_MULTIARCH)
      string(APPEND CPACK_DEBIAN_${_c}_PACKAGE_SECTION
             "\nMulti-Arch: ${CPACK_DEBIAN_${_c}_PACKAGE_MULTIARCH}")
    endif()
  endforeach()
endif()
