// The toolkit's libraries, found where the toolkit puts them.
#include "kernels/cuda/toolkit_library.hpp"

#include <dlfcn.h>

#include <cstdlib>

namespace ws::cuda {

ToolkitLibrary open_toolkit_library(const std::string& file,
                                    const std::vector<std::string>& folders) {
    std::vector<std::string> paths = {file};
    std::vector<std::string> homes;
    for (const char* var : {"CUDA_HOME", "CUDA_PATH"})
        if (const char* home = std::getenv(var); home && *home) homes.push_back(home);
    homes.insert(homes.end(), {"/usr/local/cuda", "/opt/cuda"});
    for (const std::string& home : homes)
        for (const std::string& folder : folders) paths.push_back(home + "/" + folder + "/" + file);
    ToolkitLibrary out;
    for (const std::string& path : paths) {
        out.handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (out.handle) return out;
        out.tried += (out.tried.empty() ? "" : ", ") + path;
    }
    return out;
}

}  // namespace ws::cuda
