// The window's flags: values, defaults and one-line errors.
#include <catch2/catch.hpp>

#include <vector>

#include "kernels/catalog.hpp"
#include "ui/window_args.hpp"

using namespace ws::ui;

namespace {
ParsedArgs parse(std::vector<const char*> args) {
    args.insert(args.begin(), "warpscope");
    return parse_window_args(int(args.size()), args.data());
}
}  // namespace

TEST_CASE("screenshot flags", "[args]") {
    const ParsedArgs p =
        parse({"--screenshot", "out.png", "--algo", "reduce-sequential", "--n", "64", "--block",
               "32", "--step", "3", "--panel", "banks", "--size", "1280x720", "--presentation"});
    REQUIRE(p.error.empty());
    CHECK(p.args.screenshot == "out.png");
    CHECK(p.args.form.algo == "reduce-sequential");
    CHECK(p.args.request_given);
    CHECK(p.args.step == 3);
    CHECK(p.args.panel == PanelId::Banks);
    CHECK(p.args.width == 1280);
    CHECK(p.args.height == 720);
    CHECK(p.args.presentation);
    CHECK(parse({"--step=last"}).args.step == -1);
    CHECK(parse({"--bench-frames", "100"}).args.bench_frames == 100);
    CHECK(parse({"--screenshot-panels", "out"}).args.screenshot_panels == "out");
}

TEST_CASE("scan and circuit flags", "[args]") {
    const ParsedArgs p = parse(
        {"--algo", "scan-sklansky", "--kind", "exclusive", "--view", "circuit", "--side-by-side"});
    REQUIRE(p.error.empty());
    CHECK(p.args.form.kind == ws::trace::ScanKind::Exclusive);
    CHECK(p.args.view == View::Circuit);
    CHECK(p.args.side_by_side);
    CHECK(parse({"--kind", "both"}).error == "--kind both: not a kind (inclusive or exclusive)");
    CHECK(parse({"--screenshot", "a.png", "--panel", "circuit"}).args.panel == PanelId::Circuit);
}

TEST_CASE("the pipeline view's flags, and no --block gives a variant its one size", "[args]") {
    const ParsedArgs p = parse({"--algo", "scan-pipeline", "--n", "20780", "--schedule",
                                "lockstep,copies=lazy", "--view", "pipeline"});
    REQUIRE(p.error.empty());
    CHECK(p.args.view == View::Pipeline);
    CHECK(p.args.form.block == 224);
    CHECK(parse({"--algo", "scan-blelloch", "--n", "64"}).args.form.block == 32);
    CHECK(parse({"--algo", "scan-pipeline", "--n", "64", "--block", "256"}).error ==
          "--block 256: scan-pipeline needs exactly 224: a producer, an aggregator, a look-back "
          "warp and four consumer warps");
}

TEST_CASE("no --block opens a variant where its lesson shows, as the controls do", "[args]") {
    // The strided reduction's conflicts begin at block 64 (its lesson_block): opened by --algo
    // alone it is not drawn at the window's 32, where it has none.
    CHECK(parse({"--algo", "reduce-interleaved-strided", "--n", "512"}).args.form.block == 64);
    CHECK(parse({"--algo", "reduce-interleaved-strided", "--n", "512", "--block", "32"})
              .args.form.block == 32);  // asked for: kept
    for (const ws::VariantInfo& v : ws::catalog()) {
        INFO(v.id);
        const ParsedArgs p = parse({"--algo", v.id, "--n", "3000"});
        REQUIRE(p.error == "");
        CHECK(p.args.form.block >= v.lesson_block);
        CHECK(ws::accepts_block(v.block_rule, p.args.form.block));
    }
}

TEST_CASE("the window's --help states one default for --block, the one it opens at", "[args]") {
    // The --block line of the usage: no CLI11 "=32" beside its words, one "default N".
    const std::string usage = window_usage();
    const std::size_t at = usage.find("  --block ");
    REQUIRE(at != std::string::npos);
    const std::string line = usage.substr(at, usage.find('\n', at) - at);
    INFO(line);
    CHECK(line.find("--block TEXT ") != std::string::npos);  // not "--block TEXT=32"
    const std::size_t d = line.find("default ");
    REQUIRE(d != std::string::npos);
    CHECK(line.find("default", d + 1) == std::string::npos);
    const unsigned stated = unsigned(std::stoul(line.substr(d + 8)));
    // What a window opened without --block uses: the stated default, or for a variant whose
    // lesson shows only from a larger block the block the line names beside it, or the one
    // size a variant takes.
    CHECK(parse({"--algo", "reduce-sequential"}).args.form.block == stated);
    for (const ws::VariantInfo& v : ws::catalog()) {
        INFO(v.id);
        const ParsedArgs p = parse({"--algo", v.id, "--n", "3000"});
        REQUIRE(p.error.empty());
        const std::string named = std::string(v.id) + ": ";
        const std::size_t beside = line.find(named, d);
        const std::vector<unsigned> only = ws::block_presets(v.block_rule);
        if (only.size() == 1)
            CHECK(p.args.form.block == only.front());
        else if (beside != std::string::npos)
            CHECK(p.args.form.block == std::stoul(line.substr(beside + named.size())));
        else
            CHECK(p.args.form.block == stated);
    }
}

TEST_CASE("bad flags give one line", "[args]") {
    CHECK(parse({"--algo", "nope"}).error ==
          "--algo nope: no such algorithm (see `warpscope list`)");
    CHECK(parse({"--size", "12"}).error.rfind("--size 12: not a size", 0) == 0);
    CHECK(parse({"--size", "100x100"}).error.rfind("--size 100x100", 0) == 0);
    CHECK(parse({"--panel", "x", "--screenshot", "a.png"}).error.find("not a panel") !=
          std::string::npos);
    CHECK(parse({"--panel", "banks"}).error ==
          "--panel banks needs --screenshot FILE, --export-gif FILE, --export-pngs DIR or "
          "--bench-frames N");
    CHECK(parse({"--panel", "banks", "--bench-frames", "5"}).error.empty());
    CHECK(parse({"--step"}).error == "--step needs a value");
    CHECK(parse({"--frobnicate"}).error == "--frobnicate: not a window option (try --help)");
    CHECK(parse({"--bench-frames", "0"}).error.find("not a frame count") != std::string::npos);
    CHECK(parse({"--type", "half"}).error.find("not a type") != std::string::npos);
    CHECK(parse({"--screenshot", "a.png", "--bench-frames", "3"}).error.find("give one") !=
          std::string::npos);
    for (const auto& e : {parse({"--algo", "nope"}).error, parse({"--size", "1"}).error})
        CHECK(e.find('\n') == std::string::npos);
}

TEST_CASE("the window's request flags are the commands' (one parser)", "[args]") {
    const ParsedArgs p = parse({"--algo=scan-blelloch", "--n", "2^12+3", "--blocks", "2"});
    REQUIRE(p.error.empty());
    CHECK(p.args.request_given);
    CHECK(p.args.form.n == "2^12+3");  // as typed
    CHECK(p.args.form.traced_block == 2);
    CHECK(p.args.form.block == 32);  // the window's default
    CHECK(parse({"--n", "0"}).error ==
          "--n 0: there is nothing to reduce; give at least 1 element");
    CHECK(parse({"--blocks", "all"}).error ==
          "--blocks all: the window traces one block: give its index");
    CHECK(parse({"--block", "96"}).error ==
          "--block 96: reduce-sequential needs a power of two from 32 to 1024");
    CHECK(parse({"--compare", "x"}).error ==
          "--compare x: no such algorithm (see `warpscope list`)");
    CHECK_FALSE(parse({"--step", "2"}).args.request_given);
    CHECK(parse({"stray"}).error == "stray: not a window option (try --help)");
}

TEST_CASE("the usage lists every option the parser takes", "[args]") {
    const std::string usage = window_usage();
    for (const char* flag : {"--algo",         "--n",
                             "--block",        "--type",
                             "--pattern",      "--seed",
                             "--blocks",       "--schedule",
                             "--kind",         "--trace",
                             "--step",         "--view",
                             "--compare",      "--panel",
                             "--size",         "--theme",
                             "--font-scale",   "--zoom",
                             "--screenshot",   "--screenshot-panels",
                             "--bench-frames", "--side-by-side",
                             "--presentation", "--hide-controls",
                             "--show-help",    "--help"})
        CHECK(usage.find(flag) != std::string::npos);
    CHECK(usage.find("keys:") != std::string::npos);
    CHECK(parse({"--help"}).args.help);
}

TEST_CASE("a saved trace brings its own request, --max-memory takes a size",
          "[args][reliability]") {
    for (const char* flag : {"--algo", "--n", "--block", "--schedule", "--kind", "--seed"}) {
        const ParsedArgs p = parse({"--trace", "run.wstrace", flag, "1"});
        CHECK(p.error ==
              std::string("--trace run.wstrace brings its own request: leave out ") + flag);
    }
    CHECK(parse({"--max-memory", "4G"}).args.max_memory == 4000000000ull);
    CHECK(parse({"--max-memory", "512MiB"}).args.max_memory == 512ull << 20);
    CHECK(parse({"--max-memory", "lots"}).error ==
          "--max-memory lots: not a size (write 4G, 512M or 2000000)");
    CHECK(parse({"--max-memory", "0"}).error.find("not a size") != std::string::npos);
}

TEST_CASE("export flags: a step range as a GIF or PNGs", "[args]") {
    ParsedArgs p = parse({"--export-gif", "a.gif", "--from", "2", "--to", "last", "--frame-ms",
                          "500", "--panel", "banks", "--algo", "reduce-sequential"});
    REQUIRE(p.error.empty());
    CHECK(p.args.export_gif == "a.gif");
    CHECK(p.args.from == 2);
    CHECK(p.args.to == -1);
    CHECK(p.args.frame_ms == 500);
    CHECK(p.args.panel == PanelId::Banks);
    CHECK(parse({"--export-pngs", "dir", "--to", "3"}).error.empty());
    CHECK(parse({"--from", "2"}).error ==
          "--from and --to choose the steps of --export-gif or --export-pngs");
    CHECK(parse({"--export-gif", "a.gif", "--from", "5", "--to", "4"}).error ==
          "--from 5 --to 4: the range ends before it starts");
    CHECK(parse({"--export-gif", "a.gif", "--from", "last"}).error ==
          "--from last: the range starts at a step index (0, 1, ...)");
    CHECK(parse({"--export-gif", "a.gif", "--frame-ms", "5"}).error ==
          "--frame-ms 5: not a time from 20 to 10000 ms");
    CHECK(
        parse({"--export-gif", "a.gif", "--screenshot", "b.png"}).error.find("give one of them") !=
        std::string::npos);
    CHECK(parse({"--focus", "banks"}).args.focus == PanelId::Banks);
    CHECK(parse({"--focus", "bank"}).error.find("--focus bank: not a panel") == 0);
}

TEST_CASE("quiz and worksheet flags", "[args]") {
    ParsedArgs p = parse({"--worksheet", "page.png", "--quiz", "4242", "--questions", "5"});
    REQUIRE(p.error.empty());
    CHECK(p.args.worksheet == "page.png");
    CHECK(p.args.quiz_seed == "4242");
    CHECK(p.args.questions == 5);
    CHECK(parse({"--quiz", "0"}).error == "--quiz 0: not a seed (1..999999999)");
    CHECK(parse({"--questions", "9"}).error == "--questions 9: write how many, 1 to 8");
    CHECK(parse({"--worksheet", "a.png", "--screenshot", "b.png"}).error.find("give one of them") !=
          std::string::npos);
}

TEST_CASE("lab flags: the family and the type it plots", "[args]") {
    const ParsedArgs p =
        parse({"--view", "lab", "--lab-family", "multi-gpu", "--lab-type", "float"});
    REQUIRE(p.error.empty());
    CHECK(p.args.view == View::Lab);
    CHECK(p.args.lab_lines == LabLines::MultiGpu);
    CHECK(p.args.lab_type == "float");
    CHECK(parse({"--lab-family", "scans"}).args.lab_lines == LabLines::Scans);
    CHECK(parse({"--lab-family", "all"}).args.lab_lines == LabLines::All);
    CHECK_FALSE(parse({"--view", "lab"}).args.lab_lines);  // the chosen algorithm's family
    CHECK_FALSE(parse({"--view", "lab"}).args.lab_type);
    CHECK(parse({"--lab-family", "gpus"}).error ==
          "--lab-family gpus: not a family of the lab (reductions, scans, memory, all or "
          "multi-gpu)");
    CHECK(parse({"--lab-type", "half"}).error ==
          "--lab-type half: the lab plots int, float or double");
    const std::string usage = window_usage();
    CHECK(usage.find("--lab-family") != std::string::npos);
    CHECK(usage.find("--lab-type") != std::string::npos);
    CHECK(parse({"--lab-file", "roofline-scan-pipeline-nvidia-h100"}).args.lab_file ==
          "roofline-scan-pipeline-nvidia-h100");
    CHECK(parse({"--lab-file", ""}).error == "--lab-file: give a recording's name");
}

TEST_CASE("ring flags: the Across GPUs view's GPUs and plan", "[args]") {
    const ParsedArgs p = parse({"--view", "ring", "--ring-gpus", "8", "--ring-naive"});
    REQUIRE(p.error.empty());
    CHECK(p.args.view == View::Ring);
    CHECK(p.args.ring_gpus == 8u);
    CHECK(p.args.ring_naive);
    CHECK_FALSE(parse({"--view", "ring"}).args.ring_gpus);
    CHECK_FALSE(parse({"--view", "ring"}).args.ring_naive);
    for (const char* bad : {"1", "9", "12", "x", ""}) {
        INFO(bad);
        CHECK(parse({"--ring-gpus", bad}).error ==
              std::string("--ring-gpus ") + bad + ": give 2 to 8 GPUs");
    }
    const std::string usage = window_usage();
    CHECK(usage.find("--ring-gpus") != std::string::npos);
    CHECK(usage.find("--ring-naive") != std::string::npos);
}

TEST_CASE("GPU flags: the backend, the live sweep and its picture's moment, the renderer",
          "[args]") {
    const ParsedArgs p = parse({"--backend", "cuda", "--sweep", "--sweep-until", "0.5",
                                "--renderer", "headless", "--screenshot", "s.png"});
    REQUIRE(p.error == "");
    CHECK(p.args.gpu == true);
    CHECK(p.args.sweep);
    CHECK(p.args.sweep_until == Approx(0.5));
    CHECK(p.args.renderer == Renderer::Headless);
    CHECK(parse({"--backend", "cpu"}).args.gpu == false);
    CHECK_FALSE(parse({}).args.gpu.has_value());  // as last time
    CHECK(parse({}).args.renderer == Renderer::Auto);
    CHECK(parse({"--renderer", "window"}).args.renderer == Renderer::Window);
    CHECK_FALSE(parse({"--sweep"}).args.sweep_until);  // unset: when the sweep ends
    CHECK(parse({"--backend", "gpu"}).error == "--backend gpu: not a backend (cpu or cuda)");
    CHECK(parse({"--sweep", "--backend", "cpu"}).error ==
          "--sweep times the GPU: it does not go with --backend cpu");
    CHECK(parse({"--sweep-until", "0.5"}).error ==
          "--sweep-until chooses the moment of a --sweep's picture");
    CHECK(parse({"--sweep", "--sweep-until", "2"}).error ==
          "--sweep-until 2: not a fraction from 0.05 to 1");
    CHECK(parse({"--renderer", "x11"}).error ==
          "--renderer x11: not a renderer (auto, headless or window)");
}
