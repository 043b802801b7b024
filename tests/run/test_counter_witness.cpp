// The witness of a grade's bank conflicts (kernels/run/counter_witness.hpp): the GPU's own counts
// bear out the recorder's when they are equal or above it by no more than other warps' traffic
// explains, and contradict a recorder that was written to (0 where the GPU counted 720); no
// counters, no witness, and why; the child's lines to its parent read back as written.
#include <catch2/catch.hpp>

#include "kernels/run/counter_witness.hpp"
#include "kernels/run/hardware_compare.hpp"

using namespace ws;

namespace {

std::vector<trace::HardwareCount> gpu(double ld, double st, double lds, double sts) {
    return {{run::metric::kLdConflicts, ld},
            {run::metric::kStConflicts, st},
            {run::metric::kLds, lds},
            {run::metric::kSts, sts}};
}

trace::Counters recorded(std::uint64_t ld, std::uint64_t st) {
    trace::Counters c;
    c.bank_conflicts_ld = ld;
    c.bank_conflicts_st = st;
    c.bank_conflicts = ld + st;
    return c;
}

}  // namespace

TEST_CASE("the GPU's counters bear out the recorder's bank conflicts or contradict them",
          "[witness]") {
    // Puzzle 2's start kernel: 720 conflicts, counted alike.
    run::ConflictWitness w =
        run::witness_conflicts(recorded(480, 240), gpu(480, 240, 600, 200), "");
    CHECK(w.counted);
    CHECK(w.agrees);
    CHECK(w.gpu == 720);
    CHECK(w.why.empty());
    // The same kernel whose recorder was written to: 0 recorded, 720 counted.
    w = run::witness_conflicts(recorded(0, 0), gpu(480, 240, 600, 200), "");
    CHECK(w.counted);
    CHECK_FALSE(w.agrees);
    CHECK(w.why ==
          "the recorder counted 0 bank conflicts where the GPU's own counters count 720 (at most "
          "24 more would be other warps' traffic): the recording was changed");
    // A full GPU: other warps' traffic adds load conflicts, up to 3% of the shared instructions.
    CHECK(run::witness_conflicts(recorded(0, 0), gpu(1371, 0, 122880, 61440), "").agrees);
    CHECK(run::witness_conflicts(recorded(0, 0), gpu(5529, 0, 122880, 61440), "").agrees);
    CHECK_FALSE(run::witness_conflicts(recorded(0, 0), gpu(5531, 0, 122880, 61440), "").agrees);
    // Fewer on the GPU than recorded (the compiler kept a value in a register): the recorder's
    // is the larger count, and a student gains nothing by it.
    CHECK(run::witness_conflicts(recorded(100, 0), gpu(60, 0, 50, 50), "").agrees);
}

TEST_CASE("no counters: no witness, and why", "[witness]") {
    run::ConflictWitness w = run::witness_conflicts(recorded(0, 0), {}, "");
    CHECK_FALSE(w.counted);
    CHECK(w.why == "the GPU's counters did not come back");
    w = run::witness_conflicts(recorded(0, 0), {}, "CUPTI: no permission to profile");
    CHECK_FALSE(w.counted);
    CHECK(w.why == "CUPTI: no permission to profile");
    // A plain kernel, recorded through the Sanitizer API: CUPTI's refusal, said in words.
    w = run::witness_conflicts(
        recorded(0, 0), {},
        "cuptiProfilerInitialize: CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED");
    CHECK_FALSE(w.counted);
    CHECK(w.why.rfind(run::kNoWitnessBesideSanitizer, 0) == 0);
    // One metric missing, or a value that is no count: not counted.
    std::vector<trace::HardwareCount> three = gpu(1, 2, 3, 4);
    three.pop_back();
    CHECK_FALSE(run::witness_conflicts(recorded(0, 0), three, "").counted);
    CHECK_FALSE(run::witness_conflicts(recorded(0, 0), gpu(-1, 0, 3, 4), "").counted);
}

TEST_CASE("the witness's lines from the child read back as written", "[witness]") {
    const auto counts = gpu(480, 240, 600.5, 1e12);
    std::vector<trace::HardwareCount> back;
    std::string error;
    run::decode_witness(run::encode_witness(counts, "a reason"), back, error);
    CHECK(error == "a reason");
    REQUIRE(back.size() == 4);
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(back[i].metric == counts[i].metric);
        CHECK(back[i].value == counts[i].value);
    }
    back.clear();
    error.clear();
    run::decode_witness("x\nmetric notanumber\n 5\nm 7\n", back, error);
    REQUIRE(back.size() == 1);
    CHECK(back[0].metric == "m");
    CHECK(back[0].value == 7);
    CHECK(error.empty());
    CHECK(run::witnessed_field("bank_conflicts"));
    CHECK(run::witnessed_field("bank_conflicts_st"));
    CHECK_FALSE(run::witnessed_field("idle_lane_warps"));
}
