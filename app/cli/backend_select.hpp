// Which backend runs a request: the GPU when asked for and usable, the emulator otherwise.
#pragma once
#include <string>

#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::cli {

// "" when the CUDA backend is built and a device is usable; else why not, in one line.
std::string cuda_unavailable_reason();

enum class Backend { Cpu, Cuda };

struct BackendChoice {
    Backend backend = Backend::Cpu;
    std::string error;  // non-empty: --backend cuda was asked for and cannot be had
    std::string note;   // what was chosen and why, for stderr
};
// requested: "cpu", "cuda" or "" (default: cuda when usable, else cpu).
BackendChoice choose_backend(const std::string& requested);

// Runs the request on the chosen backend.
trace::Trace run_request(Backend backend, const trace::Request& request,
                         const run::RunOptions& options);

const char* backend_name(Backend b);

}  // namespace ws::cli
