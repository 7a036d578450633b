# SPDX-License-Identifier: Apache-2.0
# `cmake --build BUILD --target uninstall`: removes every file the last
# `cmake --install` of this build tree wrote, as install_manifest.txt lists
# them (DESTDIR in the environment is honoured as install honours it), and
# nothing else: directories stay, since others may share them (/usr/local/lib,
# OpenSSL's modules directory). Run with -DMANIFEST=.../install_manifest.txt.
if(NOT EXISTS "${MANIFEST}")
  message(FATAL_ERROR "${MANIFEST} not found: nothing was installed from this build tree")
endif()
file(STRINGS "${MANIFEST}" _files)
set(_failed "")
foreach(_f IN LISTS _files)
  set(_path "$ENV{DESTDIR}${_f}")
  if(IS_SYMLINK "${_path}" OR EXISTS "${_path}")
    message(STATUS "Uninstalling: ${_path}")
    file(REMOVE "${_path}")
    if(IS_SYMLINK "${_path}" OR EXISTS "${_path}")
      list(APPEND _failed "${_path}")
    endif()
  else()
    message(STATUS "Not installed (already gone): ${_path}")
  endif()
endforeach()
if(_failed)
  message(FATAL_ERROR "could not remove: ${_failed}")
endif()
