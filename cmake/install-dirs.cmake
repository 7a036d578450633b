# SPDX-License-Identifier: Apache-2.0
# Where `cmake --install` puts blake2neon.so, the library, b2nsum and their
# documentation.
#
# - No prefix given: CMake's own default, /usr/local, for everything but
#   the module, which goes to the found OpenSSL's modules directory
#   (pkg-config's libcrypto `modulesdir`), an absolute path, so that
#   `-provider blake2neon` finds it with no path. DESTDIR stages it; a
#   later `cmake --install --prefix P` moves the rest, not the module
#   (OpenSSL would not look under P anyway). The prefix is not OpenSSL's
#   (/usr on Debian): /usr belongs to the package manager.
# - CMAKE_INSTALL_PREFIX given: P/<libdir>/ossl-modules. OpenSSL does not
#   look there by itself: OPENSSL_MODULES must name that directory.
# - BLAKE2NEON_MODULESDIR set: exactly there (absolute, or relative to the
#   prefix).
# Sets B2N_MODULE_DESTINATION (for install()) and B2N_PREFIX_IS_DEFAULT,
# and includes GNUInstallDirs.

set(BLAKE2NEON_MODULESDIR "" CACHE PATH
    "Where to install blake2neon.so; empty: OpenSSL's modules directory, or <prefix>/<libdir>/ossl-modules when CMAKE_INSTALL_PREFIX is given")

set(_b2n_ossl_modulesdir "")
find_package(PkgConfig QUIET)
# A cross build asks pkg-config only when it is pointed at the target's
# .pc files (cmake/toolchain-*.cmake do so); otherwise it knows the host's.
if(PKG_CONFIG_FOUND AND
   (NOT CMAKE_CROSSCOMPILING OR DEFINED ENV{PKG_CONFIG_LIBDIR}))
  pkg_get_variable(_b2n_ossl_modulesdir libcrypto modulesdir)
endif()

# CMAKE_INSTALL_PREFIX_INITIALIZED_TO_DEFAULT is true on the first configure
# only; the default is remembered so that later runs still know the prefix
# was not the user's choice.
# A build tree configured before took OpenSSL's prefix (/usr) when none
# was given: back to the default, so that it does not install into /usr.
if(DEFINED _B2N_PREFIX_FROM_OPENSSL AND
   CMAKE_INSTALL_PREFIX STREQUAL _B2N_PREFIX_FROM_OPENSSL)
  set(CMAKE_INSTALL_PREFIX /usr/local CACHE PATH "Install path prefix" FORCE)
  set(CMAKE_INSTALL_PREFIX_INITIALIZED_TO_DEFAULT ON)
endif()
unset(_B2N_PREFIX_FROM_OPENSSL CACHE)
if(CMAKE_INSTALL_PREFIX_INITIALIZED_TO_DEFAULT)
  set(_B2N_DEFAULT_PREFIX "${CMAKE_INSTALL_PREFIX}" CACHE INTERNAL
      "The install prefix was CMake's default, not given")
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

set(B2N_PREFIX_IS_DEFAULT OFF)
if(DEFINED _B2N_DEFAULT_PREFIX AND CMAKE_INSTALL_PREFIX STREQUAL _B2N_DEFAULT_PREFIX)
  set(B2N_PREFIX_IS_DEFAULT ON)
endif()
if(BLAKE2NEON_MODULESDIR)
  set(B2N_MODULE_DESTINATION "${BLAKE2NEON_MODULESDIR}")
elseif(B2N_PREFIX_IS_DEFAULT AND _b2n_ossl_modulesdir)
  set(B2N_MODULE_DESTINATION "${_b2n_ossl_modulesdir}")
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
