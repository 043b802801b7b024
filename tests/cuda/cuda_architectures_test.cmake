# What cmake/cuda_architectures.cmake chooses, with a stand-in nvidia-smi on PATH saying which
# GPUs the machine has: each GPU's machine code and the oldest one's PTX; a GPU older than CUDA
# 13 builds for left out; with none seen, PTX for Turing and for Hopper; `all`; a list as given.
#   cmake -DROOT=<repository> -DWORK=<scratch folder> -P cuda_architectures_test.cmake
include(${ROOT}/cmake/cuda_architectures.cmake)
set(failures 0)

# expect(GPUS NVIDIA_SMI_OUTPUT EXPECTED): NVIDIA_SMI_OUTPUT "" for no nvidia-smi, "fail" for one
# that exits 1.
function(expect gpus smi expected)
  file(REMOVE_RECURSE ${WORK}/bin)
  file(MAKE_DIRECTORY ${WORK}/bin)
  if(smi STREQUAL "fail")
    file(WRITE ${WORK}/bin/nvidia-smi "#!/bin/sh\nexit 1\n")
  elseif(smi)
    file(WRITE ${WORK}/bin/nvidia-smi "#!/bin/sh\nprintf '${smi}'\n")
  endif()
  if(EXISTS ${WORK}/bin/nvidia-smi)
    file(CHMOD ${WORK}/bin/nvidia-smi PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  endif()
  set(ENV{PATH} "${WORK}/bin:/usr/bin:/bin")
  unset(WS_NVIDIA_SMI)
  unset(WS_NVIDIA_SMI CACHE)
  unset(CMAKE_CUDA_COMPILER)
  set(WS_CUDA_GPUS "${gpus}")
  ws_choose_cuda_architectures()
  if(NOT "${CMAKE_CUDA_ARCHITECTURES}" STREQUAL "${expected}")
    message(SEND_ERROR "WS_CUDA_GPUS=${gpus}, nvidia-smi '${smi}': chose "
                       "'${CMAKE_CUDA_ARCHITECTURES}', expected '${expected}'")
  endif()
endfunction()

expect(native "9.0\\n" "90-real;90-virtual")
expect(native "8.6\\n9.0\\n8.6\\n" "86-real;90-real;86-virtual")
expect(native "7.0\\n8.0\\n" "80-real;80-virtual")
expect(native "fail" "75-virtual;90-virtual")
expect(native "" "75-virtual;90-virtual")
expect(all "9.0\\n" "75-real;80-real;86-real;89-real;90-real;90-virtual")
expect("80-real;86-real" "9.0\\n" "80-real;86-real")
