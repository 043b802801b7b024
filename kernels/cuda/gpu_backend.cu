// run_on_gpu: the request on the GPU. The first pass is recorded in windows of blocks (a counting
// launch sizes each window's buffers, a recording launch fills them), every window's blocks are
// analysed for the totals, and the traced blocks are kept; the other passes run unprobed.
#include <algorithm>
#include <cstring>
#include <vector>

#include "kernels/cuda/check.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/cuda/reduce_launch.cuh"
#include "kernels/run/input_data.hpp"
#include "kernels/run/request_check.hpp"
#include "kernels/trace/analysis.hpp"

namespace ws::cuda {
namespace {

using trace::Trace;

constexpr std::uint64_t kThreadsPerWindow = 1u << 18;
constexpr std::uint64_t kEventBudget = 1u << 24;  // 512 MiB of events per recording launch

template <class T>
class FirstPassRecorder {
public:
    FirstPassRecorder(reduce::ReduceKernel<T, GpuProbe> kernel, const std::string& name,
                      unsigned grid, unsigned block, unsigned smem)
        : kernel_(kernel), name_(name), grid_(grid), block_(block), smem_(smem) {
        map_.allocate(grid, "block map");
    }

    // Records blocks [first, first + count) with this many events per thread (0: count only).
    void launch(const T* in, T* out, unsigned n, unsigned first, unsigned count,
                std::uint32_t capacity, std::uint32_t max_phases) {
        std::vector<std::uint32_t> map(grid_, kNotTraced);
        for (unsigned i = 0; i < count; ++i) map[first + i] = i;
        WS_CUDA(cudaMemcpy(map_.get(), map.data(), grid_ * 4, cudaMemcpyHostToDevice), name_);
        const std::size_t threads = std::size_t(count) * block_;
        if (counts_.size() < threads) counts_.allocate(threads, "trace counters");
        if (phases_.size() < count) phases_.allocate(count, "trace phases");
        WS_CUDA(cudaMemset(counts_.get(), 0, threads * 4), name_);
        WS_CUDA(cudaMemset(phases_.get(), 0, count * 4), name_);
        const std::size_t events = threads * capacity;
        if (events_.size() < events) events_.allocate(events, "trace events");
        const std::size_t snap = std::size_t(count) * max_phases * smem_;
        if (snaps_.size() < snap) snaps_.allocate(snap, "trace snapshots");

        GpuTraceBuffers b;
        b.events = events_.get();
        b.counts = counts_.get();
        b.phases = phases_.get();
        b.snapshots = snap ? snaps_.get() : nullptr;
        b.block_to_slot = map_.get();
        b.capacity = capacity;
        b.max_phases = max_phases;
        b.smem_bytes = smem_;
        b.threads_per_block = block_;
        kernel_<<<grid_, block_, smem_>>>(in, out, n, GpuProbe(b));
        check_launch(name_ + " (recorded)", true);

        counts_host_.resize(threads);
        phases_host_.resize(count);
        WS_CUDA(cudaMemcpy(counts_host_.data(), counts_.get(), threads * 4, cudaMemcpyDeviceToHost),
                name_);
        WS_CUDA(cudaMemcpy(phases_host_.data(), phases_.get(), count * 4, cudaMemcpyDeviceToHost),
                name_);
        events_host_.resize(events);
        if (events)
            WS_CUDA(cudaMemcpy(events_host_.data(), events_.get(), events * sizeof(trace::Event),
                               cudaMemcpyDeviceToHost),
                    name_);
        snaps_host_.resize(snap);
        if (snap)
            WS_CUDA(cudaMemcpy(snaps_host_.data(), snaps_.get(), snap, cudaMemcpyDeviceToHost), name_);
        capacity_ = capacity;
        max_phases_ = max_phases;
    }

    std::uint32_t max_count() const {
        std::uint32_t m = 0;
        for (auto c : counts_host_) m = std::max(m, c);
        return m;
    }
    std::uint32_t max_phases() const {
        std::uint32_t m = 0;
        for (auto c : phases_host_) m = std::max(m, c);
        return m;
    }

    trace::BlockTrace decode(unsigned slot, unsigned block_id) const {
        trace::BlockTrace bt;
        bt.block = block_id;
        for (unsigned t = 0; t < block_; ++t) {
            const std::size_t idx = std::size_t(slot) * block_ + t;
            const std::uint32_t made = counts_host_[idx];
            const std::uint32_t kept = std::min(made, capacity_);
            if (made > capacity_) bt.truncated = true;
            const trace::Event* first = events_host_.data() + idx * capacity_;
            bt.events.insert(bt.events.end(), first, first + kept);
        }
        const std::uint32_t phases = std::min(phases_host_[slot], max_phases_);
        for (std::uint32_t p = 0; p < phases; ++p) {
            trace::Snapshot s;
            s.phase = std::uint16_t(p);
            const std::uint8_t* src =
                snaps_host_.data() + (std::size_t(slot) * max_phases_ + p) * smem_;
            s.bytes.assign(src, src + smem_);
            bt.snapshots.push_back(std::move(s));
        }
        return bt;
    }

private:
    reduce::ReduceKernel<T, GpuProbe> kernel_;
    std::string name_;
    unsigned grid_, block_, smem_;
    DeviceBuffer<std::uint32_t> map_, counts_, phases_;
    DeviceBuffer<trace::Event> events_;
    DeviceBuffer<std::uint8_t> snaps_;
    std::vector<std::uint32_t> counts_host_, phases_host_;
    std::vector<trace::Event> events_host_;
    std::vector<std::uint8_t> snaps_host_;
    std::uint32_t capacity_ = 0, max_phases_ = 0;
};

bool wanted(const trace::Request& r, unsigned block) {
    return r.all_blocks || std::find(r.blocks.begin(), r.blocks.end(), block) != r.blocks.end();
}

template <class T>
void run_reduction(const VariantInfo& info, const run::RunOptions& options, Trace& out) {
    const trace::Request& req = out.request;
    const ReduceKernels<T> k = reduce_kernels<T>(info.id, req.block);
    if (!k.fast || !k.traced) {
        out.error = std::string(info.id) + " has no GPU kernel for block " +
                    std::to_string(req.block);
        return;
    }
    const std::vector<T> input = run::make_input<T>(req.pattern, req.n, req.seed);
    const run::Reference ref = run::reference_sum(input);
    out.expected = trace::Value::of(T(ref.sum));

    DeviceBuffer<T> d_in(req.n, "input");
    WS_CUDA(cudaMemcpy(d_in.get(), input.data(), req.n * sizeof(T), cudaMemcpyHostToDevice),
            "input");
    const unsigned grid = grid_for(info, req.n, req.block);
    const unsigned smem = smem_bytes_for(info, req.block, req.type);
    out.grid = grid;
    out.smem_bytes = smem;

    if (options.record || options.count_totals) {
        DeviceBuffer<T> d_out(grid, "partial sums");
        FirstPassRecorder<T> rec(k.traced, info.id, grid, req.block, smem);
        const unsigned window = unsigned(std::max<std::uint64_t>(1, kThreadsPerWindow / req.block));
        for (unsigned first = 0; first < grid; first += window) {
            const unsigned count = std::min(window, grid - first);
            bool any_wanted = false;
            for (unsigned b = first; b < first + count; ++b) any_wanted |= wanted(req, b);
            if (!options.count_totals && !(options.record && any_wanted)) continue;
            rec.launch(d_in.get(), d_out.get(), unsigned(req.n), first, count, 0, 0);
            const std::uint32_t capacity = std::max<std::uint32_t>(1, rec.max_count());
            const std::uint32_t phases = rec.max_phases();
            const unsigned sub = unsigned(std::clamp<std::uint64_t>(
                kEventBudget / (std::uint64_t(capacity) * req.block), 1, count));
            for (unsigned s = first; s < first + count; s += sub) {
                const unsigned c = std::min(sub, first + count - s);
                rec.launch(d_in.get(), d_out.get(), unsigned(req.n), s, c, capacity, phases);
                for (unsigned i = 0; i < c; ++i) {
                    trace::BlockTrace bt = rec.decode(i, s + i);
                    if (options.count_totals) out.totals += trace::block_counters(bt, req.block);
                    if (options.record && wanted(req, s + i)) out.blocks.push_back(std::move(bt));
                }
            }
        }
    }

    FastReduction<T> fast(info, req.n, req.block);
    fast.run(d_in.get());
    WS_CUDA(cudaDeviceSynchronize(), std::string(info.id) + " (all passes)");
    T result{};
    WS_CUDA(cudaMemcpy(&result, fast.result(), sizeof(T), cudaMemcpyDeviceToHost), "result");
    out.passes = passes_for(info, req.n, req.block);
    out.result = trace::Value::of(result);
    std::string why;
    out.ok = run::matches_reference(result, ref, req.n, &why);
    if (!out.ok) out.error = "wrong result: " + why;
}

}  // namespace

Trace run_on_gpu(const trace::Request& request, const run::RunOptions& options) {
    Trace out;
    DeviceInfo dev;
    if (std::string why = query_device(dev); !why.empty()) {
        out.request = request;
        out.backend = "cuda";
        out.error = "no CUDA device: " + why;
        return out;
    }
    const VariantInfo* info =
        run::prepare_trace(request, "cuda", dev.name, kMaxElementsGpu, out);
    if (!info) return out;
    try {
        WS_CUDA(cudaSetDevice(0), "worker thread");
        switch (request.type) {
            case trace::DType::Int32: run_reduction<int>(*info, options, out); break;
            case trace::DType::Float32: run_reduction<float>(*info, options, out); break;
            case trace::DType::Float64: run_reduction<double>(*info, options, out); break;
        }
    } catch (const CudaError& e) {
        out.ok = false;
        out.error = e.what();
        recover_after_error();
    }
    return out;
}

}  // namespace ws::cuda
