// The tokenizer rewrite_shared and find_kernel share (plain_source.hpp): C++ tokens with comments,
// blanks and line continuations dropped, literals (raw strings too) whole, a preprocessor line one
// token; and the few questions both ask of the tokens: what a brace opens, where a bracket closes,
// and tokens as text.
#include <cctype>
#include <cstring>

#include "kernels/user/plain_source.hpp"

namespace ws::user {

namespace {

bool word_start(char c) {
    const unsigned char u = static_cast<unsigned char>(c);
    return std::isalpha(u) || c == '_' || c == '$' || u >= 0x80;
}
bool word_char(char c) {
    return word_start(c) || std::isdigit(static_cast<unsigned char>(c));
}

class Lexer {
  public:
    explicit Lexer(const std::string& s) : s_(s) {}

    std::vector<Token> run() {
        std::vector<Token> out;
        for (skip_blanks(); i_ < s_.size(); skip_blanks()) {
            Token t;
            t.begin = i_;
            t.line = line_;
            t.kind = next(t.begin);
            t.end = i_;
            t.text = s_.substr(t.begin, t.end - t.begin);
            line_start_ = false;
            out.push_back(std::move(t));
        }
        return out;
    }

  private:
    const std::string& s_;
    std::size_t i_ = 0;
    unsigned line_ = 1;
    bool line_start_ = true;  // nothing but blanks and comments since the last newline

    char at(std::size_t k) const { return k < s_.size() ? s_[k] : '\0'; }
    // A backslash ending its line at i_: consumes it and the newline.
    bool continuation() {
        std::size_t k = i_ + 1;
        if (at(i_) != '\\') return false;
        if (at(k) == '\r') ++k;
        if (at(k) != '\n') return false;
        i_ = k + 1;
        ++line_;
        return true;
    }
    void line_comment() {
        while (i_ < s_.size() && s_[i_] != '\n')
            if (!continuation()) ++i_;
    }
    void block_comment() {
        i_ += 2;
        while (i_ < s_.size() && !(s_[i_] == '*' && at(i_ + 1) == '/')) {
            if (s_[i_] == '\n') ++line_;
            ++i_;
        }
        i_ = i_ < s_.size() ? i_ + 2 : s_.size();
    }
    void skip_blanks() {
        while (i_ < s_.size()) {
            const char c = s_[i_];
            if (c == '\n') {
                ++line_;
                ++i_;
                line_start_ = true;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
                ++i_;
            } else if (c == '/' && at(i_ + 1) == '/') {
                line_comment();
            } else if (c == '/' && at(i_ + 1) == '*') {
                block_comment();
            } else if (!continuation()) {
                return;
            }
        }
    }
    // A '...' or "..." literal from its quote at i_; stops at an unescaped newline.
    void quoted() {
        const char q = s_[i_++];
        while (i_ < s_.size()) {
            if (continuation()) continue;
            const char c = s_[i_];
            if (c == '\\' && i_ + 1 < s_.size() && s_[i_ + 1] != '\n') {
                i_ += 2;
                continue;
            }
            if (c == '\n') return;
            ++i_;
            if (c == q) return;
        }
    }
    // R"delim( ... )delim" from its quote at i_; false (nothing consumed) when it is not one.
    bool raw() {
        std::size_t k = i_ + 1;
        while (k < s_.size() && k - i_ <= 17 && s_[k] != '(') {
            const char c = s_[k];
            if (c == ')' || c == '\\' || c == ' ' || c == '"' || c == '\n' || c == '\t')
                return false;
            ++k;
        }
        if (at(k) != '(') return false;
        const std::string close = ")" + s_.substr(i_ + 1, k - i_ - 1) + "\"";
        const std::size_t e = s_.find(close, k + 1);
        const std::size_t stop = e == std::string::npos ? s_.size() : e + close.size();
        for (std::size_t j = i_; j < stop; ++j)
            if (s_[j] == '\n') ++line_;
        i_ = stop;
        return true;
    }
    void number() {
        ++i_;
        while (i_ < s_.size()) {
            const char c = s_[i_];
            const char p = s_[i_ - 1];
            if (word_char(c) || c == '.') {
                ++i_;
            } else if ((c == '+' || c == '-') && std::strchr("eEpP", p) != nullptr) {
                ++i_;
            } else if (c == '\'' && word_char(at(i_ + 1))) {
                i_ += 2;
            } else {
                return;
            }
        }
    }
    // The rest of a preprocessor line from its '#', continuations and comments included.
    void directive() {
        while (i_ < s_.size() && s_[i_] != '\n') {
            const char c = s_[i_];
            if (continuation()) continue;
            if (c == '"' || c == '\'') {
                quoted();
            } else if (c == '/' && at(i_ + 1) == '*') {
                block_comment();
            } else if (c == '/' && at(i_ + 1) == '/') {
                line_comment();
            } else {
                ++i_;
            }
        }
    }
    TokenKind next(std::size_t start) {
        const char c = s_[i_];
        if (c == '#' && line_start_) {
            directive();
            return TokenKind::Directive;
        }
        if (word_start(c)) {
            while (i_ < s_.size() && word_char(s_[i_])) ++i_;
            const std::string w = s_.substr(start, i_ - start);
            const char q = at(i_);
            if (q == '"' && (w == "R" || w == "LR" || w == "uR" || w == "UR" || w == "u8R") &&
                raw())
                return TokenKind::Literal;
            if ((q == '"' || q == '\'') && (w == "L" || w == "u" || w == "U" || w == "u8")) {
                quoted();
                return TokenKind::Literal;
            }
            return TokenKind::Word;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) ||
            (c == '.' && std::isdigit(static_cast<unsigned char>(at(i_ + 1))))) {
            number();
            return TokenKind::Number;
        }
        if (c == '"' || c == '\'') {
            quoted();
            return TokenKind::Literal;
        }
        if (c == ':' && at(i_ + 1) == ':') {
            i_ += 2;
        } else if (c == '.' && at(i_ + 1) == '.' && at(i_ + 2) == '.') {
            i_ += 3;
        } else {
            ++i_;
        }
        return TokenKind::Punct;
    }
};

bool is(const Token& t, const char* text) {
    return t.kind != TokenKind::Literal && t.text == text;
}

bool word_like(const Token& t) {
    return t.kind != TokenKind::Punct;
}

// alignas(..), __align__(..), __attribute__((..)), __declspec(..), __launch_bounds__(..) or
// [[..]] at `k`: the index after it; else k.
std::size_t skip_attribute(const std::vector<Token>& t, std::size_t k) {
    static const char* const kWords[] = {"alignas",         "__align__",         "__attribute__",
                                         "__declspec",      "__launch_bounds__", "__maxnreg__",
                                         "__cluster_dims__"};
    if (k + 1 < t.size() && is(t[k], "[") && is(t[k + 1], "[")) return matching(t, k) + 1;
    if (k + 1 >= t.size() || t[k].kind != TokenKind::Word || !is(t[k + 1], "(")) return k;
    for (const char* w : kWords)
        if (t[k].text == w) return matching(t, k + 1) + 1;
    return k;
}

}  // namespace

std::vector<Token> tokenize(const std::string& source) {
    return Lexer(source).run();
}

BraceScope brace_scope(const std::vector<Token>& t, std::size_t open) {
    std::size_t from = open;
    while (from > 0) {
        const Token& p = t[from - 1];
        if (p.kind == TokenKind::Directive || is(p, ";") || is(p, "{") || is(p, "}")) break;
        --from;
    }
    while (from < open && is(t[from], "inline")) ++from;
    if (from < open && is(t[from], "namespace")) return BraceScope::Namespace;
    if (open - from == 2 && is(t[from], "extern") && t[from + 1].kind == TokenKind::Literal)
        return t[from + 1].text == "\"C\"" ? BraceScope::ExternC : BraceScope::Namespace;
    std::size_t key = open;
    for (std::size_t k = from; k < open; ++k)
        if (is(t[k], "struct") || is(t[k], "class") || is(t[k], "union") || is(t[k], "enum"))
            key = k;
    if (key == open || is(t[key], "enum") || (key > from && is(t[key - 1], "enum")))
        return BraceScope::Block;
    for (std::size_t k = key + 1; k < open;) {
        const std::size_t after = skip_attribute(t, k);
        if (after != k) {
            k = after;
            continue;
        }
        if (is(t[k], "(") || is(t[k], ")") || is(t[k], "=")) return BraceScope::Block;
        ++k;
    }
    return BraceScope::Class;
}

std::size_t matching(const std::vector<Token>& t, std::size_t open) {
    std::vector<char> want;
    for (std::size_t k = open; k < t.size(); ++k) {
        if (t[k].kind != TokenKind::Punct || t[k].text.size() != 1) continue;
        const char c = t[k].text[0];
        const bool angle = !want.empty() && want.back() == '>';
        if (c == '(') {
            want.push_back(')');
        } else if (c == '[') {
            want.push_back(']');
        } else if (c == '{') {
            want.push_back('}');
        } else if (c == '<' && (k == open || angle)) {
            want.push_back('>');
        } else if (c == ')' || c == ']' || c == '}' || (c == '>' && angle)) {
            if (want.empty() || want.back() != c) return t.size();
            want.pop_back();
        } else if (c == ';' && angle) {
            return t.size();
        }
        if (want.empty()) return k;
    }
    return t.size();
}

std::string type_text(const std::vector<Token>& t, std::size_t from, std::size_t to) {
    std::string out;
    for (std::size_t k = from; k < to; ++k) {
        if (k > from) {
            const Token& p = t[k - 1];
            const bool glue = is(p, "*") || is(p, "&") || is(p, ",") || is(p, ">");
            if (word_like(t[k]) && (word_like(p) || glue)) out += ' ';
        }
        out += t[k].text;
    }
    return out;
}

std::string source_text(const std::vector<Token>& t, std::size_t from, std::size_t to) {
    std::string out;
    for (std::size_t k = from; k < to; ++k) {
        if (k > from && t[k - 1].end != t[k].begin) out += ' ';
        out += t[k].text;
    }
    return out;
}

bool is_type_word(const Token& t) {
    static const char* const kWords[] = {
        "const",      "volatile", "unsigned", "signed",   "int",      "char",     "short",
        "long",       "float",    "double",   "bool",     "void",     "auto",     "struct",
        "class",      "union",    "enum",     "typename", "decltype", "register", "__restrict__",
        "__restrict", "wchar_t",  "char16_t", "char32_t", "char8_t"};
    if (t.kind != TokenKind::Word) return true;
    for (const char* w : kWords)
        if (t.text == w) return true;
    return false;
}

}  // namespace ws::user
