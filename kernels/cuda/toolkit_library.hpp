// Opens one of the CUDA toolkit's libraries at run time (dlopen), as CUPTI and the Compute
// Sanitizer API are: the loader's own search (LD_LIBRARY_PATH, its cache), then each folder
// under $CUDA_HOME, $CUDA_PATH, /usr/local/cuda and /opt/cuda. Plain C++, no CUDA headers.
#pragma once
#include <string>
#include <vector>

namespace ws::cuda {

struct ToolkitLibrary {
    void* handle = nullptr;  // from dlopen; nullptr when none opened
    std::string tried;       // the paths tried, ", " between them (for the one-line error)
};

// `file` ("libcupti.so.13") in `folders` of each toolkit home ({"lib64", "extras/CUPTI/lib64"}).
ToolkitLibrary open_toolkit_library(const std::string& file,
                                    const std::vector<std::string>& folders);

}  // namespace ws::cuda
