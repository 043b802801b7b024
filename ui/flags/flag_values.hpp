// The values the window's flags take, checked as text (each owner's table uses these), and the
// rows every table has many of: a switch, a text stored as given.
#pragma once
#include <optional>
#include <string>

#include "ui/flags/flag_row.hpp"

namespace ws::ui {

// 0..999999999 written in digits only; nullopt otherwise.
std::optional<long> parse_long(const std::string& s);
// A number from lo to hi; nullopt otherwise.
std::optional<float> parse_float(const std::string& s, float lo, float hi);
// A step index: 0, 1, ... or last (-1); "" or the one line naming `flag`.
std::string parse_step(const char* flag, const std::string& v, std::optional<long>& step);
std::string step_text(long step);   // "3", or "last" for -1
std::string number_text(double v);  // "1.25": as short as it reads back

// A row that takes a value: its store (and, for a link, write and example) set by the caller.
template <class Part>
FlagRow<Part> value_row(const char* name, std::string help) {
    FlagRow<Part> r;
    r.name = name;
    r.help = std::move(help);
    return r;
}

// A switch stored in `field`; `in_link`: a link may carry it.
template <class Part>
FlagRow<Part> switch_row(const char* name, std::string help, bool Part::*field,
                         bool in_link = false) {
    FlagRow<Part> r;
    r.name = name;
    r.takes = Takes::Nothing;
    r.help = std::move(help);
    r.store = [field](Part& p, const std::string&) {
        p.*field = true;
        return std::string();
    };
    if (in_link) {
        r.in_link = true;
        r.write = [field](const Part& p) {
            return p.*field ? std::optional<std::string>("") : std::nullopt;
        };
    }
    return r;
}

// A text stored as given (a file name, a lesson's name): no link carries it unless said.
template <class Part>
FlagRow<Part> text_row(const char* name, std::string help, std::string Part::*field) {
    FlagRow<Part> r;
    r.name = name;
    r.help = std::move(help);
    r.store = [field](Part& p, const std::string& v) {
        p.*field = v;
        return std::string();
    };
    return r;
}

}  // namespace ws::ui
