// The controls' request: the form's typed fields as text, checked by the one request parser
// (kernels/run/request_parse.hpp) that the commands and the window's flags use.
#include "ui/model/window/request_form.hpp"

#include "kernels/catalog.hpp"
#include "kernels/run/request_text.hpp"

namespace ws::ui {

bool operator==(const RequestForm& a, const RequestForm& b) {
    return a.algo == b.algo && a.n == b.n && a.block == b.block && a.type == b.type &&
           a.pattern == b.pattern && a.seed == b.seed && a.schedule == b.schedule &&
           a.traced_block == b.traced_block && a.kind == b.kind && a.stride == b.stride &&
           a.gpu == b.gpu;
}

run::RequestText form_text(const RequestForm& f) {
    run::RequestText t;
    t.algo = f.algo;
    t.n = f.n;
    t.block = std::to_string(f.block);
    t.type = trace::dtype_name(f.type);
    t.pattern = f.pattern;
    t.seed = std::to_string(f.seed);
    t.blocks = std::to_string(f.traced_block);
    t.schedule = f.schedule;
    t.kind = trace::scan_kind_name(f.kind);
    t.stride = std::to_string(f.stride);
    return t;
}

FormCheck check_form(const RequestForm& f) {
    run::RequestRules rules;
    rules.max_elements = f.gpu ? run::kMaxElementsGpu : run::kMaxElementsEmulator;
    rules.one_block = true;
    return run::parse_request(form_text(f), rules);
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
    f.stride = r.stride;
    return f;
}

std::string adopt_variant_rules(RequestForm& f) {
    const VariantInfo* v = find_variant(f.algo);
    if (!v) return "";
    std::string note;
    if (const auto n = run::parse_count(f.n)) {
        const std::uint64_t accepted = accepted_count(*v, *n);
        if (accepted != *n) {
            note = "n " + f.n + " -> " + std::to_string(accepted) + ": " + v->id +
                   " reads whole structs of 3 elements";
            f.n = std::to_string(accepted);
        }
    }
    if (v->lesson_block > f.block) {
        note += (note.empty() ? "" : "; ") + std::string("block ") + std::to_string(f.block) +
                " -> " + std::to_string(v->lesson_block) + ": " + v->lesson_block_why;
        f.block = v->lesson_block;
    }
    if (const std::vector<unsigned> only = block_presets(v->block_rule);
        only.size() == 1 && f.block != only[0]) {  // one size allowed (scan-pipeline's 224)
        note += (note.empty() ? "" : "; ") + std::string("block ") + std::to_string(f.block) +
                " -> " + std::to_string(only[0]) + ": " + v->id + " needs " +
                block_rule_text(v->block_rule);
        f.block = only[0];
    }
    return note;
}

unsigned window_opening_block(const VariantInfo& v) {
    return opening_block(v, RequestForm{}.block);
}

std::string window_block_default() {
    const unsigned base = RequestForm{}.block;
    std::string raised;
    int count = 0;
    for (const VariantInfo& v : catalog()) {
        const unsigned b = window_opening_block(v);
        if (b == base || block_presets(v.block_rule).size() == 1) continue;  // the one size
        raised += (raised.empty() ? "" : ", ") + std::string(v.id) + ": " + std::to_string(b);
        ++count;
    }
    const char* where = count == 1 ? ", where its lesson shows" : ", where their lessons show";
    return "default " + std::to_string(base) + (raised.empty() ? "" : " (" + raised + where + ")") +
           ", or the one size allowed";
}

}  // namespace ws::ui
