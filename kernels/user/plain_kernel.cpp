// find_kernel and kernel_names (plain_source.hpp): the __global__ function definitions of a
// student's plain kernel file, and one kernel's template and call parameters.
#include "kernels/user/plain_source.hpp"

namespace ws::user {

namespace {

bool is(const Token& t, const char* text) {
    return t.kind != TokenKind::Literal && t.text == text;
}

bool attribute_word(const Token& t) {
    static const char* const kWords[] = {"alignas",         "__align__",         "__attribute__",
                                         "__declspec",      "__launch_bounds__", "__maxnreg__",
                                         "__cluster_dims__"};
    for (const char* w : kWords)
        if (is(t, w)) return true;
    return false;
}

bool only_cv(const std::vector<Token>& t, std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to; ++k)
        if (!is(t[k], "const") && !is(t[k], "volatile")) return false;
    return true;
}

// One __global__ function definition: where its parts are in the tokens.
struct Definition {
    std::size_t head = 0;  // the first token of its declaration (template, extern, ...)
    std::size_t name = 0, lparen = 0, rparen = 0;
    bool extern_c = false;
};

// The definition introduced by the __global__ at t[g]; false when it is only a declaration or
// not a function.
bool read_definition(const std::vector<Token>& t, std::size_t g, Definition& d) {
    const std::size_t n = t.size();
    std::size_t k = g + 1;
    while (k < n && !is(t[k], "(")) {
        const Token& w = t[k];
        if (attribute_word(w) && k + 1 < n && is(t[k + 1], "(")) {
            k = matching(t, k + 1) + 1;
        } else if (is(w, "[") && k + 1 < n && is(t[k + 1], "[")) {
            k = matching(t, k) + 1;
        } else if (w.kind == TokenKind::Directive || is(w, ";") || is(w, "{") || is(w, "}") ||
                   is(w, "=") || is(w, "<")) {
            return false;
        } else {
            ++k;
        }
    }
    if (k >= n || t[k - 1].kind != TokenKind::Word || attribute_word(t[k - 1])) return false;
    d.name = k - 1;
    d.lparen = k;
    d.rparen = matching(t, k);
    for (k = d.rparen + 1; k < n; ++k) {
        if (is(t[k], "{")) break;
        if (t[k].kind == TokenKind::Directive || is(t[k], ";") || is(t[k], "}")) return false;
    }
    if (k >= n) return false;
    for (d.head = g; d.head > 0; --d.head) {
        const Token& b = t[d.head - 1];
        if (b.kind == TokenKind::Directive || is(b, ";") || is(b, "{") || is(b, "}")) break;
    }
    for (std::size_t h = d.head; h + 1 < d.name; ++h)
        if (is(t[h], "extern") && t[h + 1].kind == TokenKind::Literal && t[h + 1].text == "\"C\"")
            d.extern_c = true;
    return true;
}

std::vector<Definition> definitions(const std::vector<Token>& t) {
    std::vector<Definition> found;
    std::vector<BraceScope> open;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (is(t[i], "{")) open.push_back(brace_scope(t, i));
        if (is(t[i], "}") && !open.empty()) open.pop_back();
        Definition d;
        if (!is(t[i], "__global__") || !read_definition(t, i, d)) continue;
        for (BraceScope s : open) d.extern_c = d.extern_c || s == BraceScope::ExternC;
        found.push_back(d);
    }
    return found;
}

// [from, to) split at its commas outside brackets (and outside the <> of a template's arguments).
std::vector<std::pair<std::size_t, std::size_t>> split(const std::vector<Token>& t,
                                                       std::size_t from, std::size_t to) {
    std::vector<std::pair<std::size_t, std::size_t>> parts;
    std::size_t start = from;
    for (std::size_t k = from; k < to; ++k) {
        const bool angle = is(t[k], "<") && k > from && t[k - 1].kind == TokenKind::Word;
        if (is(t[k], "(") || is(t[k], "[") || is(t[k], "{") || angle) {
            const std::size_t close = matching(t, k);
            if (close < to) k = close;
        } else if (is(t[k], ",")) {
            parts.emplace_back(start, k);
            start = k + 1;
        }
    }
    if (start < to || !parts.empty()) parts.emplace_back(start, to);
    return parts;
}

// The first `=` of [from, to) outside brackets, or `to`.
std::size_t default_at(const std::vector<Token>& t, std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to; ++k) {
        if (is(t[k], "(") || is(t[k], "[") || is(t[k], "{")) {
            const std::size_t close = matching(t, k);
            if (close < to) k = close;
        } else if (is(t[k], "=")) {
            return k;
        }
    }
    return to;
}

bool has_pack(const std::vector<Token>& t, std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to; ++k)
        if (is(t[k], "...")) return true;
    return false;
}

// "FILE:LINE: " before `what`.
std::string at_line(const std::string& file, unsigned line, const std::string& what) {
    return file + ":" + std::to_string(line) + ": " + what;
}

// The template parameters of the `template <...>` in [d.head, d.name); "" or the error.
std::string read_template(const std::vector<Token>& t, const Definition& d, const std::string& file,
                          std::vector<TemplateParam>& out) {
    std::size_t lt = d.head;
    while (lt < d.name && !is(t[lt], "template")) ++lt;
    if (lt + 1 >= d.name || !is(t[lt + 1], "<")) return "";
    ++lt;
    const std::size_t gt = matching(t, lt);
    if (gt >= d.name) return "";
    const std::string kernel = t[d.name].text;
    unsigned index = 0;
    for (const auto& [from, to] : split(t, lt + 1, gt)) {
        ++index;
        const unsigned line = from < to ? t[from].line : t[lt].line;
        if (from < to && is(t[from], "template"))
            return at_line(file, line,
                           kernel + " has a template template parameter (" +
                               source_text(t, from, to) + "), which is not supported");
        if (has_pack(t, from, to))
            return at_line(file, line,
                           kernel + " has a parameter pack (" + source_text(t, from, to) +
                               "), which is not supported");
        const std::size_t eq = default_at(t, from, to);
        TemplateParam p;
        if (eq < to) p.default_value = source_text(t, eq + 1, to);
        const bool type_key = from < eq && (is(t[from], "class") || is(t[from], "typename"));
        if (type_key && eq - from <= 2) {
            p.is_type = true;
            if (eq - from == 2 && t[from + 1].kind == TokenKind::Word) p.name = t[from + 1].text;
        } else if (eq - from >= 2 && !is_type_word(t[eq - 1]) && !only_cv(t, from, eq - 1)) {
            p.name = t[eq - 1].text;
            p.type = type_text(t, from, eq - 1);
        }
        if (p.name.empty())
            return at_line(
                file, line,
                "template parameter " + std::to_string(index) + " of " + kernel + " has no name");
        out.push_back(p);
    }
    return "";
}

// The call parameters between d.lparen and d.rparen; "" or the error.
std::string read_params(const std::vector<Token>& t, const Definition& d, const std::string& file,
                        std::vector<KernelParam>& out) {
    const std::string kernel = t[d.name].text;
    if (d.rparen == d.lparen + 2 && is(t[d.lparen + 1], "void")) return "";
    unsigned index = 0;
    for (const auto& [from, end] : split(t, d.lparen + 1, d.rparen)) {
        ++index;
        const unsigned line = from < end ? t[from].line : t[d.lparen].line;
        if (has_pack(t, from, end))
            return at_line(file, line,
                           kernel + " has a parameter pack (" + source_text(t, from, end) +
                               "), which is not supported");
        std::size_t to = default_at(t, from, end);
        std::string bounds;
        while (to > from && is(t[to - 1], "]")) {  // float X[] / float X[N][M]
            std::size_t open = to - 1;
            while (open > from && !is(t[open], "[")) --open;
            bounds = source_text(t, open, to) + bounds;
            to = open;
        }
        const std::size_t name = to - 1;
        if (to - from < 2 || is_type_word(t[name]) || only_cv(t, from, name))
            return at_line(file, line,
                           "parameter " + std::to_string(index) + " of " + kernel + " has no name");
        KernelParam p;
        p.name = t[name].text;
        p.type = type_text(t, from, name) + bounds;
        p.is_pointer = !bounds.empty() || p.type.find('*') != std::string::npos;
        out.push_back(p);
    }
    return "";
}

std::vector<std::string> names_of(const std::vector<Token>& t, const std::vector<Definition>& ds) {
    std::vector<std::string> names;
    for (const Definition& d : ds) {
        bool seen = false;
        for (const std::string& s : names) seen = seen || s == t[d.name].text;
        if (!seen) names.push_back(t[d.name].text);
    }
    return names;
}

}  // namespace

std::vector<std::string> kernel_names(const std::string& source) {
    const std::vector<Token> t = tokenize(source);
    return names_of(t, definitions(t));
}

KernelSignature find_kernel(const std::string& source, const std::string& name,
                            const std::string& file) {
    const std::vector<Token> t = tokenize(source);
    const std::vector<Definition> all = definitions(t);
    std::vector<Definition> mine;
    for (const Definition& d : all)
        if (t[d.name].text == name) mine.push_back(d);
    KernelSignature sig;
    if (mine.empty()) {
        std::string list;
        for (const std::string& s : names_of(t, all)) list += (list.empty() ? "" : ", ") + s;
        sig.error = "kernel=" + name + ": " + file + " has no __global__ function " + name +
                    (list.empty() ? " (it has none)" : " (it has: " + list + ")");
        return sig;
    }
    if (mine.size() > 1) {
        sig.error = at_line(file, t[mine[1].name].line,
                            "kernel=" + name + ": " + file + " defines " + name +
                                " twice (overloads are not supported)");
        return sig;
    }
    const Definition& d = mine.front();
    sig.line = t[d.name].line;
    sig.extern_c = d.extern_c;
    sig.error = read_template(t, d, file, sig.template_params);
    if (sig.error.empty()) sig.error = read_params(t, d, file, sig.params);
    if (!sig.error.empty()) {
        sig.template_params.clear();
        sig.params.clear();
    }
    return sig;
}

}  // namespace ws::user
