// Where the ring view draws an all-reduce across k GPUs (issue 20), as plain data: the GPUs on a
// circle (GPU 0 at the top, clockwise, as the ring passes chunks), each a box holding its chunks
// in a row; the transfers of the step that led to the shown state as arrows from the sender's
// chunk to the receiver's; and the bytes each directed link has carried so far. No ImGui:
// tests/ui/test_ring_layout.cpp.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/multi/ring_emulator.hpp"
#include "ui/layout.hpp"
#include "ui/model/lab/multi_gpu_lab.hpp"
#include "ui/model/ring/byte_label.hpp"

namespace ws::ui {

struct RingChunkBox {
    Rect rect;
    unsigned gpu = 0, chunk = 0;
    std::uint32_t contributions = 0;  // which GPUs' inputs the chunk holds (bit g: GPU g)
    bool complete = false;            // it holds every GPU's: the final sum
    bool received = false;            // the shown step wrote it
};

struct RingArrow {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // from the sender's GPU box to the receiver's
    float cx = 0, cy = 0;  // the curve's control point: bowed to the left of travel, so that
                           // the two directions between one pair of GPUs stay apart
    float lx = 0, ly = 0;  // where its label is centred (on the curve)
    unsigned from = 0, to = 0, chunk = 0;
    bool adds = false;
    std::string label;   // "chunk 2: 250 KiB, adds"
    std::string so_far;  // "750 KiB so far" (the link's bytes up to and with this step)
};

struct RingLinkLabel {
    float x = 0, y = 0;  // beside the link's midpoint, outside the circle
    unsigned from = 0, to = 0;
    std::uint64_t bytes = 0;  // carried from the start to the shown state
    std::string text;         // "1.5 MiB"
};

struct RingLayout {
    std::vector<Rect> gpus;  // the GPU boxes, one per GPU
    std::vector<RingChunkBox> chunks;
    std::vector<RingArrow> arrows;     // the shown step's transfers (none at the start)
    std::vector<RingLinkLabel> links;  // every directed link that has carried bytes
    float cx = 0, cy = 0, radius = 0;  // the circle the GPUs sit on
};

// The rectangle a label centred at (x, y) takes, one line or two (`second` empty: one), its
// width estimated from its characters at `em` (0.6 em each, its backing's margins): the layout
// keeps it off the GPU boxes, the test checks it.
// What every arrow of the shown step would repeat, said once for the line over the picture:
// "every arrow carries 488.3 KiB, added on arrival; each link 1.4 MiB so far", when all the
// step's transfers carry the same bytes (and add alike) and their links have carried the same so
// far; the arrows then name only their chunk (8 GPUs at 1280x720 had 16 lines of the same words
// over their boxes). "" otherwise, or before the first step.
std::string ring_step_common(const multi::RingRun& run, std::size_t state);

Rect ring_label_rect(float x, float y, const std::string& first, const std::string& second,
                     float em);

// `state`: 0 is the start, s the state after step s (run.after_step[s]); clamped. `em`: the text
// size in pixels, so that labels have room.
RingLayout ring_layout(const multi::RingRun& run, std::size_t state, const Rect& area, float em);

// The caption of a state: "step 3 of 6: all-gather, each GPU passes on a finished chunk" or
// "the start: each GPU holds only its own input".
std::string ring_state_caption(const multi::RingRun& run, std::size_t state);

// What real GPUs did in the shown step, where a recorded multi-GPU bench has the same plan, GPU
// count and size of floats: "recorded on 2 × NVIDIA H200 (2026-11-26): this step took 0.107 ms,
// 39.2 GB/s each way; the whole all-reduce 0.224 ms". Where none was recorded, it says so, and what
// the plan's alpha + n beta fit from the GPU count that was recorded predicts for the step
// (kernels/multi/latency_bandwidth.hpp), called a prediction; "" at the start.
std::string recorded_step_line(const MultiGpuLab& lab, const multi::RingRun& run,
                               std::size_t state);

}  // namespace ws::ui
