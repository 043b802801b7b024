// NVRTC's compile child (issue 33): the GPU path's compiler runs walled in as the machine's
// compiler does, in both sandbox modes, and needs no GPU: it makes the code and the two kernels'
// names from a student's file, and an include of a file it was not handed is a compile error that
// quotes nothing of the file. Tagged [nvrtc] (ctest's nvrtc_tests; skipped without libnvrtc).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "kernels/io/regular_file.hpp"
#include "kernels/user/child_protocol.hpp"
#include "kernels/user/compile_step.hpp"
#include "kernels/user/kernel_header.hpp"
#include "kernels/user/nvrtc_compiler.hpp"
#include "kernels/user/toolchain.hpp"
#include "tests/test_paths.hpp"

using namespace ws;
using namespace ws::user;

namespace {

NvrtcBuild compile_walled(SandboxMode mode, const std::string& source, WorkDir& work) {
    use_child_program(WS_BINARY);  // the children are warpscope's, not this test program's
    std::string error;
    const std::string include_dir = find_include_dir(error);
    REQUIRE(error.empty());
    REQUIRE(write_new_file(work.file(kSourceFile), source));
    const KernelHeader h = parse_kernel_header(source, "mine.cu");
    REQUIRE(h.ok());
    const Sandbox sandbox = choose_sandbox(mode);
    return compile_in_nvrtc_child(sandbox, work, {source, "mine.cu", include_dir, h.info.family},
                                  trace::DType::Float32, "sm_90");
}

}  // namespace

TEST_CASE("NVRTC compiles in its walled-in child, in both sandbox modes", "[nvrtc]") {
    REQUIRE(nvrtc_unavailable_reason().empty());
    std::string error;
    const std::string source = io::read_regular_file(
        std::string(WS_SOURCE_DIR) + "/tests/data/user_kernels/reduce_sequential.cu", 1 << 20,
        error);
    REQUIRE(error.empty());
    for (SandboxMode mode : {SandboxMode::Auto, SandboxMode::Limits}) {
        WorkDir work;
        const NvrtcBuild b = compile_walled(mode, source, work);
        INFO(b.error);
        CHECK(b.error.empty());
        CHECK(b.fast_name.find("NoProbe") != std::string::npos);
        CHECK(b.traced_name.find("GpuProbe") != std::string::npos);
        CHECK(io::RegularFile(work.file(kCubinFile)).size() > 1000);
    }
}

TEST_CASE("NVRTC's child reads no file it was not handed", "[nvrtc]") {
    REQUIRE(nvrtc_unavailable_reason().empty());
    const std::string secret = "/tmp/ws_nvrtc_secret_" + std::to_string(::getpid()) + ".h";
    { std::ofstream(secret) << "WS-NVRTC-SECRET-4711\n"; }
    // A file the user can read, and a header of the program's own that is not among those
    // handed over (the child works in its empty work folder).
    for (const std::string& include : {secret, std::string("kernels/user/child.hpp")}) {
        const std::string kernel = "// warpscope-kernel: reduce\n#include \"" + include +
                                   "\"\ntemplate <class T, class Probe>\n__global__ void "
                                   "kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {}\n";
        for (SandboxMode mode : {SandboxMode::Auto, SandboxMode::Limits}) {
            INFO(include);
            WorkDir work;
            const NvrtcBuild b = compile_walled(mode, kernel, work);
            INFO(b.error);
            CHECK(b.error.rfind("compile error at mine.cu:2", 0) == 0);
            CHECK(b.error.find("WS-NVRTC-SECRET") == std::string::npos);
        }
    }
    std::remove(secret.c_str());
}
