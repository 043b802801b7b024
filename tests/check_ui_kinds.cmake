# Fails when the window names a kind of reduction or scan (issue 34). How a run's or a block's
# result is worded lives in kernels/run/result_text.cpp, beside the result checks, and the view
# carries its catalog row (TraceView::variant); ui/ may ask the catalog's functions
# (result_names, has_scan_kind, is_plain_sum, writes_array, family) but never switches on an op
# or a driver, so a new algorithm of a new kind is added without editing ui/.
file(GLOB_RECURSE files ${ROOT}/ui/*.cpp ${ROOT}/ui/*.hpp)
set(found 0)
foreach(f ${files})
  file(STRINGS ${f} lines REGEX "(ReduceOp|ScanOp|ReduceDriver|ScanDriver)::")
  foreach(line ${lines})
    message(SEND_ERROR "${f}: ${line} -- words about a kind of algorithm belong in kernels/run")
    set(found 1)
  endforeach()
endforeach()
if(NOT found)
  message(STATUS "ui/ names no kind of reduction or scan")
endif()
