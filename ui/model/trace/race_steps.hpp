// A step that races is shown access by access. Inside a step with a hazard (an unsynchronised
// region: the legacy unrolled warp, the in-place Kogge-Stone scan) the order of the accesses
// decides the result, so the trace view replaces the step by its access-steps, in the order the
// emulator's schedule ran them (a GPU trace records no order: lockstep order, which is the one
// the GPU's result agrees with): under `sequential` a class sees lane 0 read s[16] before lane
// 16 writes it, under `lockstep` the same accesses in the order that happens to be right. Each
// hazard becomes a RacePair: which thread read, which wrote, both lines, both access-steps.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

// The shared cells a thread has read since its last shared write (they flow into it).
struct PendingReads {
    std::vector<std::uint32_t> cells;
    bool global = false;  // a global read too: the next write holds a value from global memory
};

// Adds one event to a step's picture: lane activity, cell flags, arrows, tallies
// (trace_view.cpp; `pending` is the event's thread's).
void apply_event(const TraceView& v, StepView& s, const trace::Event& e, PendingReads& pending);

// The first step in which `thread` made the access (a read or a write of shared cell `cell`),
// access-steps before whole steps; nullopt when no step has it. The race story jumps there.
std::optional<std::size_t> step_of_access(const TraceView& v, unsigned thread, std::uint32_t cell,
                                          bool write);

// Replaces every step with a hazard by its access-steps and fills TraceView::races. A pair of
// one warp in the order lockstep runs them (pre-Volta's simultaneous warp: the write before
// the read, as intended) is RacePair::intended: its cells are not marked as racing.
void expand_racy_steps(TraceView& v);
// The step has a race that is not an intended pair: the panels mark it.
bool has_real_race(const TraceView& v, const StepView& s);

// Groups events (indices into `events`, in the order they ran) into access-steps: a run of one
// thread's accesses (the scheduler let it run on), or one access made by several threads in
// turn (the same line, kind and occurrence: lockstep). `occurrence[i]` counts the earlier
// events of event i's thread with the same line and kind in its step. Returns the first index
// of each group.
std::vector<std::size_t> access_groups(const std::vector<trace::Event>& events,
                                       const std::vector<std::uint32_t>& in_order,
                                       const std::vector<std::uint32_t>& occurrence);

}  // namespace ws::ui
