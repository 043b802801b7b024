// The ring view's picture as plain data (ring_layout.hpp).
#include "ui/model/ring/ring_layout.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace ws::ui {
namespace {

constexpr float kPi = 3.14159265358979f;

// The unit vector from box a's corner to box b's (the boxes are all the same size).
std::pair<float, float> direction(const Rect& a, const Rect& b) {
    const float dx = b.x - a.x, dy = b.y - a.y;
    const float len = std::max(std::hypot(dx, dy), 1.0f);
    return {dx / len, dy / len};
}

// Moves a label centred at (x, y) to the nearest place, half an em at a time along its bow's
// normal (nx, ny) either way, then along the arrow, where its rectangle stays in the picture and
// covers nothing `taken` holds (the GPU boxes, the labels placed before it: with 8 GPUs in a small
// window the arrows' labels fell on GPUs 0 and 4, and the naive plan's seven arrows into GPU 0 on
// one another). Where no such place is near, a label's second line ("so far") goes, then the
// label stays where it was (false). Its rectangle joins `taken`.
bool try_place(float& x, float& y, float nx, float ny, const std::string& first,
               const std::string& second, float em, const Rect& area, std::vector<Rect>& taken);

bool place_label(float& x, float& y, float nx, float ny, const std::string& first,
                 std::string& second, float em, const Rect& area, std::vector<Rect>& taken) {
    if (try_place(x, y, nx, ny, first, second, em, area, taken)) return true;
    if (!second.empty()) {
        std::string none;
        if (try_place(x, y, nx, ny, first, none, em, area, taken)) {
            second.clear();
            return true;
        }
    }
    taken.push_back(ring_label_rect(x, y, first, second, em));
    return false;
}

bool try_place(float& x, float& y, float nx, float ny, const std::string& first,
               const std::string& second, float em, const Rect& area, std::vector<Rect>& taken) {
    auto clear = [&](float px, float py) {
        const Rect r = ring_label_rect(px, py, first, second, em);
        if (r.x < area.x || r.y < area.y || r.right() > area.right() || r.bottom() > area.bottom())
            return false;
        return std::none_of(taken.begin(), taken.end(), [&](const Rect& g) {
            return r.x < g.right() && g.x < r.right() && r.y < g.bottom() && g.y < r.bottom();
        });
    };
    const float tx = -ny, ty = nx;  // along the arrow
    for (int i = 0; i <= 24; ++i)
        for (const float s : {1.0f, -1.0f})
            for (const auto& [dx, dy] : {std::pair{nx, ny}, std::pair{tx, ty}}) {
                const float px = x + s * dx * 0.5f * em * float(i);
                const float py = y + s * dy * 0.5f * em * float(i);
                if (clear(px, py)) {
                    x = px;
                    y = py;
                    taken.push_back(ring_label_rect(x, y, first, second, em));
                    return true;
                }
            }
    return false;
}

}  // namespace

Rect ring_label_rect(float x, float y, const std::string& first, const std::string& second,
                     float em) {
    auto chars = [](const std::string& s) {  // UTF-8 characters
        return float(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
    };
    const float w = std::max(chars(first), chars(second)) * 0.6f * em + 8;
    const float h = (second.empty() ? 1.0f : 2.0f) * 1.2f * em + 4;
    return {x - w / 2, y - h / 2, w, h};
}

std::string ring_state_caption(const multi::RingRun& run, std::size_t state) {
    const std::size_t steps = run.plan.steps.size();
    state = std::min(state, steps);
    if (state == 0) return "the start: each GPU holds only its own input";
    const multi::RingStep& s = run.plan.steps[state - 1];
    const bool ring = run.plan.algorithm == multi::RingAlgorithm::Ring;
    const char* what = s.phase == multi::RingPhase::ReduceScatter
                           ? (ring ? "reduce-scatter: each GPU adds the chunk it receives"
                                   : "reduce: GPU 0 adds every GPU's whole array")
                           : (ring ? "all-gather: each GPU passes on a finished chunk"
                                   : "broadcast: GPU 0 sends the sum to every GPU");
    return "step " + std::to_string(state) + " of " + std::to_string(steps) + ": " + what;
}

RingLayout ring_layout(const multi::RingRun& run, std::size_t state, const Rect& area, float em) {
    RingLayout out;
    const multi::RingPlan& plan = run.plan;
    const unsigned k = plan.gpus;
    if (k == 0 || run.after_step.empty() || area.empty()) return out;
    state = std::min(state, run.after_step.size() - 1);
    const unsigned chunks = unsigned(plan.chunks.size());

    // The boxes: as wide as the room between neighbours on the circle allows, chunk cells at
    // least 2.4 em wide and 3 em tall, under a line of title.
    out.cx = area.x + area.w / 2;
    out.cy = area.y + area.h / 2;
    // On a large area the boxes grow with it (a sixth of its smaller side, or so), so that the
    // stripes can be seen from the back of a room.
    const float want_w = std::max({7.0f * em, float(chunks) * 2.6f * em + 0.8f * em,
                                   0.17f * std::min(area.w, 1.6f * area.h)});
    const float want_h = std::max(4.6f * em, 0.42f * want_w);
    // Boxes as wide as wanted, shrunk (a tenth at a time) until no two overlap on the circle.
    auto place = [&](float w, float h) {
        out.gpus.clear();
        const float r = std::max(0.0f, std::min(area.w - w, area.h - h) / 2);
        out.radius = r;
        for (unsigned g = 0; g < k; ++g) {
            const float angle = -kPi / 2 + 2 * kPi * float(g) / float(k);
            const float x = out.cx + r * std::cos(angle), y = out.cy + r * std::sin(angle);
            out.gpus.push_back({x - w / 2, y - h / 2, w, h});
        }
        for (unsigned g = 0; g < k; ++g)
            for (unsigned h2 = g + 1; h2 < k; ++h2) {
                const Rect& a = out.gpus[g];
                const Rect& b = out.gpus[h2];
                if (a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom())
                    return false;
            }
        return true;
    };
    float box_w = std::min(want_w, area.w), box_h = std::min(want_h, area.h);
    for (int i = 0; i < 30 && !place(box_w, box_h); ++i) {
        box_w *= 0.9f;
        box_h *= 0.9f;
    }

    // Which chunks the shown step wrote.
    std::map<std::pair<unsigned, unsigned>, bool> written;  // (gpu, chunk)
    const multi::RingStep* step = state > 0 ? &plan.steps[state - 1] : nullptr;
    if (step)
        for (const multi::RingTransfer& t : step->transfers) written[{t.to, t.chunk}] = true;

    const multi::RingState& s = run.after_step[state];
    const std::uint32_t all = multi::all_contributions(k);
    auto cell = [&](unsigned g, unsigned c) {
        const Rect& b = out.gpus[g];
        const float pad = 0.4f * em, top = b.y + 1.6f * em;
        const float w = (b.w - 2 * pad) / float(std::max(chunks, 1u));
        return Rect{b.x + pad + w * float(c), top, std::max(w - 0.2f * em, 1.0f),
                    b.bottom() - pad - top};
    };
    for (unsigned g = 0; g < k; ++g)
        for (unsigned c = 0; c < chunks; ++c) {
            RingChunkBox box;
            box.rect = cell(g, c);
            box.gpu = g;
            box.chunk = c;
            box.contributions = s.contributions[g][c];
            box.complete = box.contributions == all;
            box.received = written.count({g, c}) > 0;
            out.chunks.push_back(box);
        }

    // Bytes each directed link carried up to and with the shown step.
    std::map<std::pair<unsigned, unsigned>, std::uint64_t> carried;
    for (std::size_t i = 0; i < state; ++i)
        for (const multi::RingTransfer& t : plan.steps[i].transfers)
            carried[{t.from, t.to}] += t.count * plan.element_bytes;

    // The step's transfers, box edge to box edge, bowed to the left of travel: outwards for the
    // ring's clockwise passes, so that their labels sit outside, apart from each other.
    std::map<std::pair<unsigned, unsigned>, bool> has_arrow;
    std::vector<Rect> taken = out.gpus;  // what a label must not cover
    const bool common = !ring_step_common(run, state).empty();
    auto edge_point = [&](const Rect& r, float dx, float dy) {
        // Where the ray from r's centre along (dx, dy) leaves r.
        const float hx = r.w / 2 + 0.3f * em, hy = r.h / 2 + 0.3f * em;
        const float tx = std::fabs(dx) > 1e-6f ? hx / std::fabs(dx) : 1e9f;
        const float ty = std::fabs(dy) > 1e-6f ? hy / std::fabs(dy) : 1e9f;
        const float t = std::min(tx, ty);
        return std::pair<float, float>{r.x + r.w / 2 + dx * t, r.y + r.h / 2 + dy * t};
    };
    if (step)
        for (const multi::RingTransfer& t : step->transfers) {
            const Rect& a = out.gpus[t.from];
            const Rect& b = out.gpus[t.to];
            const auto [dx, dy] = direction(a, b);
            const float len = std::max(std::hypot(b.x - a.x, b.y - a.y), 1.0f);
            RingArrow arrow;
            arrow.from = t.from;
            arrow.to = t.to;
            arrow.chunk = t.chunk;
            arrow.adds = t.adds;
            // Bowed: the ends leave the boxes a little to the left of the straight line.
            const float nx = dy, ny = -dx;  // left of travel in screen coordinates (y down)
            const float bow = std::min(0.12f * len, 3.0f * em);
            const auto p0 = edge_point(a, dx + 0.25f * nx, dy + 0.25f * ny);
            const auto p1 = edge_point(b, -dx + 0.25f * nx, -dy + 0.25f * ny);
            arrow.x0 = p0.first;
            arrow.y0 = p0.second;
            arrow.x1 = p1.first;
            arrow.y1 = p1.second;
            arrow.cx = (arrow.x0 + arrow.x1) / 2 + nx * bow * 2;
            arrow.cy = (arrow.y0 + arrow.y1) / 2 + ny * bow * 2;
            // The quadratic curve's middle: a quarter of each end and half the control point.
            // a little beyond it, on the bow's side.
            arrow.lx = 0.25f * (arrow.x0 + arrow.x1) + 0.5f * arrow.cx + nx * 0.4f * em;
            arrow.ly = 0.25f * (arrow.y0 + arrow.y1) + 0.5f * arrow.cy + ny * 0.4f * em;
            if (common) {
                arrow.label = chunks > 1 ? "chunk " + std::to_string(t.chunk) : "";
            } else {
                arrow.label = (chunks > 1 ? "chunk " + std::to_string(t.chunk) + ": " : "") +
                              bytes_label(t.count * plan.element_bytes) + (t.adds ? ", adds" : "");
                arrow.so_far = bytes_label(carried[{t.from, t.to}]) + " so far";
            }
            if (!arrow.label.empty())
                place_label(arrow.lx, arrow.ly, nx, ny, arrow.label, arrow.so_far, em, area, taken);
            has_arrow[{t.from, t.to}] = true;
            out.arrows.push_back(arrow);
        }

    for (const auto& [link, bytes] : carried) {
        if (bytes == 0 || has_arrow.count(link)) continue;
        const Rect& a = out.gpus[link.first];
        const Rect& b = out.gpus[link.second];
        const auto [dx, dy] = direction(a, b);
        RingLinkLabel l;
        l.from = link.first;
        l.to = link.second;
        l.bytes = bytes;
        // On the left of travel, as the link's arrows bow.
        l.x = (a.x + b.x + a.w) / 2 + dy * 2.2f * em;
        l.y = (a.y + b.y + a.h) / 2 - dx * 2.2f * em;
        l.text = bytes_label(bytes) + " so far";
        // A link idle in this step keeps its total only where there is room for it (the
        // step's own arrows come first).
        std::string none;
        if (try_place(l.x, l.y, dy, -dx, l.text, none, em, area, taken)) out.links.push_back(l);
    }
    return out;
}

std::string ring_step_common(const multi::RingRun& run, std::size_t state) {
    const multi::RingPlan& plan = run.plan;
    if (state == 0 || state > plan.steps.size()) return "";
    const multi::RingStep& step = plan.steps[state - 1];
    if (step.transfers.size() < 2) return "";
    std::map<std::pair<unsigned, unsigned>, std::uint64_t> carried;
    for (std::size_t i = 0; i < state; ++i)
        for (const multi::RingTransfer& t : plan.steps[i].transfers)
            carried[{t.from, t.to}] += t.count * plan.element_bytes;
    // The same as the labels would show them (chunks of n/k differ by an element at most).
    const multi::RingTransfer& first = step.transfers.front();
    const std::string bytes = bytes_label(first.count * plan.element_bytes);
    const std::string so_far = bytes_label(carried[{first.from, first.to}]);
    for (const multi::RingTransfer& t : step.transfers)
        if (bytes_label(t.count * plan.element_bytes) != bytes || t.adds != first.adds ||
            bytes_label(carried[{t.from, t.to}]) != so_far)
            return "";
    return "every arrow carries " + bytes + (first.adds ? ", added on arrival" : ", copied") +
           "; each of these links " + so_far + " so far";
}

namespace {

// No recording of this plan at this GPU count and size: which were recorded, and the fit's
// prediction for the step from the first file that has the plan.
std::string unrecorded_step_line(const MultiGpuLab& lab, const multi::RingPlan& plan,
                                 const char* algo) {
    std::vector<unsigned> counts;
    bool this_count = false;
    for (const MultiGpuFile& f : lab.files)
        for (const multi::MultiGpuPoint& p : f.points)
            if (p.algo == algo && p.type == "float" && p.ok) {
                if (std::find(counts.begin(), counts.end(), p.gpus) == counts.end())
                    counts.push_back(p.gpus);
                this_count |= p.gpus == plan.gpus;
            }
    if (counts.empty())
        return "no recording of this plan on real GPUs (assets/measurements/multi-gpu)";
    std::sort(counts.begin(), counts.end());
    std::string recorded;
    for (unsigned c : counts) recorded += (recorded.empty() ? "" : ", ") + std::to_string(c);
    std::string out = this_count ? "no recording at " + std::to_string(plan.n) + " floats on " +
                                       std::to_string(plan.gpus) + " GPUs (recorded: powers of two)"
                                 : "no recording on " + std::to_string(plan.gpus) +
                                       " GPUs (recorded on " + recorded + ")";
    for (const MultiGpuFile& f : lab.files)
        for (unsigned c : counts) {
            const auto fit = multi::fit_latency_bandwidth(f.points, algo, "float", c);
            if (!fit) continue;
            const auto shape = multi::step_shape(algo, plan.n, plan.gpus, sizeof(float));
            if (!shape) break;
            char b[200];
            std::snprintf(b, sizeof b,
                          "; the %u-GPU fit (%.1f \xc2\xb5s + %.0f GB/s a step) predicts %.3f ms "
                          "a step, %.3f ms in all (a prediction, not a measurement)",
                          c, fit->alpha_us, fit->step_gbps(),
                          multi::fitted_ms(*fit, plan.n, plan.gpus) / shape->steps,
                          multi::fitted_ms(*fit, plan.n, plan.gpus));
            return out + b;
        }
    return out;
}

}  // namespace

std::string recorded_step_line(const MultiGpuLab& lab, const multi::RingRun& run,
                               std::size_t state) {
    const multi::RingPlan& plan = run.plan;
    if (state == 0 || state > plan.steps.size() || plan.element_bytes != sizeof(float)) return "";
    const char* algo =
        plan.algorithm == multi::RingAlgorithm::Ring ? multi::kHandRing : multi::kHandNaive;
    for (const MultiGpuFile& f : lab.files)
        for (const multi::MultiGpuPoint& p : f.points) {
            if (p.algo != algo || p.type != "float" || p.n != plan.n || p.gpus != plan.gpus ||
                !p.ok || p.step_ms.size() != plan.steps.size())
                continue;
            // The step's busiest link, over its time: each way at once on the ring.
            const double ms = p.step_ms[state - 1];
            const std::uint64_t bytes = bytes_per_step_max_link(plan)[state - 1];
            char b[200];
            std::snprintf(b, sizeof b,
                          "this step took %.3f ms, %.1f GB/s on its busiest link; the "
                          "whole all-reduce %.3f ms",
                          ms, ms > 0 ? double(bytes) / (ms * 1e6) : 0.0, p.ms);
            const std::string device = f.devices.empty() ? "GPUs" : f.devices.front();
            return "recorded on " + std::to_string(p.gpus) + " \xc3\x97 " + device + " (" +
                   f.date.substr(0, 10) + "): " + b;
        }
    return unrecorded_step_line(lab, plan, algo);
}

}  // namespace ws::ui
