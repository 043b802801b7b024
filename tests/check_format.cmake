# Fails when a source file differs from what clang-format (with the repository's .clang-format)
# makes of it; clang-format's message names each file and line.
file(GLOB_RECURSE files ${ROOT}/app/*.cpp ${ROOT}/app/*.hpp ${ROOT}/kernels/*.cpp
     ${ROOT}/kernels/*.hpp ${ROOT}/kernels/*.cuh ${ROOT}/kernels/*.cu ${ROOT}/ui/*.cpp
     ${ROOT}/ui/*.hpp ${ROOT}/tests/*.cpp ${ROOT}/tests/*.hpp ${ROOT}/web/*.cpp ${ROOT}/web/*.hpp)
list(LENGTH files count)
execute_process(COMMAND ${CLANG_FORMAT} --dry-run --Werror ${files}
                RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${err}\nnot formatted: run clang-format -i on the files above")
endif()
message(STATUS "formatting checked: ${count} files")
