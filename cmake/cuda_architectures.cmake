# Which GPUs the CUDA backend is built for (docs/gpus.md): WS_CUDA_GPUS, before enable_language.
#
#   native (the default)  the GPUs of the machine that builds (nvidia-smi): machine code for each
#                         and PTX of the oldest, so that a newer GPU runs it too. With no GPU
#                         visible (CI, a cluster's login node): PTX for Turing (compute_75) and
#                         for Hopper (compute_90), compiled by the driver at first use on any GPU
#                         from a T4 on, with the Hopper-only rungs where the GPU is a Hopper.
#   all                   machine code for every generation a class has (sm_75 T4, sm_80 A100,
#                         sm_86 RTX 30 and A10, sm_89 RTX 40 and L4, sm_90 H100 and H200) and
#                         compute_90 PTX for newer ones: a build to hand to a lab of mixed
#                         machines (the `all-gpus` preset).
#   a list                as CMAKE_CUDA_ARCHITECTURES takes it ("75-virtual", "80-real;86-real").
#
# An explicit -DCMAKE_CUDA_ARCHITECTURES=... wins over all of these. The list chosen is kept in
# WS_CUDA_ARCHITECTURES_CHOSEN and compiled into `warpscope info` (kernels/cuda/device_info.cu).
set(WS_CUDA_GPUS "native" CACHE STRING
    "GPUs the CUDA backend is built for: native, all, or a CMAKE_CUDA_ARCHITECTURES list")
set(WS_CUDA_ALL_GPUS 75-real 80-real 86-real 89-real 90-real 90-virtual)
set(WS_CUDA_NO_GPU_SEEN 75-virtual 90-virtual)

# "9.0" "8.6" ... of every GPU nvidia-smi (or nvcc's query) sees, as "90;86" (empty where none is).
function(ws_visible_gpu_architectures out)
  set(found "")
  find_program(WS_NVIDIA_SMI nvidia-smi)
  if(WS_NVIDIA_SMI)
    execute_process(COMMAND ${WS_NVIDIA_SMI} --query-gpu=compute_cap --format=csv,noheader
                    OUTPUT_VARIABLE caps RESULT_VARIABLE rc ERROR_QUIET TIMEOUT 20)
    if(rc EQUAL 0)
      string(REGEX MATCHALL "[0-9]+\\.[0-9]+" caps "${caps}")
      foreach(cap ${caps})
        string(REPLACE "." "" arch ${cap})
        list(APPEND found ${arch})
      endforeach()
    endif()
  endif()
  if(NOT found AND CMAKE_CUDA_COMPILER)  # nvcc's own query ("90" or "80,86"), as CMake's native
    get_filename_component(cuda_bin ${CMAKE_CUDA_COMPILER} DIRECTORY)
    if(EXISTS ${cuda_bin}/__nvcc_device_query)
      execute_process(COMMAND ${cuda_bin}/__nvcc_device_query OUTPUT_VARIABLE caps
                      RESULT_VARIABLE rc ERROR_QUIET TIMEOUT 20)
      if(rc EQUAL 0)
        string(REGEX MATCHALL "[0-9]+" found "${caps}")
      endif()
    endif()
  endif()
  if(found)
    list(REMOVE_DUPLICATES found)
    list(SORT found COMPARE NATURAL)
  endif()
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

function(ws_choose_cuda_architectures)
  if(DEFINED CACHE{CMAKE_CUDA_ARCHITECTURES})
    set(chosen "${CMAKE_CUDA_ARCHITECTURES}")
    set(why "CMAKE_CUDA_ARCHITECTURES")
  elseif(WS_CUDA_GPUS STREQUAL "all")
    set(chosen ${WS_CUDA_ALL_GPUS})
    set(why "every GPU generation from Turing (WS_CUDA_GPUS=all)")
  elseif(WS_CUDA_GPUS STREQUAL "native")
    ws_visible_gpu_architectures(seen)
    if(seen)
      set(chosen "")
      foreach(arch ${seen})
        if(arch LESS 75)
          message(WARNING "warpscope: a GPU of compute capability ${arch} is below what CUDA 13 "
                          "builds for (7.5): left out")
          continue()
        endif()
        list(APPEND chosen ${arch}-real)
      endforeach()
      foreach(arch ${seen})  # PTX of the oldest usable one: newer GPUs compile it at load
        if(NOT arch LESS 75)
          list(APPEND chosen ${arch}-virtual)
          break()
        endif()
      endforeach()
      set(why "the GPUs of this machine (WS_CUDA_GPUS=native)")
    endif()
    if(NOT chosen)
      set(chosen ${WS_CUDA_NO_GPU_SEEN})
      set(why "no GPU visible: PTX for Turing and for Hopper (WS_CUDA_GPUS=native)")
    endif()
  else()
    set(chosen "${WS_CUDA_GPUS}")
    set(why "WS_CUDA_GPUS")
  endif()
  set(CMAKE_CUDA_ARCHITECTURES "${chosen}" PARENT_SCOPE)
  set(WS_CUDA_ARCHITECTURES_CHOSEN "${chosen}" PARENT_SCOPE)
  message(STATUS "warpscope: CUDA code for ${chosen}: ${why}")
endfunction()
