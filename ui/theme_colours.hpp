// The colour of every role the window draws, per theme, as plain data (RGB, no ImGui): the one
// table ui/theme.cpp builds its palettes from and tests/ui/test_palette.cpp checks.
//
// The rule the table keeps (tested): no two roles share a colour; and the roles that appear
// together in one panel or legend (kRoleGroups) stay at least 9 CIEDE2000 apart in normal
// vision and under simulated deuteranopia and protanopia (Machado, Oliveira and Fernandes,
// 2009, severity 1), so that none is told apart by red against green alone. Hues come from
// Okabe and Ito (2008) and Paul Tol's qualitative schemes; the placement was searched against
// that rule. Warps alternate two neutral tones, so that no warp looks like a role.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ws::ui {

struct ThemeColours {
    // Surfaces and text.
    std::uint32_t panel_bg, text, text_dim, grid, frame, cell, cell_undefined, cell_border;
    // Shared memory.
    std::uint32_t read, written, arrow, from_global, raced, warp_a, warp_b;
    std::uint32_t tile_aggregate, tile_prefix;  // the look-back's published tile states
    // Warps: the paths lanes took (the first is an active lane), idle and not launched lanes.
    std::uint32_t path1, path2, path3, lane_off, lane_dead, divergent;
    // Banks.
    std::uint32_t conflict, broadcast, single_word;
    // The current step, the code line that ran.
    std::uint32_t current, line_ran, line_ran_text;
    // Lecture mode: the slide's question to the class (its card's edge).
    std::uint32_t question;
    // A block spinning on another's flag (a look-back that waits, a deadlock).
    std::uint32_t waiting;
    // Something went wrong (a banner, a wrong result, a GPU count that differs from ours), and a
    // count that agrees or a check that passed.
    std::uint32_t error, agree;
    // Plot.
    std::uint32_t plot_bg, plot_axis, plot_peak, plot_l2;
    // Circuit.
    std::uint32_t circuit_wire, circuit_edge, circuit_dot, circuit_future;
    // Lab series: the variants of a family (at most ten: each its own colour; more would
    // repeat them with another marker shape); the baselines, dashed, in colours of their own:
    // copy, read-only, the CUB library, Thrust, the variants written without the vocabulary.
    // A line keeps its hue in every theme (lighter on dark paper, deeper on white: tested).
    std::uint32_t series[10];
    std::uint32_t copy, read_only, cub, thrust, plain;
};

const ThemeColours& dark_colours();
const ThemeColours& light_colours();
const ThemeColours& presentation_colours();

struct Role {
    const char* name;
    std::uint32_t ThemeColours::*colour;
};
// Roles that appear together: the shared-memory legend, the warps legend, the banks picture,
// the timeline.
const std::vector<std::vector<Role>>& role_groups();
// Every role with its own meaning (exact colour values are never shared between these, in one
// theme; every colour the panels draw with a meaning comes from one of them).
const std::vector<Role>& all_roles();

}  // namespace ws::ui
