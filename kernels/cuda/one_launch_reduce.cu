#include "kernels/cuda/one_launch_reduce.hpp"

#include <stdexcept>
#include <string>

#include "kernels/bench/reduce_one_launch.cuh"
#include "kernels/catalog.hpp"

namespace ws::cuda {

namespace {
std::uint64_t checked(std::uint64_t n) {
    if (n > 0xffffffffull)
        throw std::invalid_argument(std::string(kOneLaunchReduceId) + ": n = " + std::to_string(n) +
                                    " is more than 2^32 - 1 elements");
    return n;
}
}  // namespace

template <class T>
OneLaunchReduce<T>::OneLaunchReduce(std::uint64_t n)
    : n_(checked(n)),
      plan_(reduce_plan(*find_variant("reduce-vector-atomic"), n, 256, trace::dtype_of<T>())) {
    sums_.allocate(2, std::string(kOneLaunchReduceId) + " sums");
    WS_CUDA(cudaMemset(sums_.get(), 0, 2 * sizeof(T)), kOneLaunchReduceId);  // both, once
}

template <class T>
void OneLaunchReduce<T>::run(const T* input, cudaStream_t stream) {
    if (n_ == 0) {  // the sum of nothing: own_'s word, zeroed by the launch before
        last_ = own_;
        return;
    }
    const ReduceLaunch& l = plan_.launches.front();
    bench::reduce_one_launch<T, probe::NoProbe><<<l.grid, l.block, l.smem_bytes, stream>>>(
        input, sums_.get(), own_, unsigned(n_), probe::NoProbe{});
    check_launch(kOneLaunchReduceId, false);
    last_ = own_;
    own_ = 1 - own_;
}

template class OneLaunchReduce<int>;
template class OneLaunchReduce<float>;
template class OneLaunchReduce<double>;

}  // namespace ws::cuda
