# Fails when a file includes something its layer may not (DESIGN.md §2):
#   io <- trace <- sim <- kernels/cuda <- ui <- app
function(check_rule glob_dir pattern why)
  file(GLOB_RECURSE files ${ROOT}/${glob_dir}/*.hpp ${ROOT}/${glob_dir}/*.cpp
       ${ROOT}/${glob_dir}/*.cuh ${ROOT}/${glob_dir}/*.cu)
  foreach(f ${files})
    file(STRINGS ${f} lines REGEX "^[ \t]*#[ \t]*include")
    foreach(line ${lines})
      if(line MATCHES "${pattern}")
        message(SEND_ERROR "${f}: ${line} -- ${why}")
      endif()
    endforeach()
  endforeach()
endfunction()
check_rule(kernels "imgui|GLFW|glfw|ui/" "nothing under kernels/ includes the UI")
check_rule(kernels/io "kernels/(trace|sim|cuda|probe|algorithms|bench|run)|cuda_runtime|app/"
           "kernels/io depends on nothing else in the project")
check_rule(kernels/trace "kernels/(sim|cuda|probe|algorithms|bench|run)|cuda_runtime|app/"
           "kernels/trace depends on nothing else in the project but kernels/io")
check_rule(kernels/sim "kernels/(cuda|bench|algorithms)|cuda_runtime" "the emulator knows no GPU")
check_rule(ui "cuda_runtime|cuda\\.h|kernels/cuda/|\\.cuh" "nothing under ui/ includes CUDA")
message(STATUS "layering checked")
