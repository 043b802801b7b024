// What a kernel's text may ask the compiler to open (include_policy.hpp).
#include "kernels/user/include_policy.hpp"

#include "kernels/user/outcome.hpp"
#include "kernels/user/plain_source.hpp"

namespace ws::user {
namespace {

// The directive's name and the rest of its text: "#  include <x>" gives "include", "<x>".
void split_directive(const std::string& text, std::string& name, std::string& rest) {
    std::size_t at = text.find('#') + 1;
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    std::size_t end = at;
    while (end < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
        ++end;
    name = text.substr(at, end - at);
    while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) ++end;
    rest = text.substr(end);
}

// Why an #include's operand is refused, or "".
std::string operand_refusal(const std::string& rest) {
    if (rest.empty() || (rest[0] != '<' && rest[0] != '"'))
        return "an #include names its header as <name> or \"name\", not through a macro";
    const char close = rest[0] == '<' ? '>' : '"';
    const std::size_t end = rest.find(close, 1);
    const std::string path = rest.substr(1, end == std::string::npos ? std::string::npos : end - 1);
    if (!path.empty() && path[0] == '/') return "an #include of an absolute path";
    if (path.find("..") != std::string::npos) return "an #include that climbs out with ..";
    return "";
}

std::string directive_refusal(const std::string& text) {
    if (text.find("__has_include") != std::string::npos)
        return "__has_include (whether a file exists is none of a kernel's business)";
    std::string name, rest;
    split_directive(text, name, rest);
    if (name == "include" || name == "include_next" || name == "import")
        return operand_refusal(rest);
    if (name == "pragma" && rest.find("dependency") != std::string::npos)
        return "#pragma GCC dependency (it opens a file)";
    return "";
}

}  // namespace

std::string include_refusal(const std::string& source, const std::string& display) {
    const std::vector<Token> tokens = tokenize(source);
    for (std::size_t k = 0; k < tokens.size(); ++k) {
        const Token& t = tokens[k];
        std::string why;
        if (t.kind == TokenKind::Directive) {
            why = directive_refusal(t.text);
        } else if (t.kind == TokenKind::Word &&
                   (t.text == "__has_include" || t.text == "__has_include_next")) {
            why = "__has_include (whether a file exists is none of a kernel's business)";
        } else if (t.kind == TokenKind::Word && t.text == "_Pragma" && k + 2 < tokens.size() &&
                   tokens[k + 2].text.find("dependency") != std::string::npos) {
            why = "_Pragma(\"GCC dependency\") (it opens a file)";
        } else if (t.kind == TokenKind::Literal && (t.text.find(".incbin") != std::string::npos ||
                                                    t.text.find(".include") != std::string::npos)) {
            why = "the assembler's .incbin or .include (it opens a file)";
        }
        if (!why.empty())
            return printable_line(display + ":" + std::to_string(t.line) +
                                  ": a kernel opens no file but its own headers, by name: " + why);
    }
    return "";
}

}  // namespace ws::user
