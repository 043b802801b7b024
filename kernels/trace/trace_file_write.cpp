// Writing trace files: the format of trace_file_format.hpp, byte by byte in little-endian
// order so that files move between machines.
#include <functional>
#include <nlohmann/json.hpp>
#include <string_view>

#include "kernels/io/atomic_file.hpp"

#include "kernels/trace/counter_fields.hpp"
#include "kernels/trace/trace_file.hpp"
#include "kernels/trace/trace_file_format.hpp"

namespace ws::trace {

namespace {

using nlohmann::json;
using namespace file_format;

void put(std::string& out, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

json value_json(Value v) {
    return {{"type", dtype_name(v.type)}, {"bits", v.bits}};
}

// Several results (reduce-minmax-avg): [{"name", "result", "expected", "tolerance", "exact"}],
// exact null where it is the expected value.
json results_json(const Trace& t) {
    json list = json::array();
    for (const ResultValue& v : t.results) {
        json exact = nullptr;
        if (v.exact == v.exact) exact = v.exact;
        list.push_back({{"name", v.name},
                        {"result", value_json(v.result)},
                        {"expected", value_json(v.expected)},
                        {"tolerance", v.tolerance},
                        {"exact", exact}});
    }
    return list;
}

json header_json(const Trace& t) {
    const Request& r = t.request;
    json counters = json::object();
    for (const CounterField& f : kCounterFields) counters[f.name] = t.totals.*f.member;
    json h = {
        {"request",
         {{"algo", r.algo},
          {"n", r.n},
          {"block", r.block},
          {"type", dtype_name(r.type)},
          {"pattern", r.pattern},
          {"seed", r.seed},
          {"schedule", r.schedule},
          {"blocks", r.blocks},
          {"all_blocks", r.all_blocks},
          {"kind", scan_kind_name(r.kind)},
          {"stride", r.stride}}},
        {"backend", t.backend},
        {"device", t.device},
        {"recorded_at", t.recorded_at},
        {"source_file", t.source_file},
        {"source_text", t.source_text},
        {"threads_per_block", t.threads_per_block},
        {"grid", t.grid},
        {"passes", t.passes},
        {"smem_type", dtype_name(t.smem_type)},
        {"smem_bytes", t.smem_bytes},
        {"totals", counters},
        {"result", value_json(t.result)},
        {"expected", value_json(t.expected)},
        {"tolerance", t.tolerance},
        {"ok", t.ok},
        {"error", t.error},
        {"output_digest", t.output_digest},
    };
    if (!t.results.empty()) h["results"] = results_json(t);
    return h;
}

void put_event(std::string& out, const Event& e) {
    put(out, e.phase, 2);
    put(out, e.substep, 2);
    put(out, e.thread, 2);
    put(out, e.line, 2);
    put(out, static_cast<std::uint8_t>(e.kind), 1);
    put(out, e.width, 1);
    put(out, e.src_lane, 1);
    put(out, e.buffer, 1);
    put(out, e.seq, 4);
    put(out, e.address, 8);
    put(out, e.value, 8);
}

// Encodes block by block, handing each piece to `sink` once it has grown past a megabyte, so
// that a file is written without a second copy of the trace in memory.
bool encode_in_pieces(const Trace& t, const std::function<bool(std::string_view)>& sink) {
    std::string out(kMagic, sizeof kMagic);
    std::uint64_t hash = kFnvOffset;
    auto hand_over = [&](std::size_t at_least) {
        if (out.size() < at_least) return true;
        hash = fnv1a64(out.data(), out.size(), hash);
        const bool written = sink(out);
        out.clear();
        return written;
    };
    put(out, Trace::kFormatVersion, 4);
    // Invalid UTF-8 (in source text, say) is replaced rather than thrown on.
    std::string header = header_json(t).dump(-1, ' ', false, json::error_handler_t::replace);
    put(out, header.size(), 8);
    out += header;
    put(out, t.blocks.size(), 4);
    for (const BlockTrace& b : t.blocks) {
        put(out, b.block, 4);
        put(out, b.truncated ? 1 : 0, 1);
        put(out, b.events.size(), 8);
        for (const Event& e : b.events) put_event(out, e);
        put(out, b.snapshots.size(), 4);
        for (const Snapshot& s : b.snapshots) {
            put(out, s.phase, 2);
            put(out, s.bytes.size(), 8);
            out.append(reinterpret_cast<const char*>(s.bytes.data()), s.bytes.size());
        }
        put(out, b.order.size(), 8);
        for (std::uint32_t i : b.order) put(out, i, 4);
        put(out, b.landed.size(), 8);
        for (const BlockTrace::CopyLanding& l : b.landed) {
            put(out, l.copy_event, 4);
            put(out, l.after_order, 4);
        }
        if (!hand_over(std::size_t(1) << 20)) return false;
    }
    if (!hand_over(0)) return false;
    put(out, hash, 8);
    return sink(out);
}

}  // namespace

std::string encode_trace(const Trace& t) {
    std::string bytes;
    encode_in_pieces(t, [&](std::string_view piece) {
        bytes.append(piece);
        return true;
    });
    return bytes;
}

std::string save_trace(const Trace& t, const std::string& path) {
    io::AtomicFile file(path);
    if (!file.error().empty()) return file.error();
    if (!encode_in_pieces(t, [&](std::string_view piece) { return file.write(piece); }))
        return file.error();
    return file.commit();
}

}  // namespace ws::trace
