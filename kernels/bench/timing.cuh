// How bench times one point and checks its result: CUDA events around each run alone, 3
// warm-up runs, then enough runs for about 50 ms (10..500); the median, min and max.
#pragma once
#include <algorithm>
#include <vector>

#include "kernels/algorithms/scan/compact_predicate.hpp"
#include "kernels/bench/bench.hpp"
#include "kernels/cuda/check.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/run/request_check.hpp"

namespace ws::bench {

// Times `launch(input_index)`; the inputs rotate so that a run does not find the last one's
// data in L2.
template <class Launch>
void time_point(Launch&& launch, unsigned inputs, BenchPoint& p) {
    cudaEvent_t start, stop;
    WS_CUDA(cudaEventCreate(&start), "timer");
    WS_CUDA(cudaEventCreate(&stop), "timer");
    for (unsigned i = 0; i < 3; ++i) launch(i % inputs);
    WS_CUDA(cudaDeviceSynchronize(), p.algo + " warm-up");
    WS_CUDA(cudaEventRecord(start), "timer");
    launch(0);
    WS_CUDA(cudaEventRecord(stop), "timer");
    WS_CUDA(cudaEventSynchronize(stop), p.algo);
    float first = 0;
    cudaEventElapsedTime(&first, start, stop);
    const unsigned reps = std::clamp(unsigned(50.0f / std::max(first, 1e-3f)), 10u, 500u);
    std::vector<float> ms(reps);
    for (unsigned r = 0; r < reps; ++r) {
        WS_CUDA(cudaEventRecord(start), "timer");
        launch((r + 1) % inputs);
        WS_CUDA(cudaEventRecord(stop), "timer");
        WS_CUDA(cudaEventSynchronize(stop), p.algo);
        cudaEventElapsedTime(&ms[r], start, stop);
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    std::sort(ms.begin(), ms.end());
    p.reps = reps;
    p.ms = reps % 2 ? ms[reps / 2] : 0.5 * (ms[reps / 2 - 1] + ms[reps / 2]);
    p.ms_min = ms.front();
    p.ms_max = ms.back();
    p.gbps = double(p.bytes) / (p.ms * 1e-3) / 1e9;
}

// The value at `device_value` matches the CPU reference sum.
template <class T>
bool result_ok(const T* device_value, const run::Reference& ref, std::uint64_t n) {
    T v{};
    WS_CUDA(cudaMemcpy(&v, device_value, sizeof(T), cudaMemcpyDeviceToHost), "bench result");
    return run::matches_reference(v, ref, n, nullptr);
}

// A compaction's output (its first `count` elements on the device) against std::copy_if of the
// input, element by element, and its count.
template <class T>
bool compaction_ok(const std::vector<T>& input, const T* device_out, std::uint64_t count) {
    if (count > input.size()) return false;
    std::vector<T> got(count);
    WS_CUDA(cudaMemcpy(got.data(), device_out, count * sizeof(T), cudaMemcpyDeviceToHost),
            "bench compaction");
    return run::check_compaction(input, got.data(), count).ok;
}

// A memory-family kernel's output against the CPU's (the whole array, as verify checks it).
template <class T>
bool memory_ok(const VariantInfo& v, const std::vector<T>& input, const T* device_out) {
    std::vector<T> got(input.size());
    WS_CUDA(cudaMemcpy(got.data(), device_out,
                       run::array_result(v, input.size(), 0).written * sizeof(T),
                       cudaMemcpyDeviceToHost),
            "bench memory kernel");
    return run::check_scan_output(v, input, got.data(), trace::ScanKind::Inclusive, 0).ok;
}

// One size of one run: the inputs (enough copies that together they do not fit in L2), their
// reference sum, and an output buffer of n elements.
template <class T>
struct SizePoint {
    std::uint64_t n = 0;
    std::uint64_t bytes = 0;  // n elements
    unsigned inputs = 1;
    bool l2_resident = false;  // the rotated inputs still fit in L2: not a DRAM figure
    int sm_count = 0;
    run::Reference ref;        // the sum of the input
    run::Reference positives;  // how many elements are > 0 (ReduceOp::CountPositive)
    run::Reference squares;    // the sum of the squares of the input (Thrust's fusion example)
    trace::ScanKind kind = trace::ScanKind::Inclusive;  // of the scans timed
    run::Reference scan_last;  // the last element of that scan: the sum, or all but the last
    std::vector<T> host;       // the input, for the compactions' element-by-element check
    std::uint64_t kept = 0;    // how many elements a compaction keeps (those > 0)

    cuda::DeviceBuffer<T> data, out;
    const T* input(unsigned k) const { return data.get() + std::uint64_t(k) * n; }
    // What a reduction of `op` must return.
    const run::Reference& reference(ReduceOp op) const {
        return op == ReduceOp::CountPositive ? positives : ref;
    }
};

// The inputs of one size: as many copies of one random array as keep them from fitting in L2
// together (at most 64, and 8 GiB).
template <class T>
void prepare_size_point(SizePoint<T>& s, std::uint64_t n, trace::ScanKind kind,
                        const cuda::DeviceInfo& device) {
    s.n = n;
    s.kind = kind;
    s.bytes = n * sizeof(T);
    s.inputs = unsigned(std::clamp<std::uint64_t>(
        (4 * device.l2_bytes + s.bytes - 1) / s.bytes, 1,
        std::max<std::uint64_t>(1,
                                std::min<std::uint64_t>(64, (std::uint64_t(8) << 30) / s.bytes))));
    s.l2_resident = std::uint64_t(s.inputs) * s.bytes < 2 * device.l2_bytes;
    s.sm_count = device.sm_count;
    const std::vector<T> host = run::make_input<T>("random", n, 7);
    s.ref = run::reference_sum(host);
    s.positives = run::reduce_reference(ReduceOp::CountPositive, host);
    s.kept = std::uint64_t(std::count_if(host.begin(), host.end(), scan::KeepPositive{}));
    std::vector<T> squared(host);
    for (T& x : squared) x = x * x;
    s.squares = run::reference_sum(squared);
    s.scan_last = kind == trace::ScanKind::Inclusive
                      ? s.ref
                      : run::reference_sum(std::vector<T>(host.begin(), host.end() - 1));
    s.data.allocate(n * s.inputs, "bench inputs");
    for (unsigned k = 0; k < s.inputs; ++k)
        WS_CUDA(cudaMemcpy(s.data.get() + k * n, host.data(), s.bytes, cudaMemcpyHostToDevice),
                "bench inputs");
    s.out.allocate(std::max<std::uint64_t>(n, 1), "bench output");
    s.host = std::move(host);
}

// A measurement file's header for points timed on `device` with time_point.
inline run::Measurements measurements_header(const cuda::DeviceInfo& device, unsigned block,
                                             trace::ScanKind kind) {
    run::Measurements out;
    out.device = device.name;
    out.sm_count = device.sm_count;
    out.l2_bytes = device.l2_bytes;
    out.peak_gbps = device.peak_gbps;
    out.driver_version = device.driver_version;
    out.runtime_version = device.runtime_version;
    out.block = block;
    out.scan_kind = kind;
    out.timing = "CUDA events; 3 warm-up runs; median of 10..500 runs; inputs rotated past L2";
    out.date = run::now_iso8601();
    return out;
}

}  // namespace ws::bench
