// What a kernel's text may ask the compiler to open (kernels/user/include_policy.hpp): headers by
// name; anything that would tell a student whether a path outside exists is refused in one line
// at its line, and the kernels courses write (the puzzles', the plain twins') pass.
#include <catch2/catch.hpp>
#include <filesystem>

#include "kernels/io/regular_file.hpp"
#include "kernels/user/include_policy.hpp"
#include "tests/test_paths.hpp"

using ws::user::include_refusal;

TEST_CASE("a kernel that probes the paths outside is refused at its line", "[user]") {
    struct Case {
        const char* text;
        const char* says;
    };
    const Case cases[] = {
        {"#if __has_include(\"/root/.bashrc\")\n#endif\n", "k.cu:1: a kernel opens no file"},
        {"int x;\n#  if defined(A) || __has_include_next(<x>)\n#endif\n", "k.cu:2: "},
        {"#include \"/etc/passwd\"\n", "an #include of an absolute path"},
        {"#include </etc/shadow>\n", "an #include of an absolute path"},
        {"#include \"../../../root/.bashrc\"\n", "climbs out with .."},
        {"#define P \"/etc/passwd\"\n#include P\n",
         "k.cu:2: a kernel opens no file but its own "
         "headers, by name: an #include names its"},
        {"#pragma GCC dependency \"/etc/passwd\"\n", "#pragma GCC dependency"},
        {"_Pragma(\"GCC dependency \\\"/etc/passwd\\\"\")\n", "_Pragma"},
        {"asm(\".incbin \\\"/etc/passwd\\\"\");\n", "the assembler's .incbin"},
        {"constexpr bool b = __has_include(<x>);\n", "__has_include"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        const std::string why = include_refusal(c.text, "k.cu");
        CHECK(why.find(c.says) != std::string::npos);
        CHECK(why.find('\n') == std::string::npos);
    }
    // Mentioned in a comment or a string of its own, it is no request.
    CHECK(include_refusal("// __has_include(\"/etc/passwd\")\nint x;\n", "k.cu").empty());
    CHECK(include_refusal("/* #include \"/etc/passwd\" */\n", "k.cu").empty());
    CHECK(include_refusal("const char* s = \"__has_include\";\n", "k.cu").empty());
    CHECK(include_refusal("#include <cooperative_groups.h>\n#include \"helpers.h\"\n", "k.cu")
              .empty());
}

TEST_CASE("the kernels courses write include nothing the policy refuses", "[user]") {
    unsigned files = 0;
    for (const char* dir : {"/assets/puzzles", "/tests/data/plain_kernels",
                            "/tests/data/plain_kernels/public", "/assets/kernels"}) {
        for (const auto& e :
             std::filesystem::directory_iterator(std::string(WS_SOURCE_DIR) + dir)) {
            if (e.path().extension() != ".cu") continue;
            std::string error;
            const std::string text = ws::io::read_regular_file(e.path().string(), 1 << 20, error);
            INFO(e.path().string());
            CHECK(include_refusal(text, e.path().filename().string()) == "");
            ++files;
        }
    }
    CHECK(files > 30);
}
