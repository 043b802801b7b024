// Trace files: round trips, and every kind of damage rejected with its own one-line message.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/trace_file.hpp"
#include "tests/trace/trace_builders.hpp"

using namespace ws::trace;

namespace {

std::uint64_t fnv1a64(const std::string& s) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : s) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

void put(std::string& out, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

std::uint64_t get(const std::string& s, std::size_t at, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v |= std::uint64_t(static_cast<unsigned char>(s[at + i])) << (8 * i);
    return v;
}

void patch(std::string& s, std::size_t at, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) s[at + i] = static_cast<char>((v >> (8 * i)) & 0xff);
}

// An encoded file split into its JSON header and its binary blocks (without the checksum).
struct Parts {
    std::string header, blocks;
};
Parts split(const std::string& file) {
    std::size_t len = get(file, 12, 8);
    return {file.substr(20, len), file.substr(20 + len, file.size() - 8 - 20 - len)};
}
// A file with the given parts, version and a correct checksum.
std::string join(const std::string& header, const std::string& blocks,
                 std::uint32_t version = Trace::kFormatVersion) {
    std::string out = "WSTRACE\n";
    put(out, version, 4);
    put(out, header.size(), 8);
    out += header;
    out += blocks;
    put(out, fnv1a64(out), 8);
    return out;
}

// A small trace: one block of 40 events and one snapshot.
Trace tiny_trace() {
    Trace t = test::small_trace();
    t.blocks.resize(1);
    t.blocks[0].events.resize(40);
    t.blocks[0].snapshots.resize(1);
    return t;
}

// The blocks of a one-block file as versions 2 and 3 wrote them: no copy landings at the end.
std::string without_landings(const std::string& blocks) {
    REQUIRE(get(blocks, blocks.size() - 8, 8) == 0);
    return blocks.substr(0, blocks.size() - 8);
}

std::string error_of(const std::string& bytes) {
    LoadResult r = decode_trace(bytes);
    CHECK_FALSE(r.ok);
    return r.error;
}

bool starts_with(const std::string& s, const std::string& prefix) {
    return s.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace

TEST_CASE("a trace survives encoding and decoding", "[trace][file]") {
    Trace t = test::small_trace();
    t.error = "line 3: \"quoted\"";
    t.ok = false;
    t.blocks[1].truncated = true;
    std::string bytes = encode_trace(t);
    LoadResult r = decode_trace(bytes);
    REQUIRE(r.error == "");
    REQUIRE(r.ok);
    const Trace& u = r.trace;
    CHECK(first_difference(t, u) == "");

    CHECK(u.request.algo == t.request.algo);
    CHECK(u.request.n == t.request.n);
    CHECK(u.request.block == t.request.block);
    CHECK(u.request.type == t.request.type);
    CHECK(u.request.pattern == t.request.pattern);
    CHECK(u.request.seed == t.request.seed);
    CHECK(u.request.schedule == t.request.schedule);
    CHECK(u.request.blocks == t.request.blocks);
    CHECK(u.request.all_blocks == t.request.all_blocks);
    CHECK(u.backend == t.backend);
    CHECK(u.device == t.device);
    CHECK(u.recorded_at == t.recorded_at);
    CHECK(u.source_file == t.source_file);
    CHECK(u.source_text == t.source_text);
    CHECK(u.passes == t.passes);
    CHECK(u.smem_type == t.smem_type);
    CHECK(u.totals == t.totals);
    CHECK(u.result.type == t.result.type);
    CHECK(u.result.bits == t.result.bits);
    CHECK(u.expected.bits == t.expected.bits);
    CHECK(u.ok == t.ok);
    CHECK(u.error == t.error);
    REQUIRE(u.blocks.size() == 2);
    CHECK(u.blocks[1].truncated);
    CHECK_FALSE(u.blocks[0].truncated);
    CHECK(u.blocks[1].block == 1);
    REQUIRE(u.blocks[0].events.size() == t.blocks[0].events.size());
    CHECK(std::memcmp(u.blocks[0].events.data(), t.blocks[0].events.data(),
                      t.blocks[0].events.size() * sizeof(Event)) == 0);
    CHECK(u.blocks[0].snapshots[1].bytes == t.blocks[0].snapshots[1].bytes);

    CHECK(encode_trace(u) == bytes);  // stable
}

TEST_CASE("the file is little-endian with the documented layout", "[trace][file]") {
    Trace t = tiny_trace();
    t.blocks[0].events[0].address = 0x0102030405060708ull;
    std::string bytes = encode_trace(t);
    CHECK(bytes.substr(0, 8) == "WSTRACE\n");
    CHECK(get(bytes, 8, 4) == 4);
    Parts p = split(bytes);
    CHECK(nlohmann::json::parse(p.header)["grid"] == 2);
    CHECK(get(p.blocks, 0, 4) == 1);   // block count
    CHECK(get(p.blocks, 4, 4) == 0);   // block id
    CHECK(get(p.blocks, 9, 8) == 40);  // event count
    const Event& e = t.blocks[0].events[0];
    std::size_t ev = 17;
    CHECK(get(p.blocks, ev + 4, 2) == e.thread);
    CHECK(get(p.blocks, ev + 8, 1) == static_cast<unsigned>(e.kind));
    CHECK(static_cast<unsigned char>(p.blocks[ev + 16]) == 0x08);
    CHECK(get(p.blocks, ev + 16, 8) == 0x0102030405060708ull);
    // After the events, the snapshots, then how many events the order names and how many
    // copies landed (none here).
    const std::size_t snaps = ev + 40 * 32;
    CHECK(get(p.blocks, snaps, 4) == 1);
    const std::size_t snap_len = get(p.blocks, snaps + 4 + 2, 8);
    CHECK(get(p.blocks, snaps + 4 + 2 + 8 + snap_len, 8) == 0);
    CHECK(get(p.blocks, snaps + 4 + 2 + 8 + snap_len + 8, 8) == 0);
    CHECK(p.blocks.size() == snaps + 4 + 2 + 8 + snap_len + 8 + 8);
    CHECK(get(bytes, bytes.size() - 8, 8) == fnv1a64(bytes.substr(0, bytes.size() - 8)));
}

TEST_CASE("an empty trace round trips", "[trace][file]") {
    Trace t;
    LoadResult r = decode_trace(encode_trace(t));
    REQUIRE(r.ok);
    CHECK(r.trace.blocks.empty());
    CHECK(r.trace.request.blocks == std::vector<std::uint32_t>{0});
    CHECK(first_difference(t, r.trace) == "");
}

TEST_CASE("save_trace and load_trace use the file system", "[trace][file]") {
    namespace fs = std::filesystem;
    fs::path dir = fs::temp_directory_path() / "warpscope_trace_file_test";
    fs::create_directories(dir);
    std::string path = (dir / "t.wstrace").string();
    Trace t = test::small_trace();
    REQUIRE(save_trace(t, path) == "");
    LoadResult r = load_trace(path);
    REQUIRE(r.ok);
    CHECK(first_difference(t, r.trace) == "");
    CHECK(r.trace.source_text == t.source_text);

    LoadResult missing = load_trace((dir / "missing.wstrace").string());
    CHECK_FALSE(missing.ok);
    CHECK(starts_with(missing.error, "cannot open"));
    CHECK_FALSE(load_trace(dir.string()).ok);
    CHECK_FALSE(save_trace(t, (dir / "no" / "such" / "dir.wstrace").string()).empty());
    fs::remove_all(dir);
}

TEST_CASE("files that are not traces are refused", "[trace][file]") {
    CHECK(error_of("") == "not a warpscope trace (the file is empty)");
    CHECK(error_of("hello, world, this is text") == "not a warpscope trace (bad magic)");
    std::string bytes = encode_trace(tiny_trace());
    bytes[3] = 'X';
    CHECK(error_of(bytes) == "not a warpscope trace (bad magic)");
}

TEST_CASE("a newer format version is refused by name", "[trace][file]") {
    std::string bytes = encode_trace(tiny_trace());
    patch(bytes, 8, 5, 4);
    CHECK(error_of(bytes) == "trace format version 5 is newer than this warpscope reads (4)");
    patch(bytes, 8, 0, 4);
    CHECK(starts_with(error_of(bytes), "not a warpscope trace"));
}

TEST_CASE("a truncated file is refused at every cut", "[trace][file]") {
    std::string bytes = encode_trace(tiny_trace());
    std::vector<std::size_t> cuts = {bytes.size() - 1, bytes.size() - 8, bytes.size() - 9};
    for (std::size_t cut = 1; cut < bytes.size(); cut += 7) cuts.push_back(cut);
    for (std::size_t cut : cuts) {
        INFO("cut at " << cut << " of " << bytes.size());
        std::string e = error_of(bytes.substr(0, cut));
        CHECK(starts_with(e, "truncated trace: "));
        CHECK(e.find('\n') == std::string::npos);
    }
}

TEST_CASE("a damaged byte fails the checksum", "[trace][file]") {
    std::string bytes = encode_trace(tiny_trace());
    Parts p = split(bytes);
    std::size_t in_header = 20 + p.header.size() / 2;
    std::size_t in_events = 20 + p.header.size() + 17 + 32 * 5 + 20;
    std::size_t in_checksum = bytes.size() - 3;
    for (std::size_t at : {in_header, in_events, in_checksum}) {
        std::string damaged = bytes;
        damaged[at] = static_cast<char>(damaged[at] ^ 0x10);
        CHECK(error_of(damaged) == "checksum mismatch: the file is damaged");
    }
}

TEST_CASE("no single flipped bit loads", "[trace][file]") {
    std::string bytes = encode_trace(tiny_trace());
    for (std::size_t at = 0; at < bytes.size(); ++at) {
        for (int bit : {0, 7}) {
            std::string damaged = bytes;
            damaged[at] = static_cast<char>(damaged[at] ^ (1 << bit));
            LoadResult r = decode_trace(damaged);
            if (r.ok) FAIL("byte " << at << " bit " << bit << " went unnoticed");
            if (r.error.empty()) FAIL("byte " << at << " bit " << bit << " gave no message");
        }
    }
}

TEST_CASE("absurd lengths are refused before anything is allocated", "[trace][file]") {
    Trace t = tiny_trace();
    t.blocks[0].events.clear();  // one block: no events, one snapshot
    std::string bytes = encode_trace(t);
    const std::size_t h = 20 + split(bytes).header.size();  // the block count

    struct Field {
        const char* what;
        std::size_t at;
        int size;
        std::uint64_t value;
    };
    for (Field f :
         {Field{"header length", 12, 8, 1ull << 62}, Field{"header length", 12, 8, ~0ull},
          Field{"block count", h, 4, 0xffffffffull}, Field{"event count", h + 9, 8, 1ull << 60},
          Field{"event count", h + 9, 8, ~0ull}, Field{"snapshot count", h + 17, 4, 0xffffffffull},
          Field{"snapshot length", h + 23, 8, 1ull << 63}}) {
        INFO(f.what << " = " << f.value);
        std::string damaged = bytes;
        patch(damaged, f.at, f.value, f.size);
        // With a correct checksum too: the lengths themselves must be caught.
        std::string resummed = damaged.substr(0, damaged.size() - 8);
        put(resummed, fnv1a64(resummed), 8);
        CHECK(starts_with(error_of(damaged), "truncated trace: "));
        CHECK(starts_with(error_of(resummed), "truncated trace: "));
    }
}

TEST_CASE("a damaged header is named", "[trace][file]") {
    Parts p = split(encode_trace(tiny_trace()));
    CHECK(error_of(join("{\"request\": ", p.blocks)) == "trace header is not valid JSON");
    CHECK(error_of(join("[1, 2]", p.blocks)) == "trace header is not a JSON object");

    nlohmann::json h = nlohmann::json::parse(p.header);
    nlohmann::json no_grid = h;
    no_grid.erase("grid");
    CHECK(error_of(join(no_grid.dump(), p.blocks)) == "trace header is missing field \"grid\"");
    nlohmann::json no_algo = h;
    no_algo["request"].erase("algo");
    CHECK(error_of(join(no_algo.dump(), p.blocks)) ==
          "trace header is missing field \"request.algo\"");
    nlohmann::json bad_n = h;
    bad_n["request"]["n"] = "ten";
    CHECK(error_of(join(bad_n.dump(), p.blocks)).find("\"request.n\"") != std::string::npos);
    nlohmann::json bad_type = h;
    bad_type["smem_type"] = "half";
    CHECK(error_of(join(bad_type.dump(), p.blocks)).find("\"smem_type\"") != std::string::npos);
    nlohmann::json big = h;
    big["grid"] = 1ull << 40;
    CHECK(error_of(join(big.dump(), p.blocks)).find("\"grid\"") != std::string::npos);

    nlohmann::json huge = h;
    huge["smem_bytes"] = 0xffffffffu;  // would make shared_after allocate 8 GB
    CHECK(error_of(join(huge.dump(), p.blocks)).find("\"smem_bytes\"") != std::string::npos);

    // The untouched header loads.
    CHECK(decode_trace(join(h.dump(), p.blocks)).ok);
}

TEST_CASE("well-summed files with bad contents are refused", "[trace][file]") {
    Parts p = split(encode_trace(tiny_trace()));
    CHECK(starts_with(error_of(join(p.header, p.blocks + "xyz")), "corrupt trace: 3 unexpected"));
    std::string kinds = p.blocks;
    kinds[17 + 8] = 13;  // the first event's kind
    CHECK(error_of(join(p.header, kinds)) == "corrupt trace: event kind 13 is unknown");
    // AtomicWrite (6) came with version 3: a version 2 file holding one is corrupt.
    kinds[17 + 8] = 6;
    CHECK(decode_trace(join(p.header, kinds)).ok);
    CHECK(error_of(join(p.header, without_landings(kinds), 2)) ==
          "corrupt trace: event kind 6 is unknown");
    // The pipeline's kinds (TxInit = 7 .. Mark = 12) came with version 4.
    for (int kind = 7; kind <= 12; ++kind) {
        kinds[17 + 8] = char(kind);
        CHECK(decode_trace(join(p.header, kinds)).ok);
        CHECK(error_of(join(p.header, without_landings(kinds), 3)) ==
              "corrupt trace: event kind " + std::to_string(kind) + " is unknown");
    }
}

TEST_CASE("version 2 files load with no atomics counted", "[trace][file]") {
    Trace t = tiny_trace();
    t.totals.atomics = 7;
    t.totals.atomic_retries = 3;
    Parts p = split(encode_trace(t));
    nlohmann::json h = nlohmann::json::parse(p.header);
    CHECK(decode_trace(join(h.dump(), p.blocks)).trace.totals.atomics == 7);
    h["totals"].erase("atomics");
    h["totals"].erase("atomic_retries");
    CHECK_FALSE(decode_trace(join(h.dump(), p.blocks)).ok);  // version 3 must have them
    const LoadResult old = decode_trace(join(h.dump(), without_landings(p.blocks), 2));
    REQUIRE(old.ok);
    CHECK(old.trace.totals.atomics == 0);
    CHECK(old.trace.totals.atomic_retries == 0);
}

TEST_CASE("a scan's kind and output digest survive a file, older files read as inclusive",
          "[trace][file]") {
    Trace t = tiny_trace();
    t.request.kind = ScanKind::Exclusive;
    t.output_digest = 0x0123456789abcdefull;
    LoadResult r = decode_trace(encode_trace(t));
    REQUIRE(r.ok);
    CHECK(r.trace.request.kind == ScanKind::Exclusive);
    CHECK(r.trace.output_digest == 0x0123456789abcdefull);
    CHECK(first_difference(t, r.trace) == "");
    Trace other = t;
    other.output_digest = 1;
    CHECK(first_difference(t, other).find("output") == 0);

    Parts p = split(encode_trace(t));
    nlohmann::json h = nlohmann::json::parse(p.header);
    nlohmann::json old = h;  // written before the scans: neither field
    old["request"].erase("kind");
    old.erase("output_digest");
    LoadResult o = decode_trace(join(old.dump(), p.blocks));
    REQUIRE(o.ok);
    CHECK(o.trace.request.kind == ScanKind::Inclusive);
    CHECK(o.trace.output_digest == 0);
    nlohmann::json bad = h;
    bad["request"]["kind"] = "sideways";
    CHECK(error_of(join(bad.dump(), p.blocks)).find("\"request.kind\"") != std::string::npos);
}

namespace {

// The blocks of `t` as format version 1 wrote them: no order after the snapshots.
std::string v1_blocks(const Trace& t) {
    std::string out;
    put(out, t.blocks.size(), 4);
    for (const BlockTrace& b : t.blocks) {
        put(out, b.block, 4);
        put(out, b.truncated ? 1 : 0, 1);
        put(out, b.events.size(), 8);
        for (const Event& e : b.events) {
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
        put(out, b.snapshots.size(), 4);
        for (const Snapshot& sn : b.snapshots) {
            put(out, sn.phase, 2);
            put(out, sn.bytes.size(), 8);
            out.append(reinterpret_cast<const char*>(sn.bytes.data()), sn.bytes.size());
        }
    }
    return out;
}

// A version 1 header for `t`: its totals without idle_lane_warps, and `divergent` under the old
// name (version 1 counted warps with idle lanes as divergent).
std::string v1_header(const Trace& t, std::uint64_t divergent) {
    nlohmann::json h = nlohmann::json::parse(split(encode_trace(t)).header);
    h["totals"].erase("idle_lane_warps");
    h["totals"]["divergent_warps"] = divergent;
    return h.dump();
}

}  // namespace

TEST_CASE("version 3 files load with no bulk copies counted and no landings", "[trace][file]") {
    Trace t = tiny_trace();
    t.totals.bulk_copies = 5;
    t.totals.bulk_bytes = 5 * 16384;
    Parts p = split(encode_trace(t));
    nlohmann::json h = nlohmann::json::parse(p.header);
    CHECK(decode_trace(join(h.dump(), p.blocks)).trace.totals.bulk_bytes == 5 * 16384);
    h["totals"].erase("bulk_copies");
    h["totals"].erase("bulk_bytes");
    CHECK_FALSE(decode_trace(join(h.dump(), p.blocks)).ok);  // version 4 must have them
    const LoadResult old = decode_trace(join(h.dump(), without_landings(p.blocks), 3));
    REQUIRE(old.ok);
    CHECK(old.trace.totals.bulk_copies == 0);
    CHECK(old.trace.blocks[0].landed.empty());
}

TEST_CASE("the copy landings survive a file, and landings of what is no copy are refused",
          "[trace][file]") {
    Trace t = test::small_trace();
    BlockTrace& b = t.blocks[0];
    for (std::uint32_t i = 0; i < b.events.size(); ++i) b.order.push_back(i);
    b.events[2].kind = EventKind::BulkCopy;
    b.events[2].value = pack_bulk_copy({256, 1024, 4096});
    b.events[5].kind = EventKind::BulkCopy;
    b.landed = {{5, 3}, {2, std::uint32_t(b.order.size())}};
    LoadResult r = decode_trace(encode_trace(t));
    REQUIRE(r.error == "");
    REQUIRE(r.trace.blocks[0].landed.size() == 2);
    CHECK(r.trace.blocks[0].landed[0].copy_event == 5);
    CHECK(r.trace.blocks[0].landed[0].after_order == 3);
    CHECK(r.trace.blocks[0].landed[1].copy_event == 2);
    CHECK(r.trace.blocks[0].landed[1].after_order == b.order.size());
    CHECK(r.trace.blocks[1].landed.empty());

    for (BlockTrace::CopyLanding bad : {BlockTrace::CopyLanding{3, 0},  // not a copy
                                        BlockTrace::CopyLanding{5, 0},  // landed twice
                                        BlockTrace::CopyLanding{2, 100000}}) {
        Trace damaged = t;
        damaged.blocks[0].landed = {{5, 3}, bad};
        CHECK(error_of(encode_trace(damaged)).find("copy landings name event") !=
              std::string::npos);
    }
}

TEST_CASE("a bulk copy's fields pack into one event value and back, at their limits",
          "[trace][file]") {
    for (BulkCopyFields f : {BulkCopyFields{0, 0, 16}, BulkCopyFields{98304, 98400, 16384},
                             BulkCopyFields{kMaxBulkOffset, kMaxBulkOffset, kMaxBulkBytes}}) {
        Event e{};
        e.kind = EventKind::BulkCopy;
        e.value = pack_bulk_copy(f);
        const BulkCopyFields back = bulk_copy_fields(e);
        CHECK(back.dst == f.dst);
        CHECK(back.barrier == f.barrier);
        CHECK(back.bytes == f.bytes);
    }
}

TEST_CASE("the order events ran in survives a file, a damaged order is refused", "[trace][file]") {
    Trace t = test::small_trace();
    std::vector<std::uint32_t>& order = t.blocks[0].order;
    for (std::uint32_t i = 0; i < t.blocks[0].events.size(); ++i) order.push_back(i);
    std::reverse(order.begin(), order.end());
    LoadResult r = decode_trace(encode_trace(t));
    REQUIRE(r.ok);
    CHECK(r.trace.blocks[0].order == order);
    CHECK(r.trace.blocks[1].order.empty());

    Trace twice = t;
    twice.blocks[0].order[1] = twice.blocks[0].order[0];
    CHECK(error_of(encode_trace(twice)).find("twice or out of range") != std::string::npos);
    Trace outside = t;
    outside.blocks[0].order[0] = 100000;
    CHECK(error_of(encode_trace(outside)).find("twice or out of range") != std::string::npos);
    Trace partial = t;
    partial.blocks[0].order.pop_back();
    CHECK(error_of(encode_trace(partial)).find("orders") != std::string::npos);
}

TEST_CASE("a version 1 file reads its divergence as idle lanes and recounts branch divergence",
          "[trace][file]") {
    // Every block of the pass traced: divergent_warps is recounted from the blocks.
    Trace all = test::small_trace();
    all.request.all_blocks = true;
    const Counters truth = all.totals;
    LoadResult r = decode_trace(join(v1_header(all, 7), v1_blocks(all), 1));
    REQUIRE(r.error == "");
    CHECK(r.trace.totals.idle_lane_warps == 7);
    CHECK(r.trace.totals.divergent_warps == truth.divergent_warps);
    CHECK(r.trace.blocks[0].order.empty());

    // One block of two: the old count stays (a lower bound; the README says so).
    Trace one = test::small_trace();
    one.blocks.resize(1);
    LoadResult o = decode_trace(join(v1_header(one, 5), v1_blocks(one), 1));
    REQUIRE(o.error == "");
    CHECK(o.trace.totals.idle_lane_warps == 5);
    CHECK(o.trace.totals.divergent_warps == 5);
}
