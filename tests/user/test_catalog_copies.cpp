// The catalog's kernels as students' files (tests/data/user_kernels/catalog_copies/): the copy the
// editor opens of every variant that is one kernel a file can hold (ui::copy_of_variant), kept so
// that the GPU machine can record each of them twice, by its compiled-in probe and by the Compute
// Sanitizer API on its unprobed code (issue 56; tests/data/gpu_traces/witness_requests.txt,
// tests/device/sanitizer_plain.sh). A copy that no longer equals what the editor makes fails here:
// write them again with WS_WRITE_CATALOG_COPIES=1 and the case below, then record them again.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "kernels/catalog.hpp"
#include "kernels/embedded_sources.hpp"
#include "tests/test_paths.hpp"
#include "ui/model/window/kernel_editor.hpp"

namespace fs = std::filesystem;

TEST_CASE("every catalog kernel the editor copies is kept as a file and witnessed on the GPU",
          "[user]") {
    const fs::path dir = fs::path(WS_SOURCE_DIR) / "tests/data/user_kernels/catalog_copies";
    const bool write = std::getenv("WS_WRITE_CATALOG_COPIES") != nullptr;
    std::set<std::string> expected;
    for (const ws::VariantInfo& v : ws::catalog()) {
        const char* source = ws::embedded_source(v.source_file);
        if (!source) continue;
        std::string why;
        const auto text = ws::ui::copy_of_variant(v, source, why);
        if (!text) continue;
        const std::string name = std::string(v.id) + ".cu";
        expected.insert(name);
        INFO(name);
        if (write) std::ofstream(dir / name) << *text;
        std::ifstream in(dir / name);
        std::ostringstream kept;
        kept << in.rdbuf();
        CHECK(kept.str() == *text);
    }
    CHECK(expected.size() >= 6);
    std::set<std::string> present;
    for (const auto& entry : fs::directory_iterator(dir))
        present.insert(entry.path().filename().string());
    CHECK(present == expected);

    // Each is in the GPU's list of kernels recorded twice, at least once.
    std::ifstream list(fs::path(WS_SOURCE_DIR) / "tests/data/gpu_traces/witness_requests.txt");
    std::set<std::string> listed;
    for (std::string line; std::getline(list, line);) {
        std::istringstream words(line);
        std::string name, file;
        words >> name >> file;
        const std::string prefix = "tests/data/user_kernels/catalog_copies/";
        if (file.rfind(prefix, 0) == 0) listed.insert(file.substr(prefix.size()));
    }
    CHECK(listed == expected);
}
