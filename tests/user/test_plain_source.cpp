// Reading plain CUDA kernel files (kernels/user/plain_source.hpp) on the textbooks' own code:
// Mark Harris's reduce0..reduce6, NVIDIA cuda-samples' reduction (SharedMemory<T>), PMPP's
// Kogge-Stone scan, GPU Gems 3's Blelloch scan and a file-scope transpose tile. Every __shared__
// declaration is rewritten on its own lines and nothing else moves; each refusal is one line at
// the student's line; a kernel's template and call parameters are read in every form the
// textbooks write them.
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "kernels/user/plain_source.hpp"
#include "tests/user/textbook_kernels.hpp"

using namespace ws::user;
using namespace ws::test;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines(1);
    for (char c : text) {
        if (c == '\n')
            lines.emplace_back();
        else
            lines.back() += c;
    }
    return lines;
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

// The rewrite, checked to keep the line count and every line but `changed` (1-based).
std::string rewritten(const std::string& source, const std::set<unsigned>& changed) {
    const SharedRewrite r = rewrite_shared(source, "k.cu");
    INFO(r.error);
    REQUIRE(r.error.empty());
    const std::vector<std::string> before = lines_of(source), after = lines_of(r.text);
    REQUIRE(after.size() == before.size());
    for (std::size_t k = 0; k < before.size(); ++k) {
        INFO("line " << k + 1);
        if (changed.count(static_cast<unsigned>(k + 1)) == 0) {
            CHECK(after[k] == before[k]);
        } else {
            CHECK(count(before[k], "__shared__") == count(after[k], "__shared__") + 1);
        }
    }
    return r.text;
}

// The 1-based lines of `source` that hold the word __shared__.
std::set<unsigned> shared_lines(const std::string& source) {
    std::set<unsigned> lines;
    const std::vector<std::string> all = lines_of(source);
    for (std::size_t k = 0; k < all.size(); ++k)
        if (all[k].find("__shared__") != std::string::npos) lines.insert(unsigned(k + 1));
    return lines;
}

// The rewrite of a one-declaration body, trimmed: what `decl` becomes inside a kernel.
std::string in_body(const std::string& decl) {
    const SharedRewrite r = rewrite_shared("__global__ void k() {\n" + decl + "\n}\n", "k.cu");
    INFO(r.error);
    REQUIRE(r.error.empty());
    return lines_of(r.text)[1];
}

std::string at_file_scope(const std::string& decl) {
    const SharedRewrite r = rewrite_shared(decl + "\n", "k.cu");
    INFO(r.error);
    REQUIRE(r.error.empty());
    return lines_of(r.text)[0];
}

std::string refusal(const std::string& source) {
    const SharedRewrite r = rewrite_shared(source, "k.cu");
    CHECK(r.text.empty());
    CHECK(r.error.find('\n') == std::string::npos);
    return r.error;
}

}  // namespace

TEST_CASE("the tokenizer keeps comments, literals and preprocessor lines whole", "[plain_source]") {
    const std::string src =
        "#define TWICE(x) \\\n  ((x) + (x))\n"
        "int a = 1'000; // a comment \\\n still the comment __shared__\n"
        "const char* s = R\"xy(a )\" __shared__ )xy\";\n"
        "char c = '\"'; /* __shared__\n */ auto u = u8\"__shared__\";\n"
        "  # pragma unroll\n"
        "x::y... \\\n z";
    const std::vector<Token> t = tokenize(src);
    REQUIRE(t.size() >= 20);
    CHECK(t[0].kind == TokenKind::Directive);
    CHECK(t[0].text == "#define TWICE(x) \\\n  ((x) + (x))");
    CHECK(t[1].text == "int");
    CHECK(t[1].line == 3);
    CHECK(t[4].kind == TokenKind::Number);
    CHECK(t[4].text == "1'000");
    CHECK(t[6].text == "const");
    CHECK(t[6].line == 5);
    CHECK(t[11].kind == TokenKind::Literal);
    CHECK(t[11].text == "R\"xy(a )\" __shared__ )xy\"");
    CHECK(t[16].text == "'\"'");
    CHECK(t[18].text == "auto");
    CHECK(t[18].line == 7);
    CHECK(t[21].text == "u8\"__shared__\"");
    CHECK(t[23].kind == TokenKind::Directive);
    CHECK(t[23].text == "# pragma unroll");
    CHECK(t[24].text == "x");
    CHECK(t[25].text == "::");
    CHECK(t[27].text == "...");
    CHECK(t[28].text == "z");
    CHECK(t[28].line == 10);
    for (const Token& k : t) CHECK(k.text != "__shared__");
}

TEST_CASE("Harris's reduce0..reduce6: each extern __shared__ sdata[] is the dynamic array",
          "[plain_source]") {
    const std::string text = rewritten(kHarris, shared_lines(kHarris));
    CHECK(count(text, "auto& sdata = ::ws::plain::dynamic_shared<int[]>();") == 7);
    const SharedRewrite r = rewrite_shared(kHarris, "harris.cu");
    CHECK(r.declarations == 7);
    CHECK(r.uses_dynamic);
    CHECK(kernel_names(kHarris) == std::vector<std::string>{"reduce0", "reduce1", "reduce2",
                                                            "reduce3", "reduce4", "reduce5",
                                                            "reduce6"});

    const KernelSignature s = find_kernel(kHarris, "reduce6", "harris.cu");
    INFO(s.error);
    REQUIRE(s.ok());
    CHECK(s.line == 115);
    CHECK_FALSE(s.extern_c);
    REQUIRE(s.template_params.size() == 1);
    CHECK_FALSE(s.template_params[0].is_type);
    CHECK(s.template_params[0].name == "blockSize");
    CHECK(s.template_params[0].type == "unsigned int");
    CHECK(s.template_params[0].default_value.empty());
    REQUIRE(s.params.size() == 3);
    CHECK(s.params[0].name == "g_idata");
    CHECK(s.params[0].type == "int*");
    CHECK(s.params[0].is_pointer);
    CHECK(s.params[1].name == "g_odata");
    CHECK(s.params[2].name == "n");
    CHECK(s.params[2].type == "unsigned int");
    CHECK_FALSE(s.params[2].is_pointer);

    const KernelSignature r0 = find_kernel(kHarris, "reduce0", "harris.cu");
    CHECK(r0.ok());
    CHECK(r0.line == 2);
    CHECK(r0.template_params.empty());
    CHECK(r0.params.size() == 2);
}

TEST_CASE("cuda-samples' SharedMemory<T>: extern __shared__ inside conversion operators",
          "[plain_source]") {
    const std::string text = rewritten(kCudaSamples, shared_lines(kCudaSamples));
    CHECK(count(text, "    auto& __smem = ::ws::plain::dynamic_shared<int[]>();\n") == 2);
    CHECK(count(text, "    auto& __smem_d = ::ws::plain::dynamic_shared<double[]>();\n") == 2);
    CHECK(rewrite_shared(kCudaSamples, "r.cu").declarations == 4);
    CHECK(kernel_names(kCudaSamples) == std::vector<std::string>{"reduce6"});

    const KernelSignature s = find_kernel(kCudaSamples, "reduce6", "reduction_kernel.cu");
    INFO(s.error);
    REQUIRE(s.ok());
    CHECK(s.line == 43);
    REQUIRE(s.template_params.size() == 3);
    CHECK(s.template_params[0].is_type);
    CHECK(s.template_params[0].name == "T");
    CHECK(s.template_params[0].type.empty());
    CHECK(s.template_params[1].name == "blockSize");
    CHECK(s.template_params[1].type == "unsigned int");
    CHECK(s.template_params[2].name == "nIsPow2");
    CHECK(s.template_params[2].type == "bool");
    REQUIRE(s.params.size() == 3);
    CHECK(s.params[0].type == "T*");
    CHECK(s.params[1].type == "T*");
    CHECK(s.params[2].type == "unsigned int");
}

TEST_CASE("PMPP's Kogge-Stone scan: a sized block-scope array and its #define kept",
          "[plain_source]") {
    const std::string text = rewritten(kPmpp, {4});
    const std::vector<std::string> lines = lines_of(text);
    CHECK(lines[0] == "#define SECTION_SIZE 1024");
    CHECK(lines[3] == "    auto& XY = ::ws::plain::static_shared<float[SECTION_SIZE]>(0);");
    const SharedRewrite r = rewrite_shared(kPmpp, "k.cu");
    CHECK(r.declarations == 1);
    CHECK_FALSE(r.uses_dynamic);

    const KernelSignature s = find_kernel(kPmpp, "Kogge_Stone_scan_kernel", "k.cu");
    REQUIRE(s.ok());
    CHECK(s.line == 3);
    REQUIRE(s.params.size() == 3);
    CHECK(s.params[0].name == "X");
    CHECK(s.params[0].type == "float*");
    CHECK(s.params[2].name == "N");
}

TEST_CASE("GPU Gems 3's Blelloch scan: extern __shared__ temp[] with its comment kept",
          "[plain_source]") {
    const std::string text = rewritten(kGems3, {2});
    CHECK(lines_of(text)[1] ==
          "    auto& temp = ::ws::plain::dynamic_shared<float[]>();  // allocated on invocation");
    CHECK(rewrite_shared(kGems3, "k.cu").uses_dynamic);
    CHECK(kernel_names(kGems3) == std::vector<std::string>{"prescan"});
}

TEST_CASE("a file-scope tile is a FileShared array, a namespace and extern \"C\" are file scope",
          "[plain_source]") {
    const std::string text = rewritten(kFileTile, {2});
    CHECK(lines_of(text)[1] == "static ::ws::plain::FileShared<float[32][33], 0> tile;");
    CHECK(at_file_scope("extern __shared__ float s[];") ==
          "static ::ws::plain::FileShared<float[], ::ws::plain::kDynamic> s;");
    CHECK(at_file_scope("namespace X { __shared__ int a[4], b[N * 2]; }") ==
          "namespace X { static ::ws::plain::FileShared<int[4], 0> a; "
          "static ::ws::plain::FileShared<int[N * 2], 1> b; }");
    CHECK(at_file_scope("namespace { static __shared__ float s[8]; }") ==
          "namespace { static ::ws::plain::FileShared<float[8], 0> s; }");
    CHECK(at_file_scope("extern \"C\" { __shared__ char c[16]; }") ==
          "extern \"C\" { static ::ws::plain::FileShared<char[16], 0> c; }");
    CHECK(rewrite_shared("extern __shared__ float s[];", "k.cu").uses_dynamic);
}

TEST_CASE("block-scope forms: bounds, pointers, qualifiers, specifiers and several declarators",
          "[plain_source]") {
    CHECK(in_body("__shared__ float s[256];") ==
          "auto& s = ::ws::plain::static_shared<float[256]>(0);");
    CHECK(in_body("  __shared__ volatile T tile[32][33];") ==
          "  auto& tile = ::ws::plain::static_shared<volatile T[32][33]>(0);");
    CHECK(in_body("__shared__ int count;") == "auto& count = ::ws::plain::static_shared<int>(0);");
    CHECK(in_body("__shared__ float a[32], b[BLOCK + 1];") ==
          "auto& a = ::ws::plain::static_shared<float[32]>(0); "
          "auto& b = ::ws::plain::static_shared<float[BLOCK + 1]>(1);");
    CHECK(in_body("static __shared__ unsigned int n;") ==
          "auto& n = ::ws::plain::static_shared<unsigned int>(0);");
    CHECK(in_body("__shared__ __align__(16) float4 v[64];") ==
          "auto& v = ::ws::plain::static_shared<float4[64]>(0);");
    CHECK(in_body("alignas(8) __shared__ double d[2];") ==
          "auto& d = ::ws::plain::static_shared<double[2]>(0);");
    CHECK(in_body("__shared__ const int c[4];") ==
          "auto& c = ::ws::plain::static_shared<const int[4]>(0);");
    CHECK(in_body("volatile __shared__ float v[32];") ==
          "auto& v = ::ws::plain::static_shared<volatile float[32]>(0);");
    CHECK(in_body("__shared__ float *ptrs[4], *p;") ==
          "auto& ptrs = ::ws::plain::static_shared<float*[4]>(0); "
          "auto& p = ::ws::plain::static_shared<float*>(1);");
    CHECK(in_body("__shared__ Pair<int, float> pairs[8];") ==
          "auto& pairs = ::ws::plain::static_shared<Pair<int, float>[8]>(0);");
    CHECK(in_body("__shared__ float s[TILE][TILE + 1]; // padded") ==
          "auto& s = ::ws::plain::static_shared<float[TILE][TILE + 1]>(0); // padded");
    CHECK(in_body("extern __shared__ __align__(sizeof(T)) unsigned char my_smem[];") ==
          "auto& my_smem = ::ws::plain::dynamic_shared<unsigned char[]>();");
    CHECK(in_body("extern __shared__ float2 buf[][32];") ==
          "auto& buf = ::ws::plain::dynamic_shared<float2[][32]>();");
    // Control blocks and lambdas are block scope; ids count every declarator in the file.
    const SharedRewrite r = rewrite_shared(
        "__global__ void k() {\n"
        "    if (threadIdx.x == 0) { __shared__ int flag; }\n"
        "    auto f = [&] { __shared__ float s[4]; };\n"
        "    extern __shared__ int dyn[];\n"
        "    for (int i = 0; i < 2; ++i) { __shared__ int last[2]; }\n"
        "}\n",
        "k.cu");
    REQUIRE(r.error.empty());
    const std::vector<std::string> lines = lines_of(r.text);
    CHECK(lines[1] ==
          "    if (threadIdx.x == 0) { auto& flag = ::ws::plain::static_shared<int>(0); }");
    CHECK(lines[2] == "    auto f = [&] { auto& s = ::ws::plain::static_shared<float[4]>(1); };");
    CHECK(lines[3] == "    auto& dyn = ::ws::plain::dynamic_shared<int[]>();");
    CHECK(lines[4] ==
          "    for (int i = 0; i < 2; ++i) { auto& last = "
          "::ws::plain::static_shared<int[2]>(3); }");
    CHECK(r.declarations == 4);
    CHECK(r.uses_dynamic);
}

TEST_CASE("comments and literals that say __shared__ are left alone", "[plain_source]") {
    const std::string src =
        "// __shared__ float x[4];\n"
        "/* __shared__ float y[4];\n"
        "   __shared__ int z; */\n"
        "__global__ void k(const char* s) {\n"
        "    const char* a = \"__shared__ int q;\";\n"
        "    const char* b = R\"(__shared__ int \"r\"; )\";\n"
        "    char c = '_'; // __shared__\n"
        "    __shared__ float real[8]; /* __shared__ */\n"
        "}\n";
    const std::string text = rewritten(src, {8});
    CHECK(lines_of(text)[7] ==
          "    auto& real = ::ws::plain::static_shared<float[8]>(0); /* __shared__ */");
    CHECK(rewrite_shared(src, "k.cu").declarations == 1);
    // No declaration at all: the text comes back unchanged.
    const std::string plain = "int main() { return 0; }  // no __shared__ here\n";
    const SharedRewrite none = rewrite_shared(plain, "k.cu");
    CHECK(none.text == plain);
    CHECK(none.declarations == 0);
}

TEST_CASE("a declaration over several lines is rewritten on its first, the rest left empty",
          "[plain_source]") {
    const std::string src =
        "__global__ void k() {\n"
        "    __shared__ float a[32],\n"
        "                     b[64];  // both\n"
        "    extern __shared__\n"
        "        int\n"
        "        dyn[]; int after = 0;\n"
        "}\n";
    const SharedRewrite r = rewrite_shared(src, "k.cu");
    REQUIRE(r.error.empty());
    const std::vector<std::string> lines = lines_of(r.text);
    REQUIRE(lines.size() == lines_of(src).size());
    CHECK(lines[1] ==
          "    auto& a = ::ws::plain::static_shared<float[32]>(0); "
          "auto& b = ::ws::plain::static_shared<float[64]>(1);");
    CHECK(lines[2] == "  // both");
    CHECK(lines[3] == "    auto& dyn = ::ws::plain::dynamic_shared<int[]>();");
    CHECK(lines[4].empty());
    CHECK(lines[5] == " int after = 0;");
    CHECK(lines[6] == "}");
}

TEST_CASE("what rewrite_shared refuses is one line at the student's line", "[plain_source]") {
    CHECK(refusal("__global__ void k() {\n  __shared__ int x = 0;\n}") ==
          "k.cu:2: a __shared__ variable cannot have an initializer");
    CHECK(refusal("__global__ void k() {\n  __shared__ int x{0};\n}") ==
          "k.cu:2: a __shared__ variable cannot have an initializer");
    CHECK(refusal("__global__ void k() {\n  __shared__ float a[4],\n    b = 1;\n}") ==
          "k.cu:3: a __shared__ variable cannot have an initializer");
    CHECK(refusal("\n__shared__ int counter;\n") ==
          "k.cu:2: a __shared__ variable at namespace scope must be an array (counter is a "
          "scalar)");
    CHECK(refusal("#define SMEM(n) __shared__ float n[32]\n") ==
          "k.cu:1: __shared__ inside a macro: warpscope reads declarations, write it out");
    CHECK(refusal("int x;\n#define SMEM(n) \\\n   __shared__ float n[32]\n") ==
          "k.cu:3: __shared__ inside a macro: warpscope reads declarations, write it out");
    CHECK(refusal("#if defined(__shared__)\n#endif\n") ==
          "k.cu:1: __shared__ inside a macro: warpscope reads declarations, write it out");
    CHECK(refusal("__global__ void k(__shared__ float* p) {}\n") ==
          "k.cu:1: a function parameter cannot be __shared__");
    CHECK(refusal("struct S {\n  __shared__ int member[4];\n};\n") ==
          "k.cu:2: a struct member cannot be __shared__");
    CHECK(refusal("template <class T> class C : public B<T> {\n __shared__ T m[2];\n};") ==
          "k.cu:2: a struct member cannot be __shared__");
    CHECK(refusal("__global__ void k() {\n  __shared__ float (*fp)[4];\n}") ==
          "k.cu:2: cannot read this __shared__ declaration");
    CHECK(refusal("__global__ void k() {\n  __shared__ int& r;\n}") ==
          "k.cu:2: cannot read this __shared__ declaration");
    CHECK(refusal("__global__ void k() {\n  __shared__ float s[4]\n}") ==
          "k.cu:2: cannot read this __shared__ declaration");
    CHECK(refusal("__global__ void k() {\n  typedef __shared__ float F;\n}") ==
          "k.cu:2: cannot read this __shared__ declaration");
    CHECK(refusal("__global__ void k() {\n  __shared__ float s[4]\n#if X\n;\n#endif\n}") ==
          "k.cu:2: cannot read this __shared__ declaration");
    CHECK(refusal("__global__ void k() {\n  extern __shared__ float s[64];\n}") ==
          "k.cu:2: extern __shared__ s must be an array of unknown size: s[]");
    CHECK(refusal("__global__ void k() {\n  __shared__ float s[];\n}") ==
          "k.cu:2: __shared__ s[] has no size (only an extern __shared__ array takes the "
          "launch's dynamic shared memory)");
    // The first problem only, after good declarations.
    CHECK(refusal("__shared__ float ok[4];\n__shared__ int bad;\n__shared__ int worse = 1;\n") ==
          "k.cu:2: a __shared__ variable at namespace scope must be an array (bad is a scalar)");
}

TEST_CASE("find_kernel reads every way a __global__ function is written", "[plain_source]") {
    const std::string src =
        "extern \"C\" __global__ void plain_c(float* out) {}\n"
        "__global__ static void stat1(int n) {}\n"
        "static __global__ void stat2(int n) {}\n"
        "__global__ void __launch_bounds__(256) bounded(const float* __restrict__ in,\n"
        "                                               float X[], int n) {}\n"
        "__global__ __launch_bounds__(256, 2) void bounded2(double *__restrict__ out) {}\n"
        "template <int N = 32, typename T = float>\n"
        "__global__\n"
        "__launch_bounds__(N)\n"
        "void\n"
        "spread(T* a, Vec<T, N> v, unsigned long long count = 0) { }\n"
        "extern \"C\" {\n"
        "__global__ void in_block(void) {}\n"
        "}\n"
        "__global__ void declared_only(int* p);\n"
        "#define KERNEL __global__ void in_macro(int* p) {}\n"
        "// __global__ void in_comment(int* p) {}\n";
    CHECK(kernel_names(src) == std::vector<std::string>{"plain_c", "stat1", "stat2", "bounded",
                                                        "bounded2", "spread", "in_block"});

    const KernelSignature c = find_kernel(src, "plain_c", "k.cu");
    REQUIRE(c.ok());
    CHECK(c.extern_c);
    CHECK(c.line == 1);
    CHECK(find_kernel(src, "stat1", "k.cu").params.at(0).type == "int");
    CHECK(find_kernel(src, "stat2", "k.cu").line == 3);
    CHECK_FALSE(find_kernel(src, "stat2", "k.cu").extern_c);

    const KernelSignature b = find_kernel(src, "bounded", "k.cu");
    REQUIRE(b.ok());
    CHECK(b.line == 4);
    REQUIRE(b.params.size() == 3);
    CHECK(b.params[0].name == "in");
    CHECK(b.params[0].type == "const float* __restrict__");
    CHECK(b.params[0].is_pointer);
    CHECK(b.params[1].name == "X");
    CHECK(b.params[1].type == "float[]");
    CHECK(b.params[1].is_pointer);
    CHECK(b.params[2].type == "int");
    CHECK_FALSE(b.params[2].is_pointer);
    CHECK(find_kernel(src, "bounded2", "k.cu").params.at(0).type == "double* __restrict__");

    const KernelSignature s = find_kernel(src, "spread", "k.cu");
    REQUIRE(s.ok());
    CHECK(s.line == 11);
    REQUIRE(s.template_params.size() == 2);
    CHECK(s.template_params[0].name == "N");
    CHECK(s.template_params[0].type == "int");
    CHECK(s.template_params[0].default_value == "32");
    CHECK(s.template_params[1].is_type);
    CHECK(s.template_params[1].name == "T");
    CHECK(s.template_params[1].default_value == "float");
    REQUIRE(s.params.size() == 3);
    CHECK(s.params[1].name == "v");
    CHECK(s.params[1].type == "Vec<T, N>");
    CHECK_FALSE(s.params[1].is_pointer);
    CHECK(s.params[2].name == "count");
    CHECK(s.params[2].type == "unsigned long long");

    const KernelSignature in_block = find_kernel(src, "in_block", "k.cu");
    REQUIRE(in_block.ok());
    CHECK(in_block.extern_c);
    CHECK(in_block.params.empty());
}

TEST_CASE("what find_kernel refuses is one line naming the kernel", "[plain_source]") {
    const std::string two = "__global__ void a(int* p) {}\n__global__ void b(int* p) {}\n";
    CHECK(find_kernel(two, "c", "k.cu").error ==
          "kernel=c: k.cu has no __global__ function c (it has: a, b)");
    CHECK(find_kernel("__device__ void d() {}\n__global__ void p(int*);\n", "p", "k.cu").error ==
          "kernel=p: k.cu has no __global__ function p (it has none)");
    CHECK(find_kernel(two + "__global__ void a(float* p) {}\n", "a", "k.cu").error ==
          "k.cu:3: kernel=a: k.cu defines a twice (overloads are not supported)");
    CHECK(find_kernel("__global__ void k(float* a,\n float*, int n) {}", "k", "k.cu").error ==
          "k.cu:2: parameter 2 of k has no name");
    CHECK(find_kernel("__global__ void k(unsigned int) {}", "k", "k.cu").error ==
          "k.cu:1: parameter 1 of k has no name");
    CHECK(
        find_kernel("template <class... Ts>\n__global__ void k(Ts... xs) {}", "k", "k.cu").error ==
        "k.cu:1: k has a parameter pack (class... Ts), which is not supported");
    CHECK(find_kernel("__global__ void k(int n, ...) {}", "k", "k.cu").error ==
          "k.cu:1: k has a parameter pack (...), which is not supported");
    CHECK(find_kernel("template <template <class> class C>\n__global__ void k(int* p) {}", "k",
                      "k.cu")
              .error ==
          "k.cu:1: k has a template template parameter (template <class> class "
          "C), which is not supported");
    CHECK(find_kernel("template <class>\n__global__ void k(int* p) {}", "k", "k.cu").error ==
          "k.cu:1: template parameter 1 of k has no name");
}
