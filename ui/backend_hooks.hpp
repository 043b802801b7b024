// Hooks through which the app hands the window its GPU without ui/ knowing CUDA: a run of one
// request (the same as the emulator's, on the device) and a bandwidth sweep. When nothing is
// registered (no CUDA build, or no usable device) the window offers only the CPU emulator and
// the recorded measurements. app/main.cpp registers both before calling run_window.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::ui {

struct SweepRequest {
    std::vector<std::string> algos;  // catalog ids; empty: all
    trace::DType type = trace::DType::Int32;
    std::vector<std::uint64_t> sizes;
};

// Called from the sweep's own thread: fraction done (0..1) and one line about the last point.
using SweepProgress = std::function<void(double fraction, const std::string& line)>;

struct GpuBackend {
    std::string name;  // the device, as the backend menu shows it ("NVIDIA H100 80GB HBM3")
    std::function<trace::Trace(const trace::Request&, const run::RunOptions&)> run;
    // Times the request's points and returns a measurement file's JSON (the format
    // assets/measurements/*.json holds), partial when cancelled; `error` says why it stopped.
    std::function<std::string(const SweepRequest&, const SweepProgress&,
                              const std::atomic<bool>& cancel, std::string* error)>
        sweep;
    bool available() const { return static_cast<bool>(run); }
};

// The registered GPU backend (empty by default).
GpuBackend& gpu_backend();

}  // namespace ws::ui
