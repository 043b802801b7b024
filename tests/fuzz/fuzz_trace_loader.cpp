// libFuzzer target: the trace loader, and what `warpscope stats --trace` and the window's
// --trace do with what it loads. Any input must give a trace or one line of error, never a crash, a
// hang, undefined behaviour or a leak (the target is built with ASan and UBSan, the `sanitize`
// preset). Each input is tried twice: as it is, and with a valid checksum put on its end, so that
// mutations reach the header and the blocks instead of stopping at the checksum.
#include <cstddef>
#include <cstdint>
#include <string>

#include "kernels/run/stats_report.hpp"
#include "kernels/trace/trace_file.hpp"
#include "kernels/trace/trace_file_format.hpp"
#include "ui/model/trace/trace_view.hpp"

namespace {

void must(bool condition) {
    if (!condition) __builtin_trap();
}

void try_bytes(const std::string& bytes) {
    const ws::trace::LoadResult r = ws::trace::decode_trace(bytes);
    if (!r.ok) {
        must(!r.error.empty() && r.error.find('\n') == std::string::npos);
        return;
    }
    // What stats prints, and a file written from it reads back.
    must(!ws::run::stats_table(r.trace).empty());
    must(!ws::run::stats_json(r.trace).empty());
    must(ws::trace::decode_trace(ws::trace::encode_trace(r.trace)).ok);
    // And what the window builds from a replayed file before drawing it (steps, values, warps,
    // banks, circuit): all of it from the trace alone.
    auto view = ws::ui::make_trace_view(std::make_shared<const ws::trace::Trace>(r.trace));
    must(view != nullptr);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string bytes(reinterpret_cast<const char*>(data), size);
    try_bytes(bytes);
    using namespace ws::trace::file_format;
    if (bytes.size() >= kChecksumBytes) {
        const std::size_t content = bytes.size() - kChecksumBytes;
        std::uint64_t h = fnv1a64(bytes.data(), content);
        for (std::size_t i = 0; i < kChecksumBytes; ++i, h >>= 8) bytes[content + i] = char(h);
        try_bytes(bytes);
    }
    return 0;
}
