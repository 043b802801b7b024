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
#include "ui/model/pipeline/warp_lines.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/playback_row.hpp"
#include "ui/widgets/stale_dim.hpp"

namespace ws::ui {
namespace {

// The widest word in a stage box: "scanning", "stage 12", "tile 999".
constexpr unsigned kStageChars = 8;

std::string kib(std::uint64_t bytes) {
    return std::to_string(bytes / 1024) + " KB";
}

// The tile strip's colours in words: "■ aggregate published  ■ prefix published".
constexpr unsigned kTilesLegendChars = 44;
void draw_tiles_legend(ImDrawList* dl, const Rect& r, float em, const Rect& clip) {
    const Palette& p = palette();
    float x = r.x + 0.5f * em;
    for (const auto& [color, words] : {std::pair{p.tile_aggregate, "aggregate published"},
                                       std::pair{p.tile_prefix, "prefix published"}}) {
        const Rect swatch{x, r.y + 0.2f * em, 0.9f * em, 0.9f * em};
        fill_rect(dl, swatch, color, p.cell_rounding);
        x += swatch.w + 0.3f * em;
        draw_label(dl, {x, r.y}, p.text, words, clip, "pipeline tiles legend");
        x += ImGui::CalcTextSize(words).x + 0.8f * em;
    }
}

void draw_stage(ImDrawList* dl, const Rect& r, unsigned s, const StageNow& st) {
    const Palette& p = palette();
    const ImU32 fill = stage_color(st.state);
    fill_rect(dl, r, fill, p.cell_rounding);
    stroke_rect(dl, r, p.cell_border, p.line_width, p.cell_rounding);
    const ImU32 ink = text_on(fill);
    const float line = r.h / 3;  // the box's three lines
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
    const std::vector<WarpLine> lines = warp_lines(m);
    const std::uint64_t room = std::uint64_t(pv.stages) * pv.stage_bytes;
    const std::string in_flight = "in flight: " + kib(m.in_flight) + " of the " + kib(room) +
                                  " of stages (at most " + kib(pv.max_in_flight) + " in this run)";
    const std::string in_flight_short = "in flight: " + kib(m.in_flight) + " of " + kib(room) +
                                        " (at most " + kib(pv.max_in_flight) + ")";
    PipelineContent content;
    content.stages = pv.stages;
    content.warp_lines = unsigned(lines.size());
    content.tiles = unsigned(pv.tiles.size());
    content.stage_chars = kStageChars;
    content.label_chars = unsigned(in_flight.size());
    content.short_label_chars = unsigned(in_flight_short.size());
    content.tiles_legend_chars = kTilesLegendChars;
    for (const WarpLine& w : lines)
        content.warp_chars = std::max(content.warp_chars, unsigned(w.text.size()));
    const PipelineLayout l = pipeline_layout(c.rect, em, content);
    for (unsigned s = 0; s < l.stages.size() && s < m.stages.size(); ++s)
        draw_stage(c.dl, l.stages[s], s, m.stages[s]);
    if (!l.in_flight.empty()) {
        const float share = room ? float(m.in_flight) / float(room) : 0;
        fill_rect(c.dl, l.in_flight, p.cell, p.cell_rounding);
        fill_rect(c.dl, {l.in_flight.x, l.in_flight.y, l.in_flight.w * share, l.in_flight.h},
                  p.from_global, p.cell_rounding);
        stroke_rect(c.dl, l.in_flight, p.cell_border, p.line_width, p.cell_rounding);
        draw_label(c.dl, {l.in_flight_label.x, l.in_flight_label.y}, p.text,
                   l.short_label ? in_flight_short : in_flight, c.rect, "pipeline in flight");
    }
    for (std::size_t i = 0; i < l.warps.size(); ++i) {
        const WarpLine& w = lines[i];
        const ImU32 ink = w.for_copy ? p.disagree : w.waiting ? p.waiting : p.text;
        draw_label(c.dl, {l.warps[i].x, l.warps[i].y}, ink, w.text, c.rect, "pipeline warp");
    }
    for (std::size_t t = 0; t < l.tiles.size(); ++t) {
        const TileRow& row = pv.tiles[t];
        const bool prefix = row.prefix_at != TileRow::kNoMoment && row.prefix_at <= at;
        const bool aggregate = row.aggregate_at != TileRow::kNoMoment && row.aggregate_at <= at;
        const ImU32 fill = prefix ? p.tile_prefix : aggregate ? p.tile_aggregate : p.cell;
        fill_rect(c.dl, l.tiles[t], fill, p.cell_rounding);
        stroke_rect(c.dl, l.tiles[t], p.cell_border, p.line_width, p.cell_rounding);
        text_centered(c.dl, l.tiles[t], text_on(fill), std::to_string(row.tile));
    }
    if (!l.tiles_caption.empty())
        draw_label(c.dl, {l.tiles_caption.x, l.tiles_caption.y}, p.text, "tiles:", c.rect,
                   "pipeline tiles");
    if (!l.tiles_legend.empty()) draw_tiles_legend(c.dl, l.tiles_legend, em, c.rect);
    if (!l.fits)  // a small window at a large text size: say what is left out, on its own line
        draw_label(c.dl, {l.fit_note.x, l.fit_note.y}, p.text_dim,
                   std::to_string(lines.size() - l.warps.size()) + " warp lines and " +
                       std::to_string(pv.tiles.size() - l.tiles.size()) +
                       " tiles do not fit: a larger window or smaller text shows them",
                   c.rect, "pipeline fit note");
    end_canvas(c);
}

}  // namespace

void draw_pipeline(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const StaleDim dim(ui);  // greyed while this is the last good run after a failed one
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
    playback_row(ctx, "moment " + std::to_string(at + 1) + " of " + std::to_string(moments));
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
