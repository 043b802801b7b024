// Reading trace files. Loading walks the lengths first (each checked against the bytes left
// before anything is allocated), then the checksum, then the JSON header, so that each kind of
// damage has its own one-line message.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <limits>
#include <new>
#include <nlohmann/json.hpp>
#include <optional>

#include "kernels/io/memory.hpp"
#include "kernels/io/regular_file.hpp"
#include "kernels/trace/analysis.hpp"
#include "kernels/trace/counter_fields.hpp"
#include "kernels/trace/trace_file.hpp"
#include "kernels/trace/trace_file_format.hpp"

namespace ws::trace {

namespace {

using nlohmann::json;
using namespace file_format;

struct Failure {
    std::string message;
};

// Reads little-endian integers from [pos, limit); running out is a truncated trace.
class Reader {
  public:
    Reader(const std::string& bytes, std::size_t pos, std::size_t limit)
        : bytes_(bytes), pos_(pos), limit_(limit) {}

    std::size_t left() const { return limit_ - pos_; }
    std::size_t pos() const { return pos_; }

    void need(std::uint64_t n, const std::string& what) const {
        if (n > left())
            throw Failure{"truncated trace: the file ends inside " + what + " (" +
                          std::to_string(n) + " bytes needed, " + std::to_string(left()) +
                          " left)"};
    }
    // `count` records of at least `size` bytes each, checked before anything is allocated.
    void need_records(std::uint64_t count, std::uint64_t size, const std::string& what) const {
        if (count > left() / size)
            throw Failure{"truncated trace: the file ends inside " + what + " (at least " +
                          std::to_string(size) + " bytes each, " + std::to_string(left()) +
                          " left)"};
    }
    std::uint64_t get(int n, const std::string& what) {
        need(static_cast<std::uint64_t>(n), what);
        std::uint64_t v = 0;
        for (int i = 0; i < n; ++i)
            v |= std::uint64_t(static_cast<unsigned char>(bytes_[pos_ + i])) << (8 * i);
        pos_ += static_cast<std::size_t>(n);
        return v;
    }
    // n bytes as [data, data + n), after checking they are there.
    const char* take(std::uint64_t n, const std::string& what) {
        need(n, what);
        const char* p = bytes_.data() + pos_;
        pos_ += static_cast<std::size_t>(n);
        return p;
    }

  private:
    const std::string& bytes_;
    std::size_t pos_, limit_;
};

Event get_event(Reader& r) {
    Event e{};
    const std::string what = "an event";
    e.phase = static_cast<std::uint16_t>(r.get(2, what));
    e.substep = static_cast<std::uint16_t>(r.get(2, what));
    e.thread = static_cast<std::uint16_t>(r.get(2, what));
    e.line = static_cast<std::uint16_t>(r.get(2, what));
    e.kind = static_cast<EventKind>(r.get(1, what));  // checked after the checksum
    e.width = static_cast<std::uint8_t>(r.get(1, what));
    e.src_lane = static_cast<std::uint8_t>(r.get(1, what));
    e.buffer = static_cast<std::uint8_t>(r.get(1, what));
    e.seq = static_cast<std::uint32_t>(r.get(4, what));
    e.address = r.get(8, what);
    e.value = r.get(8, what);
    return e;
}

BlockTrace get_block(Reader& r, std::uint32_t index, std::uint64_t version) {
    const std::string which = "block #" + std::to_string(index);
    BlockTrace b;
    b.block = static_cast<std::uint32_t>(r.get(4, which + "'s id"));
    b.truncated = r.get(1, which + "'s truncated flag") != 0;
    std::uint64_t events = r.get(8, which + "'s event count");
    r.need_records(events, kEventBytes, which + "'s " + std::to_string(events) + " events");
    b.events.reserve(static_cast<std::size_t>(events));
    for (std::uint64_t i = 0; i < events; ++i) b.events.push_back(get_event(r));

    std::uint64_t snaps = r.get(4, which + "'s snapshot count");
    constexpr std::uint64_t kMinSnapshot = 2 + 8;
    r.need_records(snaps, kMinSnapshot, which + "'s " + std::to_string(snaps) + " snapshots");
    b.snapshots.resize(static_cast<std::size_t>(snaps));
    for (Snapshot& s : b.snapshots) {
        s.phase = static_cast<std::uint16_t>(r.get(2, which + "'s snapshot phase"));
        std::uint64_t n = r.get(8, which + "'s snapshot length");
        const char* p = r.take(n, which + "'s snapshot of " + std::to_string(n) + " bytes");
        s.bytes.assign(p, p + n);
    }
    if (version >= 2) {
        std::uint64_t order = r.get(8, which + "'s order count");
        if (order != 0 && order != b.events.size())
            throw Failure{"corrupt trace: " + which + " orders " + std::to_string(order) +
                          " events of " + std::to_string(b.events.size())};
        r.need_records(order, 4, which + "'s order of " + std::to_string(order) + " events");
        b.order.reserve(static_cast<std::size_t>(order));
        for (std::uint64_t i = 0; i < order; ++i)
            b.order.push_back(static_cast<std::uint32_t>(r.get(4, which + "'s order")));
    }
    if (version >= 4) {
        std::uint64_t landed = r.get(8, which + "'s landing count");
        r.need_records(landed, 8, which + "'s " + std::to_string(landed) + " copy landings");
        b.landed.reserve(static_cast<std::size_t>(landed));
        for (std::uint64_t i = 0; i < landed; ++i) {
            BlockTrace::CopyLanding l;
            l.copy_event = static_cast<std::uint32_t>(r.get(4, which + "'s landing"));
            l.after_order = static_cast<std::uint32_t>(r.get(4, which + "'s landing"));
            b.landed.push_back(l);
        }
    }
    return b;
}

// Every event ordered exactly once, and every landing a BulkCopy event landed once, at a place
// in the order (checked after the checksum, like event kinds).
void check_order(const BlockTrace& b) {
    std::vector<std::uint8_t> landed(b.events.size(), 0);
    for (const BlockTrace::CopyLanding& l : b.landed)
        if (l.copy_event >= b.events.size() || b.events[l.copy_event].kind != EventKind::BulkCopy ||
            landed[l.copy_event]++ || l.after_order > b.order.size())
            throw Failure{"corrupt trace: block " + std::to_string(b.block) +
                          "'s copy landings name event " + std::to_string(l.copy_event) +
                          " (not a bulk copy, twice, or past the order)"};
    if (b.order.empty()) return;
    std::vector<std::uint8_t> seen(b.events.size(), 0);
    for (std::uint32_t i : b.order) {
        if (i >= seen.size() || seen[i])
            throw Failure{"corrupt trace: block " + std::to_string(b.block) +
                          "'s order names event " + std::to_string(i) + " twice or out of range"};
        seen[i] = 1;
    }
}

// Version 1 totals counted warps with idle lanes as divergent; what version 2 counts as
// divergent can be recomputed only when every block of the pass was traced.
void upgrade_v1_totals(Trace& t) {
    t.totals.idle_lane_warps = t.totals.divergent_warps;
    std::vector<std::uint8_t> traced(t.grid, 0);
    for (const BlockTrace& b : t.blocks)
        if (b.block < t.grid) traced[b.block] = 1;
    if (std::find(traced.begin(), traced.end(), 0) != traced.end()) return;
    t.totals.divergent_warps = 0;
    for (const BlockTrace& b : t.blocks)
        t.totals.divergent_warps += block_counters(b, t.threads_per_block).divergent_warps;
}

// Header fields, each checked for presence and type.
const json& field(const json& obj, const std::string& path, const char* key) {
    auto it = obj.find(key);
    std::string name = path.empty() ? key : path + "." + key;
    if (it == obj.end()) throw Failure{"trace header is missing field \"" + name + "\""};
    return *it;
}
[[noreturn]] void wrong_type(const std::string& path, const char* key, const char* want) {
    std::string name = path.empty() ? key : path + "." + key;
    throw Failure{"trace header field \"" + name + "\" is not " + want};
}
std::string get_string(const json& obj, const std::string& path, const char* key) {
    const json& v = field(obj, path, key);
    if (!v.is_string()) wrong_type(path, key, "a string");
    return v.get<std::string>();
}
std::uint64_t get_u64(const json& obj, const std::string& path, const char* key,
                      std::uint64_t max = std::numeric_limits<std::uint64_t>::max()) {
    const json& v = field(obj, path, key);
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() > max)
        wrong_type(path, key, "a non-negative integer in range");
    return v.get<std::uint64_t>();
}
std::uint32_t get_u32(const json& obj, const std::string& path, const char* key) {
    return static_cast<std::uint32_t>(
        get_u64(obj, path, key, std::numeric_limits<std::uint32_t>::max()));
}
bool get_bool(const json& obj, const std::string& path, const char* key) {
    const json& v = field(obj, path, key);
    if (!v.is_boolean()) wrong_type(path, key, "true or false");
    return v.get<bool>();
}
const json& get_object(const json& obj, const std::string& path, const char* key) {
    const json& v = field(obj, path, key);
    if (!v.is_object()) wrong_type(path, key, "an object");
    return v;
}
DType get_dtype(const json& obj, const std::string& path, const char* key) {
    std::optional<DType> t = parse_dtype(get_string(obj, path, key));
    if (!t) wrong_type(path, key, "a type name (int, float or double)");
    return *t;
}
Value get_value(const json& obj, const char* key) {
    const json& v = get_object(obj, "", key);
    return Value{get_dtype(v, key, "type"), get_u64(v, key, "bits")};
}

// Atomics were counted from version 3 on, when AtomicWrite events were added; bulk copies from
// version 4 on, with the pipeline's event kinds.
constexpr int kEventKindCountBeforeVersion3 = static_cast<int>(EventKind::AtomicWrite);
constexpr int kEventKindCountBeforeVersion4 = static_cast<int>(EventKind::TxInit);
bool counted_from_version_3(const CounterField& f) {
    return f.member == &Counters::atomics || f.member == &Counters::atomic_retries;
}
bool counted_from_version_4(const CounterField& f) {
    return f.member == &Counters::bulk_copies || f.member == &Counters::bulk_bytes;
}
int event_kinds_in(std::uint64_t version) {
    return version >= 4   ? kEventKindCount
           : version >= 3 ? kEventKindCountBeforeVersion4
                          : kEventKindCountBeforeVersion3;
}

// Added after version 3 began; absent: a single result.
void read_results(const json& h, Trace& t) {
    t.results.clear();
    const auto it = h.find("results");
    if (it == h.end()) return;
    if (!it->is_array() || it->size() > 16) wrong_type("", "results", "an array of results");
    for (const json& v : *it) {
        if (!v.is_object()) wrong_type("", "results", "an array of objects");
        ResultValue r;
        r.name = get_string(v, "results", "name");
        r.result = get_value(v, "result");
        r.expected = get_value(v, "expected");
        const json& tol = field(v, "results", "tolerance");
        if (!tol.is_number() || tol.get<double>() < 0)
            wrong_type("results", "tolerance", "a number >= 0");
        r.tolerance = tol.get<double>();
        const json& exact = field(v, "results", "exact");
        if (!exact.is_null() && !exact.is_number())
            wrong_type("results", "exact", "a number or null");
        if (exact.is_number()) r.exact = exact.get<double>();
        t.results.push_back(r);
    }
}

void read_header(const json& h, Trace& t, std::uint64_t version) {
    if (!h.is_object()) throw Failure{"trace header is not a JSON object"};
    const json& rq = get_object(h, "", "request");
    Request& r = t.request;
    r.algo = get_string(rq, "request", "algo");
    r.n = get_u64(rq, "request", "n");
    r.block = get_u32(rq, "request", "block");
    r.type = get_dtype(rq, "request", "type");
    r.pattern = get_string(rq, "request", "pattern");
    r.seed = get_u64(rq, "request", "seed");
    r.schedule = get_string(rq, "request", "schedule");
    const json& blocks = field(rq, "request", "blocks");
    if (!blocks.is_array()) wrong_type("request", "blocks", "an array");
    r.blocks.clear();
    for (const json& b : blocks) {
        if (!b.is_number_unsigned() || b.get<std::uint64_t>() > 0xffffffffu)
            wrong_type("request", "blocks", "an array of block numbers");
        r.blocks.push_back(b.get<std::uint32_t>());
    }
    r.all_blocks = get_bool(rq, "request", "all_blocks");
    // Added with the scans; files written before them have no kind (they are reductions).
    r.kind = ScanKind::Inclusive;
    if (rq.contains("kind")) {
        std::optional<ScanKind> kind = parse_scan_kind(get_string(rq, "request", "kind"));
        if (!kind) wrong_type("request", "kind", "inclusive or exclusive");
        r.kind = *kind;
    }
    // Added with the memory family; files written before it have no stride (1).
    r.stride = 1;
    if (rq.contains("stride")) {
        const std::uint64_t stride = get_u64(rq, "request", "stride");
        if (stride > 0xffffffffu) wrong_type("request", "stride", "a number of elements");
        r.stride = std::uint32_t(stride);
    }

    t.backend = get_string(h, "", "backend");
    t.device = get_string(h, "", "device");
    t.recorded_at = get_string(h, "", "recorded_at");
    t.source_file = get_string(h, "", "source_file");
    t.source_text = get_string(h, "", "source_text");
    // Bounds that no GPU comes near, so that a crafted header cannot make the analysis
    // allocate gigabytes: threads are numbered in 16 bits, shared memory is at most 228 KiB.
    t.threads_per_block = static_cast<std::uint32_t>(get_u64(h, "", "threads_per_block", 65536));
    t.grid = get_u32(h, "", "grid");
    t.passes = get_u32(h, "", "passes");
    t.smem_type = get_dtype(h, "", "smem_type");
    t.smem_bytes = static_cast<std::uint32_t>(get_u64(h, "", "smem_bytes", 1u << 24));
    const json& totals = get_object(h, "", "totals");
    for (const CounterField& f : kCounterFields) {
        if (version == 1 && f.member == &Counters::idle_lane_warps) continue;  // upgraded later
        if (version < 3 && counted_from_version_3(f)) continue;  // 0: not counted then
        if (version < 4 && counted_from_version_4(f)) continue;
        t.totals.*f.member = get_u64(totals, "totals", f.name);
    }
    t.result = get_value(h, "result");
    t.expected = get_value(h, "expected");
    t.tolerance = 0;  // added after version 2 began; absent: not recorded
    if (const auto it = h.find("tolerance"); it != h.end()) {
        if (!it->is_number() || it->get<double>() < 0) wrong_type("", "tolerance", "a number >= 0");
        t.tolerance = it->get<double>();
    }
    t.ok = get_bool(h, "", "ok");
    t.error = get_string(h, "", "error");
    t.output_digest = h.contains("output_digest") ? get_u64(h, "", "output_digest") : 0;
    read_results(h, t);
}

// The magic, the version and the header's length, from the file's first bytes (`start`) and
// its size: checked before the rest is read, so that a large file that is no trace (or one that
// claims more than it holds) is refused without reading it. Returns the format version.
constexpr std::size_t kPreambleBytes = sizeof kMagic + 4 + 8;

std::uint64_t read_preamble(const std::string& start, std::uint64_t file_size) {
    if (file_size == 0) throw Failure{"not a warpscope trace (the file is empty)"};
    std::size_t magic = std::min(start.size(), sizeof kMagic);
    if (std::memcmp(start.data(), kMagic, magic) != 0)
        throw Failure{"not a warpscope trace (bad magic)"};
    Reader head(start, 0, start.size());
    head.take(sizeof kMagic, "the magic");
    const std::uint64_t version = head.get(4, "the format version");
    if (version > Trace::kFormatVersion)
        throw Failure{"trace format version " + std::to_string(version) +
                      " is newer than this warpscope reads (" +
                      std::to_string(Trace::kFormatVersion) + ")"};
    if (version == 0) throw Failure{"not a warpscope trace (format version 0)"};
    // Everything but the last 8 bytes is content; the walk must end exactly there.
    if (file_size < head.pos() + kChecksumBytes)
        throw Failure{"truncated trace: the file ends before its checksum"};
    if (start.size() >= kPreambleBytes) {
        const std::uint64_t header_size = head.get(8, "the header length");
        const std::uint64_t left = file_size - kChecksumBytes - head.pos();
        if (header_size > left)
            throw Failure{"truncated trace: the file ends inside the header (" +
                          std::to_string(header_size) + " bytes) (" + std::to_string(header_size) +
                          " bytes needed, " + std::to_string(left) + " left)"};
    }
    return version;
}

LoadResult decode(const std::string& bytes) {
    LoadResult out;
    const std::uint64_t version = read_preamble(bytes, bytes.size());
    const std::size_t content = bytes.size() - kChecksumBytes;
    Reader r(bytes, sizeof kMagic + 4, content);
    std::uint64_t header_size = r.get(8, "the header length");
    const char* header =
        r.take(header_size, "the header (" + std::to_string(header_size) + " bytes)");
    std::uint64_t blocks = r.get(4, "the block count");
    const std::uint64_t kMinBlock = 4 + 1 + 8 + 4 + (version >= 2 ? 8 : 0) + (version >= 4 ? 8 : 0);
    r.need_records(blocks, kMinBlock, std::to_string(blocks) + " blocks");
    out.trace.blocks.reserve(static_cast<std::size_t>(blocks));
    for (std::uint64_t i = 0; i < blocks; ++i)
        out.trace.blocks.push_back(get_block(r, static_cast<std::uint32_t>(i), version));

    Reader tail(bytes, content, bytes.size());
    std::uint64_t stored = tail.get(8, "the checksum");
    if (stored != fnv1a64(bytes.data(), content))
        throw Failure{"checksum mismatch: the file is damaged"};
    if (r.left() != 0)
        throw Failure{"corrupt trace: " + std::to_string(r.left()) +
                      " unexpected bytes after the last block"};

    for (const BlockTrace& b : out.trace.blocks) {
        const int kinds = event_kinds_in(version);
        for (const Event& e : b.events)
            if (static_cast<int>(e.kind) >= kinds)
                throw Failure{"corrupt trace: event kind " +
                              std::to_string(static_cast<int>(e.kind)) + " is unknown"};
        check_order(b);
    }

    json h = json::parse(header, header + header_size, nullptr, false);
    if (h.is_discarded()) throw Failure{"trace header is not valid JSON"};
    read_header(h, out.trace, version);
    if (version == 1) upgrade_v1_totals(out.trace);
    out.ok = true;
    return out;
}
}  // namespace

LoadResult decode_trace(const std::string& bytes) {
    try {
        return decode(bytes);
    } catch (const Failure& f) {
        LoadResult out;
        out.error = f.message;
        return out;
    } catch (const std::bad_alloc&) {
        LoadResult out;
        out.error = "not enough memory to load a trace of " + io::bytes_text(bytes.size());
        return out;
    } catch (const std::exception& e) {  // a header value nlohmann refuses; not expected
        LoadResult out;
        out.error = std::string("trace header is unreadable: ") + e.what();
        return out;
    }
}

LoadResult load_trace(const std::string& path) {
    LoadResult out;
    io::RegularFile file(path);
    // The magic first: a large file that is no trace is refused without reading it.
    const std::string start = file.read_prefix(kPreambleBytes);
    if (!file.ok()) {
        out.error = file.error();
        return out;
    }
    try {
        read_preamble(start, file.size());
    } catch (const Failure& f) {
        out.error = f.message;
        return out;
    }
    // The trace takes about as much memory as its file, so twice the file must be free.
    const std::uint64_t free = io::available_memory();
    if (free && file.size() > free / 2) {
        out.error = "cannot load " + path + ": it has " + io::bytes_text(file.size()) +
                    " and loading it needs about " + io::bytes_text(2 * file.size()) +
                    " of memory, " + io::bytes_text(free) + " is free";
        return out;
    }
    const std::string bytes = file.read_all(std::numeric_limits<std::uint64_t>::max());
    if (!file.ok()) {
        out.error = file.error();
        return out;
    }
    return decode_trace(bytes);
}

}  // namespace ws::trace
