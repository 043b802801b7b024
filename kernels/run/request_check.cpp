#include "kernels/run/request_check.hpp"

#include <ctime>

#include "kernels/run/input_data.hpp"
#include "kernels/sim/emulator.hpp"

namespace ws::run {

std::string now_iso8601() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

const VariantInfo* prepare_trace(const trace::Request& request, const std::string& backend,
                                 const std::string& device, std::uint64_t max_elements,
                                 trace::Trace& out) {
    out.request = request;
    out.backend = backend;
    out.device = device;
    out.recorded_at = now_iso8601();
    out.threads_per_block = request.block;
    out.smem_type = request.type;

    const VariantInfo* info = find_variant(request.algo);
    if (!info) {
        out.error = "--algo " + request.algo + ": no such algorithm (see `warpscope list`)";
        return nullptr;
    }
    out.source_file = info->source_file;
    if (const char* src = variant_source(*info)) out.source_text = src;
    if (!sim::Schedule::parse(request.schedule)) {
        out.error = "--schedule " + request.schedule +
                    ": not a schedule (lockstep, sequential or random:SEED)";
        return nullptr;
    }
    if (std::string bad = check_request(*info, request.n, request.block, max_elements);
        !bad.empty()) {
        out.error = bad;
        return nullptr;
    }
    if (std::string bad = check_kind(*info, request.kind); !bad.empty()) {
        out.error = bad;
        return nullptr;
    }
    if (!is_pattern(request.pattern)) {
        out.error = "--pattern " + request.pattern + ": not a pattern (" + kPatterns + ")";
        return nullptr;
    }
    const unsigned grid = grid_for(*info, request.n, request.block);
    for (auto b : request.blocks)
        if (!request.all_blocks && b >= grid) {
            out.error = "--blocks: block " + std::to_string(b) + " does not exist; the first " +
                        "pass has " + std::to_string(grid) + " blocks";
            return nullptr;
        }
    return info;
}

}  // namespace ws::run
