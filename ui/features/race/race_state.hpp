// The race lab's state for the panels: a search of the form's request under way (warpscope race),
// and the story of the last one, shown in the explanation panel while the algorithm stays the one
// it was told of (its schedule goes into the form). Written by RaceFeature only.
#pragma once
#include <string>
#include <vector>

namespace ws::ui {

struct RaceState {
    bool running = false;
    std::vector<std::string> story;
    std::string story_algo;
};

}  // namespace ws::ui
