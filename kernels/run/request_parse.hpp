// The one parser and checker of a request, for every front end: the commands' flags (trace,
// stats), the window's flags, its controls and its saved settings. Text fields in; a Request, or
// one line naming the field (as its flag) and what the field allows, out. Every wording about a
// request lives in request_parse.cpp, nowhere else.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::run {

// A request as typed: every field as text, with the commands' defaults (block: empty, the
// variant's own, default_block).
struct RequestText {
    std::string algo, n, block, type = "int", pattern = "ramp", seed = "1", blocks = "0",
                                schedule = "lockstep", kind = "inclusive", stride = "1";
};

// The request's fields as flags: name, help line, and where the text goes. One table for the
// commands and the window (add_request_flags below binds it to a CLI11 app).
using RequestTextField = std::string RequestText::*;
struct RequestField {
    const char* flag;  // "--n"
    const char* help;  // "number of elements: 1000, 2^20, 2^20+3"
    RequestTextField text;
};
const std::vector<RequestField>& request_fields();
// The --block help without a default: "threads per block: a power of two from 32 to 1024
// (reduce-minmax-avg, ...: any size from 1 to 1024; scan-pipeline: exactly 224: ...)", the
// catalog's rules, the usual one first. The commands' --block adds their default (256, or the
// one size allowed); the window states its own (ui/window_args.cpp).
const std::string& block_rules_help();

// The most elements a request may have on each backend.
inline constexpr std::uint64_t kMaxElementsEmulator = std::uint64_t(1) << 26;
inline constexpr std::uint64_t kMaxElementsGpu = std::uint64_t(1) << 31;

struct RequestRules {
    std::uint64_t max_elements = kMaxElementsEmulator;
    bool one_block = false;  // the window traces one block: --blocks is one index
    // A variant outside the catalog (a student's kernel, kernels/user): the request is checked
    // against its rules, and --algo is its name, not looked up.
    const VariantInfo* variant = nullptr;
};

struct ParsedRequest {
    trace::Request request;
    unsigned grid = 0;  // blocks of the first launch (the traced one's range)
    std::string error;  // "" when the request is valid
    bool ok() const { return error.empty(); }
};
ParsedRequest parse_request(const RequestText& text, const RequestRules& rules = {});

// The checks of an already typed request (a trace file's, a test's): "" or the same one line
// parse_request would give for its text.
std::string check_request(const trace::Request& r, std::uint64_t max_elements);

// The text of a request (parse_request(request_text(r)) gives r back), and its command line:
// "--algo reduce-sequential --n 64 --block 32 --type int --pattern ramp" (defaults left out
// where the reader does not need them).
RequestText request_text(const trace::Request& r);
std::string command_line(const trace::Request& r);
// The inverse: "--algo X --n 64 ..." (flag and value pairs, as command_line writes them) into
// a RequestText; false and `error` (one line) for a word that is not a request flag.
bool request_text_from_flags(const std::string& flags, RequestText& text, std::string& error);

// "--trace run.wstrace brings its own request: leave out --n" (stats and the window).
std::string trace_brings_its_request(const std::string& trace_file, const std::string& flag);

// Single fields, for commands that take only some of them (bench, verify, the window's
// --compare). Each returns nullptr/nullopt and sets `error` to the one line.
const VariantInfo* parse_algo(const std::string& text, std::string& error,
                              const char* flag = "--algo");
std::optional<trace::DType> parse_type(const std::string& text, std::string& error);
std::optional<trace::ScanKind> parse_kind(const std::string& text, std::string& error);

// Binds every request field to an option of a CLI11 app (a template so that kernels/ need not
// include CLI11): the commands' `trace` and `stats`, and the window's flags.
template <class App>
void add_request_flags(App& app, RequestText& text, bool algo_required) {
    for (const RequestField& f : request_fields()) {
        auto* option = app.add_option(f.flag, text.*(f.text), f.help);
        if (f.text == &RequestText::algo) {
            if (algo_required) option->required();
        } else if (f.text != &RequestText::n) {
            option->capture_default_str();
        }
    }
}

}  // namespace ws::run
