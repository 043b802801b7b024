// [gpu] tests of reduce-one-launch (kernels/cuda/one_launch_reduce.hpp), bench's reduction with
// no memset before it: launches in a row, each zeroing the word the next one adds into, must
// each leave the right sum; a word left unzeroed would add one run's sum to the next.
#if defined(WS_HAVE_CUDA)
#include <catch2/catch.hpp>

#include "kernels/cuda/cuda_backend.hpp"

using namespace ws;

TEST_CASE("reduce-one-launch is right hundreds of times in a row at odd sizes in every type",
          "[gpu][pipeline]") {
    // Around one block's tile, many tiles and far more than the grid holds; from 16-byte
    // boundaries and from one element past one: 8 sizes x 3 types x 2 offsets x 100 runs.
    const std::uint64_t sizes[] = {1, 3, 1023, 4097, 100003, 999999, 4194301, (1u << 24) + 7};
    unsigned runs = 0;
    for (std::uint64_t n : sizes)
        for (trace::DType type :
             {trace::DType::Int32, trace::DType::Float32, trace::DType::Float64})
            for (unsigned offset : {0u, 1u}) {
                INFO("n = " << n << " " << trace::dtype_name(type) << " offset " << offset);
                CHECK(cuda::repeat_one_launch_reduce_for_test(n, type, 100, offset) == "");
                runs += 100;
            }
    CHECK(runs == 4800);
}

TEST_CASE("reduce-one-launch refuses more than 2^32 - 1 elements in one line and sums 0 to 0",
          "[gpu][pipeline]") {
    const std::string why =
        cuda::repeat_one_launch_reduce_for_test(1ull << 32, trace::DType::Int32, 1);
    CHECK(why == "reduce-one-launch: n = 4294967296 is more than 2^32 - 1 elements");
    CHECK(cuda::repeat_one_launch_reduce_for_test(0, trace::DType::Float64, 3) == "");
}
#endif
