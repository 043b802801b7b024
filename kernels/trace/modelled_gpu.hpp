// The GPU the emulator and the trace's analysis model, said once: the window's header, `warpscope
// info` and docs/how-it-works.md name it. Each rule that is not the same on every generation a
// class has (sm_75 to sm_90) is listed with the generations it holds for.
#pragma once

namespace ws::trace {

inline constexpr const char* kModelledGpu = "Hopper (sm_90)";

struct GenerationRule {
    const char* rule;
    const char* holds_for;
};

inline constexpr GenerationRule kGenerationRules[] = {
    {"independent thread scheduling: the lanes of a warp run apart and meet again where the code "
     "says, so a lane may spin on a lock a warp-mate holds",
     "Volta and newer (sm_70+): every GPU CUDA 13 builds for; --schedule converged shows the "
     "lockstep warp of the GPUs before Volta"},
    {"shared memory in 32 banks of 4 bytes, a warp's 8-byte accesses served a half-warp at a "
     "time and 16-byte ones a quarter-warp",
     "every generation since Maxwell (sm_50+): Turing, Ampere, Ada and Hopper alike"},
    {"a shared-memory load touching no bank at two different words takes one wavefront, and a "
     "load's ideal is what its distinct bytes need (128 a wavefront)",
     "measured on Hopper (H100 and H200, sm_90); not measured on Turing, Ampere or Ada"},
};

}  // namespace ws::trace
