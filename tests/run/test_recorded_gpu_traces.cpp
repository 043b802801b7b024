// The promise, checked where there is no GPU: traces recorded on a GPU machine
// (assets/traces/, one per algorithm, made by `tests/device/device_checks.sh traces`) equal,
// event for event, the emulator's traces of the same requests. A change to the emulator or to
// the recording vocabulary that would make a classroom see something the GPU does not do fails
// here, on CI; re-recording the traces on a GPU is then part of the change.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/run/crosscheck.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/trace_file.hpp"
#include "tests/test_paths.hpp"

using namespace ws;

TEST_CASE("traces recorded on a GPU equal the emulator's, for every algorithm", "[recorded]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(WS_SOURCE_DIR) / "assets" / "traces";
    std::set<std::string> recorded;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".wstrace") continue;
        INFO(entry.path().filename().string());
        const trace::LoadResult gpu = trace::load_trace(entry.path().string());
        REQUIRE(gpu.error == "");
        REQUIRE(gpu.ok);
        const trace::Trace& t = gpu.trace;
        CHECK(t.device.rfind("NVIDIA", 0) == 0);  // recorded on a GPU, not on the emulator
        CHECK(t.error == "");
        CHECK(t.blocks.size() == t.grid);  // every block of the first pass
        const VariantInfo* v = find_variant(t.request.algo);
        REQUIRE(v != nullptr);
        const trace::Trace emulator = run::run_on_emulator(t.request);
        REQUIRE(emulator.error == "");
        CHECK(run::crosscheck_difference(*v, t, emulator) == "");
        recorded.insert(t.request.algo);
    }
    for (const VariantInfo& v : catalog()) {
        INFO(v.id << " has no recorded GPU trace in assets/traces");
        CHECK(recorded.count(v.id) == 1);
    }
}
