#include "ui/model/pipeline/warp_lines.hpp"

#include "ui/model/pipeline/warp_role_text.hpp"

namespace ws::ui {
namespace {

bool same_doing(const WarpNow& a, const WarpNow& b) {
    return a.has_role == b.has_role && (!a.has_role || a.role == b.role) && a.done == b.done &&
           a.tile == b.tile && a.waiting == b.waiting && a.waits_on == b.waits_on &&
           a.waits_for_copy == b.waits_for_copy;
}

// "warp 4, consumer" or "warps 3-6, consumers"; then what they do.
std::string words(unsigned first, unsigned last, const WarpNow& w) {
    const bool many = last > first;
    std::string text = many ? "warps " + std::to_string(first) + "-" + std::to_string(last)
                            : "warp " + std::to_string(first);
    text += ", ";
    text += w.has_role ? warp_role_name(w.role) : "warp";
    if (many) text += "s";
    text += ": ";
    if (w.done) return text + "done";
    text += w.tile == kNoStageTile ? "no tile yet" : "tile " + std::to_string(w.tile);
    if (w.waiting)
        text += ", wait" + std::string(many ? "" : "s") + " on " + w.waits_on +
                (w.waits_for_copy ? " (copy in flight)" : "");
    return text;
}

}  // namespace

std::vector<WarpLine> warp_lines(const PipelineMoment& m) {
    std::vector<WarpLine> out;
    for (unsigned w = 0; w < m.warps.size();) {
        unsigned last = w;
        while (last + 1 < m.warps.size() && same_doing(m.warps[w], m.warps[last + 1])) ++last;
        const WarpNow& now = m.warps[w];
        out.push_back(
            {w, last, words(w, last, now), now.waiting, now.waiting && now.waits_for_copy});
        w = last + 1;
    }
    return out;
}

}  // namespace ws::ui
