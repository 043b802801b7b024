#include "web/emulator_run.hpp"

#include <cstdint>
#include <cstdio>

#include "kernels/run/backend.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/trace/trace_file.hpp"

namespace ws::web {

EmulatorRun run_emulator(const std::string& flags) {
    run::RequestText text;
    std::string error;
    if (!run::request_text_from_flags(flags, text, error)) return {"", error};
    const run::ParsedRequest parsed = run::parse_request(text);
    if (!parsed.ok()) return {"", parsed.error};
    trace::Trace t = run::emulator().run(parsed.request, run::RunOptions{});
    if (!t.error.empty()) return {"", t.error};
    t.recorded_at = kTestTime;
    return {trace::encode_trace(t), ""};
}

std::string digest(const std::string& bytes) {
    const std::size_t checksum = 8;
    const std::size_t n = bytes.size() > checksum ? bytes.size() - checksum : 0;
    std::uint64_t h = 14695981039346656037ull;
    for (std::size_t i = 0; i < n; ++i) {
        h ^= static_cast<unsigned char>(bytes[i]);
        h *= 1099511628211ull;
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    return std::to_string(bytes.size()) + " " + hex;
}

}  // namespace ws::web
