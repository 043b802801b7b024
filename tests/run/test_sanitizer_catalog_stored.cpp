// The catalog recorded twice on an NVIDIA H200 (2026-11-30), by each variant's probe and by the
// Compute Sanitizer API on its unprobed kernel (assets/measurements/
// sanitizer-catalog-nvidia-h200.txt, tests/device/sanitizer_catalog.sh): what the docs say of
// that run holds on every build.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "tests/run/sanitizer_catalog_check.hpp"
#include "tests/test_paths.hpp"

TEST_CASE("the H200's recordings of the catalog by its probe and by the Sanitizer API agree",
          "[run]") {
    std::ifstream f(std::string(WS_SOURCE_DIR) +
                    "/assets/measurements/sanitizer-catalog-nvidia-h200.txt");
    REQUIRE(f);
    std::ostringstream text;
    text << f.rdbuf();
    CHECK(text.str().find("NVIDIA H200") != std::string::npos);
    check_sanitizer_catalog_output(text.str());
}
