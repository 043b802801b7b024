// The view's and the look's flags: their rows.
#include "ui/flags/view_flags.hpp"

#include "ui/flags/flag_values.hpp"

namespace ws::ui {
namespace {

using Row = FlagRow<ViewArgs>;

// A look a link brings is for the run it opens: the setting it lands in, copied back.
template <class T>
std::function<void(const Preferences&, Preferences&)> keeps(T Preferences::*setting) {
    return [setting](const Preferences& before, Preferences& kept) {
        kept.*setting = before.*setting;
    };
}
// Presentation mode and the controls' switches change whether the controls are hidden.
void keep_presentation(const Preferences& before, Preferences& kept) {
    kept.presentation = before.presentation;
    kept.controls_hidden = before.controls_hidden;
}

std::vector<Row> rows() {
    std::vector<Row> r;
    Row view = value_row<ViewArgs>("--view", view_names("|"));
    view.store = [](ViewArgs& a, const std::string& v) {
        a.view = parse_view(v);
        return a.view ? std::string() : "--view " + v + ": not a view (" + view_names(", ") + ")";
    };
    view.in_link = true;
    view.write = [](const ViewArgs& a) {
        return a.view ? std::optional<std::string>(view_name(*a.view)) : std::nullopt;
    };
    view.example = {"--view", "circuit"};
    r.push_back(view);

    Row focus = value_row<ViewArgs>("--focus",
                                    "bring this panel to the front of its tabs: " + panel_names());
    focus.store = [](ViewArgs& a, const std::string& v) {
        a.focus = parse_panel(v);
        return a.focus ? std::string() : "--focus " + v + ": not a panel (" + panel_names() + ")";
    };
    focus.in_link = true;
    focus.write = [](const ViewArgs& a) {
        return a.focus ? std::optional<std::string>(panel_name(*a.focus)) : std::nullopt;
    };
    focus.example = {"--focus", "banks"};
    r.push_back(focus);

    Row step = value_row<ViewArgs>("--step", "the step to show: 0, 1, ... or last");
    step.store = [](ViewArgs& a, const std::string& v) { return parse_step("--step", v, a.step); };
    step.in_link = true;
    step.write = [](const ViewArgs& a) {
        return a.step ? std::optional<std::string>(step_text(*a.step)) : std::nullopt;
    };
    step.example = {"--algo", "reduce-interleaved-strided", "--n", "512", "--step", "3"};
    r.push_back(step);

    Row presentation =
        switch_row("--presentation", "large type, high contrast", &ViewArgs::presentation, true);
    presentation.example = {"--presentation"};
    presentation.keep_before_link = keep_presentation;
    r.push_back(presentation);
    Row show = switch_row("--show-controls", "with --presentation: the controls stay shown",
                          &ViewArgs::show_controls, true);
    show.example = {"--presentation", "--show-controls"};
    show.keep_before_link = keep_presentation;
    r.push_back(show);
    Row hide = switch_row("--hide-controls", "the stage takes the whole width",
                          &ViewArgs::hide_controls, true);
    hide.example = {"--hide-controls"};
    hide.keep_before_link = keeps(&Preferences::controls_hidden);
    r.push_back(hide);

    Row theme = value_row<ViewArgs>("--theme", "dark|light");
    theme.store = [](ViewArgs& a, const std::string& v) {
        if (v != "dark" && v != "light") return "--theme " + v + ": not a theme (dark or light)";
        a.theme = v;
        return std::string();
    };
    theme.in_link = true;
    theme.write = [](const ViewArgs& a) { return a.theme; };
    theme.example = {"--theme", "light"};
    theme.keep_before_link = keeps(&Preferences::theme);
    r.push_back(theme);

    Row font = value_row<ViewArgs>("--font-scale", "text size, 0.5..3");
    font.store = [](ViewArgs& a, const std::string& v) {
        a.font_scale = parse_float(v, 0.5f, 3.0f);
        return a.font_scale ? std::string() : "--font-scale " + v + ": not a scale from 0.5 to 3";
    };
    font.in_link = true;
    font.write = [](const ViewArgs& a) {
        return a.font_scale ? std::optional<std::string>(number_text(*a.font_scale)) : std::nullopt;
    };
    font.example = {"--font-scale", "1.25"};
    font.keep_before_link = keeps(&Preferences::font_scale);
    r.push_back(font);

    Row zoom = value_row<ViewArgs>("--zoom", "zoom of the shared-memory picture, 1..64");
    zoom.store = [](ViewArgs& a, const std::string& v) {
        const auto z = parse_float(v, 1.0f, 64.0f);
        if (!z) return "--zoom " + v + ": not a zoom from 1 to 64";
        a.zoom = *z;
        return std::string();
    };
    zoom.in_link = true;
    zoom.write = [](const ViewArgs& a) {
        return a.zoom != 1.0f ? std::optional<std::string>(number_text(a.zoom)) : std::nullopt;
    };
    zoom.example = {"--zoom", "4"};
    r.push_back(zoom);

    Row size = value_row<ViewArgs>("--size", "window size WIDTHxHEIGHT, e.g. 1280x720");
    size.store = [](ViewArgs& a, const std::string& v) {
        const auto x = v.find('x');
        const auto w = parse_long(v.substr(0, x)),
                   h = x == std::string::npos ? std::nullopt : parse_long(v.substr(x + 1));
        if (!w || !h || *w < 200 || *h < 200 || *w > 8192 || *h > 8192)
            return "--size " + v +
                   ": not a size (write WIDTHxHEIGHT, e.g. 1920x1080, each 200..8192)";
        a.width = int(*w);
        a.height = int(*h);
        return std::string();
    };
    r.push_back(size);
    r.push_back(
        switch_row("--show-help", "open with the keys overlay (F1) shown", &ViewArgs::show_help));
    r.push_back(switch_row("--show-lessons",
                           "open with the lesson list shown in the controls (as Page Down does "
                           "with no lesson on)",
                           &ViewArgs::show_lessons));
    return r;
}

}  // namespace

const FlagTable<ViewArgs>& view_flags() {
    static const FlagTable<ViewArgs> table{"View and look", rows(), nullptr};
    return table;
}

}  // namespace ws::ui
