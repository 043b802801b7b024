// Emulator semantics: blocks run one after another in linear order, so a block may wait on a
// flag an earlier block set (single-pass scans, last-block-done) but never on a later block.
#include <vector>

#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;

namespace {

constexpr unsigned kSpinLimit = 100000;

// Block b waits for block `b + direction` to publish its partial, then publishes its own:
// a chain of running sums through global memory (decoupled look-back in miniature).
__global__ void chained_sum(volatile int* flags, volatile int* partial, int direction,
                            unsigned* spins_used, int* gave_up) {
    const int b = int(blockIdx.x), n = int(gridDim.x);
    const int waits_on = b + direction;
    __shared__ int carried;
    if (threadIdx.x == 0) {
        carried = 0;
        if (waits_on >= 0 && waits_on < n) {
            unsigned spins = 0;
            while (flags[waits_on] == 0 && spins < kSpinLimit) ++spins;  // bounded: may give up
            spins_used[b] = spins;
            if (flags[waits_on] == 0)
                gave_up[b] = 1;
            else
                carried = partial[waits_on];
        }
    }
    __syncthreads();
    const int mine = carried + b + 1;
    __syncthreads();
    if (threadIdx.x == 0) {
        partial[b] = mine;
        __threadfence();
        flags[b] = 1;
    }
}

struct Outcome {
    std::vector<int> flags, partial, gave_up;
    std::vector<unsigned> spins;
};

Outcome run_chain(unsigned blocks, int direction) {
    Outcome o;
    o.flags.assign(blocks, 0);
    o.partial.assign(blocks, 0);
    o.gave_up.assign(blocks, 0);
    o.spins.assign(blocks, 0);
    run(config(blocks, 64), [&] {
        chained_sum(o.flags.data(), o.partial.data(), direction, o.spins.data(), o.gave_up.data());
    });
    return o;
}

}  // namespace

TEST_CASE("a block may spin on a flag set by the block before it", "[sim]") {
    const Outcome o = run_chain(12, -1);
    for (int b = 0; b < 12; ++b) {
        INFO("block " << b);
        CHECK(o.gave_up[b] == 0);
        CHECK(o.spins[b] == 0);  // the earlier block has finished: the flag is already set
        CHECK(o.flags[b] == 1);
        CHECK(o.partial[b] == (b + 1) * (b + 2) / 2);
    }
}

TEST_CASE("a block waiting on a later block gives up: later blocks have not run", "[sim]") {
    const Outcome o = run_chain(4, +1);
    for (int b = 0; b < 3; ++b) {
        INFO("block " << b);
        CHECK(o.gave_up[b] == 1);
        CHECK(o.spins[b] == kSpinLimit);
        CHECK(o.partial[b] == b + 1);
    }
    CHECK(o.gave_up[3] == 0);  // the last block waits on nobody
}
