#include "kernels/run/request_check.hpp"

#include <ctime>

#include "kernels/run/request_parse.hpp"

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
    if (info) {
        out.source_file = info->source_file;
        if (const char* src = variant_source(*info)) out.source_text = src;
    }
    if (std::string bad = check_request(request, max_elements); !bad.empty()) {
        out.error = bad;
        return nullptr;
    }
    return info;
}

}  // namespace ws::run
