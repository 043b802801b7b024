// The backends a request can run on, behind one interface: the CPU emulator, always there and
// the default, and any others the program registers once at start-up (app/ registers the CUDA
// backend when this build has one). The command line, the window and the tests all choose and
// call backends through this file; none of them needs to know whether CUDA was built.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/measurements.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::run {

// What a bandwidth sweep times.
inline constexpr unsigned kMaxBenchRounds = 9;

struct SweepRequest {
    std::vector<std::string> algos;  // catalog ids; empty: all
    trace::DType type = trace::DType::Int32;
    std::vector<std::uint64_t> sizes;
    trace::ScanKind kind = trace::ScanKind::Inclusive;  // the scans', CUB's scan included
    // copy-strided at each of these strides (a point each); the other variants ignore it.
    std::vector<unsigned> strides = {1};
    bool baselines = true;  // time the baselines of kernels/baselines.hpp too
    // Instead of the algorithms: the native atomicAdd against a compare-and-swap loop, into one
    // word, a word per warp and a word per block (kernels/bench/contention.cuh).
    bool contention = false;
    // Each size's points timed this many times in turn (every algorithm and baseline once, then
    // again), each point keeping its median round: drift between launches (clocks, the
    // GPU's other work) then falls on every point alike (bench --rounds).
    unsigned rounds = 1;
};
// Called after each point, from the sweep's thread: the fraction done (0..1), one line about
// the point, and every point measured so far (the window plots them as they come).
using SweepProgress =
    std::function<void(double fraction, const std::string& line, const Measurements& so_far)>;

// One line of `warpscope info`: "SMs", "132".
struct InfoLine {
    std::string label, value;
};

class Backend {
  public:
    virtual ~Backend() = default;
    // What --backend calls it: "cpu", "cuda".
    virtual std::string name() const = 0;
    // What it runs on, as the window's menu and the reports say it: "NVIDIA H100 80GB HBM3".
    virtual std::string device() const = 0;
    // "" while it can run requests; else why not, in one line (no device, the GPU was lost).
    virtual std::string unavailable_reason() const = 0;
    // The facts `warpscope info` prints.
    virtual std::vector<InfoLine> info() const = 0;
    // The most elements one request may have here.
    virtual std::uint64_t max_elements() const = 0;
    // Whether independent requests may run on several threads at once (verify's cases).
    virtual bool runs_concurrently() const = 0;
    // "" when `v` runs here at every block and type it takes; else why not, in one line: a GPU
    // older than the variant needs, or this build's code for it (kernels/run/gpu_support.hpp).
    // verify, crosscheck and bench skip such a variant with this line; run() refuses it.
    virtual std::string variant_refusal(const VariantInfo& v) const {
        (void)v;
        return "";
    }
    // Before any other call: lets run() record with RunOptions::sanitizer_recorder. "" or, in one
    // line, why it cannot.
    virtual std::string start_sanitizer_recorder() const {
        return name() + " records with its compiled-in probe only";
    }
    // Never throws for bad requests or kernel errors: Trace::error says what went wrong.
    virtual trace::Trace run(const trace::Request& request, const RunOptions& options) const = 0;
    // Whether sweep() measures anything (timing needs a GPU).
    virtual bool can_sweep() const { return false; }
    // Times the request's points, as data; partial when cancelled, `error` saying why it stopped.
    virtual Measurements sweep(const SweepRequest& request, const SweepProgress& progress,
                               const std::atomic<bool>& cancel) const;
};

// The CPU emulator.
const Backend& emulator();
// Adds a backend (at start-up, before any thread uses this file); a second one of the same
// name replaces the first.
void register_backend(std::unique_ptr<Backend> backend);
// The backend called `name` if this program has it registered (the emulator is "cpu"), else
// nullptr.
const Backend* find_backend(const std::string& name);
// The registered GPU backend when it can run requests now, else nullptr.
const Backend* usable_gpu();

// "cpu", "cuda": every name --backend accepts.
const std::vector<std::string>& backend_names();
// The --backend option's help: "cpu|cuda (default: cuda when a device is usable)".
std::string backend_flag_help();

struct BackendChoice {
    const Backend* backend = &emulator();
    std::string error;  // non-empty: the backend asked for is no backend or cannot be had
    std::string note;   // what was chosen and why, for stderr
};
// requested: a name of backend_names(), or "" (the GPU when usable, else the emulator).
BackendChoice choose_backend(const std::string& requested);
// Why `name` cannot run requests, in one line; "" when it can.
std::string unavailable_reason(const std::string& name);

}  // namespace ws::run
