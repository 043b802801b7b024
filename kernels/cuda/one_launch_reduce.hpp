// reduce-one-launch (kernels/bench/reduce_one_launch.cuh) device-wide: rung 10's kernel in rung
// 10's plan (grid, block, shared memory and bytes for n), its sum in one of two words, which the
// launches take in turn so that no memset comes before any of them. Used by bench and the [gpu]
// tests.
#pragma once
#include <cstdint>

#include "kernels/cuda/check.hpp"
#include "kernels/reduce_plan.hpp"

namespace ws::cuda {

inline constexpr const char* kOneLaunchReduceId = "reduce-one-launch";

template <class T>
class OneLaunchReduce {
  public:
    // Throws std::invalid_argument past 2^32 - 1 elements, CudaError on a CUDA failure.
    explicit OneLaunchReduce(std::uint64_t n);
    // Sums input, n elements, on `stream`, asynchronously: one launch. Runs on one stream at a
    // time (each launch zeroes the next one's word).
    void run(const T* input, cudaStream_t stream = 0);
    // The last run's sum, on the device: valid until the next run starts.
    const T* result() const { return sums_.get() + last_; }
    const ReducePlan& plan() const { return plan_; }

  private:
    std::uint64_t n_;
    ReducePlan plan_;
    DeviceBuffer<T> sums_;
    unsigned own_ = 0, last_ = 1;
};

}  // namespace ws::cuda
