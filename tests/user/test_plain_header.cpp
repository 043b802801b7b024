// The plain form of the kernel file's header (kernel_header.hpp): the kernel and its parameters
// named, any other parameter's value given, and one line for each mistake.
#include <catch2/catch.hpp>

#include "kernels/user/kernel_header.hpp"

using namespace ws;
using namespace ws::user;

TEST_CASE("a plain header names the kernel and its parameters", "[user][plain]") {
    const KernelHeader h = parse_kernel_header(
        "// warpscope-kernel: reduce kernel=reduce6 in=g_idata out=g_odata n=n "
        "block-size=blockSize nIsPow2=false elements-per-thread=2 shared=per-thread\n",
        "k.cu");
    REQUIRE(h.ok());
    CHECK(h.plain.plain);
    CHECK(h.plain.kernel == "reduce6");
    CHECK(h.plain.in == "g_idata");
    CHECK(h.plain.out == "g_odata");
    CHECK(h.plain.n == "n");
    CHECK(h.plain.block_size == "blockSize");
    REQUIRE(h.plain.values.size() == 1);
    CHECK(h.plain.values[0] == std::pair<std::string, std::string>{"nIsPow2", "false"});
    CHECK(h.info.elems_per_thread == 2);
    CHECK(h.info.smem_rule == SmemRule::PerThread);
    CHECK(h.info.static_smem_bytes == kPlainStaticSharedBytes);

    const KernelHeader scan = parse_kernel_header(
        "// warpscope-kernel: scan kernel=prescan in=g_idata out=g_odata n=n kind=exclusive\n",
        "s.cu");
    REQUIRE(scan.ok());
    CHECK(scan.plain.exclusive);
    CHECK(scan.plain.totals.empty());
    CHECK(scan.info.smem_rule == SmemRule::None);  // a plain kernel's default

    const KernelHeader vocabulary =
        parse_kernel_header("// warpscope-kernel: reduce elements-per-thread=2\n", "v.cu");
    REQUIRE(vocabulary.ok());
    CHECK_FALSE(vocabulary.plain.plain);
    CHECK(vocabulary.info.smem_rule == SmemRule::PerThread);
    CHECK(vocabulary.info.static_smem_bytes == 0);
}

TEST_CASE("a plain header's mistakes end in one line", "[user][plain]") {
    auto error = [](const std::string& line) {
        return parse_kernel_header(line + "\n", "k.cu").error;
    };
    CHECK(error("// warpscope-kernel: reduce kernel=k in=a out=b")
              .find("k.cu:1: a plain kernel's header names its n=") == 0);
    CHECK(error("// warpscope-kernel: reduce in=a out=b n=n").find("names its kernel=") !=
          std::string::npos);
    CHECK(error("// warpscope-kernel: reduce kernel=k in=a out=b n=n totals=t")
              .find("totals= and kind= are a scan's") != std::string::npos);
    CHECK(error("// warpscope-kernel: scan kernel=k in=a out=b n=n kind=both")
              .find("kind is inclusive or exclusive") != std::string::npos);
    CHECK(error("// warpscope-kernel: reduce kernel=k in=a out=b n=n big=\"x\"")
              .find("a parameter's value is a number, true or false") != std::string::npos);
    CHECK(error("// warpscope-kernel: reduce kernel=k in=a; out=b n=n")
              .find("in= names a parameter") != std::string::npos);
}
