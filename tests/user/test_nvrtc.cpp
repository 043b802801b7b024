// The GPU path's compiler (issue 19): NVRTC compiles what a student can write, on a machine with
// no GPU, for the GPU warpscope is built for (sm_90): every puzzle's starting, reference and wrong
// kernels, and every catalog kernel the editor opens as a copy, for int, float and double, with
// and without the recording probe; and its errors come out as the emulator's compiler's do, one
// line at the student's line. Tagged [nvrtc]: ctest's nvrtc_tests runs them, and reports them
// skipped where libnvrtc.so.13 cannot be opened.
#include <catch2/catch.hpp>

#include "kernels/catalog.hpp"
#include "kernels/embedded_sources.hpp"
#include "kernels/io/regular_file.hpp"
#include "kernels/user/cubin_lines.hpp"
#include "kernels/user/kernel_header.hpp"
#include "kernels/user/nvrtc_compiler.hpp"
#include "kernels/user/plain_wrapper.hpp"
#include "kernels/user/puzzle.hpp"
#include "kernels/user/toolchain.hpp"
#include "tests/test_paths.hpp"
#include "ui/model/window/kernel_editor.hpp"

using namespace ws;
using namespace ws::user;

namespace {

const trace::DType kTypes[] = {trace::DType::Int32, trace::DType::Float32, trace::DType::Float64};

std::string include_dir() {
    std::string error;
    const std::string dir = find_include_dir(error);
    INFO(error);
    REQUIRE_FALSE(dir.empty());
    return dir;
}

const std::vector<NvrtcHeader>& headers() {
    static const std::vector<NvrtcHeader> handed = [] {
        std::string error;
        std::vector<NvrtcHeader> h = nvrtc_headers(include_dir(), error);
        INFO(error);
        REQUIRE(error.empty());
        return h;
    }();
    return handed;
}

GpuBuild build(const std::string& source, const std::string& display, trace::DType type) {
    const KernelHeader h = parse_kernel_header(source, display);
    INFO(h.error);
    REQUIRE(h.ok());
    return compile_for_gpu(source, display, h.info.family, type, "sm_90", headers());
}

}  // namespace

TEST_CASE("NVRTC compiles every puzzle's kernels for the GPU, recorded and not", "[nvrtc]") {
    REQUIRE(nvrtc_unavailable_reason().empty());
    unsigned compiled = 0;
    for (const std::string& file : puzzle_files(WS_SOURCE_DIR)) {
        const PuzzleParse p = load_puzzle(file);
        REQUIRE(p.ok());
        for (const std::string* kernel : {&p.puzzle.start, &p.puzzle.solution, &p.puzzle.wrong}) {
            std::string error;
            const std::string source = io::read_regular_file(*kernel, 1 << 20, error);
            REQUIRE(error.empty());
            for (trace::DType type : kTypes) {
                INFO(*kernel << " " << trace::dtype_name(type));
                const GpuBuild b = build(source, *kernel, type);
                INFO(b.error << "\n" << b.log);
                REQUIRE(b.ok);
                CHECK(b.cubin.size() > 1000);
                // The two instantiations, mangled: kernel<T, NoProbe> and kernel<T, GpuProbe>.
                CHECK(b.fast_name.find("NoProbe") != std::string::npos);
                CHECK(b.traced_name.find("GpuProbe") != std::string::npos);
                CHECK(b.fast_name != b.traced_name);
                ++compiled;
            }
        }
    }
    CHECK(compiled >= 30 * 3);
}

TEST_CASE("NVRTC compiles every catalog kernel the editor opens as a copy", "[nvrtc]") {
    REQUIRE(nvrtc_unavailable_reason().empty());
    unsigned copies = 0;
    for (const VariantInfo& v : catalog()) {
        const char* source = embedded_source(v.source_file);
        if (!source) continue;
        std::string why;
        const auto text = ui::copy_of_variant(v, source, why);
        if (!text) continue;
        for (trace::DType type : kTypes) {
            INFO(v.id << " " << trace::dtype_name(type));
            const GpuBuild b = build(*text, "copy.cu", type);
            INFO(b.error << "\n" << b.log);
            CHECK(b.ok);
        }
        ++copies;
    }
    CHECK(copies >= 4);
}

TEST_CASE("NVRTC's errors are one line at the student's line", "[nvrtc]") {
    REQUIRE(nvrtc_unavailable_reason().empty());
    const std::string head = "// warpscope-kernel: reduce\n";
    struct Case {
        std::string body, says;
    };
    const Case cases[] = {
        // line 4 of the file: an undefined name
        {"template <class T, class Probe>\n__global__ void kernel(const T* g_in, T* g_out, "
         "unsigned n, Probe probe) {\n    T x = y;\n}\n",
         "compile error at mine.cu:4: identifier \"y\" is undefined"},
        // no kernel at all
        {"template <class T, class Probe>\n__global__ void kernal(const T* g_in, T* g_out, "
         "unsigned n, Probe probe) {}\n",
         "compile error: mine.cu has no kernel `template <class T, class Probe> __global__ void "
         "kernel(const T* g_in, T* g_out, unsigned n, Probe probe)`"},
        // a kernel with a scan's parameters in a reduction's file
        {"template <class T, class Probe>\n__global__ void kernel(const T* g_in, T* g_out, T* t, "
         "unsigned n, ScanKind k, Probe probe) {}\n",
         "compile error: mine.cu has no kernel"},
        // host code the GPU cannot run
        {"#include <vector>\ntemplate <class T, class Probe>\n__global__ void kernel(const T* "
         "g_in, T* g_out, unsigned n, Probe probe) {}\n",
         "compile error at mine.cu:2:"},

    };
    for (const Case& c : cases) {
        INFO(c.body);
        const GpuBuild b = build(head + c.body, "mine.cu", trace::DType::Int32);
        CHECK_FALSE(b.ok);
        CHECK(b.compile_error);
        CHECK(b.error.rfind(c.says, 0) == 0);
        CHECK(b.error.find('\n') == std::string::npos);
    }
}

TEST_CASE("NVRTC compiles the plain twins and public kernels as CUDA has them", "[nvrtc]") {
    const std::string cuda = cuda_include_dir();
    INFO("the toolkit's headers (cooperative_groups.h): " << cuda);
    const char* files[] = {"reduce_interleaved_divergent.cu",
                           "reduce_interleaved_strided.cu",
                           "reduce_sequential.cu",
                           "reduce_first_add.cu",
                           "reduce_unroll_last_warp.cu",
                           "reduce_unroll_last_warp_legacy.cu",
                           "reduce_complete_unroll.cu",
                           "reduce_warp_shuffle.cu",
                           "scan_kogge_stone.cu",
                           "scan_blelloch.cu",
                           "scan_blelloch_padded.cu",
                           "scan_brent_kung.cu",
                           "public/harris_reduce0.cu",
                           "public/samples_reduce6.cu",
                           "public/pmpp_kogge_stone.cu",
                           "public/cg_reduce_sum.cu"};
    for (const char* name : files) {
        const std::string path = std::string(WS_SOURCE_DIR) + "/tests/data/plain_kernels/" + name;
        std::string why;
        const std::string source = io::read_regular_file(path, 1 << 20, why);
        REQUIRE(why.empty());
        const KernelHeader h = parse_kernel_header(source, name);
        REQUIRE(h.ok());
        REQUIRE(h.plain.plain);
        for (trace::DType type : kTypes) {
            if (!plain_type_refusal(source, name, h, trace::dtype_name(type)).empty()) continue;
            // Named as run-kernel names it: the path as given, folders and all.
            const std::string display = std::string("tests/data/plain_kernels/") + name;
            const GpuBuild b =
                compile_for_gpu(source, display, h.info.family, type, "sm_90", headers(), &h, cuda);
            INFO(name << " " << trace::dtype_name(type) << ": " << b.error << "\n" << b.log);
            CHECK(b.ok);
            CHECK(b.fast_name.find(kPlainEntry) != std::string::npos);
            // The GPU recorder of plain kernels places each instruction at its line (-lineinfo):
            // the traced function has rows of the student's file.
            std::string lines_error;
            const std::vector<FunctionLines> lines = cubin_function_lines(
                std::vector<std::uint8_t>(b.cubin.begin(), b.cubin.end()), display, lines_error);
            INFO("the traced function " << b.traced_name << ", " << lines.size()
                                        << " functions with lines of " << display);
            CHECK(lines_error == "");
            const auto traced =
                std::find_if(lines.begin(), lines.end(),
                             [&](const FunctionLines& f) { return f.name == b.traced_name; });
            CHECK(traced != lines.end());
            if (traced != lines.end()) CHECK_FALSE(traced->ranges.empty());
        }
    }
}
