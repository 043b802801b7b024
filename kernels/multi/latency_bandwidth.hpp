// An all-reduce's time as a latency term and a bandwidth term (issue 41): a plan of S steps, each
// moving b bytes over the busiest link, takes T(n) = S (alpha + b(n) beta). alpha is what a step
// costs whatever its size (a kernel launch, the wait for the other GPUs, the protocol's
// handshake), beta the seconds a byte (1/beta: the bandwidth a step reaches). Fitted from
// measured points of one plan, one GPU count and one type (least squares on the relative error,
// so that 2^12 counts as much as 2^28); a fit predicts other sizes and, with the plan's steps and
// chunks for k GPUs, other GPU counts (a prediction, said so wherever shown).
//
//   ring, NCCL's all-reduce   S = 2(k - 1), b = n/k elements (a chunk; NCCL's ring does the same)
//   naive                     S = 2, b = (k - 1) n elements (GPU 0's link carries every array)
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/multi/multi_gpu_bench.hpp"

namespace ws::multi {

struct StepShape {
    unsigned steps = 0;
    double bytes_per_step = 0;
};
// nullopt for a collective that is not an all-reduce plan (reduce-scatter, all-gather).
std::optional<StepShape> step_shape(const std::string& algo, std::uint64_t n, unsigned gpus,
                                    unsigned element_bytes);

struct LatencyBandwidthFit {
    std::string algo, type;
    unsigned gpus = 0;
    unsigned element_bytes = 0;
    double alpha_us = 0;          // a step's fixed cost
    double beta_ps_per_byte = 0;  // picoseconds a byte (1e3 / beta: GB/s)
    unsigned points = 0;
    double worst_error = 0;  // the largest |fit - measured| / measured over the points
    double step_gbps() const { return beta_ps_per_byte > 0 ? 1e3 / beta_ps_per_byte : 0; }
    // The size where the two terms are equal: below it latency dominates.
    double half_point_bytes() const {
        return beta_ps_per_byte > 0 ? alpha_us * 1e6 / beta_ps_per_byte : 0;
    }
};

// The fit of the ok points of `algo`, `type` and `gpus` in `points` (nullopt: fewer than 3, or
// not an all-reduce plan).
std::optional<LatencyBandwidthFit> fit_latency_bandwidth(const std::vector<MultiGpuPoint>& points,
                                                         const std::string& algo,
                                                         const std::string& type, unsigned gpus);

// The fit's time for n elements on `gpus` GPUs (the fit's own count: a fit; another: a
// prediction from the plan's steps and chunks).
double fitted_ms(const LatencyBandwidthFit& f, std::uint64_t n, unsigned gpus);

// In measured terms, why the hand ring loses to NCCL at small sizes and more GPUs: the measured
// ratio at the smallest and largest size both timed and the size from which the ring keeps up;
// both fits' alpha and step bandwidth; and what the fits alone predict on `more_gpus` GPUs, with
// why a ring that loses there must pay more a step (said to be unmeasured). Empty when either
// fit is missing.
std::string ring_against_nccl(const std::vector<MultiGpuPoint>& points,
                              const std::optional<LatencyBandwidthFit>& ring,
                              const std::optional<LatencyBandwidthFit>& nccl, unsigned more_gpus);

}  // namespace ws::multi
