// Plain-CUDA twins (tests/data/plain_kernels/): catalog variants written again as the textbooks
// write them (Harris's reduction slides, the CUDA samples, Luitjens's shuffle reduction with
// cooperative groups, Kirk and Hwu's PMPP scans, GPU Gems 3's prescan), with __shared__ arrays,
// __syncthreads, __syncwarp and shuffles instead of warpscope's recording vocabulary. Each makes
// exactly its variant's shared and global loads and stores, in the same order in each thread, with
// the same barriers, warp syncs and shuffles; run-kernel records a plain kernel's accesses as it
// compiles them (-O0: one recorded access for each written), so the twin's counters must be the
// variant's: every step, the instruction mix and the totals, and the same right result. Each file
// says at its top which variant it twins, where its form comes from, and what it writes otherwise
// than the book to make the same accesses. A failure names the twin, the request and the counter.
#include <algorithm>
#include <catch2/catch.hpp>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/cli/run_command.hpp"
#include "tests/test_paths.hpp"

using nlohmann::json;

namespace {

// The twins, one row each: its file in tests/data/plain_kernels/, the catalog variant it twins,
// and what both commands add (the kind an exclusive scan computes). Each row is a test case of its
// own (below), so that ctest runs them side by side.
#define WS_PLAIN_TWINS(ROW)                                                        \
    ROW("reduce_interleaved_divergent.cu", "reduce-interleaved-divergent", "")     \
    ROW("reduce_interleaved_strided.cu", "reduce-interleaved-strided", "")         \
    ROW("reduce_sequential.cu", "reduce-sequential", "")                           \
    ROW("reduce_first_add.cu", "reduce-first-add", "")                             \
    ROW("reduce_unroll_last_warp_legacy.cu", "reduce-unroll-last-warp-legacy", "") \
    ROW("reduce_unroll_last_warp.cu", "reduce-unroll-last-warp", "")               \
    ROW("reduce_complete_unroll.cu", "reduce-complete-unroll", "")                 \
    ROW("reduce_warp_shuffle.cu", "reduce-warp-shuffle", "")                       \
    ROW("scan_kogge_stone.cu", "scan-kogge-stone", "")                             \
    ROW("scan_blelloch.cu", "scan-blelloch", "--kind exclusive")                   \
    ROW("scan_blelloch_padded.cu", "scan-blelloch-padded", "--kind exclusive")     \
    ROW("scan_brent_kung.cu", "scan-brent-kung", "")

struct Twin {
    const char* file;
    const char* variant;
    const char* flags;
};

#define WS_TWIN_ROW(file, variant, flags) {file, variant, flags},
const Twin kTwins[] = {WS_PLAIN_TWINS(WS_TWIN_ROW)};
#undef WS_TWIN_ROW

struct Request {
    const char* type;
    unsigned n;
    unsigned block;
};

// The spread, not every combination (the twelve cases take about a minute one after the other,
// half that side by side on two cores; a run-kernel is mostly its compile): the k-th twin of a
// family runs requests 2k and 2k + 1 of its family's list (cyclically), so each twin runs at blocks
// 64 and 256, at two types and two sizes, and each type and size is run by several twins. Every
// size leaves a partial last block and takes several passes. The scans' one 77777 (the costliest
// request) is run by one twin. reduce-warp-shuffle's grid stays under the catalog's cap of 1024
// blocks at these sizes (a plain header has no cap: the twin's comment says so).
const Request kReduceRequests[] = {
    {"int", 1000, 64},  {"float", 4097, 256}, {"double", 77777, 64},
    {"int", 4097, 256}, {"float", 1000, 64},  {"double", 4097, 256},
};
const Request kScanRequests[] = {
    {"int", 1000, 64},  {"float", 4097, 256}, {"double", 4097, 64},
    {"int", 1000, 256}, {"float", 4097, 64},  {"double", 77777, 256},
};

// A key of an object, or null where it has none (so that a missing key fails a check, not the
// program).
json field(const json& j, const std::string& key) {
    if (!j.is_object()) return json();
    const auto it = j.find(key);
    return it == j.end() ? json() : *it;
}

// Every counter of `theirs` (the catalog's) against the same counter of `mine` (the twin's), one
// check each, named: "totals.bank_conflicts: twin 12, catalog 8".
void check_counters(const std::string& what, const json& mine, const json& theirs) {
    {
        INFO(what << ": twin " << mine << ", catalog " << theirs);
        CHECK(mine.is_object());
        CHECK(theirs.is_object());
    }
    if (!mine.is_object() || !theirs.is_object()) return;
    for (auto it = theirs.begin(); it != theirs.end(); ++it) {
        const json ours = field(mine, it.key());
        INFO(what << "." << it.key() << ": twin " << ours << ", catalog " << it.value());
        CHECK(ours == it.value());
    }
    for (auto it = mine.begin(); it != mine.end(); ++it) {
        INFO(what << "." << it.key() << ": the twin has it, the catalog does not");
        CHECK(theirs.contains(it.key()));
    }
}

// The steps in order: their number, then the first step that differs, counter by counter.
void check_steps(const json& mine, const json& theirs) {
    CHECK(mine.is_array());
    CHECK(theirs.is_array());
    if (!mine.is_array() || !theirs.is_array()) return;
    INFO("steps: the twin has " << mine.size() << ", the catalog " << theirs.size());
    CHECK(mine.size() == theirs.size());
    const std::size_t common = std::min(mine.size(), theirs.size());
    for (std::size_t s = 0; s < common; ++s) {
        if (mine[s] == theirs[s]) continue;
        check_counters("steps[" + std::to_string(s) + "] (phase " +
                           field(theirs[s], "phase").dump() + ", substep " +
                           field(theirs[s], "substep").dump() + ")",
                       mine[s], theirs[s]);
        break;  // the later steps follow from this one
    }
}

bool is_scan(const Twin& twin) {
    return std::string(twin.variant).rfind("scan-", 0) == 0;
}

// One request through the twin (run-kernel) and through its variant (stats), both on the
// emulator: the same result, right, and the same counters.
void check_twin(const Twin& twin, const Request& r) {
    std::string request = std::string("--n ") + std::to_string(r.n) + " --block " +
                          std::to_string(r.block) + " --type " + r.type + " --backend cpu";
    if (*twin.flags) request += std::string(" ") + twin.flags;
    const std::string file = std::string(WS_SOURCE_DIR) + "/tests/data/plain_kernels/" + twin.file;

    const CommandResult mine = run_warpscope("run-kernel " + file + " " + request + " --json");
    const CommandResult theirs =
        run_warpscope(std::string("stats --algo ") + twin.variant + " " + request + " --json");
    std::string said;
    if (!mine.err.empty()) said += "\nrun-kernel said: " + mine.err;
    if (!theirs.err.empty()) said += "\nstats said: " + theirs.err;
    INFO("twin " << twin.file << " of " << twin.variant << ", " << request << said);
    const json a = json::parse(mine.out, nullptr, false);
    const json b = json::parse(theirs.out, nullptr, false);
    CHECK_FALSE(a.is_discarded());
    CHECK_FALSE(b.is_discarded());
    if (a.is_discarded() || b.is_discarded()) return;  // the next request still runs
    if (mine.code != 0 || theirs.code != 0) {          // a run that failed: no counters to compare
        INFO("run-kernel's error: " << field(a, "error") << ", stats's: " << field(b, "error"));
        CHECK(mine.code == 0);
        CHECK(theirs.code == 0);
        return;
    }

    CHECK(field(a, "ok") == true);
    CHECK(field(b, "ok") == true);
    for (const char* key : {"result", "expected", "grid", "passes"}) {
        INFO(key << ": twin " << field(a, key) << ", catalog " << field(b, key));
        CHECK(field(a, key) == field(b, key));
    }
    if (is_scan(twin))
        // The scan's kind and tile, and its additions (the lines marked `// +`).
        for (const char* key : {"kind", "tile", "work", "depth"}) {
            INFO(key << ": twin " << field(a, key) << ", catalog " << field(b, key));
            CHECK(field(a, key) == field(b, key));
        }

    check_counters("totals", field(a, "totals"), field(b, "totals"));
    const json mix_a = field(a, "instruction_mix"), mix_b = field(b, "instruction_mix");
    CHECK(mix_b.is_object());
    if (mix_b.is_object())
        for (auto it = mix_b.begin(); it != mix_b.end(); ++it)
            check_counters("instruction_mix." + it.key(), field(mix_a, it.key()), it.value());
    check_steps(field(a, "steps"), field(b, "steps"));
}

// The twin of `variant` with its share of its family's requests.
void check_row(const std::string& variant) {
    std::size_t k = 0;  // its place among its family's rows
    for (const Twin& twin : kTwins) {
        if (twin.variant != variant) {
            if (is_scan(twin) == (variant.rfind("scan-", 0) == 0)) ++k;  // an earlier one
            continue;
        }
        for (std::size_t j = 0; j < 2; ++j) {
            if (is_scan(twin))
                check_twin(twin, kScanRequests[(2 * k + j) % std::size(kScanRequests)]);
            else
                check_twin(twin, kReduceRequests[(2 * k + j) % std::size(kReduceRequests)]);
        }
        return;
    }
    FAIL("no row for " << variant);
}

}  // namespace

#define WS_TWIN_TEST(file, variant, flags)                                                    \
    TEST_CASE("the plain-CUDA twin " file " gives " variant "'s counters", "[plain][slow]") { \
        check_row(variant);                                                                   \
    }
WS_PLAIN_TWINS(WS_TWIN_TEST)
#undef WS_TWIN_TEST
