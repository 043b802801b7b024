// The DWARF line-table reader (kernels/user/line_table.hpp) on shared objects clang++ builds here
// as a student's kernel is built: the line each call in a loaded one returns to, for DWARF 4 and
// 5; which file's rows are kept; and the files it cannot read (missing, not ELF, truncated,
// corrupted, without -g) as an error line, never a crash.
#include <dlfcn.h>
#include <stdlib.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/user/line_table.hpp"

using namespace ws::user;
namespace fs = std::filesystem;

namespace {

// The kernel's source: a prelude in the compiled file's own name, then the student's part, whose
// line 1 is the line after `#line`. Each call report(N) is marked `// @N`, which finds its line.
const char* const kPrelude = R"(typedef void (*Report)(int);
static Report report;
extern "C" void set_report(Report r) { report = r; }
)";
const char* const kStudent = R"(static __attribute__((noinline)) int helper(int x) {
    report(4);  // @4
    return x + 1;
}
static inline __attribute__((always_inline)) int inlined(int x) {
    report(5);  // @5
    return x * 2;
}

extern "C" int kernel(int n) {
    int sum = 0;
    report(1);  // @1
    for (int i = 0; i < n; ++i) {
        sum += i;
        report(2);  // @2
    }
    report(3);  // @3
    sum = helper(sum);
    sum = inlined(sum);
    return sum;
}
)";

// The line of each `// @N` in the student's part.
std::map<int, unsigned> marked_lines() {
    std::map<int, unsigned> lines;
    std::istringstream in(kStudent);
    unsigned number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        const std::size_t at = line.find("// @");
        if (at != std::string::npos) lines[std::stoi(line.substr(at + 4))] = number;
    }
    return lines;
}

// Where report(N) returned to, by N; the loaded kernel calls it.
std::map<int, std::uintptr_t> returns;
__attribute__((noinline)) void record(int tag) {
    returns[tag] = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0));
}

class TempDir {
  public:
    TempDir() {
        char pattern[] = "/tmp/ws_line_table_XXXXXX";
        if (::mkdtemp(pattern)) path_ = pattern;
    }
    ~TempDir() {
        std::error_code ignored;
        if (!path_.empty()) fs::remove_all(path_, ignored);
    }
    const std::string& path() const { return path_; }

  private:
    std::string path_;
};

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// Builds `dir`/`stem`.so from the prelude and the student's part under `#line 1 "line_name"`, as
// the kernel is built; the compiler's messages on failure.
std::string build(const std::string& dir, const std::string& stem, const std::string& line_name,
                  const std::string& flags) {
    write_bytes(dir + "/" + stem + ".cpp",
                std::string(kPrelude) + "#line 1 \"" + line_name + "\"\n" + kStudent);
    const std::string so = dir + "/" + stem + ".so";
    const std::string command = "cd '" + dir + "' && clang++ -O0 -g -gline-tables-only -fPIC " +
                                "-shared " + flags + " " + stem + ".cpp -o " + stem + ".so 2>" +
                                stem + ".err";
    const int status = std::system(command.c_str());
    INFO(command << "\n" << read_bytes(dir + "/" + stem + ".err"));
    REQUIRE(status == 0);
    return so;
}

void require_clang() {
    if (std::system("command -v clang++ >/dev/null 2>&1") != 0)
        FAIL("clang++ is not on PATH: this test builds its shared objects with it (CI has it)");
}

// The `n`-byte little-endian number at `at` of `elf`.
std::size_t le_number(const std::string& elf, std::size_t at, int n) {
    std::uint64_t v = 0;
    for (int i = n; i-- > 0;) v = (v << 8) | static_cast<unsigned char>(elf.at(at + i));
    return static_cast<std::size_t>(v);
}

// The bytes of section `name` in an ELF64 little-endian file: [offset, offset + size).
std::pair<std::size_t, std::size_t> section_bytes(const std::string& elf, const std::string& name) {
    auto read = [&](std::size_t at, int n) { return le_number(elf, at, n); };
    const std::size_t shoff = read(40, 8), entsize = read(58, 2), count = read(60, 2);
    const std::size_t names = read(shoff + read(62, 2) * entsize + 24, 8);
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t h = shoff + i * entsize;
        if (elf.compare(names + read(h, 4), name.size() + 1, name.c_str(), name.size() + 1) == 0)
            return {read(h + 24, 8), read(h + 32, 8)};
    }
    FAIL("no " << name << " section");
    return {0, 0};
}

// read_line_table either reads `path` or says why in one line; it never crashes.
bool reads(const std::string& path, const std::string& file) {
    std::string error;
    const std::optional<LineTable> table = read_line_table(path, file, error);
    if (!table) {
        INFO(path);
        CHECK(!error.empty());
        CHECK(error.find('\n') == std::string::npos);
        CHECK(error.rfind(path + ": ", 0) == 0);
    }
    return table.has_value();
}

}  // namespace

TEST_CASE("a loaded kernel's return addresses map to the lines of its calls", "[line_table]") {
    require_clang();
    TempDir dir;
    REQUIRE(!dir.path().empty());
    const std::map<int, unsigned> lines = marked_lines();
    REQUIRE(lines.size() == 5);
    for (const char* dwarf : {"-gdwarf-4", "-gdwarf-5"}) {
        INFO(dwarf);
        const std::string stem = std::string("kernel") + (dwarf + 7);
        const std::string so = build(dir.path(), stem, "student.cu", dwarf);
        std::string error;
        const std::optional<LineTable> table = read_line_table(so, "student.cu", error);
        INFO(error);
        REQUIRE(table);
        CHECK(!table->empty());

        void* lib = ::dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
        INFO((lib ? "" : ::dlerror()));
        REQUIRE(lib);
        auto set_report = reinterpret_cast<void (*)(void (*)(int))>(::dlsym(lib, "set_report"));
        auto kernel = reinterpret_cast<int (*)(int)>(::dlsym(lib, "kernel"));
        REQUIRE(set_report);
        REQUIRE(kernel);
        Dl_info info{};
        REQUIRE(::dladdr(reinterpret_cast<void*>(kernel), &info) != 0);
        const auto base = reinterpret_cast<std::uintptr_t>(info.dli_fbase);
        returns.clear();
        set_report(record);
        CHECK(kernel(3) == (0 + 1 + 2 + 1) * 2);
        REQUIRE(returns.size() == lines.size());
        // 1: before the loop, 2: in it, 3: after it, 4: in a helper, 5: inlined.
        for (const auto& [tag, line] : lines) {
            INFO("report(" << tag << ") on line " << line);
            CHECK(table->line_at(returns[tag] - 1 - base) == line);
        }

        // The prelude's rows are another file's: none of student.cu's, but that file's own.
        const std::uint64_t prelude = reinterpret_cast<std::uintptr_t>(set_report) - base;
        CHECK(table->line_at(prelude) == 0);
        const std::optional<LineTable> own = read_line_table(so, stem + ".cpp", error);
        REQUIRE(own);
        CHECK(own->line_at(prelude) == 3);
        CHECK(own->line_at(returns[1] - 1 - base) == 0);
        CHECK(table->line_at(0) == 0);
        CHECK(table->line_at(~std::uint64_t(0)) == 0);
        ::dlclose(lib);

        // A name in no row: an empty table.
        const std::optional<LineTable> other = read_line_table(so, "other.cu", error);
        REQUIRE(other);
        CHECK(other->empty());
        CHECK(other->line_at(returns[1] - 1 - base) == 0);
    }
}

TEST_CASE("a file's rows are those of its whole name, or of its last component", "[line_table]") {
    require_clang();
    TempDir dir;
    REQUIRE(!dir.path().empty());
    for (const char* dwarf : {"-gdwarf-4", "-gdwarf-5"}) {
        INFO(dwarf);
        // clang++ writes the directory and the name apart: "/abs/dir" and "student.cu".
        const std::string so =
            build(dir.path(), std::string("abs") + (dwarf + 7), "/abs/dir/student.cu", dwarf);
        std::string error;
        for (const char* name : {"/abs/dir/student.cu", "student.cu"}) {
            INFO(name);
            const std::optional<LineTable> table = read_line_table(so, name, error);
            REQUIRE(table);
            CHECK(!table->empty());
        }
        for (const char* name :
             {"dir/student.cu", "/abs/student.cu", "abs/dir/student.cu", "student.c", "dir", ""}) {
            INFO(name);
            const std::optional<LineTable> table = read_line_table(so, name, error);
            REQUIRE(table);
            CHECK(table->empty());
        }
    }
}

TEST_CASE("files the line-table reader cannot read are errors, not crashes", "[line_table]") {
    require_clang();
    TempDir dir;
    REQUIRE(!dir.path().empty());
    const std::string so = build(dir.path(), "k", "student.cu", "-gdwarf-5");
    const std::string bytes = read_bytes(so);
    REQUIRE(reads(so, "student.cu"));
    std::string error;

    CHECK_FALSE(reads(dir.path() + "/missing.so", "student.cu"));
    CHECK_FALSE(reads(dir.path(), "student.cu"));  // a folder
    write_bytes(dir.path() + "/text.so", "not an ELF file at all\n");
    CHECK_FALSE(read_line_table(dir.path() + "/text.so", "student.cu", error));
    CHECK(error == dir.path() + "/text.so: not an ELF file");
    write_bytes(dir.path() + "/empty.so", "");
    CHECK_FALSE(reads(dir.path() + "/empty.so", "student.cu"));

    // Without -g: no line table.
    write_bytes(dir.path() + "/plain.cpp", "extern \"C\" int f(int x) { return x + 1; }\n");
    const std::string plain =
        "cd '" + dir.path() + "' && clang++ -O0 -fPIC -shared plain.cpp -o plain.so";
    REQUIRE(std::system(plain.c_str()) == 0);
    CHECK_FALSE(read_line_table(dir.path() + "/plain.so", "student.cu", error));
    CHECK(error == dir.path() + "/plain.so: no .debug_line section (compiled without -g?)");

    // Truncated copies (the section headers come last: each loses some of them), cut shorter
    // and shorter in place.
    const std::string cut = dir.path() + "/cut.so";
    write_bytes(cut, bytes);
    for (std::size_t size : {bytes.size() - 1, bytes.size() - 64, bytes.size() / 2, std::size_t(64),
                             std::size_t(63), std::size_t(4)}) {
        INFO("the first " << size << " bytes");
        fs::resize_file(cut, size);
        CHECK_FALSE(reads(cut, "student.cu"));
    }
    write_bytes(cut, bytes);
    for (std::size_t size = bytes.size(); size-- > 0;) {
        if (size % 61 != 0) continue;
        fs::resize_file(cut, size);
        reads(cut, "student.cu");
    }

    // Each byte of .debug_line, and each of the section headers, changed in place: read or
    // refused, never past a bound (the sanitized build checks that too).
    const auto [line_at, line_size] = section_bytes(bytes, ".debug_line");
    REQUIRE(line_size > 0);
    const std::string bad = dir.path() + "/bad.so";
    write_bytes(bad, bytes);
    std::fstream patch(bad, std::ios::in | std::ios::out | std::ios::binary);
    auto reads_with = [&](std::size_t at, unsigned char value) {
        patch.seekp(static_cast<std::streamoff>(at)).put(static_cast<char>(value)).flush();
        reads(bad, "student.cu");
        patch.seekp(static_cast<std::streamoff>(at)).put(bytes[at]).flush();
    };
    for (std::size_t at = line_at; at < line_at + line_size; ++at)
        for (unsigned char value : {0x00, 0x7f, 0x80, 0xff}) reads_with(at, value);
    for (std::size_t at = le_number(bytes, 40, 8); at < bytes.size(); ++at) reads_with(at, 0xff);
    REQUIRE(patch.good());
    CHECK(reads(bad, "student.cu"));  // all restored
}
