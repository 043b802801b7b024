// rewrite_shared (plain_source.hpp): each __shared__ declaration of a student's plain kernel file
// becomes a reference to per-block storage the emulator owns (::ws::plain), on the same lines.
#include "kernels/user/plain_source.hpp"

namespace ws::user {

namespace {

constexpr const char* kShared = "__shared__";
constexpr const char* kCannotRead = "cannot read this __shared__ declaration";
constexpr const char* kInitializer = "a __shared__ variable cannot have an initializer";

bool is(const Token& t, const char* text) {
    return t.kind != TokenKind::Literal && t.text == text;
}

bool is_cv(const Token& t) {
    return is(t, "const") || is(t, "volatile") || is(t, "__restrict__") || is(t, "__restrict");
}

// One declarator: its name and its full type (the declaration's type, its *s and bounds).
struct Declarator {
    std::string name, type;
    std::vector<std::string> bounds;  // "256", "BLOCK + 1"; "" for []
    unsigned line = 0;
};
struct Declaration {
    bool is_extern = false;
    std::vector<Declarator> declarators;
};

// A problem at a line of the file.
struct Problem {
    unsigned line = 0;
    std::string what;
};

// The tokens of a declaration without __shared__ and the specifiers that are dropped; sets
// `is_extern`. "" or what is wrong.
std::string kept_tokens(const std::vector<Token>& t, std::size_t from, std::size_t to,
                        std::vector<Token>& kept, bool& is_extern) {
    static const char* const kDropped[] = {kShared, "static", "__device__"};
    static const char* const kRefused[] = {
        "typedef",  "constexpr", "thread_local", "register",    "mutable", "using",
        "template", "inline",    "__constant__", "__managed__", "friend"};
    for (std::size_t k = from; k < to; ++k) {
        const Token& tok = t[k];
        if (tok.kind == TokenKind::Word) {
            bool drop = false;
            for (const char* w : kDropped) drop = drop || tok.text == w;
            for (const char* w : kRefused)
                if (tok.text == w) return kCannotRead;
            if (tok.text == "extern") {
                is_extern = true;
                continue;
            }
            const bool attribute = tok.text == "alignas" || tok.text == "__align__" ||
                                   tok.text == "__attribute__" || tok.text == "__declspec";
            if (attribute && k + 1 < to && is(t[k + 1], "(")) {
                k = matching(t, k + 1);
                if (k >= to) return kCannotRead;
                continue;
            }
            if (drop) continue;
        }
        if (is(tok, "[") && k + 1 < to && is(t[k + 1], "[")) {  // [[attribute]]
            k = matching(t, k);
            if (k >= to) return kCannotRead;
            continue;
        }
        kept.push_back(tok);
    }
    return "";
}

// The index of the first declarator's name in `kept`, or kept.size().
std::size_t first_name(const std::vector<Token>& kept) {
    const std::size_t n = kept.size();
    for (std::size_t k = 0; k < n; ++k) {
        if (is(kept[k], "<") || is(kept[k], "(")) {
            const std::size_t close = matching(kept, k);
            if (close >= n) return n;
            k = close;
            continue;
        }
        if (is_type_word(kept[k])) continue;
        if (k + 1 == n) return k;
        const Token& next = kept[k + 1];
        if (is(next, "[") || is(next, ",") || is(next, "=") || is(next, "{") || is(next, "("))
            return k;
    }
    return n;
}

// Reads the declarators of `kept` (the type, then "*s NAME [..]s" separated by commas).
bool read_declarators(const std::vector<Token>& kept, Declaration& d, Problem& p) {
    const std::size_t n = kept.size();
    const std::size_t name = first_name(kept);
    if (name == n) return false;
    std::size_t start = name;
    while (start > 0 && (is(kept[start - 1], "*") || is_cv(kept[start - 1]))) --start;
    while (start < name && !is(kept[start], "*")) ++start;  // cv before any * is the type's
    if (start == 0) return false;
    for (std::size_t k = 0; k < start; ++k)
        if (is(kept[k], "&")) return false;  // a reference
    const std::string base = type_text(kept, 0, start);
    for (std::size_t k = start;;) {
        Declarator dl;
        dl.type = base;
        for (; k < n && (is(kept[k], "*") || is_cv(kept[k])); ++k)
            dl.type += is(kept[k], "*") ? "*" : " " + kept[k].text;
        if (k == n || is_type_word(kept[k])) return false;
        dl.name = kept[k].text;
        dl.line = kept[k].line;
        for (++k; k < n && is(kept[k], "[");) {
            const std::size_t close = matching(kept, k);
            if (close >= n) return false;
            dl.bounds.push_back(source_text(kept, k + 1, close));
            dl.type += "[" + dl.bounds.back() + "]";
            k = close + 1;
        }
        d.declarators.push_back(dl);
        if (k == n) return true;
        if (is(kept[k], "=") || is(kept[k], "{") || is(kept[k], "(")) {
            p = {kept[k].line, kInitializer};
            return false;
        }
        if (!is(kept[k], ",")) return false;
        ++k;
    }
}

// The declaration whose __shared__ is t[at]: its tokens [first, semi] (semi: its ';') and what
// it declares. false with `p` set when it cannot be rewritten.
bool read_declaration(const std::vector<Token>& t, std::size_t at, std::size_t& first,
                      std::size_t& semi, Declaration& d, Problem& p) {
    p = {t[at].line, kCannotRead};
    for (first = at; first > 0; --first) {
        const Token& b = t[first - 1];
        if (b.kind == TokenKind::Directive || is(b, ";") || is(b, "{") || is(b, "}") || is(b, ":"))
            break;
    }
    bool type_body = false;  // struct/class/union/enum in the declaration: `{` opens its body
    for (semi = at + 1; semi < t.size(); ++semi) {
        const Token& k = t[semi];
        if (k.kind == TokenKind::Directive || is(k, ")") || is(k, "]") || is(k, "}")) return false;
        if (is(k, ";")) break;
        if (is(k, "struct") || is(k, "class") || is(k, "union") || is(k, "enum")) type_body = true;
        if (is(k, "{") && !type_body) {
            p = {k.line, kInitializer};
            return false;
        }
        if (is(k, "(") || is(k, "[") || is(k, "{")) {
            semi = matching(t, semi);
            if (semi == t.size()) return false;
        }
    }
    if (semi == t.size()) return false;
    std::vector<Token> kept;
    const std::string why = kept_tokens(t, first, semi, kept, d.is_extern);
    if (!why.empty()) return false;
    return read_declarators(kept, d, p);
}

// The replacement of one declarator; "" with `p` set when it cannot be one.
std::string replacement(const Declarator& dl, bool is_extern, bool file_scope, unsigned id,
                        Problem& p) {
    const std::string name = dl.name;
    const bool unsized = !dl.bounds.empty() && dl.bounds.front().empty();
    if (is_extern && !unsized) {
        p = {dl.line,
             "extern __shared__ " + name + " must be an array of unknown size: " + name + "[]"};
        return "";
    }
    for (std::size_t k = is_extern ? 1 : 0; k < dl.bounds.size(); ++k)
        if (dl.bounds[k].empty()) {
            p = {dl.line, "__shared__ " + name +
                              "[] has no size (only an extern __shared__ array takes the "
                              "launch's dynamic shared memory)"};
            return "";
        }
    if (file_scope && dl.bounds.empty()) {
        p = {dl.line, "a __shared__ variable at namespace scope must be an array (" + name +
                          " is a scalar)"};
        return "";
    }
    if (file_scope)
        return "static ::ws::plain::FileShared<" + dl.type + ", " +
               (is_extern ? std::string("::ws::plain::kDynamic") : std::to_string(id)) + "> " +
               name + ";";
    if (is_extern) return "auto& " + name + " = ::ws::plain::dynamic_shared<" + dl.type + ">();";
    return "auto& " + name + " = ::ws::plain::static_shared<" + dl.type + ">(" +
           std::to_string(id) + ");";
}

// The line of a __shared__ word inside a preprocessor line, or 0.
unsigned shared_in_directive(const Token& d) {
    for (const Token& t : tokenize(d.text.substr(1)))
        if (t.kind == TokenKind::Word && t.text == kShared) return d.line + t.line - 1;
    return 0;
}

struct Open {
    char bracket;  // ( [ {
    BraceScope scope;
};

}  // namespace

SharedRewrite rewrite_shared(const std::string& source, const std::string& file) {
    const std::vector<Token> t = tokenize(source);
    SharedRewrite r;
    std::vector<Open> open;
    std::size_t copied = 0;
    Problem p;
    for (std::size_t i = 0; i < t.size() && p.what.empty(); ++i) {
        const Token& tok = t[i];
        if (tok.kind == TokenKind::Directive) {
            if (const unsigned line = shared_in_directive(tok))
                p = {line, "__shared__ inside a macro: warpscope reads declarations, write it out"};
            continue;
        }
        if (tok.kind == TokenKind::Punct && tok.text.size() == 1) {
            const char c = tok.text[0];
            if (c == '{') open.push_back({c, brace_scope(t, i)});
            if (c == '(' || c == '[') open.push_back({c, BraceScope::Block});
            if ((c == '}' || c == ')' || c == ']') && !open.empty()) open.pop_back();
            continue;
        }
        if (tok.kind != TokenKind::Word || tok.text != kShared) continue;
        if (!open.empty() && open.back().bracket != '{') {
            p = {tok.line, "a function parameter cannot be __shared__"};
            break;
        }
        const BraceScope scope = open.empty() ? BraceScope::Namespace : open.back().scope;
        if (scope == BraceScope::Class) {
            p = {tok.line, "a struct member cannot be __shared__"};
            break;
        }
        std::size_t first = 0, semi = 0;
        Declaration d;
        if (!read_declaration(t, i, first, semi, d, p)) break;
        p = {};
        const bool file_scope = scope != BraceScope::Block;
        std::string text;
        for (const Declarator& dl : d.declarators) {
            const std::string one = replacement(dl, d.is_extern, file_scope, r.declarations++, p);
            if (one.empty()) break;
            text += (text.empty() ? "" : " ") + one;
        }
        if (!p.what.empty()) break;
        r.uses_dynamic = r.uses_dynamic || d.is_extern;
        r.text += source.substr(copied, t[first].begin - copied) + text;
        for (std::size_t k = t[first].begin; k < t[semi].end; ++k)
            if (source[k] == '\n') r.text += '\n';
        copied = t[semi].end;
        i = semi;
    }
    if (!p.what.empty()) {
        SharedRewrite failed;
        failed.error = file + ":" + std::to_string(p.line) + ": " + p.what;
        return failed;
    }
    r.text += source.substr(copied);
    return r;
}

}  // namespace ws::user
