// The race lab's flag: open with a race search of the request.
#pragma once
#include "ui/flags/flag_row.hpp"

namespace ws::ui {

struct RaceArgs {
    bool find_race = false;  // open with a race search of the request (Find a race)
};

const FlagTable<RaceArgs>& race_flags();

}  // namespace ws::ui
