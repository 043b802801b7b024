// The circuit view's model: addition networks derived from real emulator runs (work and depth
// against the textbook and trace::work_depth, the exact edges of Kogge-Stone, padding removed
// for Blelloch, register networks for the warp-shuffle scan, reduction trees), the layout as
// plain data, and the words beside it.
#include <catch2/catch.hpp>

#include "kernels/run/block_circuit.hpp"

#include <map>
#include <memory>
#include <set>

#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/analysis.hpp"
#include "ui/model/circuit/circuit_layout.hpp"
#include "ui/model/circuit/circuit_text.hpp"
#include "ui/model/trace/trace_view.hpp"
#include "ui/model/window/request_form.hpp"

using namespace ws;
using namespace ws::ui;

namespace {

std::shared_ptr<const TraceView> traced(const std::string& algo, std::uint32_t n,
                                        std::uint32_t block) {
    RequestForm f;
    f.algo = algo;
    f.n = std::to_string(n);
    f.block = block;
    const FormCheck c = check_form(f);
    REQUIRE(c.ok());
    auto v = make_trace_view(std::make_shared<trace::Trace>(run::run_on_emulator(c.request)));
    REQUIRE(v->trace->error.empty());
    REQUIRE(v->block);
    return v;
}

// The side-by-side network of m elements for one of the three.
std::shared_ptr<const TraceView> network(const char* algo, std::uint32_t m) {
    const trace::Request r = side_by_side_request(trace::Request{}, algo, m);
    return traced(algo, std::uint32_t(r.n), r.block);
}

// Every addition reads two distinct columns, one of them the column it writes.
void check_two_operands(const Circuit& c) {
    CHECK(c.unplaced == 0);
    CHECK(c.wide == 0);
    for (const CircuitAdd& a : c.adds) {
        INFO("addition to " << a.to << " at row " << a.row);
        REQUIRE(a.operands == 2);
        CHECK(a.from[1] == a.to);
        CHECK(a.from[0] != a.to);
        CHECK(a.from[0] < c.columns());
    }
}

}  // namespace

TEST_CASE("Kogge-Stone: every element adds the one 2^level places left", "[circuit]") {
    auto v = traced("scan-kogge-stone", 32, 32);
    const Circuit& c = v->circuit;
    CHECK(c.map.layout == trace::TileLayout::DoubleBuffer);
    CHECK(c.columns() == 32);
    CHECK(c.work() == 129);  // 32 * 5 - 31
    CHECK(c.depth() == 5);
    CHECK(c.rows == 5);
    check_two_operands(c);
    std::map<std::uint32_t, std::set<std::uint32_t>> targets;  // level -> columns written
    for (const CircuitAdd& a : c.adds) {
        const std::uint32_t offset = 1u << a.level;
        CHECK(a.from[0] + offset == a.to);
        targets[a.level].insert(a.to);
    }
    for (std::uint32_t level = 0; level < 5; ++level)
        CHECK(targets[level].size() == 32 - (1u << level));  // t >= offset
    // Levels follow the steps, and the load step adds nothing.
    CHECK(c.level_of_step(0) == -1);
    CHECK(c.levels_done(0) == 0);
    CHECK(c.level_of_step(c.levels[2].step) == 2);
    CHECK(c.levels_done(v->step_count() - 1) == 5);
}

TEST_CASE("side by side at m = 64: the work/depth trade-off", "[circuit]") {
    auto ks = network("scan-kogge-stone", 64);
    auto bk = network("scan-brent-kung", 64);
    auto sk = network("scan-sklansky", 64);
    CHECK(ks->threads == 64);
    CHECK(bk->threads == 32);
    CHECK(sk->threads == 32);
    for (auto* v : {ks.get(), bk.get(), sk.get()}) {
        CHECK(v->circuit.columns() == 64);
        check_two_operands(v->circuit);
    }
    CHECK(ks->circuit.work() == 321);  // 64 * 6 - 63
    CHECK(ks->circuit.depth() == 6);
    CHECK(bk->circuit.work() == 120);  // 2 * 64 - 6 - 2
    // 2 * 6 - 1 steps add; the longest chain is one shorter (the total waits for no one).
    CHECK(bk->circuit.depth() == 10);  // 2 * 6 - 2
    CHECK(sk->circuit.work() == 192);  // 32 * 6
    CHECK(sk->circuit.depth() == 6);
    // Sklansky: every element of an upper half adds the last element of its lower half.
    for (const CircuitAdd& a : sk->circuit.adds) {
        const std::uint32_t half = 1u << a.level;
        CHECK((a.to / half) % 2 == 1);
        CHECK(a.from[0] == a.to / (2 * half) * (2 * half) + half - 1);
    }
}

TEST_CASE("block-level scans: measured against the textbook and trace::work_depth", "[circuit]") {
    for (const char* algo :
         {"scan-kogge-stone", "scan-kogge-stone-inplace", "scan-blelloch", "scan-blelloch-padded",
          "scan-brent-kung", "scan-sklansky", "scan-warp-shuffle"}) {
        for (std::uint32_t block : {32u, 128u}) {
            INFO(algo << " block " << block);
            const VariantInfo* info = find_variant(algo);
            REQUIRE(info);
            const std::uint32_t m = info->elems_per_thread * block;
            auto v = traced(algo, m, block);
            const Circuit& c = v->circuit;
            CHECK(c.marked);
            CHECK(c.columns() == m);
            CHECK(tile_elements(*v) == m);
            const trace::WorkDepth wd = trace::work_depth(*v->block, v->trace->source_text);
            CHECK(c.work() == wd.work);
            CHECK(c.adding_steps() == wd.steps);
            CHECK(c.depth() == run::measured_work_depth(*v->trace, *info).depth);
            check_two_operands(c);
            if (const auto f = textbook_work_depth(*info, m)) {
                CHECK(c.work() == f->work);
                CHECK(c.depth() == f->depth);
                const NumberLines lines = circuit_numbers(*v);
                CHECK(lines.work_matches);
                CHECK(lines.depth_matches);
                CHECK(lines.work.find("= " + std::to_string(f->work)) != std::string::npos);
            }
        }
    }
}

TEST_CASE("padded Blelloch draws the same network as Blelloch", "[circuit]") {
    auto plain = traced("scan-blelloch", 256, 128);
    auto padded = traced("scan-blelloch-padded", 256, 128);
    CHECK(padded->circuit.map.layout == trace::TileLayout::Padded);
    CHECK(padded->cells == 256 + 8);  // a padding word every 32
    REQUIRE(plain->circuit.adds.size() == padded->circuit.adds.size());
    for (std::size_t i = 0; i < plain->circuit.adds.size(); ++i) {
        const CircuitAdd& a = plain->circuit.adds[i];
        const CircuitAdd& b = padded->circuit.adds[i];
        CHECK(a.to == b.to);
        CHECK(a.from == b.from);
        CHECK(a.row == b.row);
    }
    // The up-sweep's last level adds the left half's total into the last element.
    const CircuitLevel& top = plain->circuit.levels[7];
    CHECK(top.additions == 1);
    for (const CircuitAdd& a : plain->circuit.adds)
        if (a.level == 7) {
            CHECK(a.to == 255);
            CHECK(a.from[0] == 127);
        }
}

TEST_CASE("warp-shuffle scan: register columns and the warps' totals", "[circuit]") {
    auto v = traced("scan-warp-shuffle", 64, 64);
    const Circuit& c = v->circuit;
    CHECK(c.map.layout == trace::TileLayout::Registers);
    CHECK(c.work() == 291);  // 2 * 129, the totals' one addition, 32 lanes adding warp 0's
    // Seven steps add, but the longest chain is six: the totals' addition and warp 1's adding
    // warp 0's total both wait for the warps' five levels, not for each other.
    CHECK(c.adding_steps() == 7);
    CHECK(c.depth() == 6);
    check_two_operands(c);
    // Level 5: warp 0 scans the totals: element 63's register adds element 31's.
    REQUIRE(c.levels[5].additions == 1);
    // Level 6: every lane of warp 1 adds warp 0's total (element 31).
    CHECK(c.levels[6].additions == 32);
    for (const CircuitAdd& a : c.adds) {
        if (a.level == 5) {
            CHECK(a.to == 63);
            CHECK(a.from[0] == 31);
        }
        if (a.level == 6) {
            CHECK(a.to >= 32);
            CHECK(a.from[0] == 31);
        }
    }
}

TEST_CASE("in-place Kogge-Stone: levels with no sync between them share a step", "[circuit]") {
    auto v = traced("scan-kogge-stone-inplace", 64, 64);
    const Circuit& c = v->circuit;
    CHECK(c.work() == trace::work_depth(*v->block, v->trace->source_text).work);
    // The warp's five levels are five rows of one step, one after another: the depth counts
    // them (issue 35), not the three steps that add. Then the add-back: 6, as Kogge-Stone's.
    CHECK(c.adding_steps() == 3);
    REQUIRE(c.levels[0].rows == 5);
    CHECK(c.levels[0].row_additions == std::vector<std::uint32_t>{62, 60, 56, 48, 32});
    CHECK(c.levels[0].first_depth == 1);
    CHECK(c.levels[0].last_depth == 5);
    CHECK(c.depth() == 6);
    check_two_operands(c);
    // The warps' totals are scanned on the columns of the elements they came from.
    bool totals = false;
    for (const CircuitAdd& a : c.adds)
        if (a.to == 63 && a.from[0] == 31) totals = true;
    CHECK(totals);
}

TEST_CASE("reductions: the tree of additions at their += lines", "[circuit]") {
    auto v = traced("reduce-sequential", 64, 32);
    const Circuit& c = v->circuit;
    CHECK_FALSE(c.marked);
    CHECK(c.reduction);
    CHECK(c.columns() == 32);
    CHECK(c.work() == 31);
    CHECK(c.depth() == 5);
    check_two_operands(c);
    for (const CircuitAdd& a : c.adds) CHECK(a.from[0] == a.to + (16u >> a.level));
    CHECK(circuit_sentences(*v, 1).empty());  // the explanation's words are for scans
    // The unrolled last warp adds in a register (`v += s[t + 32]`): still placed.
    auto unrolled = traced("reduce-unroll-last-warp", 128, 64);
    CHECK(unrolled->circuit.unplaced == 0);
    CHECK(unrolled->circuit.depth() == 6);
}

TEST_CASE("device-level scans say why they have no circuit", "[circuit]") {
    auto v = traced("scan-then-fan", 4096, 256);
    CHECK(v->circuit.empty());
    CHECK(v->circuit.why_none.find("// +") != std::string::npos);
}

TEST_CASE("circuit layout: columns, rows, dots and edges", "[circuit][layout]") {
    auto v = traced("scan-kogge-stone", 32, 32);
    const Circuit& c = v->circuit;
    CircuitLayoutSpec spec;
    spec.area = {10, 20, 660, 400};
    spec.label_w = 60;
    spec.label_h = 20;
    spec.column_label = 20;
    const CircuitLayout l = layout_circuit(c, spec);
    CHECK(l.plot.x == 70);
    CHECK(l.plot.y == 40);
    REQUIRE(l.x.size() == 32);
    CHECK(l.col_w == Approx(600.0f / 32));
    for (std::size_t i = 1; i < l.x.size(); ++i) CHECK(l.x[i] > l.x[i - 1]);
    CHECK(l.x.front() > l.plot.x);
    CHECK(l.x.back() < l.plot.right());
    REQUIRE(l.y.size() == 6);
    for (std::size_t r = 1; r < l.y.size(); ++r) CHECK(l.y[r] > l.y[r - 1]);
    CHECK(l.wire_bottom <= l.plot.bottom());
    CHECK(l.wire_bottom > l.y.back());
    CHECK(l.label_every == 2);  // 18.75-pixel columns, 20-pixel numbers
    CHECK(l.first_col == 0);
    CHECK(l.last_col == 31);
    // Two edges per addition: a diagonal from the operand one row up, and the wire's own piece.
    REQUIRE(l.edges.size() == 2 * c.work());
    for (const CircuitEdge& e : l.edges) {
        const CircuitAdd& a = c.adds[e.add];
        CHECK(e.x1 == l.x[a.to]);
        CHECK(e.y1 == l.row_y(a.row));
        CHECK(e.y0 == l.y[a.row]);
        CHECK(e.wire == (e.x0 == e.x1));
        if (!e.wire) CHECK(e.x0 < e.x1);  // Kogge-Stone adds from the left
    }
    CHECK(l.column_at(l.x[7]) == 7);
    CHECK(l.column_at(l.plot.x - 1) == -1);
}

TEST_CASE("circuit layout zooms about a clamped pan", "[circuit][layout]") {
    auto v = traced("scan-sklansky", 1024, 512);
    CircuitLayoutSpec spec;
    spec.area = {0, 0, 1000, 500};
    spec.column_label = 30;
    const CircuitLayout fit = layout_circuit(v->circuit, spec);
    CHECK(fit.label_every == 32);  // ~1-pixel columns: a number every 32
    spec.zoom = 8;
    spec.pan_x = 1e9f;
    const CircuitLayout z = layout_circuit(v->circuit, spec);
    CHECK(z.pan_x == Approx(z.max_pan()));
    CHECK(z.max_pan() == Approx(7000));
    CHECK(z.last_col == 1023);
    CHECK(z.first_col == 896);  // the last eighth
    CHECK(z.x[1023] < z.plot.right());
    spec.pan_x = -5;
    CHECK(layout_circuit(v->circuit, spec).pan_x == 0);
}

TEST_CASE("the words beside a network", "[circuit]") {
    CHECK(pretty_formula("m*log2(m) - (m - 1)") ==
          "m\xc2\xb7log\xe2\x82\x82m \xe2\x88\x92 (m \xe2\x88\x92 1)");
    auto v = traced("scan-brent-kung", 64, 32);
    const NumberLines n = circuit_numbers(*v);
    CHECK(n.work.rfind("work  120 additions", 0) == 0);
    CHECK(n.depth.find("= 10") != std::string::npos);
    CHECK(n.measured == "120 additions, depth 10");
    CHECK(n.textbook.find("= 120, ") != std::string::npos);
    CHECK(circuit_numbers(*traced("scan-kogge-stone-inplace", 64, 64)).textbook.empty());
    const std::vector<std::string> at_load = circuit_sentences(*v, 0);
    REQUIRE(at_load.size() == 2);
    CHECK(at_load[0].find("120 additions, depth 10") != std::string::npos);
    CHECK(at_load[1] == "No addition yet: this step only moves data.");
    const std::size_t first = v->circuit.levels[0].step;
    CHECK(circuit_sentences(*v, first)[1] ==
          "This step does 32 additions at once, none waiting for another: link 1 of the "
          "longest chain's 10.");
    // A warp-synchronous step: its rows one after another, told as such (issue 35).
    auto inplace = traced("scan-kogge-stone-inplace", 64, 64);
    const std::size_t racy = view_step_of_origin(*inplace, inplace->circuit.levels[0].step);
    CHECK(circuit_sentences(*inplace, racy)[1] ==
          "This step does 258 additions in 5 rows, one after another with no barrier between "
          "them (62, 60, 56, 48 and 32): each row needs the one before, so the step is links "
          "1\xe2\x80\x93"
          "5 of the longest chain's 6 (the lanes of a warp are trusted to keep in "
          "step).");
}

TEST_CASE("side-by-side size follows the request", "[circuit]") {
    trace::Request r;
    r.algo = "scan-brent-kung";
    r.n = 100;
    r.block = 256;
    CHECK(side_by_side_elements(r) == 512);  // the tile of a block-level scan
    r.algo = "scan-kogge-stone";
    r.block = 32;
    CHECK(side_by_side_elements(r) == 64);  // at least 64: Brent-Kung and Sklansky need a block
    r.algo = "reduce-sequential";
    r.n = 3000;
    CHECK(side_by_side_elements(r) == 1024);  // n, rounded up, at most 1024
    const trace::Request ks = side_by_side_request(r, "scan-kogge-stone", 256);
    CHECK(ks.block == 256);
    CHECK(ks.n == 256);
    CHECK(side_by_side_request(r, "scan-sklansky", 256).block == 128);
}
