// Every written cell of every algorithm's traced block, at every step, shows a value a class can
// read, at 1024x768, 1280x720 and 1920x1080, in normal and presentation mode, at text sizes
// 1 to 2, with and without the controls: through the layout model (compute_layout, then the
// shared-memory picture's arrangement, then fit_value), no screenshot needed.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <tuple>

#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "tests/ui/emulated_view.hpp"
#include "ui/geometry/shared_grid_layout.hpp"
#include "ui/layout.hpp"
#include "ui/model/trace/trace_view.hpp"
#include "ui/model/trace/value_text.hpp"
#include "ui/model/window/request_form.hpp"

using namespace ws;
using namespace ws::ui;

namespace {

std::shared_ptr<const TraceView> view_of(const VariantInfo& v, const std::string& n,
                                         std::uint32_t block, trace::DType type) {
    RequestForm f;
    f.algo = v.id;
    f.n = n;
    f.block = block;
    f.type = type;
    f.pattern = "random";
    return testing::emulated_view(f);  // n moved to a count the algorithm accepts
}

// The picture's rectangle inside the shared-memory panel: under its title bar (or tab strip),
// two lines of legend and one of facts at the small size (shared_memory.cpp draws no more), the
// window's padding and the grid's own top margin.
Rect picture_of(const Rect& panel, float scale) {
    const float small_line = 17.0f * 0.8f * scale + 5 * scale;
    const float top = tab_strip_height(scale) + 3 * small_line + 6 * scale + 28;
    return {panel.x + 12, panel.y + top, panel.w - 24, panel.h - top - 12};
}

// Every value the block ever holds in a cell (register values too, where threads have boxes).
std::set<double> values_of(const TraceView& v) {
    std::set<double> out;
    for (const StepView& s : v.steps) {
        for (std::uint32_t c = 0; c < v.cells; ++c)
            if (s.defined[c]) out.insert(s.values[c]);
        for (const ShuffleArrow& a : s.shuffles) out.insert(a.value);
    }
    return out;
}

// Every value fits a box of w x h readably: at least min_px and inside the box. Returns the
// first value that does not, in words ("" when all do).
std::string unreadable(const std::set<double>& values, trace::DType type, float w, float h,
                       float mono, float min_px) {
    for (double value : values) {
        const ValueText t = fit_value(value, type, format_value(value, type), w, h, mono, min_px);
        const bool ok = !t.text.empty() && t.px + 1e-3f >= min_px &&
                        float(t.text.size()) * kMonoAdvance * t.px <= w - 3 + 0.5f &&
                        t.px <= h * 0.9f + 1e-3f;
        if (!ok)
            return "value " + std::to_string(value) + " in " + std::to_string(w) + " x " +
                   std::to_string(h) + ": '" + t.text + "' at " + std::to_string(t.px) + " px";
    }
    return "";
}

}  // namespace

TEST_CASE("every written cell of every algorithm reads at projector sizes", "[layout][cells]") {
    struct Ask {
        std::string n;
        std::uint32_t block;
        trace::DType type;
    };
    const std::vector<Ask> asks = {{"256", 128, trace::DType::Int32},
                                   {"2048", 1024, trace::DType::Int32},
                                   {"1000", 256, trace::DType::Float32}};
    const std::pair<float, float> sizes[] = {{1024, 768}, {1280, 720}, {1920, 1080}};
    std::size_t checked = 0;
    for (const VariantInfo& algo : catalog())
        for (const Ask& ask : asks) {
            const auto v = view_of(algo, ask.n, ask.block, ask.type);
            INFO(algo.id << " n=" << ask.n << " block=" << ask.block);
            REQUIRE_FALSE(v->empty());
            const std::set<double> values = values_of(*v);
            // Checked once per distinct box: every configuration that gives the same box.
            std::set<std::tuple<int, int, int>> done;
            for (auto [w, h] : sizes)
                for (bool presentation : {false, true})
                    for (float text : {1.0f, 1.5f, 2.0f})
                        for (bool controls : {true, false}) {
                            const float scale = text * (presentation ? 1.35f : 1.0f);
                            INFO(w << "x" << h << " text " << text
                                   << (presentation ? " presentation" : "")
                                   << (controls ? " controls" : ""));
                            const Layout l = compute_layout(View::Step, w, h, scale, controls);
                            REQUIRE(l.shows(PanelId::Shared));
                            SharedGridInput in;
                            in.area = picture_of(l[PanelId::Shared], scale);
                            in.cells = v->cells;
                            in.threads = v->threads;
                            in.elem_words = std::max(1u, v->elem_size / 4);
                            in.value_chars = v->value_chars;
                            in.min_chars = v->min_chars;
                            in.min_px = min_value_px(scale);
                            in.mono_px = 17.0f * 0.95f * scale;
                            in.small_px = 17.0f * 0.8f * scale;
                            const SharedGridLayout g = shared_grid_layout(in);
                            // Cells never under their readable minimum.
                            GridSpec min;
                            set_min_cell(min, in.min_px, in.advance, in.min_chars);
                            if (v->cells) {
                                CHECK(g.cells.cell_w + 1e-3f >= min.min_cell_w);
                                CHECK(g.cells.cell_h + 1e-3f >= min.min_cell_h);
                            } else {  // no shared memory: the registers have the whole area
                                CHECK(g.split);
                                CHECK(g.threads.area.bottom() + 1e-3f >= in.area.bottom());
                            }
                            // Registers: no lane cut off at the right (rows of a warp, half a
                            // warp or a quarter; only taller than the area, which scrolls).
                            if (g.split)
                                CHECK((g.threads.content_w <= g.threads.area.w + 0.5f ||
                                       g.threads.columns == 8));
                            // No shared memory: the register boxes hold every value shown.
                            const GridLayout& boxes = v->cells ? g.cells : g.threads;
                            const auto key = std::make_tuple(
                                int(boxes.cell_w * 4), int(boxes.cell_h * 4), int(in.min_px * 4));
                            if (!done.insert(key).second) continue;
                            CHECK(unreadable(values, v->trace->smem_type, boxes.cell_w,
                                             boxes.cell_h, in.mono_px, in.min_px) == "");
                            if (g.split)
                                CHECK(unreadable(values, v->trace->smem_type, g.threads.cell_w,
                                                 g.threads.cell_h, in.mono_px, in.min_px) == "");
                            ++checked;
                        }
        }
    CHECK(checked > 100);
}

TEST_CASE("a value that does not fit is shortened, marked, never emptied", "[cells]") {
    const ValueText whole = fit_value(32640, trace::DType::Int32, "32640", 80, 20, 16, 12);
    CHECK(whole.text == "32640");
    CHECK_FALSE(whole.abbreviated);
    const ValueText shorter = fit_value(32640, trace::DType::Int32, "32640", 36, 20, 16, 12);
    CHECK(shorter.abbreviated);
    CHECK(shorter.text.rfind("~", 0) == 0);
    CHECK(shorter.px >= 12);
    CHECK(abbreviations(32640, trace::DType::Int32) ==
          std::vector<std::string>{"~32.6k", "~33k", "~3e4"});
    CHECK(abbreviations(-1234567, trace::DType::Int32).front() == "~-1.23M");
    CHECK(abbreviations(0.000012345, trace::DType::Float32) ==
          std::vector<std::string>{"~1.2e-5", "~1e-5"});
    CHECK(abbreviations(0.0099, trace::DType::Float32).back() == "~1e-2");  // not "~10e-3"
    CHECK(abbreviations(3.14159, trace::DType::Float32).front() == "~3.14");
    CHECK(abbreviations(999, trace::DType::Int32).empty());  // short integers are whole
}
