// Stream compaction keeps the elements greater than zero: the one predicate the kernels, the CPU
// reference (std::copy_if in kernels/run/input_data.cpp), CUB's DeviceSelect::If baseline and
// the window's words ("kept: > 0") use. The keep:P input pattern makes P% of elements positive.
#pragma once

namespace ws::scan {

struct KeepPositive {
    template <class T>
#if defined(__CUDACC__)
    __host__ __device__
#endif
        bool
        operator()(const T& x) const {
        return x > T(0);
    }
};

inline constexpr const char* kKeepRule = "> 0";

}  // namespace ws::scan
