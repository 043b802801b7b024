// The race lab's row.
#include "ui/features/race/race_flags.hpp"

#include "ui/flags/flag_values.hpp"

namespace ws::ui {

const FlagTable<RaceArgs>& race_flags() {
    static const FlagTable<RaceArgs> table{
        "Races",
        {switch_row("--find-race",
                    "open with a race search of the request (Find a race), its story shown",
                    &RaceArgs::find_race)},
        nullptr};
    return table;
}

}  // namespace ws::ui
