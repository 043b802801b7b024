// An all-reduce across k GPUs (issue 20), as plain data: which GPU sends which piece of the array
// to which, step by step, and the bytes each link carries. No CUDA: the CPU emulator
// (ring_emulator.hpp) runs a plan with real data, the ring panel animates it, and the steps NCCL or
// the hand-written GPU ring record are compared against it.
//
//   ring    the array cut into k chunks. Reduce-scatter, steps s = 0..k-2: GPU g sends chunk
//           (g - s) mod k to GPU (g + 1) mod k, which adds it into its own copy; afterwards GPU g
//           holds the full sum of chunk (g + 1) mod k. All-gather, steps s = 0..k-2: GPU g sends
//           chunk (g + 1 - s) mod k to GPU (g + 1) mod k, which overwrites its copy. 2(k - 1)
//           steps of k transfers; every GPU sends and receives 2(k - 1)/k of the array in all.
//   naive   one chunk, the whole array. Step 0 (phase ReduceScatter: the reduce): every GPU but
//           0 sends its array to GPU 0, which adds it. Step 1 (phase AllGather: the broadcast):
//           GPU 0 sends the sum to every other GPU. Each transfer has a link of its own here,
//           but on a real machine they all share GPU 0's link: it carries (k - 1) arrays each
//           way, which is why the ring wins.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ws::multi {

inline constexpr unsigned kMinRingGpus = 2;
inline constexpr unsigned kMaxRingGpus = 8;

// Elements [first, first + count) of the array.
struct ChunkRange {
    std::uint64_t first = 0;
    std::uint64_t count = 0;
};

// k chunks covering [0, n) in order, sizes differing by at most one (the first n mod k chunks
// one element longer); some are empty when n < k. No chunks when k is 0.
std::vector<ChunkRange> ring_chunks(std::uint64_t n, unsigned k);

enum class RingPhase { ReduceScatter, AllGather };
enum class RingAlgorithm { Ring, Naive };
const char* ring_phase_name(RingPhase p);          // "reduce-scatter", "all-gather"
const char* ring_algorithm_name(RingAlgorithm a);  // "ring", "naive"

// One GPU sending one chunk to another in one step.
struct RingTransfer {
    unsigned from = 0, to = 0;
    unsigned chunk = 0;       // index into RingPlan::chunks
    std::uint64_t first = 0;  // the chunk's elements, copied here for the reader
    std::uint64_t count = 0;  // (0 for an empty chunk: the transfer is kept, carrying nothing)
    bool adds = false;        // true: the receiver adds it into its copy; false: overwrites it
};

// The transfers of one step happen at the same time: each reads its sender's copy as it was
// before the step.
struct RingStep {
    RingPhase phase = RingPhase::ReduceScatter;
    std::vector<RingTransfer> transfers;
};

struct RingPlan {
    RingAlgorithm algorithm = RingAlgorithm::Ring;
    unsigned gpus = 0;
    std::uint64_t n = 0;  // elements of each GPU's array
    unsigned element_bytes = 0;
    std::vector<ChunkRange> chunks;  // the unit of a transfer: the ring's k, the naive plan's one
    std::vector<RingStep> steps;
    std::string error;  // empty, or one line saying why there is no plan (chunks, steps empty)
};

// Why (n, k, element_bytes) has no plan, in one line, or "" when it has one: n >= 1 (and small
// enough that the byte counts fit in 64 bits), k in 2..8, element_bytes 4 or 8.
std::string ring_request_error(std::uint64_t n, unsigned k, unsigned element_bytes);

RingPlan ring_plan(std::uint64_t n, unsigned k, unsigned element_bytes);
RingPlan naive_plan(std::uint64_t n, unsigned k, unsigned element_bytes);

// "GPU 2 -> GPU 3: chunk 1 [250, 500), adds"
std::string describe(const RingTransfer& t);

// ---- bytes ---------------------------------------------------------------------------------
// Bytes carried over the directed link from -> to in the whole plan.
std::uint64_t link_bytes(const RingPlan& p, unsigned from, unsigned to);
// Bytes one GPU sends, or receives, in the whole plan.
std::uint64_t gpu_bytes_sent(const RingPlan& p, unsigned gpu);
std::uint64_t gpu_bytes_received(const RingPlan& p, unsigned gpu);
// The busiest GPU link, one direction: each GPU has one full-duplex link (into the NVSwitch, or
// to its ring neighbours), shared by everything it sends and by everything it receives. The
// largest of every GPU's bytes sent and bytes received: the ring's 2(k-1)/k of the array, the
// naive plan's k - 1 arrays (GPU 0).
std::uint64_t busiest_link_bytes(const RingPlan& p);
// The same, step by step: a step lasts as long as its busiest link is busy.
std::vector<std::uint64_t> bytes_per_step_max_link(const RingPlan& p);

// ---- bandwidth, as nccl-tests reports it ---------------------------------------------------
// https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md: the algorithm bandwidth
// is the array's size over the time, algbw = S / t; the bus bandwidth is algbw times a factor
// that makes it comparable with the hardware's link speed, whatever k: all-reduce 2(k-1)/k,
// reduce-scatter and all-gather (k-1)/k (S there being the size of the full array).
enum class Collective { AllReduce, ReduceScatter, AllGather };
double algorithm_bandwidth(std::uint64_t bytes, double seconds);  // bytes per second
double bus_bandwidth_factor(Collective c, unsigned k);            // 0 when k is 0
double bus_bandwidth(Collective c, unsigned k, std::uint64_t bytes, double seconds);

}  // namespace ws::multi
