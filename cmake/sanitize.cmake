# WS_SANITIZE: every target built with AddressSanitizer and UndefinedBehaviorSanitizer (the
# `sanitize` preset: clang, emulator only). Any report fails the run: UBSan does not recover, and
# ASan finds leaks at exit. With clang, the code is also instrumented for libFuzzer's coverage, so
# that tests/fuzz can build the trace loader's fuzz target against the same libraries.
option(WS_SANITIZE "Build with ASan and UBSan (and libFuzzer coverage under clang)" OFF)
set(WS_FUZZ OFF)
if(WS_SANITIZE)
  set(WS_SANITIZER_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=undefined
      -fno-omit-frame-pointer)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    set(WS_FUZZ ON)
    list(APPEND WS_SANITIZER_FLAGS -fsanitize=fuzzer-no-link)
  endif()
  add_compile_options(${WS_SANITIZER_FLAGS})
  add_link_options(-fsanitize=address,undefined)
  message(STATUS "warpscope: sanitizers ON (fuzz target ${WS_FUZZ})")
endif()
