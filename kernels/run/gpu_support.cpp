#include "kernels/run/gpu_support.hpp"

#include <algorithm>
#include <cstdio>

namespace ws::run {

namespace {

std::string kilobytes(std::uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f KB", double(bytes) / 1024.0);
    return text;
}

std::string gpu_name(const GpuFacts& gpu) {
    return gpu.name.empty() ? std::string("GPU") : gpu.name;
}

// "this NVIDIA A100-SXM4-80GB is sm_80 (Ampere)"
std::string this_gpu(const GpuFacts& gpu) {
    std::string line = "this " + gpu_name(gpu) + " is " + sm_name(gpu.sm);
    if (const char* g = generation_name(gpu.sm); *g) line += std::string(" (") + g + ")";
    return line;
}

// ": scan-decoupled-lookback-vector (the single pass it rebuilds, without them) runs here"
std::string instead_of(const VariantInfo& v) {
    if (!*v.instead) return "";
    return std::string(": ") + v.instead +
           (*v.instead_is ? std::string(" (") + v.instead_is + ")" : "") + " runs here";
}

// The generation rule alone: the GPU's, then the code's.
std::string generation_refusal(const VariantInfo& v, const GpuFacts& gpu, const std::string& id) {
    if (v.min_sm == 0) return "";
    const std::string uses = *v.min_sm_uses ? std::string(" (") + v.min_sm_uses + ")" : "";
    if (gpu.sm < v.min_sm)
        return id + " needs " + sm_name(v.min_sm) + " or newer" + uses + "; " + this_gpu(gpu) +
               instead_of(v);
    if (gpu.code_sm != 0 && gpu.code_sm < v.min_sm)
        return id + " needs code built for " + sm_name(v.min_sm) + uses + "; this build runs " +
               "compute_" + std::to_string(gpu.code_sm) + " code on this " + gpu_name(gpu) + " (" +
               sm_name(gpu.sm) + "): build it where the GPU is, or with the all-gpus preset" +
               instead_of(v);
    return "";
}

std::string smem_refusal(const VariantInfo& v, const GpuFacts& gpu, std::uint64_t bytes,
                         const std::string& what) {
    if (gpu.smem_per_block_optin == 0 || bytes <= gpu.smem_per_block_optin) return "";
    return what + " needs " + kilobytes(bytes) + " of shared memory a block; " + this_gpu(gpu) +
           " and gives a block at most " + kilobytes(gpu.smem_per_block_optin) +
           (*v.instead ? instead_of(v) : std::string(": a smaller block needs less"));
}

}  // namespace

std::string sm_name(unsigned sm) {
    return "sm_" + std::to_string(sm);
}

const char* generation_name(unsigned sm) {
    if (sm >= 100) return "Blackwell";
    if (sm >= 90) return "Hopper";
    if (sm == 89) return "Ada";
    if (sm >= 80) return "Ampere";
    if (sm == 75) return "Turing";
    if (sm >= 70) return "Volta";
    return "";
}

std::string gpu_refusal(const VariantInfo& v, const GpuFacts& gpu, const std::string& shown_as) {
    const std::string id = shown_as.empty() ? std::string(v.id) : shown_as;
    if (std::string e = generation_refusal(v, gpu, id); !e.empty()) return e;
    // Its largest need over the blocks and types it takes.
    std::uint64_t most = 0;
    for (unsigned block : block_presets(v.block_rule))
        for (trace::DType type : trace::kAllDTypes)
            most = std::max<std::uint64_t>(
                most, smem_bytes_for(v, block, type) + std::uint64_t(v.static_smem_bytes));
    return smem_refusal(v, gpu, most, id);
}

std::string gpu_refusal(const VariantInfo& v, const GpuFacts& gpu, unsigned block,
                        trace::DType type) {
    if (std::string e = generation_refusal(v, gpu, v.id); !e.empty()) return e;
    const std::uint64_t bytes = smem_bytes_for(v, block, type) + std::uint64_t(v.static_smem_bytes);
    return smem_refusal(v, gpu, bytes,
                        std::string(v.id) + " at block " + std::to_string(block) + " (" +
                            trace::dtype_name(type) + ")");
}

}  // namespace ws::run
