// The CPU run of an all-reduce plan with real data (ring_emulator.hpp).
#include "kernels/multi/ring_emulator.hpp"

#include <cmath>
#include <sstream>
#include <type_traits>

#include "kernels/run/input_data.hpp"

namespace ws::multi {

namespace {

// Why the plan cannot be run, in one line, or "".
std::string run_error(const RingPlan& p, trace::DType type, std::string_view pattern) {
    if (!p.error.empty()) return p.error;
    if (const std::string why = ring_request_error(p.n, p.gpus, p.element_bytes); !why.empty())
        return why;
    std::ostringstream why;
    if (trace::dtype_size(type) != p.element_bytes) {
        why << "a plan of " << p.element_bytes << "-byte elements cannot run on "
            << trace::dtype_name(type) << " (" << trace::dtype_size(type) << " bytes)";
    } else if (!run::is_pattern(pattern)) {
        why << "unknown input pattern \"" << pattern << "\" (" << run::kPatterns << ")";
    } else if (p.n > kRingEmulatorMaxBytes / (std::uint64_t(p.gpus) * p.element_bytes)) {
        why << "n = " << p.n << " on " << p.gpus << " GPUs is " << p.n * p.gpus * p.element_bytes
            << " bytes of arrays: the emulator takes at most " << kRingEmulatorMaxBytes;
    }
    if (!why.str().empty()) return why.str();
    for (std::size_t s = 0; s < p.steps.size(); ++s) {
        for (const RingTransfer& t : p.steps[s].transfers) {
            const char* bad = nullptr;
            if (t.from >= p.gpus || t.to >= p.gpus)
                bad = "names a GPU the plan does not have";
            else if (t.from == t.to)
                bad = "sends to its own GPU";
            else if (t.chunk >= p.chunks.size())
                bad = "names a chunk the plan does not have";
            else if (t.first != p.chunks[t.chunk].first || t.count != p.chunks[t.chunk].count)
                bad = "covers elements other than its chunk's";
            if (bad) {
                why << "step " << s << ", " << describe(t) << ": the transfer " << bad;
                return why.str();
            }
        }
    }
    return "";
}

RingState start_state(const RingPlan& p) {
    RingState s;
    for (unsigned g = 0; g < p.gpus; ++g)
        s.contributions.emplace_back(p.chunks.size(), std::uint32_t(1) << g);
    return s;
}

// Every transfer reads its sender's bits as they were before the step.
RingState next_state(const RingState& before, const RingStep& step) {
    RingState after = before;
    for (const RingTransfer& t : step.transfers) {
        const std::uint32_t sent = before.contributions[t.from][t.chunk];
        std::uint32_t& held = after.contributions[t.to][t.chunk];
        held = t.adds ? held | sent : sent;
    }
    return after;
}

template <class T>
T add(T a, T b) {
    if constexpr (std::is_integral_v<T>)
        return T(std::uint32_t(a) + std::uint32_t(b));  // wraps, as on the GPU
    else
        return a + b;
}

// Does transfer i read elements that another transfer of the step writes? Then it reads a copy
// taken before the step (none of the plans ring_plan.cpp builds has such a step).
bool reads_what_step_writes(const RingStep& step, std::size_t i) {
    const RingTransfer& r = step.transfers[i];
    for (std::size_t j = 0; j < step.transfers.size(); ++j) {
        const RingTransfer& w = step.transfers[j];
        if (j != i && w.to == r.from && w.first < r.first + r.count && r.first < w.first + w.count)
            return true;
    }
    return false;
}

template <class T>
void apply_step(const RingStep& step, std::vector<std::vector<T>>& gpu) {
    std::vector<std::vector<T>> copies(step.transfers.size());
    for (std::size_t i = 0; i < step.transfers.size(); ++i) {
        const RingTransfer& t = step.transfers[i];
        if (reads_what_step_writes(step, i))
            copies[i].assign(gpu[t.from].begin() + t.first,
                             gpu[t.from].begin() + t.first + t.count);
    }
    for (std::size_t i = 0; i < step.transfers.size(); ++i) {
        const RingTransfer& t = step.transfers[i];
        const T* from = copies[i].empty() ? gpu[t.from].data() + t.first : copies[i].data();
        T* to = gpu[t.to].data() + t.first;
        for (std::uint64_t e = 0; e < t.count; ++e) to[e] = t.adds ? add(to[e], from[e]) : from[e];
    }
}

// The first element, by index then GPU, that is not the sum of the inputs, in one line, or "".
template <class T>
std::string first_wrong_element(const std::vector<std::vector<T>>& inputs,
                                const std::vector<std::vector<T>>& gpu) {
    const std::uint64_t n = inputs.empty() ? 0 : inputs[0].size();
    std::string why;
    for (std::uint64_t i = 0; i < n; ++i) {
        run::Reference ref;
        for (const auto& x : inputs) {
            ref.sum += (long double)x[i];
            ref.abs_sum += std::fabs((long double)x[i]);
        }
        for (std::size_t g = 0; g < gpu.size(); ++g) {
            if (!run::matches_reference(gpu[g][i], ref, inputs.size(), &why))
                return "GPU " + std::to_string(g) + ", element " + std::to_string(i) + ": " + why;
        }
    }
    return "";
}

// The first chunk short of a GPU's contribution at the end, in one line, or "".
std::string first_incomplete_chunk(const RingPlan& p, const RingState& end) {
    const std::uint32_t all = all_contributions(p.gpus);
    for (unsigned g = 0; g < p.gpus; ++g) {
        for (std::size_t c = 0; c < p.chunks.size(); ++c) {
            const std::uint32_t missing = all & ~end.contributions[g][c];
            if (missing == 0) continue;
            std::ostringstream why;
            why << "GPU " << g << ", chunk " << c << ": lacks the input of GPU";
            for (unsigned m = 0; m < p.gpus; ++m)
                if (missing >> m & 1u) why << " " << m;
            return why.str();
        }
    }
    return "";
}

template <class T>
std::string run_values(const RingPlan& p, std::string_view pattern, std::uint64_t seed) {
    std::vector<std::vector<T>> inputs;
    for (unsigned g = 0; g < p.gpus; ++g)
        inputs.push_back(run::make_input<T>(pattern, p.n, seed + g));
    std::vector<std::vector<T>> gpu = inputs;
    for (const RingStep& step : p.steps) apply_step(step, gpu);
    return first_wrong_element(inputs, gpu);
}

}  // namespace

RingRun emulate_ring(const RingPlan& plan, trace::DType type, std::string_view pattern,
                     std::uint64_t seed) {
    RingRun run;
    run.plan = plan;
    run.error = run_error(plan, type, pattern);
    if (!run.error.empty()) return run;

    run.after_step.push_back(start_state(plan));
    for (const RingStep& step : plan.steps)
        run.after_step.push_back(next_state(run.after_step.back(), step));

    run.error = trace::visit_dtype(
        type, [&](auto zero) { return run_values<decltype(zero)>(plan, pattern, seed); });
    if (run.error.empty()) run.error = first_incomplete_chunk(plan, run.after_step.back());
    run.ok = run.error.empty();
    return run;
}

}  // namespace ws::multi
