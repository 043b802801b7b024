#include "kernels/io/data_root.hpp"

#include <cstdlib>
#include <filesystem>

namespace ws::io {

std::string data_root() {
    if (const char* env = std::getenv("WARPSCOPE_ROOT"); env && *env) return env;
#if defined(WS_SOURCE_DIR)
    std::error_code ec;
    if (std::filesystem::is_directory(std::string(WS_SOURCE_DIR) + "/assets", ec))
        return WS_SOURCE_DIR;
#endif
    return ".";
}

}  // namespace ws::io
