// The controls' request check: the same rules and words as the command line.
#include <catch2/catch.hpp>

#include "ui/model/window/request_form.hpp"

using namespace ws::ui;

TEST_CASE("a valid form makes the request", "[form]") {
    RequestForm f;
    f.algo = "reduce-interleaved-strided";
    f.n = "2^11";
    f.block = 1024;
    f.traced_block = 1;
    const FormCheck c = check_form(f);
    REQUIRE(c.ok());
    CHECK(c.request.n == 2048);
    CHECK(c.request.block == 1024);
    CHECK(c.grid == 2);
    CHECK(c.request.blocks == std::vector<std::uint32_t>{1});
    CHECK(ws::run::command_line(c.request) ==
          "--algo reduce-interleaved-strided --n 2048 --block 1024 --type int --pattern ramp "
          "--blocks 1");
}

TEST_CASE("invalid combinations are explained in one line", "[form]") {
    RequestForm f;
    f.block = 48;
    CHECK(check_form(f).error ==
          "--block 48: reduce-sequential needs a power of two from 32 to 1024");
    f = {};
    f.n = "12x";
    CHECK(check_form(f).error.rfind("--n 12x: not a count", 0) == 0);
    f = {};
    f.n = "0";
    CHECK(check_form(f).error.find("nothing to reduce") != std::string::npos);
    f = {};
    f.traced_block = 2;  // n = 64, block = 32: blocks 0 and 1
    CHECK(check_form(f).error ==
          "--blocks 2: block 2 does not exist; the first pass has 2 blocks (0..1)");
    f = {};
    f.schedule = "random";
    CHECK(check_form(f).error.find("not a schedule") != std::string::npos);
    f.schedule = "random:7";
    CHECK(check_form(f).ok());
    f = {};
    f.algo = "reduce-nope";
    CHECK(check_form(f).error.find("no such algorithm") != std::string::npos);
    f = {};
    f.n = "2^27";
    CHECK(check_form(f).error.find("too large") != std::string::npos);
}

TEST_CASE("counts are the command line's (kernels/run/request_text)", "[form]") {
    RequestForm f;
    f.n = "2^5+3";
    CHECK(check_form(f).request.n == 35u);
    f.n = "2^62+18446744073709551615";  // past 64 bits: refused, not wrapped
    CHECK(check_form(f).error.rfind("--n 2^62+18446744073709551615: not a count", 0) == 0);
}

TEST_CASE("scans take a kind, reductions refuse exclusive", "[form]") {
    RequestForm f;
    f.algo = "scan-blelloch";
    f.n = "100";
    f.block = 32;
    f.kind = ws::trace::ScanKind::Exclusive;
    const FormCheck c = check_form(f);
    REQUIRE(c.ok());
    CHECK(c.request.kind == ws::trace::ScanKind::Exclusive);
    CHECK(ws::run::command_line(c.request).find("--kind exclusive") != std::string::npos);
    CHECK(form_of(c.request) == f);
    f.algo = "reduce-sequential";
    CHECK(check_form(f).error ==
          "--kind exclusive: reduce-sequential is a reduction; --kind applies to scans only");
}

TEST_CASE("a request reads back into the form", "[form]") {
    RequestForm f;
    f.algo = "reduce-first-add";
    f.n = "1000";
    f.pattern = "random";
    f.seed = 9;
    const FormCheck c = check_form(f);
    REQUIRE(c.ok());
    CHECK(form_of(c.request) == f);
}

TEST_CASE("switching variant moves n and block to what it takes and shows", "[form]") {
    ws::ui::RequestForm f;
    f.algo = "reduce-interleaved-strided";
    f.n = "1000";
    f.block = 32;
    CHECK(ws::ui::adopt_variant_rules(f) ==
          "block 32 -> 64: its bank conflicts begin at block 64: in a block of 32 the busy lanes' "
          "words 2*s*tid (below 32) each sit in a bank of their own");
    CHECK(f.block == 64);
    CHECK(ws::ui::adopt_variant_rules(f).empty());  // nothing moves twice
    f.block = 256;
    CHECK(ws::ui::adopt_variant_rules(f).empty());  // a larger block stays
    CHECK(f.block == 256);
    f.algo = "aos-vs-soa";
    f.n = "1000";
    CHECK(ws::ui::adopt_variant_rules(f) ==
          "n 1000 -> 1002: aos-vs-soa reads whole structs of 3 elements");
    CHECK(f.n == "1002");
    f.algo = "scan-pipeline";  // one block size: a warp for each job
    CHECK(ws::ui::adopt_variant_rules(f) ==
          "block 256 -> 224: scan-pipeline needs exactly 224: a producer, an aggregator, a "
          "look-back warp and four consumer warps");
    CHECK(f.block == 224);
    CHECK(ws::ui::adopt_variant_rules(f).empty());
}
