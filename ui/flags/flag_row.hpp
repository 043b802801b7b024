// One of the window's flags as its owner declares it: a feature (ui/features/*/..._flags.hpp) or
// the window itself for what no feature owns (ui/flags: the view and look, the pictures written
// instead of a window). The parser and --help (ui/window_args.cpp), the link's allow-list and its
// reader (ui/model/window/state_link.cpp), the link's writer (Session::link_flags), the settings
// (kept_preferences) and the round-trip test all read these rows: a new flag is one row.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ui/preferences.hpp"

namespace ws::ui {

struct WindowArgs;

enum class Takes { Value, Nothing };  // "--step 3", or a switch: "--presentation"

template <class Part>
struct FlagRow {
    const char* name = nullptr;  // "--ring-gpus"
    Takes takes = Takes::Value;
    std::string help;
    std::string default_shown;  // --help's [default]; "" where it has none to show
    // Checks the value (a switch: "") and stores it: "" or the one line naming the flag.
    std::function<std::string(Part&, const std::string&)> store;
    // A link may carry it: `write` gives its value from the state (nullopt: left out; a switch
    // that is on: ""), and `example` the flags that open a view showing it (the round-trip test).
    bool in_link = false;
    std::function<std::optional<std::string>(const Part&)> write;
    std::vector<std::string> example;
    // The setting this flag's value lands in, where a link's is for the run it opens only (the
    // look): copies the value kept before the run back over the one at its end.
    std::function<void(const Preferences& before, Preferences& kept)> keep_before_link;
};

// An owner's rows, and what it makes of them together once each is stored: values that need
// another's (a request and its default block) and checks across flags ("" or the one line).
template <class Part>
struct FlagTable {
    const char* owner = nullptr;  // --help's group: "Lesson", "Bandwidth lab"
    std::vector<FlagRow<Part>> rows;
    std::function<std::string(Part&, const WindowArgs&)> finish;
};

// A row of any owner over the whole WindowArgs (each owner's part is a base of it).
struct WindowFlag : FlagRow<WindowArgs> {
    const char* owner = nullptr;
};

}  // namespace ws::ui
