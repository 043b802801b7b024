// A failed run's mark on the view it left on show.
#include "ui/model/window/stale_view.hpp"

#include <sstream>

namespace ws::ui {
namespace {

std::string trimmed(const std::string& s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string::npos) return "";
    return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

}  // namespace

std::string failure_line(const std::string& why) {
    std::istringstream in(why);
    std::string line, first;
    while (std::getline(in, line)) {
        line = trimmed(line);
        if (line.empty()) continue;
        if (line.find("error") != std::string::npos) return line;
        if (first.empty()) first = line;
    }
    return first.empty() ? "the run failed" : first;
}

void mark_run_failed(StaleView& s, const std::string& why, bool run_on_show) {
    s.failure = run_on_show ? failure_line(why) : "";
}

void mark_run_shown(StaleView& s) {
    s.failure.clear();
}

std::string stale_banner(const StaleView& s) {
    return s.stale() ? "This is the last good run: " + s.failure : "";
}

}  // namespace ws::ui
