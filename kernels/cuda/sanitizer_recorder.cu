// The GPU recorder of a plain kernel through the Compute Sanitizer API (sanitizer_recorder.hpp).
#include <algorithm>
#include <mutex>
#include <vector>

#include "kernels/cuda/check.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/cuda/gpu_probe.cuh"
#include "kernels/cuda/launch_kernel.cuh"
#include "kernels/cuda/sanitizer_api.hpp"
#include "kernels/cuda/sanitizer_control.hpp"
#include "kernels/cuda/sanitizer_patches.hpp"
#include "kernels/cuda/sanitizer_recorder.hpp"
#include "kernels/run/sanitizer_comparison.hpp"
#include "kernels/trace/replayed_snapshots.hpp"

namespace ws::cuda {
namespace {

namespace san = sanitizer;

// The process's one recording (the API's callbacks are the process's).
struct State {
    const san::Api* api = nullptr;
    std::mutex guard;
    bool armed = false;             // the next module loaded is the patched copy
    const void* library = nullptr;  // its library
    CUmod_st* module = nullptr;     // and module, once loaded
    std::string patch_error;        // the first failed patching call
    const void* kernel = nullptr;   // the traced kernel the observer waits for
    PlainLaunchShape shape;
    SanitizerControl control;  // what the callbacks get, but for the launch's buffers
    DeviceBuffer<SanitizerControl> device_control;
    DeviceBuffer<std::uint16_t> lines;
    DeviceBuffer<std::uint32_t> steps;
    DeviceBuffer<std::uint32_t> unrecorded;
    std::string observer_error;
    // start_sanitizer_recorder(true): the code of each module the program loaded.
    bool keep_program_code = false;
    std::vector<std::vector<char>> program_code;
};
State& state() {
    static State s;
    return s;
}

void note(std::string& first, const char* what, san::Result r) {
    if (r != san::kSuccess && first.empty()) first = std::string(what) + ": " + san::result_text(r);
}

void patch(const san::ModuleData& m) {
    State& s = state();
    const san::Api& a = *s.api;
    const Patches p = sanitizer_patches();
    note(s.patch_error, "loading the device callbacks", a.sanitizerAddPatches(p.image, m.context));
    const std::pair<san::Instruction, const char*> points[] = {
        {san::kSharedMemoryAccess, "WsSharedAccess"},
        {san::kGlobalMemoryAccess, "WsGlobalAccess"},
        {san::kBarrier, "WsBarrier"},
        {san::kSyncwarp, "WsSyncwarp"},
        {san::kShfl, "WsShfl"}};
    for (const auto& [point, callback] : points)
        note(s.patch_error, callback, a.sanitizerPatchInstructions(point, m.module, callback));
    note(s.patch_error, "patching the kernel", a.sanitizerPatchModule(m.module));
    s.module = m.module;
}

void callback(void*, int domain, int cbid, const void* data) {
    State& s = state();
    if (domain == san::kDomainResource && cbid == san::kModuleLoaded) {
        const auto& m = *static_cast<const san::ModuleData*>(data);
        if (s.armed || (s.library && m.library == s.library))
            patch(m);
        else if (s.keep_program_code && m.cubin && m.cubin_size)
            s.program_code.emplace_back(m.cubin, m.cubin + m.cubin_size);
    } else if (domain == san::kDomainLaunch && cbid == san::kLaunchBegin) {
        const auto& l = *static_cast<const san::LaunchData*>(data);
        if (s.module && l.module == s.module && s.device_control.get())
            s.api->sanitizerSetCallbackData(l.function, s.device_control.get());
    }
}

// The bytes of `p`'s allocation from `p` on (0 for a null pointer), through the driver's
// cuMemGetAddressRange.
std::uint64_t allocation_bytes_from(const void* p) {
    if (!p) return 0;
    using Range = int (*)(unsigned long long*, std::size_t*, unsigned long long);
    static Range range = [] {
        void* f = nullptr;
        cudaDriverEntryPointQueryResult found{};
        if (cudaGetDriverEntryPointByVersion("cuMemGetAddressRange", &f, 12000, cudaEnableDefault,
                                             &found) != cudaSuccess ||
            found != cudaDriverEntryPointSuccess)
            f = nullptr;
        return reinterpret_cast<Range>(f);
    }();
    if (!range) throw CudaError(cudaErrorNotSupported, "the driver has no cuMemGetAddressRange");
    unsigned long long base = 0;
    std::size_t size = 0;
    const auto at = reinterpret_cast<unsigned long long>(p);
    if (range(&base, &size, at) != 0)
        throw CudaError(cudaErrorInvalidValue, "a pointer argument that is not GPU memory");
    return base + size - at;
}

// Before each recorded launch of the traced kernel: its buffers, and the recorder's.
void observe(const TracedLaunch& t) {
    State& s = state();
    if (t.kernel != s.kernel || !t.buffers) return;
    try {
        const GpuTraceBuffers& b = *t.buffers;
        // A kernel that draws its tiles records by tile (gpu_probe.cuh); the callbacks place a
        // thread by its blockIdx.
        if (b.block_tile) throw CudaError(cudaErrorNotSupported, run::kRecordsByTile);
        SanitizerControl& c = s.control;
        c.events = b.events;
        c.counts = b.counts;
        c.phases = b.phases;
        c.block_to_slot = b.block_to_slot;
        c.capacity = b.capacity;
        c.threads_per_block = b.threads_per_block;
        const std::size_t threads = std::size_t(b.slots) * b.threads_per_block;
        if (s.steps.size() < threads) s.steps.allocate(threads, "the recorder's steps");
        WS_CUDA(cudaMemset(s.steps.get(), 0, threads * 4), "the recorder's steps");
        c.steps = s.steps.get();
        if (s.shape.sized_by_allocation) {
            c.buffer_count = std::min(t.pointer_count, SanitizerControl::kMaxBuffers);
            for (unsigned i = 0; i < c.buffer_count; ++i) {
                c.buffer_base[i] = reinterpret_cast<std::uint64_t>(t.pointers[i]);
                c.buffer_bytes[i] = allocation_bytes_from(t.pointers[i]);
            }
            WS_CUDA(cudaMemcpy(s.device_control.get(), &c, sizeof c, cudaMemcpyHostToDevice),
                    "the recorder's control");
            return;
        }
        const std::uint64_t n = s.shape.n * s.shape.elem_bytes;
        const std::uint64_t per_block = std::uint64_t(t.grid) * s.shape.elem_bytes;
        const std::uint64_t sizes[] = {n, s.shape.scan ? n : per_block, per_block};
        c.buffer_count = std::min(t.pointer_count, s.shape.scan ? 3u : 2u);
        for (unsigned i = 0; i < c.buffer_count; ++i) {
            c.buffer_base[i] = reinterpret_cast<std::uint64_t>(t.pointers[i]);
            c.buffer_bytes[i] = t.pointers[i] ? sizes[i] : 0;
        }
        WS_CUDA(cudaMemcpy(s.device_control.get(), &c, sizeof c, cudaMemcpyHostToDevice),
                "the recorder's control");
    } catch (const CudaError& e) {
        if (s.observer_error.empty()) s.observer_error = e.what();
        // The launch records nothing (the buffers of an earlier launch may be gone).
        s.control.block_to_slot = nullptr;
        cudaMemcpy(s.device_control.get(), &s.control, sizeof s.control, cudaMemcpyHostToDevice);
    }
}

}  // namespace

std::string start_sanitizer_recorder(bool keep_program_code) {
    State& s = state();
    s.keep_program_code = keep_program_code;
    std::string why;
    s.api = san::api(why);
    if (!s.api) return why;
    if (sanitizer_patches().size == 0)
        return "this warpscope was built without the Sanitizer API's device callbacks";
    san::SubscriberHandle handle = nullptr;
    if (san::Result r = s.api->sanitizerSubscribe(&handle, &callback, nullptr))
        return "the Compute Sanitizer API refused a subscriber: " + san::result_text(r);
    for (int domain : {san::kDomainResource, san::kDomainLaunch})
        if (san::Result r = s.api->sanitizerEnableDomain(1, handle, domain))
            return "the Compute Sanitizer API refused its callbacks: " + san::result_text(r);
    return "";
}

SanitizerRecording::SanitizerRecording(const std::vector<char>& cubin,
                                       const std::vector<user::FunctionLines>& lines,
                                       const std::string& traced_name,
                                       const PlainLaunchShape& shape, bool program_kernel)
    : lines_(lines), program_kernel_(program_kernel) {
    State& s = state();
    if (!s.api) throw CudaError(cudaErrorNotSupported, "the Compute Sanitizer API is not started");
    s.armed = true;
    const cudaError_t loaded =
        cudaLibraryLoadData(&lib_, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0);
    s.armed = false;
    WS_CUDA(loaded, "loading the kernel's device code to be patched");
    s.library = lib_;
    SanitizerControl& c = s.control;
    c = SanitizerControl{};
    int device = 0, reserved = 0;
    WS_CUDA(cudaGetDevice(&device), "the recorder");
    WS_CUDA(cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, device),
            "the reserved shared memory");
    c.shared_base = std::uint32_t(reserved);
    if (!s.unrecorded.get()) s.unrecorded.allocate(1, "the recorder's count");
    c.unrecorded_stores = s.unrecorded.get();
    if (!s.device_control.get()) s.device_control.allocate(1, "the recorder's control");
    aim(traced_name, shape);
}

void SanitizerRecording::place_lines(const std::string& traced_name) {
    State& s = state();
    // The line of each instruction, from each function's first byte
    // (sanitizerGetFunctionPcAndSize): every function of a student's code (its kernel may call
    // functions not inlined), the traced kernel alone of the program's (whose functions lie
    // wherever lazy loading put them).
    std::vector<std::pair<std::uint64_t, const user::FunctionLines*>> at;
    std::uint64_t first = ~0ull, end = 0;
    std::string unplaced;
    for (const user::FunctionLines& f : lines_) {
        if (program_kernel_ && f.name != traced_name) continue;
        std::uint64_t pc = 0, size = 0;
        if (s.api->sanitizerGetFunctionPcAndSize(s.module, f.name.c_str(), &pc, &size)) {
            unplaced += (unplaced.empty() ? "" : ", ") + f.name;
            continue;
        }
        at.push_back({pc, &f});
        first = std::min(first, pc);
        end = std::max(end, pc + size);
    }
    // Without a function's place its accesses would have no line, and the recording nothing.
    if (!unplaced.empty())
        throw CudaError(cudaErrorNotSupported,
                        "the Sanitizer API did not place the kernel's functions " + unplaced);
    if (at.empty())
        throw CudaError(cudaErrorNotSupported,
                        "the kernel " + traced_name + " has no lines in its GPU code");
    SanitizerControl& c = s.control;
    constexpr std::uint64_t kMaxInstructions = 1u << 22;
    if ((end - first) / 16 > kMaxInstructions)
        throw CudaError(cudaErrorNotSupported,
                        "the kernel's functions lie " + std::to_string(end - first) +
                            " bytes apart in the GPU's memory, too far for the recorder's line "
                            "table");
    std::vector<std::uint16_t> table((end - first) / 16, 0);
    for (const auto& [pc, f] : at)
        for (const user::LineTable::Range& r : f->ranges)
            for (std::uint64_t a = r.begin; a < r.end; a += 16)
                if ((pc + a - first) / 16 < table.size())
                    table[(pc + a - first) / 16] = std::uint16_t(std::min(r.line, 65535u));
    if (s.lines.size() < table.size()) s.lines.allocate(table.size(), "the kernel's lines");
    WS_CUDA(cudaMemcpy(s.lines.get(), table.data(), table.size() * 2, cudaMemcpyHostToDevice),
            "the kernel's lines");
    c.lines = s.lines.get();
    c.first_pc = first;
    c.line_count = std::uint32_t(table.size());
}

void SanitizerRecording::aim(const std::string& traced_name, const PlainLaunchShape& shape) {
    State& s = state();
    s.shape = shape;
    WS_CUDA(cudaLibraryGetKernel(&kernel_, lib_, traced_name.c_str()), "the kernel " + traced_name);
    cudaFuncAttributes attr{};  // also loads (and patches) the module, where lazy loading waits
    WS_CUDA(cudaFuncGetAttributes(&attr, reinterpret_cast<const void*>(kernel_)), traced_name);
    static_smem_ = unsigned(attr.sharedSizeBytes);
    if (!s.patch_error.empty())
        throw CudaError(cudaErrorNotSupported,
                        "the Sanitizer API could not patch the kernel: " + s.patch_error);
    if (!s.module)
        throw CudaError(cudaErrorNotSupported,
                        "the Sanitizer API never saw the kernel's code loaded (nothing patched)");
    place_lines(traced_name);
    WS_CUDA(cudaMemset(s.unrecorded.get(), 0, 4), "the recorder's count");
    s.kernel = reinterpret_cast<const void*>(kernel_);
    s.observer_error.clear();
    launch_observer() = &observe;
}

std::string start_catalog_sanitizer_recorder() {
    return start_sanitizer_recorder(true);
}

SanitizerRecording& SanitizerRecording::of_program_kernel(const void* kernel,
                                                          const PlainLaunchShape& shape) {
    State& s = state();
    if (!s.api || !s.keep_program_code)
        throw CudaError(cudaErrorNotSupported,
                        "the Compute Sanitizer API was not started to keep the program's code");
    cudaFuncAttributes attr{};  // loads its module now, where lazy loading would wait
    WS_CUDA(cudaFuncGetAttributes(&attr, kernel), "the catalog's kernel");
    const char* name = nullptr;
    WS_CUDA(cudaFuncGetName(&name, kernel), "the catalog kernel's name");
    // The module that holds it: the one whose symbol table has its name (an instance made in
    // several files is the same code in each; the smallest is the quickest to patch).
    const std::string symbol = std::string(1, '\0') + name + std::string(1, '\0');
    const std::vector<char>* code = nullptr;
    for (const std::vector<char>& c : s.program_code)
        if ((!code || c.size() < code->size()) &&
            std::search(c.begin(), c.end(), symbol.begin(), symbol.end()) != c.end())
            code = &c;
    if (!code)
        throw CudaError(cudaErrorNotSupported,
                        std::string("the Sanitizer API never handed over the code of ") + name +
                            " (was the program's code loaded before the recorder started?)");
    // The module patched last stays loaded: the next kernel of the same module (the catalog's
    // variants share a few) is aimed at there, without patching it again.
    static std::unique_ptr<SanitizerRecording> kept;
    static const std::vector<char>* kept_code = nullptr;
    if (kept && kept_code == code) {
        kept->aim(name, shape);
        return *kept;
    }
    kept.reset();
    kept_code = nullptr;
    std::string error;
    const std::vector<user::FunctionLines> lines = user::cubin_function_lines(
        std::vector<std::uint8_t>(code->begin(), code->end()), "kernels/algorithms/", error);
    if (lines.empty())
        throw CudaError(cudaErrorNotSupported,
                        "the catalog's GPU code has no lines (built without -lineinfo?): " + error);
    kept = std::make_unique<SanitizerRecording>(*code, lines, name, shape, true);
    kept_code = code;
    return *kept;
}

SanitizerRecording::~SanitizerRecording() {
    State& s = state();
    launch_observer() = nullptr;
    s.kernel = nullptr;
    s.library = nullptr;
    s.module = nullptr;
    if (lib_) cudaLibraryUnload(lib_);
}

std::string SanitizerRecording::finish(trace::Trace& out) const {
    State& s = state();
    if (!s.observer_error.empty() && out.error.empty()) out.error = s.observer_error;
    // A catalog kernel's shared memory is the plan's (dynamic) and its static bytes; a plain
    // kernel's, what its accesses reached.
    out.smem_bytes = program_kernel_ ? std::max(out.smem_bytes, static_smem_) : static_smem_;
    for (trace::BlockTrace& b : out.blocks) {
        const unsigned dynamic = b.snapshots.empty() ? 0 : unsigned(b.snapshots[0].bytes.size());
        for (const trace::Event& e : b.events)
            if ((e.kind == trace::EventKind::SharedRead ||
                 e.kind == trace::EventKind::SharedWrite) &&
                e.address + e.width > static_smem_)
                out.smem_bytes = std::max(out.smem_bytes, std::max(static_smem_, dynamic));
    }
    for (trace::BlockTrace& b : out.blocks) trace::replay_snapshots(b, out.smem_bytes);
    std::uint32_t unrecorded = 0;
    if (s.unrecorded.get()) cudaMemcpy(&unrecorded, s.unrecorded.get(), 4, cudaMemcpyDeviceToHost);
    if (unrecorded == 0) return "";
    return "stores went to memory that is neither shared memory nor the kernel's buffers (a "
           "static or __device__ variable): they are not in the picture or the counters";
}

}  // namespace ws::cuda
