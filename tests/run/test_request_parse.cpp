// The one request parser: every error it can give, in the words every front end shows, and the
// round trip text -> request -> text.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "kernels/run/request_parse.hpp"

using namespace ws;
using namespace ws::run;

namespace {

RequestText valid() {
    RequestText t;
    t.algo = "reduce-sequential";
    t.n = "1000";
    return t;
}

std::string error_with(RequestTextField field, const std::string& value,
                       const RequestRules& rules = {}) {
    RequestText t = valid();
    t.*field = value;
    return parse_request(t, rules).error;
}

}  // namespace

TEST_CASE("a valid request parses with the commands' defaults", "[request]") {
    const ParsedRequest p = parse_request(valid());
    REQUIRE(p.ok());
    CHECK(p.request.algo == "reduce-sequential");
    CHECK(p.request.n == 1000);
    CHECK(p.request.block == 256);
    CHECK(p.request.type == trace::DType::Int32);
    CHECK(p.request.pattern == "ramp");
    CHECK(p.request.seed == 1);
    CHECK(p.request.blocks == std::vector<std::uint32_t>{0});
    CHECK(p.request.schedule == "lockstep");
    CHECK(p.request.kind == trace::ScanKind::Inclusive);
    CHECK(p.grid == 4);  // 1000 elements, 256 a block
}

TEST_CASE("every field's error is one line naming the field", "[request]") {
    using T = RequestText;
    CHECK(error_with(&T::algo, "nope") == "--algo nope: no such algorithm (see `warpscope list`)");
    CHECK(error_with(&T::n, "") == "--n is required: the number of elements, e.g. 64 or 2^20");
    CHECK(error_with(&T::n, "12x") == "--n 12x: not a count (write 1000, 2^20 or 2^20+3)");
    CHECK(error_with(&T::n, "0") == "--n 0: there is nothing to reduce; give at least 1 element");
    CHECK(error_with(&T::n, "2^27") == "--n 134217728: too large here (at most 67108864 elements)");
    CHECK(error_with(&T::block, "many") == "--block many: not a number of threads");
    CHECK(error_with(&T::block, "2^40") == "--block 2^40: not a number of threads");
    CHECK(error_with(&T::block, "96") ==
          "--block 96: reduce-sequential needs a power of two from 32 to 1024");
    CHECK(error_with(&T::block, "2048") ==
          "--block 2048: reduce-sequential needs a power of two from 32 to 1024");
    CHECK(error_with(&T::type, "half") == "--type half: not a type (int, float or double)");
    CHECK(error_with(&T::pattern, "zeros") ==
          "--pattern zeros: not a pattern (ramp|random|ones|keep:P)");
    CHECK(error_with(&T::pattern, "keep:101") ==
          "--pattern keep:101: not a pattern (ramp|random|ones|keep:P)");
    CHECK(error_with(&T::seed, "-1") == "--seed -1: not a non-negative integer");
    CHECK(error_with(&T::schedule, "chaos") ==
          "--schedule chaos: not a schedule (lockstep, sequential, random:SEED or converged; "
          "then blocks=ORDER, resident=R, copies=POLICY or T@J+K)");
    CHECK(error_with(&T::kind, "both") == "--kind both: not a kind (inclusive or exclusive)");
    CHECK(error_with(&T::kind, "exclusive") ==
          "--kind exclusive: reduce-sequential is a reduction; --kind applies to scans only");
    CHECK(error_with(&T::blocks, "1,,2") == "--blocks 1,,2: not a block list (0,3,5 or all)");
    CHECK(error_with(&T::blocks, "0,4") ==
          "--blocks 0,4: block 4 does not exist; the first pass has 4 blocks (0..3)");
}

TEST_CASE("rules: the backend's limit and the window's one traced block", "[request]") {
    RequestRules gpu;
    gpu.max_elements = kMaxElementsGpu;
    CHECK(error_with(&RequestText::n, "2^27", gpu).empty());
    CHECK(error_with(&RequestText::n, "2^31+1", gpu) ==
          "--n 2147483649: too large here (at most 2147483648 elements)");
    RequestRules window;
    window.one_block = true;
    CHECK(error_with(&RequestText::blocks, "2", window).empty());
    CHECK(error_with(&RequestText::blocks, "all", window) ==
          "--blocks all: the window traces one block: give its index");
    CHECK(error_with(&RequestText::blocks, "0,1", window) ==
          "--blocks 0,1: the window traces one block: give its index");
    CHECK(error_with(&RequestText::blocks, "all").empty());
}

TEST_CASE("scans: nothing to scan, and the other kind", "[request]") {
    RequestText t = valid();
    t.algo = "scan-blelloch";
    t.kind = "exclusive";
    CHECK(parse_request(t).ok());
    t.n = "0";
    CHECK(parse_request(t).error == "--n 0: there is nothing to scan; give at least 1 element");
    t.n = "1";
    t.blocks = "1";
    CHECK(parse_request(t).error ==
          "--blocks 1: block 1 does not exist; the first pass has 1 block (0..0)");
}

TEST_CASE("a typed request is checked with the same words", "[request]") {
    const trace::Request r = parse_request(valid()).request;
    CHECK(check_request(r, kMaxElementsEmulator).empty());
    trace::Request bad = r;
    bad.algo = "nope";
    CHECK(check_request(bad, kMaxElementsEmulator) == error_with(&RequestText::algo, "nope"));
    bad = r;
    bad.blocks = {0, 9};
    CHECK(check_request(bad, kMaxElementsEmulator) ==
          "--blocks 0,9: block 9 does not exist; the first pass has 4 blocks (0..3)");
    bad = r;
    bad.n = 3u << 26;
    CHECK(check_request(bad, kMaxElementsEmulator).find("too large here") != std::string::npos);
    CHECK(check_request(bad, kMaxElementsGpu).empty());
}

TEST_CASE("text and request read back into each other", "[request]") {
    RequestText t;
    t.algo = "scan-sklansky";
    t.n = "2^12+3";
    t.block = "128";
    t.type = "double";
    t.pattern = "random";
    t.seed = "42";
    t.blocks = "0,2";
    t.schedule = "random:7";
    t.kind = "exclusive";
    const ParsedRequest p = parse_request(t);
    REQUIRE(p.ok());
    const ParsedRequest again = parse_request(request_text(p.request));
    REQUIRE(again.ok());
    CHECK(command_line(again.request) == command_line(p.request));
    CHECK(again.request.n == p.request.n);
    CHECK(again.request.type == p.request.type);
    CHECK(again.request.blocks == p.request.blocks);
    CHECK(command_line(p.request) ==
          "--algo scan-sklansky --n 4099 --block 128 --type double --pattern random --seed 42 "
          "--schedule random:7 --blocks 0,2 --kind exclusive");
    CHECK(command_line(parse_request(valid()).request) ==
          "--algo reduce-sequential --n 1000 --block 256 --type int --pattern ramp");
}

TEST_CASE("single fields for the commands that take only some", "[request]") {
    std::string error;
    CHECK(parse_algo("scan-blelloch", error) == find_variant("scan-blelloch"));
    CHECK(parse_algo("x", error, "--compare") == nullptr);
    CHECK(error == "--compare x: no such algorithm (see `warpscope list`)");
    // The GPU-only rungs and the baselines are named, not called unknown.
    CHECK(parse_algo("scan-pipeline", error) == find_variant("scan-pipeline"));
    CHECK(parse_algo("compact-pipeline", error) == nullptr);
    CHECK(error.find("--algo compact-pipeline: runs on the GPU only") == 0);
    CHECK(error.find("`warpscope bench` times it") != std::string::npos);
    CHECK(parse_algo("cub-scan", error) == nullptr);
    CHECK(error == "--algo cub-scan: a baseline, not an algorithm: `warpscope bench` times it");
    CHECK(parse_type("float", error) == trace::DType::Float32);
    CHECK_FALSE(parse_type("f16", error));
    CHECK(error == "--type f16: not a type (int, float or double)");
}

TEST_CASE("the fields table names each field once", "[request]") {
    std::set<std::string> flags;
    std::vector<RequestTextField> members;
    for (const RequestField& f : request_fields()) {
        CHECK(flags.insert(f.flag).second);
        CHECK(std::find(members.begin(), members.end(), f.text) == members.end());
        members.push_back(f.text);
        CHECK(std::string(f.help).size() > 5);
    }
    CHECK(flags.size() == 10);  // every member of RequestText
}
