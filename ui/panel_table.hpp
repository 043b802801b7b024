// Every panel of the window, one row each. A new panel is a file in ui/panels/ (its draw
// function, declared in ui/panels/panels.hpp) and one row here; the id, the --panel names, the
// titles, the readable minimums, the scroll bars, the pictures of one panel and the drawing all
// come from this table.
//
// Columns: id, name (--panel), title (the window's), the smallest readable width and height in
// units of the text size (0 height: the playback strip's fixed height), whether it scrolls, the
// view it belongs to (a picture of it alone is taken in that view), whether it changes with the
// step (pictures at several steps), and its draw function.
#pragma once

#define WS_PANEL_TABLE(X)                                                                   \
    X(Controls, "controls", "Controls", 12, 8, true, Step, false, draw_controls)            \
    X(Shared, "shared", "Shared memory", 13, 7, false, Step, true, draw_shared_memory)      \
    X(Warps, "warps", "Warps", 11, 6, false, Step, true, draw_warps)                        \
    X(Banks, "banks", "Banks", 13, 7, false, Step, true, draw_banks)                        \
    X(Global, "global", "Global memory", 13, 7, false, Step, true, draw_global_memory)      \
    X(Code, "code", "Code", 13, 5, false, Step, true, draw_code)                            \
    X(Editor, "editor", "Your kernel", 13, 5, true, Step, false, draw_editor)               \
    X(Sass, "sass", "SASS", 13, 6, true, Step, false, draw_sass)                            \
    X(Explanation, "explanation", "Explanation", 11, 4, true, Step, true, draw_explanation) \
    X(Timeline, "timeline", "Playback", 13, 0, false, Step, true, draw_timeline)            \
    X(Compare, "compare", "Compare", 13, 7, false, Compare, true, draw_compare)             \
    X(Lab, "lab", "Bandwidth lab", 13, 7, true, Step, false, draw_lab)                      \
    X(Circuit, "circuit", "Circuit", 13, 5, false, Circuit, true, draw_circuit)             \
    X(Ring, "ring", "Across GPUs", 18, 12, false, Ring, true, draw_ring)                    \
    X(Pipeline, "pipeline", "Pipeline", 13, 11, false, Pipeline, true, draw_pipeline)
