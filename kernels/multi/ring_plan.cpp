// The ring and naive all-reduce plans, and the bytes their links carry (ring_plan.hpp).
#include "kernels/multi/ring_plan.hpp"

#include <algorithm>
#include <limits>
#include <sstream>

namespace ws::multi {

std::vector<ChunkRange> ring_chunks(std::uint64_t n, unsigned k) {
    std::vector<ChunkRange> chunks(k);
    if (k == 0) return chunks;
    const std::uint64_t base = n / k, longer = n % k;
    std::uint64_t first = 0;
    for (unsigned c = 0; c < k; ++c) {
        const std::uint64_t count = base + (c < longer ? 1 : 0);
        chunks[c] = {first, count};
        first += count;
    }
    return chunks;
}

const char* ring_phase_name(RingPhase p) {
    return p == RingPhase::AllGather ? "all-gather" : "reduce-scatter";
}

const char* ring_algorithm_name(RingAlgorithm a) {
    return a == RingAlgorithm::Naive ? "naive" : "ring";
}

std::string ring_request_error(std::uint64_t n, unsigned k, unsigned element_bytes) {
    std::ostringstream why;
    if (k < kMinRingGpus || k > kMaxRingGpus) {
        why << "k = " << k << " GPUs: an all-reduce here takes " << kMinRingGpus << " to "
            << kMaxRingGpus;
    } else if (element_bytes != 4 && element_bytes != 8) {
        why << "elements of " << element_bytes
            << " bytes: an all-reduce here takes 4 (int, float) or 8 (double)";
    } else if (n == 0) {
        why << "n = 0: an all-reduce needs at least one element";
    } else if (n > std::numeric_limits<std::uint64_t>::max() / (2ull * k * element_bytes)) {
        why << "n = " << n << " elements: too many, the bytes moved would not fit in 64 bits";
    }
    return why.str();
}

namespace {

RingPlan empty_plan(RingAlgorithm a, std::uint64_t n, unsigned k, unsigned element_bytes) {
    RingPlan p;
    p.algorithm = a;
    p.gpus = k;
    p.n = n;
    p.element_bytes = element_bytes;
    p.error = ring_request_error(n, k, element_bytes);
    return p;
}

RingTransfer transfer(const RingPlan& p, unsigned from, unsigned to, unsigned chunk, bool adds) {
    const ChunkRange& c = p.chunks[chunk];
    return RingTransfer{from, to, chunk, c.first, c.count, adds};
}

}  // namespace

RingPlan ring_plan(std::uint64_t n, unsigned k, unsigned element_bytes) {
    RingPlan p = empty_plan(RingAlgorithm::Ring, n, k, element_bytes);
    if (!p.error.empty()) return p;
    p.chunks = ring_chunks(n, k);
    // (g - s) mod k is written (g + k - s) mod k: unsigned, and s <= k - 2 keeps it positive.
    auto mod = [k](unsigned x) { return x % k; };
    for (RingPhase phase : {RingPhase::ReduceScatter, RingPhase::AllGather}) {
        const bool adds = phase == RingPhase::ReduceScatter;
        for (unsigned s = 0; s + 1 < k; ++s) {
            RingStep step{phase, {}};
            for (unsigned g = 0; g < k; ++g) {
                const unsigned chunk = adds ? mod(g + k - s) : mod(g + 1 + k - s);
                step.transfers.push_back(transfer(p, g, mod(g + 1), chunk, adds));
            }
            p.steps.push_back(std::move(step));
        }
    }
    return p;
}

RingPlan naive_plan(std::uint64_t n, unsigned k, unsigned element_bytes) {
    RingPlan p = empty_plan(RingAlgorithm::Naive, n, k, element_bytes);
    if (!p.error.empty()) return p;
    p.chunks = {ChunkRange{0, n}};
    RingStep reduce{RingPhase::ReduceScatter, {}}, broadcast{RingPhase::AllGather, {}};
    for (unsigned g = 1; g < k; ++g) {
        reduce.transfers.push_back(transfer(p, g, 0, 0, true));
        broadcast.transfers.push_back(transfer(p, 0, g, 0, false));
    }
    p.steps = {std::move(reduce), std::move(broadcast)};
    return p;
}

std::string describe(const RingTransfer& t) {
    std::ostringstream s;
    s << "GPU " << t.from << " -> GPU " << t.to << ": chunk " << t.chunk << " [" << t.first << ", "
      << t.first + t.count << "), " << (t.adds ? "adds" : "overwrites");
    return s.str();
}

// ---- bytes ---------------------------------------------------------------------------------

namespace {

// Bytes each GPU sends and receives in the given steps.
struct GpuBytes {
    std::vector<std::uint64_t> sent, received;
};

GpuBytes gpu_bytes(const RingPlan& p, std::size_t first_step, std::size_t end_step) {
    GpuBytes b{std::vector<std::uint64_t>(p.gpus), std::vector<std::uint64_t>(p.gpus)};
    for (std::size_t s = first_step; s < end_step && s < p.steps.size(); ++s) {
        for (const RingTransfer& t : p.steps[s].transfers) {
            const std::uint64_t bytes = t.count * p.element_bytes;
            if (t.from < p.gpus) b.sent[t.from] += bytes;
            if (t.to < p.gpus) b.received[t.to] += bytes;
        }
    }
    return b;
}

std::uint64_t busiest(const GpuBytes& b) {
    std::uint64_t most = 0;
    for (std::uint64_t v : b.sent) most = std::max(most, v);
    for (std::uint64_t v : b.received) most = std::max(most, v);
    return most;
}

}  // namespace

std::uint64_t link_bytes(const RingPlan& p, unsigned from, unsigned to) {
    std::uint64_t bytes = 0;
    for (const RingStep& step : p.steps)
        for (const RingTransfer& t : step.transfers)
            if (t.from == from && t.to == to) bytes += t.count * p.element_bytes;
    return bytes;
}

std::uint64_t gpu_bytes_sent(const RingPlan& p, unsigned gpu) {
    return gpu < p.gpus ? gpu_bytes(p, 0, p.steps.size()).sent[gpu] : 0;
}

std::uint64_t gpu_bytes_received(const RingPlan& p, unsigned gpu) {
    return gpu < p.gpus ? gpu_bytes(p, 0, p.steps.size()).received[gpu] : 0;
}

std::uint64_t busiest_link_bytes(const RingPlan& p) {
    return busiest(gpu_bytes(p, 0, p.steps.size()));
}

std::vector<std::uint64_t> bytes_per_step_max_link(const RingPlan& p) {
    std::vector<std::uint64_t> out;
    for (std::size_t s = 0; s < p.steps.size(); ++s) out.push_back(busiest(gpu_bytes(p, s, s + 1)));
    return out;
}

// ---- bandwidth -----------------------------------------------------------------------------

double algorithm_bandwidth(std::uint64_t bytes, double seconds) {
    return double(bytes) / seconds;
}

double bus_bandwidth_factor(Collective c, unsigned k) {
    if (k == 0) return 0;
    const double share = double(k - 1) / double(k);
    return c == Collective::AllReduce ? 2 * share : share;
}

double bus_bandwidth(Collective c, unsigned k, std::uint64_t bytes, double seconds) {
    return algorithm_bandwidth(bytes, seconds) * bus_bandwidth_factor(c, k);
}

}  // namespace ws::multi
