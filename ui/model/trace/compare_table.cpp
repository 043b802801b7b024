// Compare's table.
#include "ui/model/trace/compare_table.hpp"

#include <algorithm>
#include <cstdio>
#include <set>

#include "kernels/trace/dtype.hpp"

namespace ws::ui {
namespace {

std::string ratio(double left, double right) {
    if (left <= 0 || right < 0) return "";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2fx", right / left);
    return buf;
}

std::string number(std::uint64_t v) {
    return std::to_string(v);
}

const MeasuredPoint* point(const MeasurementFile* f, const trace::Trace& t, std::uint64_t n) {
    if (!f) return nullptr;
    for (const MeasuredPoint& p : f->points)
        if (p.algo == t.request.algo && p.type == trace::dtype_name(t.request.type) && p.n == n)
            return &p;
    return nullptr;
}

}  // namespace

std::vector<std::uint64_t> measured_sizes(const MeasurementFile* f) {
    std::set<std::uint64_t> sizes;
    if (f)
        for (const MeasuredPoint& p : f->points) sizes.insert(p.n);
    return {sizes.begin(), sizes.end()};
}

std::vector<CompareRow> compare_rows(const TraceView& left, const TraceView& right,
                                     const MeasurementFile* measured, std::uint64_t n) {
    std::vector<CompareRow> rows;
    const trace::Trace& a = *left.trace;
    const trace::Trace& b = *right.trace;
    // Measured on a GPU: the answer to "which is faster", before the counters that say why.
    const MeasuredPoint* pa = point(measured, a, n);
    const MeasuredPoint* pb = point(measured, b, n);
    if (measured) {
        // The source on the row itself, not only in its tooltip: the GPU and the date (the file
        // in the tooltip).
        const std::string source = measured->device + ", " + measured->date.substr(0, 10);
        const std::string file = measured->path.substr(measured->path.find_last_of('/') + 1);
        const std::string where = "on " + source + (file.empty() ? "" : " (" + file + ")");
        auto ms = [](const MeasuredPoint* p) {
            if (!p) return std::string("not measured");
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.4g ms", p->ms);
            return std::string(buf);
        };
        auto gbps = [](const MeasuredPoint* p) {
            if (!p) return std::string("-");
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.0f GB/s", p->gbps);
            return std::string(buf);
        };
        rows.push_back({"time at n = " + size_name(n) + " (" + source + ")", ms(pa), ms(pb),
                        pa && pb ? ratio(pa->ms, pb->ms) : "",
                        "median kernel time measured " + where + " (CUDA events)"});
        rows.push_back({"bandwidth", gbps(pa), gbps(pb), pa && pb ? ratio(pa->gbps, pb->gbps) : "",
                        "the bytes each must move over its time, " + where});
    }
    const trace::Counters& ca = left.block_totals;
    const trace::Counters& cb = right.block_totals;
    auto counter = [&](const std::string& what, std::uint64_t x, std::uint64_t y,
                       const std::string& why) {
        rows.push_back({what, number(x), number(y), ratio(double(x), double(y)), why, x == y});
    };
    counter("kernel launches (passes)", a.passes, b.passes,
            "launches of the whole run over the request's n");
    counter("steps of the block", left.origin_ids.size(), right.origin_ids.size(),
            "the code between two syncs: each barrier or warp sync closes one");
    counter("shared instructions", ca.smem_instructions, cb.smem_instructions,
            "shared-memory warp instructions of the traced block");
    counter("shared wavefronts", ca.smem_wavefronts, cb.smem_wavefronts,
            "passes the shared memory needed to serve them (one each without conflicts)");
    counter("bank conflicts", ca.bank_conflicts, cb.bank_conflicts,
            "wavefronts beyond one per instruction (Nsight Compute's "
            "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st}.sum)");
    counter("divergent warp-steps", ca.divergent_warps, cb.divergent_warps,
            "a warp in a step where one of its instructions ran with some of its lanes");
    counter("warp-steps with idle lanes", ca.idle_lane_warps, cb.idle_lane_warps,
            "a warp in a step where some launched lane did nothing");
    return rows;
}

}  // namespace ws::ui
