# SPDX-License-Identifier: Apache-2.0
# CPACK_PRE_BUILD_SCRIPTS (cmake/package.cmake): run by cpack on its
# staging tree, after the components are installed and before the packages
# are made. Debian's finishing touches, as debhelper would make them:
# - man pages compressed with gzip -9n (no name, no time stamp: the same
#   bytes on every build);
# - the static library without debug information (the -dbgsym packages
#   hold the shared objects' DWARF; a static library's would only weigh
#   down every program's build).
message(STATUS "blake2neon: finishing ${CPACK_TEMPORARY_DIRECTORY}")
# (GLOB_RECURSE's * stops at a /: match the name, then the directory.)
file(GLOB_RECURSE _b2n_man "${CPACK_TEMPORARY_DIRECTORY}/*.[1-9]")
foreach(_f IN LISTS _b2n_man)
  if(NOT _f MATCHES "/share/man/man[1-9]/[^/]+$")
    continue()
  endif()
  execute_process(COMMAND gzip -9nf "${_f}" RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "blake2neon: gzip ${_f} failed")
  endif()
endforeach()
file(GLOB_RECURSE _b2n_static "${CPACK_TEMPORARY_DIRECTORY}/libblake2neon.a")
foreach(_f IN LISTS _b2n_static)
  execute_process(COMMAND "${B2N_OBJCOPY}" --strip-debug "${_f}" RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "blake2neon: ${B2N_OBJCOPY} --strip-debug ${_f} failed")
  endif()
endforeach()
