# SPDX-License-Identifier: Apache-2.0
# Where `cmake --install` puts blake2neon.so and its documentation.
#
# - No prefix given: the prefix becomes the found OpenSSL's own (pkg-config's
#   libcrypto `prefix`, /usr on Debian) and the module goes to OpenSSL's
#   modules directory, written relative to that prefix, so that a later
#   `cmake --install --prefix P` moves it under P and DESTDIR stages it.
# - CMAKE_INSTALL_PREFIX given: P/<libdir>/ossl-modules. OpenSSL does not
#   look there by itself: OPENSSL_MODULES must name that directory.
# - BLAKE2NEON_MODULESDIR set: exactly there (absolute, or relative to the
#   prefix).
# Sets B2N_MODULE_DESTINATION (for install()) and includes GNUInstallDirs.

set(BLAKE2NEON_MODULESDIR "" CACHE PATH
    "Where to install blake2neon.so; empty: OpenSSL's modules directory, or <prefix>/<libdir>/ossl-modules when CMAKE_INSTALL_PREFIX is given")

set(_b2n_ossl_prefix "")
set(_b2n_ossl_modulesdir "")
find_package(PkgConfig QUIET)
# A cross build asks pkg-config only when it is pointed at the target's
# .pc files (cmake/toolchain-*.cmake do so); otherwise it knows the host's.
if(PKG_CONFIG_FOUND AND
   (NOT CMAKE_CROSSCOMPILING OR DEFINED ENV{PKG_CONFIG_LIBDIR}))
  pkg_get_variable(_b2n_ossl_prefix libcrypto prefix)
  pkg_get_variable(_b2n_ossl_modulesdir libcrypto modulesdir)
endif()

# CMAKE_INSTALL_PREFIX_INITIALIZED_TO_DEFAULT is true on the first configure
# only; the prefix taken from OpenSSL is remembered so that later runs still
# know it was not the user's choice.
if(CMAKE_INSTALL_PREFIX_INITIALIZED_TO_DEFAULT AND _b2n_ossl_prefix)
  set(CMAKE_INSTALL_PREFIX "${_b2n_ossl_prefix}" CACHE PATH
      "Install prefix (default: the found OpenSSL's)" FORCE)
  set(_B2N_PREFIX_FROM_OPENSSL "${_b2n_ossl_prefix}" CACHE INTERNAL
      "The install prefix was taken from OpenSSL, not given")
elseif(CMAKE_INSTALL_PREFIX_INITIALIZED_TO_DEFAULT)
  unset(_B2N_PREFIX_FROM_OPENSSL CACHE)
endif()
# GNUInstallDirs gives Debian's lib/<multiarch> to native builds for /usr
# only; a cross build for Debian (cmake/cross-common.cmake sets
# CMAKE_LIBRARY_ARCHITECTURE) into /usr gets the same, so that its packages
# put libblake2neon where the target's loader and pkg-config look.
if(CMAKE_CROSSCOMPILING AND CMAKE_LIBRARY_ARCHITECTURE AND
   NOT DEFINED CACHE{CMAKE_INSTALL_LIBDIR} AND
   CMAKE_INSTALL_PREFIX MATCHES "^/usr/?$" AND EXISTS "/etc/debian_version")
  set(CMAKE_INSTALL_LIBDIR "lib/${CMAKE_LIBRARY_ARCHITECTURE}" CACHE PATH
      "Object code libraries (lib/<multiarch> for a Debian cross build into /usr)")
endif()
include(GNUInstallDirs)

if(BLAKE2NEON_MODULESDIR)
  set(B2N_MODULE_DESTINATION "${BLAKE2NEON_MODULESDIR}")
elseif(DEFINED _B2N_PREFIX_FROM_OPENSSL AND
       CMAKE_INSTALL_PREFIX STREQUAL _B2N_PREFIX_FROM_OPENSSL AND
       _b2n_ossl_modulesdir)
  string(REGEX REPLACE "/+$" "" _b2n_p "${CMAKE_INSTALL_PREFIX}")
  string(FIND "${_b2n_ossl_modulesdir}" "${_b2n_p}/" _b2n_at)
  if(_b2n_at EQUAL 0)
    string(LENGTH "${_b2n_p}/" _b2n_len)
    string(SUBSTRING "${_b2n_ossl_modulesdir}" ${_b2n_len} -1 B2N_MODULE_DESTINATION)
  else()
    # Outside OpenSSL's prefix: only an absolute path is right, and
    # `--prefix` cannot move it (DESTDIR still can).
    set(B2N_MODULE_DESTINATION "${_b2n_ossl_modulesdir}")
  endif()
else()
  set(B2N_MODULE_DESTINATION "${CMAKE_INSTALL_LIBDIR}/ossl-modules")
endif()

if(IS_ABSOLUTE "${B2N_MODULE_DESTINATION}")
  set(_b2n_where "${B2N_MODULE_DESTINATION}")
else()
  set(_b2n_where "${CMAKE_INSTALL_PREFIX}/${B2N_MODULE_DESTINATION}")
endif()
if(_b2n_ossl_modulesdir AND NOT _b2n_where STREQUAL _b2n_ossl_modulesdir)
  message(STATUS "blake2neon.so installs to ${_b2n_where}; OpenSSL looks in "
                 "${_b2n_ossl_modulesdir}: set OPENSSL_MODULES=${_b2n_where}")
else()
  message(STATUS "blake2neon.so installs to ${_b2n_where}")
endif()
