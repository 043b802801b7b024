// Compile-error lines, catalog kernels as students' files, and the editor's text loaded.
#include "ui/model/window/kernel_editor.hpp"

#include <filesystem>
#include <regex>
#include <vector>

#include "kernels/embedded_sources.hpp"
#include "kernels/io/data_file.hpp"
#include "kernels/user/kernel_header.hpp"
#include "kernels/user/puzzle.hpp"

namespace ws::ui {
namespace {

// The header line that run-kernel reads back as `v`'s rules, tried with each name `shared=`
// takes (kernel_header.hpp): nullopt where no header says them.
std::optional<std::string> header_for(const VariantInfo& v) {
    const std::vector<std::string>& shared = user::shared_rule_names();
    const std::string block = v.block_rule == BlockRule::Any1To1024 ? "any" : "power-of-two";
    for (const std::string& s : shared) {
        const std::string line = std::string(user::kHeaderTag) + " reduce elements-per-thread=" +
                                 std::to_string(v.elems_per_thread) + " shared=" + s +
                                 " block=" + block;
        const user::KernelHeader h = user::parse_kernel_header(line, "copy");
        if (h.ok() && h.info.smem_rule == v.smem_rule && h.info.block_rule == v.block_rule &&
            h.info.elems_per_thread == v.elems_per_thread)
            return line;
    }
    return std::nullopt;
}

// The kernel and the device functions before it: the text between the family's namespace and
// the variant's struct.
std::optional<std::string> kernel_text(const std::string& source) {
    const std::string open = "namespace ws::reduce {";
    const std::size_t from = source.find(open);
    const std::size_t to = source.find("\nstruct ", from == std::string::npos ? 0 : from);
    if (from == std::string::npos || to == std::string::npos) return std::nullopt;
    std::string text = source.substr(from + open.size(), to - from - open.size());
    while (!text.empty() && text.front() == '\n') text.erase(0, 1);
    return text;
}

}  // namespace

std::string open_puzzle(EditorState& e, const std::string& file, RequestForm& form) {
    const user::PuzzleParse parsed = user::load_puzzle(file);
    if (!parsed.ok()) return parsed.error;
    const user::Puzzle& p = parsed.puzzle;
    std::string error;
    std::string text = io::read_data_file(p.start, io::DataKind::KernelFile, error);
    if (!error.empty()) return error;
    if (!p.requests.empty()) {
        run::RequestText request = form_text(form);
        if (!run::request_text_from_flags(p.requests.front(), request, error))
            return p.file + ": " + error;
        // Checked against the start kernel's own rules (its header), as run-kernel checks it.
        const user::KernelHeader header = user::parse_kernel_header(text, p.start);
        run::RequestRules rules;
        if (header.ok()) rules.variant = &header.info;
        request.algo = p.name;
        const run::ParsedRequest checked = run::parse_request(request, rules);
        if (!checked.ok()) return p.file + ": " + checked.error;
        const std::string algo = form.algo;  // the controls keep their algorithm
        const bool gpu = form.gpu;
        form = form_of(checked.request);
        form.algo = algo;
        form.n = request.n;
        form.gpu = gpu;
    }
    e.text = std::move(text);
    e.loaded = true;
    e.path = p.name + ".cu";
    e.puzzle_file = p.file;
    e.puzzle_title = std::to_string(p.number) + ". " + p.title;
    e.puzzle_statement = p.statement;
    e.puzzle_hint = p.hint;
    e.hint_shown = false;
    e.grade_lines.clear();
    e.grade_note.clear();
    e.solved = false;
    e.error_line = -1;
    e.message = "puzzle " + p.name + ": write your kernel, run it (F5), then Grade";
    e.message_is_error = false;
    return "";
}

long compile_error_line(const std::string& message, const std::string& file) {
    static const std::regex pattern(R"(^compile error at (.+):(\d+):)");
    std::smatch m;
    if (!std::regex_search(message, m, pattern)) return -1;
    namespace fs = std::filesystem;
    if (m[1].str() != file && fs::path(m[1].str()).filename() != fs::path(file).filename())
        return -1;
    return std::stol(m[2].str());
}

std::optional<std::string> copy_of_variant(const VariantInfo& v, const std::string& source,
                                           std::string& why) {
    if (!is_plain_sum(v)) {
        why = std::string(v.id) +
              ": only a sum of the one-kernel, pass-after-pass kind opens as a copy for now";
        return std::nullopt;
    }
    // The kernel the variant's struct returns: `return &NAME<T, Probe>;`, exactly one.
    static const std::regex returned(R"(return &(\w+)<T, Probe>;)");
    auto it = std::sregex_iterator(source.begin(), source.end(), returned);
    const auto count = std::distance(it, std::sregex_iterator());
    const std::optional<std::string> header = header_for(v);
    if (count != 1 || !header) {
        why =
            std::string(v.id) + (count != 1 ? ": it has a kernel per block size"
                                            : ": its shared memory is not one a file can ask for");
        return std::nullopt;
    }
    const std::string name = (*it)[1].str();
    std::optional<std::string> body = kernel_text(source);
    if (!body || body->find("void " + name + "(") == std::string::npos) {
        why = std::string(v.id) + ": its kernel " + name + " was not found in its source";
        return std::nullopt;
    }
    body->replace(body->find("void " + name + "(") + 5, name.size(), "kernel");
    // The teaching notes at the top of the file stay, as comments.
    std::string notes;
    for (std::size_t at = 0; at < source.size() && source.compare(at, 2, "//") == 0;) {
        const std::size_t end = std::min(source.find('\n', at), source.size());
        notes += source.substr(at, end - at) + "\n";
        at = end + 1;
    }
    return *header + "\n// A copy of " + v.id + " (" + v.source_file + ").\n" + notes + *body +
           "\n";
}

void load_kernel_file(EditorState& e, const std::string& path) {
    std::string error;
    const std::string text = io::read_data_file(path, io::DataKind::KernelFile, error);
    if (!error.empty()) {
        e.message = error;
        e.message_is_error = true;
        return;
    }
    e.text = text;
    e.loaded = true;
    e.message = "loaded " + path;
    e.message_is_error = false;
}

void copy_catalog_kernel(EditorState& e, const std::string& algo) {
    const VariantInfo* info = find_variant(algo);
    const char* source = info ? embedded_source(info->source_file) : nullptr;
    std::string why;
    const auto text = info && source ? copy_of_variant(*info, source, why) : std::nullopt;
    if (text) {
        e.text = *text;
        e.loaded = true;
        e.message = "a copy of " + algo + ": change it and run it (F5)";
        e.message_is_error = false;
    } else {
        e.message = why.empty() ? algo + ": its source is not in this build" : why;
        e.message_is_error = true;
    }
}

}  // namespace ws::ui
