// The lesson feature's flags: a lesson at a slide (lecture mode), the slide's picture alone, and
// a quiz attempt.
#pragma once
#include <cstddef>
#include <string>

#include "ui/flags/flag_row.hpp"

namespace ws::ui {

struct LessonArgs {
    std::string lesson;  // open this lesson (lecture mode) at `slide` (0-based)
    std::size_t slide = 0;
    bool whole_stage = false;  // the slide's panel on the whole stage (Z)
    std::string quiz_seed;     // open with a quiz attempt of this seed (predict the next step)
    // The link's writer only: the slide on show brings its own request (not written twice).
    bool slide_brings_request = false;
};

const FlagTable<LessonArgs>& lesson_flags();

}  // namespace ws::ui
