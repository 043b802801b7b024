// `warpscope info`: the GPU backend's facts, or why there is none.
#include <cstdio>

#include "app/cli/commands.hpp"
#include "kernels/run/backend.hpp"

namespace ws::cli {

int cmd_info() {
    const run::Backend* gpu = run::usable_gpu();
    if (!gpu) {
        std::printf("no CUDA device: %s\n", run::unavailable_reason("cuda").c_str());
        return 2;
    }
    for (const run::InfoLine& line : gpu->info())
        std::printf("%-13s %s\n", line.label.c_str(), line.value.c_str());
    return 0;
}

}  // namespace ws::cli
