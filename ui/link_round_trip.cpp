// Every flag a link carries: opened, copied as a link, reopened.
#include "ui/link_round_trip.hpp"

#include <algorithm>

#include "ui/model/window/state_link.hpp"
#include "ui/session.hpp"
#include "ui/window_setup.hpp"

namespace ws::ui {
namespace {

ParsedArgs parse(const std::vector<std::string>& flags) {
    std::vector<const char*> argv = {"warpscope"};
    for (const std::string& f : flags) argv.push_back(f.c_str());
    return parse_window_args(int(argv.size()), argv.data());
}

// A synchronous session opened as the window opens it: "" or why not.
std::string open(Session& s, const ParsedArgs& p) {
    if (!p.error.empty()) return p.error;
    if (std::string e = prepare(s, p.args); !e.empty()) return e;
    return place_step(s, p.args);
}

// "" or what went wrong with this row.
std::string round_trip(const WindowFlag& f) {
    const auto asked = std::find(f.example.begin(), f.example.end(), std::string(f.name));
    if (asked == f.example.end()) return "its example does not name it";
    Session first(false);
    if (std::string e = open(first, parse(f.example)); !e.empty()) return "opened: " + e;
    const std::vector<std::string> flags = first.link_flags();
    const auto written = std::find(flags.begin(), flags.end(), std::string(f.name));
    if (written == flags.end()) return "Copy link left it out: " + state_command(flags);
    if (f.takes == Takes::Value &&
        (written + 1 == flags.end() || asked + 1 == f.example.end() || written[1] != asked[1]))
        return "Copy link changed its value: " + state_command(flags);
    const std::string link = state_link(flags);
    Session second(false);
    if (std::string e = open(second, parse({link})); !e.empty()) return "reopened: " + e;
    if (second.link_flags() != flags)
        return "reopened as " + state_command(second.link_flags()) + ", not " +
               state_command(flags);
    return "";
}

}  // namespace

LinkRoundTrip link_round_trip() {
    LinkRoundTrip r;
    for (const WindowFlag& f : window_flags()) {
        if (!f.in_link) continue;
        ++r.rows;
        if (std::string e = round_trip(f); !e.empty()) r.failures.push_back(f.name + (": " + e));
    }
    return r;
}

std::string round_trip_line(const LinkRoundTrip& r) {
    if (r.failures.empty()) return std::to_string(r.rows) + " flags, every one reopened";
    std::string line =
        std::to_string(r.failures.size()) + " of " + std::to_string(r.rows) + " flags failed:";
    for (std::size_t i = 0; i < r.failures.size(); ++i) line += (i ? "; " : " ") + r.failures[i];
    return line;
}

}  // namespace ws::ui
