// What `warpscope crosscheck --gpu-recorder sanitizer` must have printed (its lines, or the lines
// of a stored run, each maybe led by its seconds "12s "): nothing differs; a variant whose trace
// follows what the API cannot see (run::sanitizer_blind_spot) is not compared, every other is;
// the probe's own run fails only where 1024 threads of doubles lack registers; the kernels equal
// event for event in every case on an H200 (2026-11-30) stay so; the summary counts the lines.
// Shared by the [gpu] test and the test of the stored H200 run.
#pragma once
#include <catch2/catch.hpp>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/run/sanitizer_comparison.hpp"

inline void check_sanitizer_catalog_output(const std::string& out) {
    using namespace ws;
    std::map<std::string, std::multiset<std::string>> verdicts;
    std::map<std::string, std::size_t> counted;
    std::istringstream lines(out);
    std::string summary;
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string verdict, id, type;
        words >> verdict;
        if (std::regex_match(verdict, std::regex("[0-9]+s"))) words >> verdict;
        words >> id >> type;
        if (line.find("the same event for event") != std::string::npos) summary = line;
        if (!find_variant(id)) continue;
        INFO(line);
        verdicts[id].insert(verdict);
        ++counted[verdict];
        CHECK(verdict != "DIFFERS");
        CHECK(verdict != "differs");
        if (verdict == "noprobe") {
            CHECK(type == "double");
            CHECK(line.find("block=1024") != std::string::npos);
            CHECK(line.find("too many resources requested for launch") != std::string::npos);
        }
    }
    REQUIRE(!summary.empty());
    for (const auto& [verdict, words] :
         std::map<std::string, std::string>{{"same", "the same event for event"},
                                            {"accesses", "the same accesses"},
                                            {"optimized", "the same but accesses"},
                                            {"unseen", "not comparable"},
                                            {"noprobe", "the probe could not record"}}) {
        INFO(summary << " / " << verdict);
        CHECK(summary.find(std::to_string(counted[verdict]) + " " + words) != std::string::npos);
    }
    CHECK(summary.find(" 0 failed") != std::string::npos);
    CHECK(counted["same"] + counted["accesses"] + counted["optimized"] >= 300);
    const trace::Trace no_retries;
    for (const VariantInfo& v : catalog()) {
        INFO(v.id);
        REQUIRE(verdicts.count(v.id) == 1);
        const std::multiset<std::string>& seen = verdicts[v.id];
        const std::size_t compared =
            seen.count("same") + seen.count("accesses") + seen.count("optimized");
        if (!run::sanitizer_blind_spot(v, no_retries).empty()) {
            CHECK(seen.count("unseen") + seen.count("noprobe") == seen.size());
            continue;
        }
        // A compare-and-swap loop is compared when no attempt lost its race.
        if (std::string(v.id) != "reduce-atomic-cas") {
            CHECK(seen.count("unseen") == 0);
            CHECK(compared > 0);
        }
    }
    for (const char* id :
         {"reduce-interleaved-divergent", "reduce-interleaved-strided", "reduce-sequential",
          "reduce-first-add", "reduce-multi-element", "scan-kogge-stone-inplace", "scan-warp-smem",
          "copy-scalar", "copy-vector2", "copy-vector4", "copy-strided"}) {
        INFO(id);
        CHECK(verdicts[id].count("same") == verdicts[id].size());
    }
}
