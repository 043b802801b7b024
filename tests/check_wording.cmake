# Fails when a request's wording is written outside its one place, kernels/run/request_parse.cpp
# (issue 11: the request is parsed and worded once, for the commands, the window's flags, the
# controls and the saved settings).
set(phrases
  "no such algorithm" "not a count" "not a number of threads" "not a type [(]"
  "not a pattern [(]" "not a schedule [(]" "not a kind [(]" "not a block list"
  "not a non-negative integer" "there is nothing to \" *[+]" "needs a power of two from")
file(GLOB_RECURSE files ${ROOT}/app/*.cpp ${ROOT}/app/*.hpp ${ROOT}/kernels/*.cpp
     ${ROOT}/kernels/*.hpp ${ROOT}/kernels/*.cu ${ROOT}/kernels/*.cuh ${ROOT}/ui/*.cpp
     ${ROOT}/ui/*.hpp)
list(FILTER files EXCLUDE REGEX "kernels/run/request_parse\\.cpp$")
set(found 0)
foreach(f ${files})
  file(READ ${f} text)
  foreach(p ${phrases})
    if(text MATCHES "${p}")
      message(SEND_ERROR "${f}: \"${p}\" -- a request's wording belongs in kernels/run/request_parse.cpp")
      set(found 1)
    endif()
  endforeach()
endforeach()
# The backends' wording lives with the backend registry, kernels/run/backend.{hpp,cpp}.
set(files_but_backend ${files})
list(FILTER files_but_backend EXCLUDE REGEX "kernels/run/backend\\.(cpp|hpp)$")
list(APPEND files_but_backend ${ROOT}/kernels/run/request_parse.cpp)
foreach(f ${files_but_backend})
  file(READ ${f} text)
  foreach(p "not a backend" "built without the CUDA backend" "cpu[|]cuda")
    if(text MATCHES "${p}")
      message(SEND_ERROR "${f}: \"${p}\" -- a backend's wording belongs in kernels/run/backend.cpp")
      set(found 1)
    endif()
  endforeach()
endforeach()
if(NOT found)
  message(STATUS "the request's wording is in one place")
endif()
