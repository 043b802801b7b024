// A small plot on ImDrawList (ImPlot is not packaged for us), in ImPlot's spirit but with no
// global context: begin -> axes -> items -> end.
//
//   plot::Plot p;
//   if (p.begin("##gbps", size)) {
//       p.axes({1024, 1 << 28, Scale::Log2, "n"}, {0, 3500, Scale::Linear, "GB/s"});
//       p.line("reduce-sequential", xs, ys, {color});
//       p.hline(peak, "peak", color);
//       p.end();  // legend and the hovered point's tooltip
//   }
#pragma once
#include <imgui.h>

#include <string>
#include <vector>

#include "ui/plot/transform.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui::plot {

struct LineStyle {
    ImU32 color = 0;  // from the theme (series_color)
    float thickness = 2.0f;
    bool markers = true;
    bool dashed = false;
    int shape = 0;  // marker: 0 circle, 1 square, 2 triangle, 3 diamond
};

class Plot {
  public:
    bool begin(const char* id, ImVec2 size);
    // Before axes: put the legend in a column of `width` pixels right of the frame (when it
    // would cover too much of the lines inside it).
    void legend_beside(float width) { legend_w_ = width; }
    void axes(const Axis& x, const Axis& y);
    // `notes` (optional, one per point) is shown when the point is hovered.
    // A line; `label` "" leaves it out of the legend (its notes still show on hover).
    void line(const std::string& label, const std::vector<double>& xs,
              const std::vector<double>& ys, const LineStyle& style,
              const std::vector<std::string>* notes = nullptr);
    void hline(double y, const std::string& label, ImU32 color);
    // Words at a data point (left of it, above), in a box that keeps them readable over lines
    // (drawn by end(), over every line).
    void annotate(double x, double y, const std::string& text, ImU32 color);
    // Reference lines: their labels are drawn by end(), over every line, on the background.
    void vline(double x, const std::string& label, ImU32 color);
    void end();

  private:
    void segment(Point a, Point b, const LineStyle& style);

    struct LegendItem {
        std::string label;
        LineStyle style;
    };
    struct Note {
        Rect box;
        std::string words;
        ImU32 color;
    };
    struct Hover {
        float dist2 = 1e30f;
        std::string text;
        Point at;
    };
    Canvas canvas_;
    Transform tf_;
    std::vector<LegendItem> legend_;
    // The annotations' boxes and the reference lines' labels so far: a later note moves clear.
    std::vector<Rect> notes_;
    std::vector<Note> to_draw_;  // the annotations, drawn last
    // The reference lines' labels, drawn by end() over the data lines on the plot's background,
    // so that no line crosses their words.
    std::vector<Note> line_labels_;
    Hover hover_;
    bool open_ = false;
    float legend_w_ = 0;  // > 0: the legend's column right of the frame
};

}  // namespace ws::ui::plot
