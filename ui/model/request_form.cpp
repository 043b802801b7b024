// Checking the controls' request; mirrors app/cli/request_options.cpp so that the window and the
// command line accept and reject the same requests with the same words. The parts they share
// (parse_count, check_request, check_kind, is_pattern, Schedule::parse) are called, not copied;
// what is left is the order of the checks and the window's single traced block.
#include "ui/model/request_form.hpp"

#include "kernels/catalog.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/run/request_text.hpp"
#include "kernels/sim/emulator.hpp"

namespace ws::ui {

bool operator==(const RequestForm& a, const RequestForm& b) {
    return a.algo == b.algo && a.n == b.n && a.block == b.block && a.type == b.type &&
           a.pattern == b.pattern && a.seed == b.seed && a.schedule == b.schedule &&
           a.traced_block == b.traced_block && a.kind == b.kind && a.gpu == b.gpu;
}

FormCheck check_form(const RequestForm& f) {
    FormCheck out;
    trace::Request& r = out.request;
    const VariantInfo* v = find_variant(f.algo);
    if (!v) {
        out.error = "--algo " + f.algo + ": no such algorithm (see `warpscope list`)";
        return out;
    }
    r.algo = f.algo;
    auto count = run::parse_count(f.n);
    if (!count) {
        out.error = "--n " + f.n + ": not a count (write 1000, 2^20 or 2^20+3)";
        return out;
    }
    r.n = *count;
    r.block = f.block;
    const std::uint64_t limit = f.gpu ? kMaxElementsGpu : kMaxElementsEmulator;
    if (std::string bad = check_request(*v, r.n, r.block, limit); !bad.empty()) {
        out.error = bad;
        return out;
    }
    r.type = f.type;
    if (!run::is_pattern(f.pattern)) {
        out.error = "--pattern " + f.pattern + ": not a pattern (" + run::kPatterns + ")";
        return out;
    }
    r.pattern = f.pattern;
    r.seed = f.seed;
    if (!sim::Schedule::parse(f.schedule)) {
        out.error =
            "--schedule " + f.schedule + ": not a schedule (lockstep, sequential or random:SEED)";
        return out;
    }
    r.schedule = f.schedule;
    out.grid = grid_for(*v, r.n, r.block);
    if (f.traced_block >= out.grid) {
        out.error = "--blocks " + std::to_string(f.traced_block) + ": block " +
                    std::to_string(f.traced_block) + " does not exist; the first pass has " +
                    std::to_string(out.grid) + " block" + (out.grid == 1 ? "" : "s") + " (0.." +
                    std::to_string(out.grid - 1) + ")";
        return out;
    }
    r.blocks = {f.traced_block};
    r.all_blocks = false;
    r.kind = f.kind;
    if (std::string bad = check_kind(*v, r.kind); !bad.empty()) out.error = bad;
    return out;
}

RequestForm form_of(const trace::Request& r) {
    RequestForm f;
    f.algo = r.algo;
    f.n = std::to_string(r.n);
    f.block = r.block;
    f.type = r.type;
    f.pattern = r.pattern;
    f.seed = r.seed;
    f.schedule = r.schedule;
    f.traced_block = r.blocks.empty() ? 0 : r.blocks.front();
    f.kind = r.kind;
    return f;
}

std::string command_line(const trace::Request& r) {
    std::string s = "--algo " + r.algo + " --n " + std::to_string(r.n) + " --block " +
                    std::to_string(r.block) + " --type " + trace::dtype_name(r.type) +
                    " --pattern " + r.pattern;
    if (r.pattern == "random") s += " --seed " + std::to_string(r.seed);
    if (r.schedule != "lockstep") s += " --schedule " + r.schedule;
    if (!r.blocks.empty() && r.blocks.front() != 0)
        s += " --blocks " + std::to_string(r.blocks.front());
    if (r.kind != trace::ScanKind::Inclusive)
        s += std::string(" --kind ") + trace::scan_kind_name(r.kind);
    return s;
}

}  // namespace ws::ui
