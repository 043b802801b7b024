// Which GPU generations a variant runs on, and the one line that says why not: the rule and its
// wording, pure (no CUDA), so that the CPU tests force every refusal the GPU backend can make.
// The CUDA backend fills GpuFacts from the device and from this build's code for it
// (kernels/cuda/device_info.cu); run, verify, crosscheck, bench and the lab's sweep skip a
// variant with that line instead of meeting a CUDA error.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/trace/dtype.hpp"

namespace ws::run {

// A GPU as the build sees it.
struct GpuFacts {
    std::string name;  // "NVIDIA A100-SXM4-80GB"
    unsigned sm = 0;   // compute capability as a number: 80 for 8.0
    // The architecture this build's code for the GPU was compiled for: `sm` where the build holds
    // machine code or PTX of this generation, lower where the driver compiles older PTX (75 for
    // compute_75 PTX on an H100): what the kernels were allowed to use. 0: not known.
    unsigned code_sm = 0;
    std::uint64_t smem_per_block_optin = 0;  // the most shared memory a block may ask for
};

// "sm_90".
std::string sm_name(unsigned sm);
// The generation of an sm_XY: "Turing", "Ampere", "Ada", "Hopper", "Blackwell", "Volta" ("" for
// one not known).
const char* generation_name(unsigned sm);

// "" when `v` can run on `gpu` in this build at every block and type it takes; else one line:
// what it needs, what this GPU (or this build's code for it) is, and the rung to run instead.
// `shown_as`: the name to give it (a baseline built on the same kernel: compact-pipeline).
std::string gpu_refusal(const VariantInfo& v, const GpuFacts& gpu,
                        const std::string& shown_as = "");
// The same for one request's block and type (the shared memory it asks for).
std::string gpu_refusal(const VariantInfo& v, const GpuFacts& gpu, unsigned block,
                        trace::DType type);

}  // namespace ws::run
