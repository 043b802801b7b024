// reduce-one-launch run many times in a row for the [gpu] tests (kernels/cuda/cuda_backend.hpp),
// each launch's sum checked against the CPU's.
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/cuda/one_launch_reduce.hpp"
#include "kernels/cuda/test_hook.hpp"
#include "kernels/run/input_data.hpp"

namespace ws::cuda {

namespace {
template <class T>
std::string repeat_one_launch(std::uint64_t n, unsigned repeats, unsigned offset) {
    OneLaunchReduce<T> reduce(n);
    constexpr unsigned kInputs = 3;
    std::vector<run::Reference> refs;
    std::vector<DeviceBuffer<T>> d_in(kInputs);
    for (unsigned k = 0; k < kInputs; ++k) {
        const std::vector<T> input = run::make_input<T>("random", n, 500 + k);
        refs.push_back(run::reference_sum(input));
        d_in[k].allocate(n + offset + 1, "input");
        WS_CUDA(
            cudaMemcpy(d_in[k].get() + offset, input.data(), n * sizeof(T), cudaMemcpyHostToDevice),
            "input");
    }
    for (unsigned r = 0; r < repeats; ++r) {
        const unsigned k = r % kInputs;
        reduce.run(d_in[k].get() + offset);
        T got{};
        WS_CUDA(cudaMemcpy(&got, reduce.result(), sizeof got, cudaMemcpyDeviceToHost),
                std::string(kOneLaunchReduceId) + " (repeated)");
        std::string why;
        if (!run::matches_reference(got, refs[k], n, &why))
            return std::string(kOneLaunchReduceId) + " n=" + std::to_string(n) + " offset " +
                   std::to_string(offset) + ", run " + std::to_string(r) + " (input " +
                   std::to_string(k) + "): " + why;
    }
    return "";
}
}  // namespace

std::string repeat_one_launch_reduce_for_test(std::uint64_t n, trace::DType type, unsigned repeats,
                                              unsigned offset) {
    return guarded_for_test(
        type, [&](auto zero) { return repeat_one_launch<decltype(zero)>(n, repeats, offset); });
}

}  // namespace ws::cuda
