// Running one request, and a view of an error.
#include "ui/features/runs/run_request.hpp"

#include <chrono>

#include "kernels/run/backend.hpp"

namespace ws::ui {

RunResult run_request(const trace::Request& request, bool gpu) {
    const auto start = std::chrono::steady_clock::now();
    RunResult out;
    auto t = std::make_shared<trace::Trace>();
    const run::Backend* g = gpu ? run::usable_gpu() : nullptr;
    if (g) {
        run::RunOptions options;
        options.hardware =
            true;  // the GPU's own counters beside ours (ui/model/trace/hardware_view.hpp)
        *t = g->run(request, options);
        if (t->blocks.empty() && !t->error.empty()) {
            out.note = "the GPU run failed (" + t->error + "); showing the CPU emulator";
            *t = run::run_on_emulator(request);
        }
    } else {
        if (gpu) out.note = "no GPU backend; showing the CPU emulator";
        *t = run::run_on_emulator(request);
    }
    out.view = make_trace_view(std::move(t));
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

std::shared_ptr<const TraceView> error_view(const trace::Request& request, const std::string& why) {
    auto t = std::make_shared<trace::Trace>();
    t->request = request;
    t->error = why;
    return make_trace_view(std::move(t));
}

}  // namespace ws::ui
