// Every owner's table as rows over the whole WindowArgs, and the link's flags of a state.
#include <algorithm>

#include "ui/window_args.hpp"

namespace ws::ui {
namespace {

template <class Part>
void lift(const FlagTable<Part>& table, std::vector<WindowFlag>& out) {
    for (const FlagRow<Part>& row : table.rows) {
        WindowFlag w;
        w.name = row.name;
        w.takes = row.takes;
        w.help = row.help;
        w.default_shown = row.default_shown;
        w.store = [store = row.store](WindowArgs& a, const std::string& v) {
            return store(static_cast<Part&>(a), v);
        };
        w.in_link = row.in_link;
        if (row.write)
            w.write = [write = row.write](const WindowArgs& a) {
                return write(static_cast<const Part&>(a));
            };
        w.example = row.example;
        w.keep_before_link = row.keep_before_link;
        w.owner = table.owner;
        out.push_back(std::move(w));
    }
}

template <class Part>
std::string finish(const FlagTable<Part>& table, WindowArgs& a) {
    return table.finish ? table.finish(static_cast<Part&>(a), a) : std::string();
}

}  // namespace

std::string finish_window_args(WindowArgs& a) {
    for (const std::string& e :
         {finish(runs_flags(), a), finish(view_flags(), a), finish(ring_flags(), a),
          finish(lab_flags(), a), finish(lesson_flags(), a), finish(editor_flags(), a),
          finish(race_flags(), a), finish(files_flags(), a), finish(output_flags(), a)})
        if (!e.empty()) return e;
    return "";
}

const std::vector<WindowFlag>& window_flags() {
    static const std::vector<WindowFlag> flags = [] {
        std::vector<WindowFlag> all;
        lift(runs_flags(), all);
        lift(view_flags(), all);
        lift(ring_flags(), all);
        lift(lab_flags(), all);
        lift(lesson_flags(), all);
        lift(editor_flags(), all);
        lift(race_flags(), all);
        lift(files_flags(), all);
        lift(output_flags(), all);
        return all;
    }();
    return flags;
}

const WindowFlag* find_window_flag(const std::string& name) {
    const auto& flags = window_flags();
    const auto it = std::find_if(flags.begin(), flags.end(),
                                 [&](const WindowFlag& f) { return name == f.name; });
    return it == flags.end() ? nullptr : &*it;
}

std::vector<std::string> link_flags_of(const WindowArgs& a) {
    std::vector<std::string> out;
    for (const WindowFlag& f : window_flags()) {
        if (!f.in_link) continue;
        const std::optional<std::string> value = f.write(a);
        if (!value) continue;
        out.push_back(f.name);
        if (f.takes == Takes::Value) out.push_back(*value);
    }
    return out;
}

}  // namespace ws::ui
