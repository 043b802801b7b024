# -Wall -Wextra on every project target (not on the ImGui backends we compile from the package).
function(ws_warnings target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wno-gnu-zero-variadic-macro-arguments>)
endfunction()
