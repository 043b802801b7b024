// The emulator backend and the registry of the others.
#include "kernels/run/backend.hpp"

#include <algorithm>
#include <thread>

#include "kernels/run/request_parse.hpp"
#include "kernels/trace/modelled_gpu.hpp"

namespace ws::run {
namespace {

class EmulatorBackend final : public Backend {
  public:
    std::string name() const override { return "cpu"; }
    std::string device() const override { return "CPU emulator"; }
    std::string unavailable_reason() const override { return ""; }
    std::vector<InfoLine> info() const override {
        return {{"device", std::string("CPU SIMT emulator modelling ") + trace::kModelledGpu +
                               ": 32 lanes a warp, lockstep or sequential"},
                {"threads", std::to_string(std::max(1u, std::thread::hardware_concurrency()))},
                {"elements", "at most " + std::to_string(kMaxElementsEmulator) + " a request"}};
    }
    std::uint64_t max_elements() const override { return kMaxElementsEmulator; }
    bool runs_concurrently() const override { return true; }
    trace::Trace run(const trace::Request& request, const RunOptions& options) const override {
        return run_on_emulator(request, options);
    }
};

// A backend this program knows by name, and what to say when the build has none.
struct KnownBackend {
    const char* name;
    const char* missing;
};
constexpr KnownBackend kKnown[] = {
    {"cpu", ""},
    {"cuda", "this warpscope was built without the CUDA backend (nvcc was not found)"},
};

std::vector<std::unique_ptr<Backend>>& registered() {
    static std::vector<std::unique_ptr<Backend>> list;
    return list;
}

}  // namespace

Measurements Backend::sweep(const SweepRequest&, const SweepProgress&,
                            const std::atomic<bool>&) const {
    Measurements m;
    m.device = device();
    m.error = "the " + name() + " backend cannot time kernels (timing needs a GPU)";
    return m;
}

const Backend& emulator() {
    static const EmulatorBackend backend;
    return backend;
}

void register_backend(std::unique_ptr<Backend> backend) {
    auto& list = registered();
    const std::string name = backend->name();
    list.erase(
        std::remove_if(list.begin(), list.end(), [&](const auto& b) { return b->name() == name; }),
        list.end());
    list.push_back(std::move(backend));
}

const Backend* find_backend(const std::string& name) {
    if (name == emulator().name()) return &emulator();
    for (const auto& b : registered())
        if (b->name() == name) return b.get();
    return nullptr;
}

const Backend* usable_gpu() {
    const Backend* gpu = find_backend("cuda");
    return gpu && gpu->unavailable_reason().empty() ? gpu : nullptr;
}

const std::vector<std::string>& backend_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const KnownBackend& k : kKnown) out.push_back(k.name);
        return out;
    }();
    return names;
}

std::string backend_flag_help() {
    std::string names;
    for (const std::string& n : backend_names()) names += (names.empty() ? "" : "|") + n;
    return names + " (default: cuda when a device is usable)";
}

std::string unavailable_reason(const std::string& name) {
    if (const Backend* b = find_backend(name)) return b->unavailable_reason();
    for (const KnownBackend& k : kKnown)
        if (name == k.name) return k.missing;
    return "not a backend";
}

BackendChoice choose_backend(const std::string& requested) {
    BackendChoice c;
    if (requested.empty()) {
        const std::string why = unavailable_reason("cuda");
        if (why.empty()) {
            c.backend = find_backend("cuda");
            c.note = "backend: cuda";
        } else {
            c.note = "backend: CPU emulator (" + why + ")";
        }
        return c;
    }
    const auto& names = backend_names();
    if (std::find(names.begin(), names.end(), requested) == names.end()) {
        std::string allowed;
        for (std::size_t i = 0; i < names.size(); ++i)
            allowed += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
        c.error = "--backend " + requested + ": not a backend (" + allowed + ")";
        return c;
    }
    if (std::string why = unavailable_reason(requested); !why.empty()) {
        c.error = "--backend " + requested + ": " + why;
        return c;
    }
    c.backend = find_backend(requested);
    return c;
}

}  // namespace ws::run
