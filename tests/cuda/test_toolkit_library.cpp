// The toolkit's libraries opened at run time (kernels/cuda/toolkit_library.hpp): CUPTI is where
// the toolkit puts it on this machine (CI's too: CUDA 13 with CUPTI), and a library that is
// nowhere says every place it was looked for.
#if defined(WS_HAVE_CUDA)
#include <dlfcn.h>

#include <catch2/catch.hpp>

#include "kernels/cuda/toolkit_library.hpp"

TEST_CASE("a toolkit library is found where the toolkit puts it, or every place is named") {
    const ws::cuda::ToolkitLibrary cupti =
        ws::cuda::open_toolkit_library("libcupti.so.13", {"lib64", "extras/CUPTI/lib64"});
    INFO(cupti.tried);
    REQUIRE(cupti.handle != nullptr);
    CHECK(dlsym(cupti.handle, "cuptiGetVersion") != nullptr);

    const ws::cuda::ToolkitLibrary none =
        ws::cuda::open_toolkit_library("libwarpscope-nowhere.so", {"lib64", "compute-sanitizer"});
    CHECK(none.handle == nullptr);
    CHECK(none.tried.rfind("libwarpscope-nowhere.so, ", 0) == 0);  // the loader's search first
    for (const char* path : {"/usr/local/cuda/lib64/libwarpscope-nowhere.so",
                             "/usr/local/cuda/compute-sanitizer/libwarpscope-nowhere.so",
                             "/opt/cuda/lib64/libwarpscope-nowhere.so"})
        CHECK(none.tried.find(path) != std::string::npos);
}
#endif
