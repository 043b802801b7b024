// The editor's model: the line a compile error names, and catalog kernels opened as copies that
// run-kernel reads back with the variant's own rules.
#include <catch2/catch.hpp>

#include <string>

#include "kernels/catalog.hpp"
#include "kernels/embedded_sources.hpp"
#include "kernels/user/kernel_header.hpp"
#include "kernels/user/puzzle.hpp"
#include "tests/test_paths.hpp"
#include "ui/model/window/kernel_editor.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("the line a compile error names, for the file in the editor", "[editor]") {
    CHECK(compile_error_line("compile error at mine.cu:7: expected ';' before 'block_sync'",
                             "mine.cu") == 7);
    CHECK(compile_error_line("compile error at /home/s/mine.cu:12: oops", "mine.cu") == 12);
    CHECK(compile_error_line("compile error at other.cu:7: oops", "mine.cu") == -1);
    CHECK(compile_error_line("the kernel crashed (SIGSEGV) in block 0", "mine.cu") == -1);
    CHECK(compile_error_line("", "mine.cu") == -1);
}

TEST_CASE("a catalog kernel opens as a copy run-kernel reads with the variant's rules",
          "[editor]") {
    int copied = 0, refused = 0;
    for (const VariantInfo& v : catalog()) {
        const char* source = embedded_source(v.source_file);
        REQUIRE(source);
        std::string why;
        const auto text = copy_of_variant(v, source, why);
        INFO(v.id);
        if (!text) {
            ++refused;
            CHECK(!why.empty());
            CHECK(why.find('\n') == std::string::npos);
            CHECK(why.rfind(v.id, 0) == 0);
            continue;
        }
        ++copied;
        const user::KernelHeader h = user::parse_kernel_header(*text, "copy.cu");
        CHECK(h.ok());
        CHECK(h.info.smem_rule == v.smem_rule);
        CHECK(h.info.block_rule == v.block_rule);
        CHECK(h.info.elems_per_thread == v.elems_per_thread);
        CHECK(text->find("__global__ void kernel(") != std::string::npos);
        CHECK(text->find("struct ") == std::string::npos);  // the variant's struct stays behind
        CHECK(text->find("namespace") == std::string::npos);
    }
    // The first rungs of Harris's ladder are one kernel each: they open.
    for (const char* id : {"reduce-interleaved-divergent", "reduce-interleaved-strided",
                           "reduce-sequential", "reduce-first-add"}) {
        const VariantInfo* v = find_variant(id);
        REQUIRE(v);
        std::string why;
        INFO(id);
        CHECK(copy_of_variant(*v, embedded_source(v->source_file), why));
    }
    CHECK(copied >= 4);
    CHECK(refused >= 1);  // scans, for one, are not a run-kernel reduction
}

TEST_CASE("every puzzle opens in the editor with its start kernel and its request", "[editor]") {
    const auto files = user::puzzle_files(WS_SOURCE_DIR);
    REQUIRE(files.size() >= 10);
    for (const std::string& file : files) {
        INFO(file);
        EditorState e;
        RequestForm form;
        form.algo = "reduce-sequential";
        REQUIRE(open_puzzle(e, file, form).empty());
        const user::PuzzleParse p = user::load_puzzle(file);
        REQUIRE(p.ok());
        CHECK(e.loaded);
        CHECK(e.path == p.puzzle.name + ".cu");  // the start file itself is never written
        CHECK(e.text.rfind(user::kHeaderTag, 0) == 0);
        CHECK(e.puzzle_statement == p.puzzle.statement);
        CHECK(form.algo == "reduce-sequential");  // the controls keep their algorithm
        run::RequestText first;
        std::string error;
        REQUIRE(run::request_text_from_flags(p.puzzle.requests.front(), first, error));
        CHECK(form.n == first.n);
        CHECK(std::to_string(form.block) == first.block);
    }
    EditorState e;
    RequestForm form;
    CHECK(!open_puzzle(e, "/nonexistent/01-x.puzzle", form).empty());
    CHECK_FALSE(e.loaded);
}
