// Pipeline panel (the Pipeline view): Hopper's pipeline moment by moment, from the emulator's
// order of events and its copy landings (ui/model/trace/pipeline_view.hpp). A row of stages,
// each free, being filled, full or being scanned, with its tile; a line a warp saying its job,
// its tile and what it waits on (a wait on a stage whose copy is in flight stands out); the
// bytes the copy engine has in flight against what the block may load ahead; the tiles with
// their published status. Stepped with the window's playback cursor, on its own playback row:
// its moments are the pipeline's, not the trace's steps. A GPU's trace has no moments; the
// panel says so and lists the tiles.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "ui/fonts.hpp"
#include "ui/model/pipeline/pipeline_layout.hpp"
#include "ui/model/pipeline/warp_role_text.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/playback_row.hpp"

namespace ws::ui {
namespace {

// The widest word in a stage box: "scanning", "stage 12", "tile 999".
constexpr unsigned kStageChars = 8;

const char* role_word(const WarpNow& w) {
    return w.has_role ? warp_role_name(w.role) : "warp";
}

std::string kib(std::uint64_t bytes) {
    return std::to_string(bytes / 1024) + " KB";
}

// "warp 4, consumer: tile 2, waits on full[2], round 0 (its copy is in flight)"
std::string warp_line(unsigned warp, const WarpNow& w) {
    std::string text = "warp " + std::to_string(warp) + ", " + role_word(w) + ": ";
    if (w.done) return text + "done";
    text += w.tile == kNoStageTile ? "no tile yet" : "tile " + std::to_string(w.tile);
    if (w.waiting)
        text += ", waits on " + w.waits_on + (w.waits_for_copy ? " (copy in flight)" : "");
    return text;
}

void draw_stage(ImDrawList* dl, const Rect& r, unsigned s, const StageNow& st) {
    const Palette& p = palette();
    const ImU32 fill = stage_color(st.state);
    fill_rect(dl, r, fill, p.cell_rounding);
    stroke_rect(dl, r, p.cell_border, p.line_width, p.cell_rounding);
    const ImU32 ink = text_on(fill);
    const float line = r.h / 3;
    text_centered(dl, {r.x, r.y, r.w, line}, ink, "stage " + std::to_string(s));
    text_centered(dl, {r.x, r.y + line, r.w, line}, ink, stage_state_name(st.state));
    if (st.tile == kNoStageTile) return;
    // Loaded by the producer's lanes, not the copy engine: hatched (the legend says so).
    if (!st.by_copy) hatch(dl, r, with_alpha(ink, 0.35f), 0.6f * line, p.line_width);
    text_centered(dl, {r.x, r.y + 2 * line, r.w, line}, ink, "tile " + std::to_string(st.tile));
}

void draw_moment(const PipelineView& pv, std::size_t at) {
    const Palette& p = palette();
    const PipelineMoment& m = pv.moments[at];
    const Canvas c = begin_canvas("##pipeline", {0, 0});
    const float em = ImGui::GetFontSize();
    const PipelineLayout l = pipeline_layout(c.rect, em, pv.stages, unsigned(m.warps.size()),
                                             unsigned(pv.tiles.size()), kStageChars);
    for (unsigned s = 0; s < l.stages.size() && s < m.stages.size(); ++s)
        draw_stage(c.dl, l.stages[s], s, m.stages[s]);
    if (!l.in_flight.empty()) {
        const std::uint64_t room = std::uint64_t(pv.stages) * pv.stage_bytes;
        const float share = room ? float(m.in_flight) / float(room) : 0;
        fill_rect(c.dl, l.in_flight, p.cell, p.cell_rounding);
        fill_rect(c.dl, {l.in_flight.x, l.in_flight.y, l.in_flight.w * share, l.in_flight.h},
                  p.from_global, p.cell_rounding);
        draw_label(c.dl, {l.in_flight.x + 0.3f * em, l.in_flight.y}, p.text,
                   "in flight: " + kib(m.in_flight) + " of the " + kib(room) +
                       " of stages (at most " + kib(pv.max_in_flight) + " in this run)",
                   c.rect, "pipeline in flight");
    }
    for (unsigned w = 0; w < l.warps.size(); ++w) {
        const WarpNow& now = m.warps[w];
        const ImU32 ink = now.waits_for_copy ? p.disagree : now.waiting ? p.waiting : p.text;
        draw_label(c.dl, {l.warps[w].x, l.warps[w].y}, ink, warp_line(w, now), c.rect,
                   "pipeline warp");
    }
    if (!l.fits)  // a small window at a large text size: say what is left out
        draw_label(c.dl, {c.rect.x, c.rect.bottom() - em * 1.3f}, p.text_dim,
                   std::to_string(m.warps.size() - l.warps.size()) + " warp lines and " +
                       std::to_string(pv.tiles.size() - l.tiles.size()) +
                       " tiles do not fit: a larger window or smaller text shows them",
                   c.rect, "pipeline fit note");
    for (std::size_t t = 0; t < l.tiles.size(); ++t) {
        const TileRow& row = pv.tiles[t];
        const bool prefix = row.prefix_at != TileRow::kNoMoment && row.prefix_at <= at;
        const bool aggregate = row.aggregate_at != TileRow::kNoMoment && row.aggregate_at <= at;
        const ImU32 fill = prefix ? p.tile_prefix : aggregate ? p.tile_aggregate : p.cell;
        fill_rect(c.dl, l.tiles[t], fill, p.cell_rounding);
        text_centered(c.dl, l.tiles[t], text_on(fill), std::to_string(row.tile));
    }
    end_canvas(c);
}

}  // namespace

void draw_pipeline(const TraceView& v, UiState& ui) {
    const PipelineView& pv = v.pipeline;
    if (!pv.shown) {
        text_wrapped_colored(palette().text_dim,
                             "No pipeline in this kernel: this view shows a kernel that marks its "
                             "stages and warp roles (scan-pipeline).");
        return;
    }
    if (!pv.timed) {
        text_wrapped_colored(palette().text, pv.why_untimed + ".");
        std::string tiles = "Tiles of the shown block, in the order it drew them:";
        for (const TileRow& row : pv.tiles)
            tiles += " " + std::to_string(row.tile) + " (stage " + std::to_string(row.stage) +
                     (row.by_copy ? ", copy" : ", lanes") + ")";
        text_wrapped_colored(palette().text_dim, tiles);
        return;
    }
    const std::size_t moments = pv.moments.size();
    const std::size_t at = std::min(ui.playback.step, moments - 1);
    playback_row(ui, moments,
                 "moment " + std::to_string(at + 1) + " of " + std::to_string(moments));
    text_wrapped_colored(palette().text, pv.moments[at].what);
    ImGui::PushFont(fonts().small);
    text_wrapped_colored(
        palette().text_dim,
        std::to_string(pv.stages) + " stages of " + kib(pv.stage_bytes) +
            "; waits begun on a stage whose copy was in flight: " + std::to_string(pv.copy_waits));
    ImGui::PopFont();
    draw_moment(pv, at);
}

}  // namespace ws::ui
