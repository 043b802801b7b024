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

std::vector<std::uint8_t> cubin(const std::string& name) {
    std::ifstream f(std::string(WS_SOURCE_DIR) + "/tests/data/cubin/" + name, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

std::vector<std::uint8_t> probe_cubin() {
    return cubin("probe_sm90.cubin");
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

// tests/data/cubin/warp_shuffle_sm90.cubin: tests/data/plain_kernels/reduce_warp_shuffle.cu with
// `template __global__ void reduce_warp_shuffle<float>(float*, float*, unsigned);` added, made by
// CUDA 13.0's `nvcc -cubin -arch=sm_90 -lineinfo -O3`. Its shuffles are __shfl_down_sync
// (sm_30_intrinsics.hpp) inlined in tile.shfl_down (cooperative_groups) inlined at line 21, and
// the table says so with NVIDIA's inlined-at opcode: each row of a toolkit header takes the line
// of the student's call it was inlined at, the innermost one.
TEST_CASE("cubin lines: code inlined from the toolkit's headers takes the student's line") {
    std::string error;
    const std::vector<FunctionLines> all =
        cubin_function_lines(cubin("warp_shuffle_sm90.cubin"), "reduce_warp_shuffle.cu", error);
    INFO(error);
    REQUIRE(all.size() == 1);
    const FunctionLines& f = all[0];
    CHECK(line_at(f, 16) == 30);    // cg::tiled_partition<32>(block): cooperative_groups.h's rows
    CHECK(line_at(f, 592) == 21);   // sm_30_intrinsics.hpp:440 in the first warpReduceSum
    CHECK(line_at(f, 576) == 21);   // the student's own row, inlined at line 43: its own line
    CHECK(line_at(f, 1104) == 21);  // sm_30_intrinsics.hpp:440 in the second warpReduceSum
    CHECK(line_at(f, 672) == 44);   // a row of the student's file, not inlined
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

// A folder ending in '/' keeps the rows of every file in it (the catalog's kernels are read so,
// with "kernels/algorithms/"): the student's file lies in /tmp, the toolkit's headers elsewhere.
TEST_CASE("cubin lines: a folder keeps the rows of every file in it") {
    std::string error;
    const std::vector<std::uint8_t> bytes = cubin("warp_shuffle_sm90.cubin");
    const std::vector<FunctionLines> by_file =
        cubin_function_lines(bytes, "reduce_warp_shuffle.cu", error);
    const std::vector<FunctionLines> by_folder = cubin_function_lines(bytes, "/tmp/", error);
    INFO(error);
    REQUIRE(by_folder.size() == 1);
    REQUIRE(by_file.size() == 1);
    CHECK(LineTable(by_folder[0].ranges).ranges().size() ==
          LineTable(by_file[0].ranges).ranges().size());
    for (std::uint64_t at : {16u, 576u, 592u, 672u, 1104u})
        CHECK(line_at(by_folder[0], at) == line_at(by_file[0], at));
    // The toolkit's folder: the shuffle's own row in sm_30_intrinsics.hpp, not the student's.
    const std::vector<FunctionLines> toolkit =
        cubin_function_lines(bytes, "targets/x86_64-linux/include/", error);
    REQUIRE(toolkit.size() == 1);
    CHECK(line_at(toolkit[0], 592) == 440);
    // A folder matches whole names only: "mp/" is not "/tmp/".
    CHECK(cubin_function_lines(bytes, "mp/", error).empty());
}
