# ws_embed_sources(TARGET ROOT GLOBS pattern...)
# Makes a static library with every matching kernel file's text as a string, so that a trace
# carries the source it was recorded from and the Code panel can show it. Lookup by the path
# relative to ROOT: ws::embedded_source("kernels/algorithms/reduce/03_sequential.cuh").
function(ws_embed_sources target root)
  cmake_parse_arguments(ARG "" "" "GLOBS" ${ARGN})
  set(files)
  foreach(pattern ${ARG_GLOBS})
    file(GLOB matched CONFIGURE_DEPENDS ${root}/${pattern})
    list(APPEND files ${matched})
  endforeach()
  list(SORT files)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${target}.cpp)
  string(REPLACE ";" "|" file_arg "${files}")
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DROOT=${root} -DOUT=${out} "-DFILES=${file_arg}"
            -P ${PROJECT_SOURCE_DIR}/cmake/embed_sources_run.cmake
    DEPENDS ${files} ${PROJECT_SOURCE_DIR}/cmake/embed_sources_run.cmake
    COMMENT "Embedding kernel sources" VERBATIM)
  add_library(${target} STATIC ${out})
  target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR})
endfunction()
