// The baselines bench times beside the variants (kernels/baselines.hpp lists them and their
// roles): one function a baseline, each setting the point's declared bytes, timing it, and
// checking its result where it has one.
#pragma once
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <string_view>

#include "kernels/algorithms/scan/compact_predicate.hpp"
#include "kernels/bench/plain_kernels.cuh"
#include "kernels/bench/timing.cuh"
#include "kernels/cuda/one_launch_reduce.hpp"
#include "kernels/cuda/pipeline_scan.hpp"
#include "kernels/launch_plan.hpp"
#include "kernels/reduce_plan.hpp"

namespace ws::bench {

template <class T>
void time_copy(SizePoint<T>& s, BenchPoint& p) {
    p.bytes = 2 * s.bytes;
    time_point(
        [&](unsigned k) {
            WS_CUDA(cudaMemcpyAsync(s.out.get(), s.input(k), s.bytes, cudaMemcpyDeviceToDevice),
                    "copy");
        },
        s.inputs, p);
}

template <class T>
void time_read_only(SizePoint<T>& s, BenchPoint& p) {
    p.bytes = s.bytes;
    const unsigned grid = unsigned(std::max<std::uint64_t>(
        1, std::min<std::uint64_t>((s.bytes / 16 + 255) / 256, s.sm_count * 8ull)));
    time_point(
        [&](unsigned k) {
            read_only_stream<<<grid, 256>>>(s.input(k), s.out.get(), s.n);
            cuda::check_launch("read-only", false);
        },
        s.inputs, p);
}

template <class T>
void time_cub_reduce(SizePoint<T>& s, BenchPoint& p) {
    p.bytes = s.bytes;
    std::size_t temp = 0;
    WS_CUDA(cub::DeviceReduce::Sum(nullptr, temp, s.input(0), s.out.get(), int(s.n)), "cub");
    cuda::DeviceBuffer<unsigned char> scratch(std::max<std::size_t>(temp, 1), "cub scratch");
    time_point(
        [&](unsigned k) {
            WS_CUDA(cub::DeviceReduce::Sum(scratch.get(), temp, s.input(k), s.out.get(), int(s.n)),
                    "cub::DeviceReduce::Sum");
        },
        s.inputs, p);
    p.ok = result_ok(s.out.get(), s.ref, s.n);
}

// CUB's InclusiveSum or ExclusiveSum, as the size point's scans are.
template <class T>
void time_cub_scan(SizePoint<T>& s, BenchPoint& p) {
    p.bytes = 2 * s.bytes;
    const bool inclusive = s.kind == trace::ScanKind::Inclusive;
    auto scan = [&](void* scratch, std::size_t& temp, const T* in) {
        return inclusive ? cub::DeviceScan::InclusiveSum(scratch, temp, in, s.out.get(), int(s.n))
                         : cub::DeviceScan::ExclusiveSum(scratch, temp, in, s.out.get(), int(s.n));
    };
    std::size_t temp = 0;
    WS_CUDA(scan(nullptr, temp, s.input(0)), "cub");
    cuda::DeviceBuffer<unsigned char> scratch(std::max<std::size_t>(temp, 1), "cub scratch");
    time_point(
        [&](unsigned k) {
            WS_CUDA(scan(scratch.get(), temp, s.input(k)),
                    inclusive ? "cub::DeviceScan::InclusiveSum" : "cub::DeviceScan::ExclusiveSum");
        },
        s.inputs, p);
    p.ok = result_ok(s.out.get() + (s.n - 1), s.scan_last, s.n);
}

// scan-pipeline-by-size (GPU only: kernels/cuda/pipeline_scan.hpp): the catalog's pipeline in the
// stage count and size pipeline_shape.hpp's table chooses for n, checked as CUB's scan is.
template <class T>
void time_pipeline_by_size(SizePoint<T>& s, BenchPoint& p) {
    p.bytes = 2 * s.bytes;
    cuda::PipelineScan<T> scan(s.n);
    time_point([&](unsigned k) { scan.run(s.input(k), s.out.get(), s.kind); }, s.inputs, p);
    p.ok = result_ok(s.out.get() + (s.n - 1), s.scan_last, s.n);
}

// compact-pipeline (GPU only: kernels/cuda/pipeline_scan.hpp): scan-pipeline keeping the elements >
// 0, checked as the compactions are (every kept element and the count).
template <class T>
void time_compact_pipeline(SizePoint<T>& s, BenchPoint& p) {
    p.bytes = s.bytes + s.kept * sizeof(T);
    cuda::PipelineScan<T, true> compact(s.n);
    time_point([&](unsigned k) { compact.run(s.input(k), s.out.get(), s.kind); }, s.inputs, p);
    p.ok = compaction_ok(s.host, s.out.get(), compact.kept_count());
}

// CUB's stream compaction with the variants' predicate (kernels/algorithms/scan/
// compact_predicate.hpp), its count written to device memory as CUB does.
template <class T>
void time_cub_select(SizePoint<T>& s, BenchPoint& p) {
    p.bytes = s.bytes + s.kept * sizeof(T);
    cuda::DeviceBuffer<int> count(1, "cub count");
    std::size_t temp = 0;
    WS_CUDA(cub::DeviceSelect::If(nullptr, temp, s.input(0), s.out.get(), count.get(), int(s.n),
                                  scan::KeepPositive{}),
            "cub");
    cuda::DeviceBuffer<unsigned char> scratch(std::max<std::size_t>(temp, 1), "cub scratch");
    time_point(
        [&](unsigned k) {
            WS_CUDA(cub::DeviceSelect::If(scratch.get(), temp, s.input(k), s.out.get(), count.get(),
                                          int(s.n), scan::KeepPositive{}),
                    "cub::DeviceSelect::If");
        },
        s.inputs, p);
    int kept = 0;
    WS_CUDA(cudaMemcpy(&kept, count.get(), sizeof kept, cudaMemcpyDeviceToHost), "cub count");
    p.ok = compaction_ok(s.host, s.out.get(), std::uint64_t(kept));
}

template <class T>
void time_thrust_reduce(SizePoint<T>& s, BenchPoint& p) {
    p.bytes = s.bytes;
    T sum{};
    time_point(
        [&](unsigned k) {
            thrust::device_ptr<const T> first(s.input(k));
            sum = thrust::reduce(thrust::device, first, first + s.n, T(0));
        },
        s.inputs, p);
    p.ok = run::matches_reference(sum, s.ref, s.n, nullptr);
}

// The lecture's fusion example (the norm of a vector without its square root): the sum of the
// squares of the elements, unfused as the lecture wrote it (a temporary thrust::device_vector,
// which value-initialises its n elements, thrust::transform into it, thrust::reduce over it),
// the same with the temporary made once and kept, and fused (thrust::transform_reduce: one pass,
// no temporary). Each declares the n elements it reads from the input, so that GB/s compares
// their times; the bytes each really moves are in kernels/baselines.cpp.
template <class T>
struct Square {
    __host__ __device__ T operator()(T x) const { return x * x; }
};

template <class T>
void time_thrust_unfused(SizePoint<T>& s, BenchPoint& p) {
    p.bytes = s.bytes;
    T sum{};
    time_point(
        [&](unsigned k) {
            thrust::device_ptr<const T> first(s.input(k));
            thrust::device_vector<T> temp(s.n);
            thrust::transform(thrust::device, first, first + s.n, temp.begin(), Square<T>{});
            sum = thrust::reduce(thrust::device, temp.begin(), temp.end(), T(0));
        },
        s.inputs, p);
    p.ok = run::matches_reference(sum, s.squares, s.n, nullptr);
}

template <class T>
void time_thrust_unfused_kept(SizePoint<T>& s, BenchPoint& p) {
    p.bytes = s.bytes;
    T sum{};
    thrust::device_vector<T> temp(s.n);
    time_point(
        [&](unsigned k) {
            thrust::device_ptr<const T> first(s.input(k));
            thrust::transform(thrust::device, first, first + s.n, temp.begin(), Square<T>{});
            sum = thrust::reduce(thrust::device, temp.begin(), temp.end(), T(0));
        },
        s.inputs, p);
    p.ok = run::matches_reference(sum, s.squares, s.n, nullptr);
}

template <class T>
void time_thrust_fused(SizePoint<T>& s, BenchPoint& p) {
    p.bytes = s.bytes;
    T sum{};
    time_point(
        [&](unsigned k) {
            thrust::device_ptr<const T> first(s.input(k));
            sum = thrust::transform_reduce(thrust::device, first, first + s.n, Square<T>{}, T(0),
                                           thrust::plus<T>());
        },
        s.inputs, p);
    p.ok = run::matches_reference(sum, s.squares, s.n, nullptr);
}

// reduce-one-launch (GPU only: kernels/cuda/one_launch_reduce.hpp): rung 10's kernel in rung 10's
// grid, block and bytes, with no memset before it; checked as CUB's sum is.
template <class T>
void time_reduce_one_launch(SizePoint<T>& s, BenchPoint& p) {
    cuda::OneLaunchReduce<T> reduce(s.n);
    p.bytes = reduce.plan().bytes;
    time_point([&](unsigned k) { reduce.run(s.input(k)); }, s.inputs, p);
    p.ok = result_ok(reduce.result(), s.ref, s.n);
}

// A plain kernel run through the plan of the variant it copies (the same launches and bytes).
template <class T, class Kernel>
void time_plain(SizePoint<T>& s, BenchPoint& p, const char* variant, Kernel kernel) {
    const VariantInfo& v = *find_variant(variant);
    const ReducePlan plan = reduce_plan(v, s.n, 256, trace::dtype_of<T>());
    p.bytes = plan.bytes;
    std::vector<cuda::DeviceBuffer<T>> scratch(plan.scratch.size());
    for (std::size_t i = 0; i < scratch.size(); ++i) scratch[i].allocate(plan.scratch[i], "plain");
    auto buffer = [&](int id, unsigned k) -> T* {
        if (id == kInputBuffer) return const_cast<T*>(s.input(k));
        if (id == kOutputBuffer) return s.out.get();
        return scratch[id - 2].get();
    };
    time_point(
        [&](unsigned k) {
            for (const ReduceLaunch& l : plan.launches) {
                kernel<<<l.grid, l.block, l.smem_bytes>>>(buffer(l.in, k), buffer(l.out, k),
                                                          unsigned(l.count));
                cuda::check_launch(p.algo, false);
            }
        },
        s.inputs, p);
    p.ok = result_ok(s.out.get(), s.ref, s.n);
}

template <class T>
void time_plain_sequential(SizePoint<T>& s, BenchPoint& p) {
    time_plain(s, p, "reduce-sequential", &reduce_sequential_plain<T>);
}

template <class T>
void time_plain_warp_shuffle(SizePoint<T>& s, BenchPoint& p) {
    time_plain(s, p, "reduce-warp-shuffle", &reduce_warp_shuffle_plain<T>);
}

// The timing function of a baseline of kernels/baselines.hpp, or nullptr.
template <class T>
using BaselineTimer = void (*)(SizePoint<T>&, BenchPoint&);

template <class T>
BaselineTimer<T> baseline_timer(std::string_view name) {
    struct Entry {
        const char* name;
        BaselineTimer<T> time;
    };
    static constexpr Entry table[] = {
        {"copy", &time_copy<T>},
        {"read-only", &time_read_only<T>},
        {"cub-reduce", &time_cub_reduce<T>},
        {"cub-scan", &time_cub_scan<T>},
        {"cub-select-if", &time_cub_select<T>},
        {"scan-pipeline-by-size", &time_pipeline_by_size<T>},
        {"compact-pipeline", &time_compact_pipeline<T>},
        {"reduce-one-launch", &time_reduce_one_launch<T>},
        {"thrust-reduce", &time_thrust_reduce<T>},
        {"thrust-transform-then-reduce", &time_thrust_unfused<T>},
        {"thrust-transform-then-reduce-kept", &time_thrust_unfused_kept<T>},
        {"thrust-transform-reduce", &time_thrust_fused<T>},
        {"plain-sequential", &time_plain_sequential<T>},
        {"plain-warp-shuffle", &time_plain_warp_shuffle<T>},
    };
    for (const Entry& e : table)
        if (name == e.name) return e.time;
    return nullptr;
}

}  // namespace ws::bench
