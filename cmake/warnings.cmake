# -Wall -Wextra on every project target (not on the ImGui backends we compile from the package).
function(ws_warnings target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wno-gnu-zero-variadic-macro-arguments>)
endfunction()

# A test program's own code is compiled at -O1: it is mostly Catch2's assertions, which -O3 takes
# twice as long to compile and runs no faster; the code under test keeps the build's flags.
function(ws_test_program target)
  ws_warnings(${target})
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-O1>)
endfunction()
