# ccache (Debian's ccache) in front of every compiler the build uses: g++ or clang++, nvcc, and
# Emscripten's em++. A clone in another folder reuses what an earlier build compiled:
# CCACHE_BASEDIR makes the paths under the source tree relative before they are hashed, and
# CCACHE_NOHASHDIR leaves the build folder out of the hash of a build with debug information
# (the sanitize preset). For that to work no absolute path may sit on a compile line shared by
# many files: the few that need one (where the program finds assets/, the compiler a student's
# kernel is built with, where the tests find the tree and the binary) are the definitions of one
# source file each (data_root.cpp, toolchain.cpp, tests/test_paths.cpp).
# WS_COMPILER_CACHE=OFF builds without it; the cache itself lives where ccache keeps it
# (~/.cache/ccache, or $CCACHE_DIR).
option(WS_COMPILER_CACHE "Compile through ccache when it is installed" ON)
if(WS_COMPILER_CACHE)
  find_program(WS_CCACHE ccache)
  if(WS_CCACHE)
    set(WS_CCACHE_LAUNCHER ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR}
        CCACHE_NOHASHDIR=true ${WS_CCACHE})
    set(CMAKE_C_COMPILER_LAUNCHER ${WS_CCACHE_LAUNCHER})
    set(CMAKE_CXX_COMPILER_LAUNCHER ${WS_CCACHE_LAUNCHER})
    set(CMAKE_CUDA_COMPILER_LAUNCHER ${WS_CCACHE_LAUNCHER})
    message(STATUS "warpscope: compiler cache ${WS_CCACHE}")
  else()
    message(STATUS "warpscope: no ccache; every build compiles from nothing (Debian: ccache)")
  endif()
endif()
