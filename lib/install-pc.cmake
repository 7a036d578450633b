# SPDX-License-Identifier: Apache-2.0
# Run by `cmake --install` (lib/CMakeLists.txt): writes blake2neon.pc into
# <libdir>/pkgconfig with the prefix of this installation, under DESTDIR.
foreach(_dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${B2N_PC_${_dir}_REL}")
    set(B2N_PC_${_dir} "${B2N_PC_${_dir}_REL}")
  else()
    set(B2N_PC_${_dir} "\${prefix}/${B2N_PC_${_dir}_REL}")
  endif()
endforeach()
set(B2N_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
string(REPLACE "\${prefix}" "${CMAKE_INSTALL_PREFIX}" _b2n_libdir "${B2N_PC_LIBDIR}")
set(_b2n_pc "$ENV{DESTDIR}${_b2n_libdir}/pkgconfig/blake2neon.pc")
message(STATUS "Installing: ${_b2n_pc}")
configure_file("${B2N_PC_IN}" "${_b2n_pc}" @ONLY)
# The manifest lists paths without DESTDIR, as CMake's own entries.
list(APPEND CMAKE_INSTALL_MANIFEST_FILES "${_b2n_libdir}/pkgconfig/blake2neon.pc")
