#include "kernels/multi/latency_bandwidth.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "kernels/trace/dtype.hpp"

namespace ws::multi {

std::optional<StepShape> step_shape(const std::string& algo, std::uint64_t n, unsigned gpus,
                                    unsigned element_bytes) {
    if (gpus < 2) return std::nullopt;
    const double e = element_bytes;
    if (algo == kHandRing || algo == kNcclAllReduce)
        return StepShape{2 * (gpus - 1), std::ceil(double(n) / gpus) * e};
    if (algo == kHandNaive) return StepShape{2, double(gpus - 1) * double(n) * e};
    return std::nullopt;
}

std::optional<LatencyBandwidthFit> fit_latency_bandwidth(const std::vector<MultiGpuPoint>& points,
                                                         const std::string& algo,
                                                         const std::string& type, unsigned gpus) {
    const auto dtype = trace::parse_dtype(type);
    if (!dtype) return std::nullopt;
    const unsigned e = unsigned(trace::dtype_size(*dtype));
    // Per step: y = T/S = alpha + x beta, x the bytes of a step; weights 1/y^2 (relative error).
    struct Xy {
        double x, y;
    };
    std::vector<Xy> xy;
    for (const MultiGpuPoint& p : points) {
        if (p.algo != algo || p.type != type || p.gpus != gpus || !p.ok || p.ms <= 0) continue;
        if (!p.nccl_choice.empty()) continue;  // NCCL forced to one algorithm: not its default
        const auto shape = step_shape(algo, p.n, gpus, e);
        if (!shape) return std::nullopt;
        xy.push_back({shape->bytes_per_step, p.ms * 1e3 / shape->steps});  // microseconds
    }
    if (xy.size() < 3) return std::nullopt;
    double sw = 0, swx = 0, swxx = 0, swy = 0, swxy = 0;
    for (const Xy& q : xy) {
        const double w = 1 / (q.y * q.y);
        sw += w, swx += w * q.x, swxx += w * q.x * q.x, swy += w * q.y, swxy += w * q.x * q.y;
    }
    double alpha = 0, beta = 0;  // us, us per byte
    const double det = sw * swxx - swx * swx;
    if (det > 0) {
        alpha = (swxx * swy - swx * swxy) / det;
        beta = (sw * swxy - swx * swy) / det;
    }
    if (!(det > 0) || alpha < 0) alpha = 0, beta = swxy / swxx;
    if (beta < 0) beta = 0, alpha = swy / sw;
    LatencyBandwidthFit f;
    f.algo = algo;
    f.type = type;
    f.gpus = gpus;
    f.element_bytes = e;
    f.alpha_us = alpha;
    f.beta_ps_per_byte = beta * 1e6;
    f.points = unsigned(xy.size());
    for (const Xy& q : xy)
        f.worst_error = std::max(f.worst_error, std::fabs(alpha + q.x * beta - q.y) / q.y);
    return f;
}

double fitted_ms(const LatencyBandwidthFit& f, std::uint64_t n, unsigned gpus) {
    const auto shape = step_shape(f.algo, n, gpus, f.element_bytes);
    if (!shape) return 0;
    return shape->steps * (f.alpha_us + shape->bytes_per_step * f.beta_ps_per_byte * 1e-6) * 1e-3;
}

namespace {
std::string fmt(const char* format, double a, double b = 0, double c = 0) {
    char buf[160];
    std::snprintf(buf, sizeof buf, format, a, b, c);
    return buf;
}
}  // namespace

std::string ring_against_nccl(const std::vector<MultiGpuPoint>& points,
                              const std::optional<LatencyBandwidthFit>& ring,
                              const std::optional<LatencyBandwidthFit>& nccl, unsigned more_gpus) {
    if (!ring || !nccl || ring->gpus != nccl->gpus || ring->type != nccl->type) return "";
    const unsigned k = ring->gpus;
    // The measured ratios (NCCL's time over the ring's: the ring's speed as a share of NCCL's).
    std::vector<std::pair<std::uint64_t, double>> ratio;  // by n
    for (const MultiGpuPoint& r : points) {
        if (r.algo != kHandRing || r.type != ring->type || r.gpus != k || !r.ok) continue;
        for (const MultiGpuPoint& c : points)
            if (c.algo == kNcclAllReduce && c.nccl_choice.empty() && c.type == r.type &&
                c.gpus == k && c.n == r.n && c.ok && r.ms > 0)
                ratio.push_back({r.n, c.ms / r.ms});
    }
    if (ratio.empty()) return "";
    std::sort(ratio.begin(), ratio.end());
    auto size = [](std::uint64_t n) {
        int e = 0;
        while ((std::uint64_t(1) << (e + 1)) <= n) ++e;
        return (std::uint64_t(1) << e) == n ? "2^" + std::to_string(e) : std::to_string(n);
    };
    std::string s = "Measured on " + std::to_string(k) + " GPUs: the hand ring runs at " +
                    fmt("%.2f\xc3\x97", ratio.front().second) + " NCCL's speed at " +
                    size(ratio.front().first) + " elements and " +
                    fmt("%.2f\xc3\x97", ratio.back().second) + " at " + size(ratio.back().first);
    std::size_t from = ratio.size();  // the ring keeps up from here on
    while (from > 0 && ratio[from - 1].second >= 1) --from;
    if (from == 0)
        s += ", never slower. ";
    else if (from < ratio.size())
        s += "; it keeps up from " + size(ratio[from].first) + " on. ";
    else
        s += ", always slower. ";
    s += "Fitted per step (" + std::to_string(2 * (k - 1)) + " steps): the hand ring " +
         fmt("%.1f \xc2\xb5s + a chunk at %.0f GB/s", ring->alpha_us, ring->step_gbps()) +
         ", NCCL " +
         fmt("%.1f \xc2\xb5s + a chunk at %.0f GB/s", nccl->alpha_us, nccl->step_gbps()) +
         (nccl->worst_error > 0.1
              ? fmt(" (within %.0f%% of its points: NCCL changes protocol with the size)",
                    nccl->worst_error * 100)
              : std::string()) +
         ": below a chunk of about " + fmt("%.0f KB", ring->half_point_bytes() / 1e3) +
         " the fixed cost of a step decides, above it the link. ";
    if (more_gpus > k) {
        const std::uint64_t small = ratio.front().first, large = ratio.back().first;
        auto predicted = [&](std::uint64_t n) {
            return fitted_ms(*nccl, n, more_gpus) / fitted_ms(*ring, n, more_gpus);
        };
        s += "With " + std::to_string(more_gpus) + " GPUs both plans take " +
             std::to_string(2 * (more_gpus - 1)) + " steps of a 1/" + std::to_string(more_gpus) +
             " chunk, so these fits alone predict " + fmt("%.2f\xc3\x97", predicted(small)) +
             " and " + fmt("%.2f\xc3\x97", predicted(large)) +
             "; a hand ring that loses more there pays more a step as GPUs are added: each of "
             "its steps is a kernel launch on every GPU that waits on an event of each of the "
             "other k \xe2\x88\x92 1, where NCCL's running kernel waits on a flag from its "
             "neighbour. Not measured here: no machine of more than " +
             std::to_string(k) + " GPUs was lent.";
    }
    return s;
}

}  // namespace ws::multi
