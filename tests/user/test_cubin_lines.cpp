// A cubin's lines function by function (kernels/user/cubin_lines.hpp), on a cubin NVRTC made with
// -lineinfo for an H200 (tests/data/cubin/probe_sm90.cubin, from tests/device/sanitizer/
// probe_host.cc's two kernels, 2026-11-29): the offsets the Compute Sanitizer API reported for
// its loads and stores, against the lines nvdisasm -g printed for them; and a cubin it cannot read
// as an error line.
#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>

#include "kernels/user/cubin_lines.hpp"
#include "tests/test_paths.hpp"

using namespace ws::user;

namespace {

std::vector<std::uint8_t> probe_cubin() {
    std::ifstream f(std::string(WS_SOURCE_DIR) + "/tests/data/cubin/probe_sm90.cubin",
                    std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

unsigned line_at(const FunctionLines& f, std::uint64_t offset) {
    return LineTable(f.ranges).line_at(offset);
}

const FunctionLines* find(const std::vector<FunctionLines>& all, const std::string& name) {
    for (const FunctionLines& f : all)
        if (f.name == name) return &f;
    return nullptr;
}

}  // namespace

TEST_CASE("cubin lines: each function's instructions from its own first byte") {
    std::string error;
    const std::vector<FunctionLines> all =
        cubin_function_lines(probe_cubin(), "probe_kernel.cu", error);
    INFO(error);
    REQUIRE(all.size() == 2);
    const FunctionLines* red = find(all, "red");
    const FunctionLines* dyn = find(all, "dyn");
    REQUIRE(red);
    REQUIRE(dyn);
    CHECK(line_at(*red, 0xa0) == 6);    // LDG in[i]
    CHECK(line_at(*red, 0x130) == 6);   // STS s[t]
    CHECK(line_at(*red, 0x160) == 9);   // LDS s[t + k]
    CHECK(line_at(*red, 0x180) == 9);   // STS s[t]
    CHECK(line_at(*red, 0x260) == 13);  // LDS v = s[t]
    CHECK(line_at(*red, 0x290) == 14);  // SHFL.DOWN
    CHECK(line_at(*red, 0x370) == 16);  // STG out[blockIdx.x]
    CHECK(line_at(*dyn, 0xa0) == 23);   // LDG in[t]
    CHECK(line_at(*dyn, 0x270) == 25);  // STG out[t]
}

TEST_CASE("cubin lines: another file's rows are not kept") {
    std::string error;
    CHECK(cubin_function_lines(probe_cubin(), "other.cu", error).empty());
}

TEST_CASE("cubin lines: what is not a cubin is one error line") {
    std::string error;
    std::vector<std::uint8_t> junk(200, 7);
    CHECK(cubin_function_lines(junk, "probe_kernel.cu", error).empty());
    CHECK(error.find("not an ELF64") != std::string::npos);
    std::vector<std::uint8_t> cut = probe_cubin();
    cut.resize(cut.size() / 3);
    error.clear();
    CHECK(cubin_function_lines(cut, "probe_kernel.cu", error).empty());
    CHECK(!error.empty());
}
