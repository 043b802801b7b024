// Work and depth of a scan network, from the events at the source lines marked `// +`.
#include <algorithm>
#include <set>
#include <sstream>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/analysis_internal.hpp"

namespace ws::trace {

std::vector<std::uint32_t> marked_lines(const std::string& source_text) {
    std::vector<std::uint32_t> lines;
    std::istringstream in(source_text);
    std::string line;
    for (std::uint32_t number = 1; std::getline(in, line); ++number) {
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
            line.pop_back();
        if (line.size() >= 4 && line.compare(line.size() - 4, 4, "// +") == 0)
            lines.push_back(number);
    }
    return lines;
}

bool is_addition(const Event& e, bool line_writes_shared) {
    if (line_writes_shared) return e.kind == EventKind::SharedWrite;
    if (e.kind == EventKind::Shuffle) return !is_ballot(e) && e.src_lane != detail::lane_of(e);
    return e.kind == EventKind::SharedRead;
}

WorkDepth work_depth(const BlockTrace& b, const std::string& source_text) {
    const std::vector<std::uint32_t> marked = marked_lines(source_text);
    auto is_marked = [&](std::uint32_t line) {
        return std::binary_search(marked.begin(), marked.end(), line);
    };
    std::set<std::uint32_t> writing;  // marked lines that write shared memory
    for (const Event& e : b.events)
        if (e.kind == EventKind::SharedWrite && is_marked(e.line)) writing.insert(e.line);

    WorkDepth wd;
    std::set<StepId> steps;
    for (const Event& e : b.events) {
        if (!is_marked(e.line) || !is_addition(e, writing.count(e.line) > 0)) continue;
        ++wd.work;
        steps.insert(step_of(e));
    }
    wd.steps = static_cast<std::uint32_t>(steps.size());
    return wd;
}

}  // namespace ws::trace
