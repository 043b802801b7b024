// Finds memory a vocabulary kernel declares outside the vocabulary (vocabulary_guard.hpp).
#include "kernels/user/vocabulary_guard.hpp"

#include <vector>

#include "kernels/user/plain_source.hpp"

namespace ws::user {

std::string vocabulary_memory_refusal(const std::string& source, const std::string& display) {
    const std::vector<Token> tokens = tokenize(source);
    std::vector<BraceScope> open;  // the braces around the token
    const std::string advice =
        ": the vocabulary records only shared_array and global_array, so its accesses would be "
        "missing from the picture and the counters; use shared_array, or make it a plain CUDA "
        "kernel (name it in the header: kernel=NAME in=... out=... n=...)";
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const Token& t = tokens[i];
        if (t.kind == TokenKind::Punct && t.text == "{") open.push_back(brace_scope(tokens, i));
        if (t.kind == TokenKind::Punct && t.text == "}" && !open.empty()) open.pop_back();
        if (t.kind != TokenKind::Word) continue;
        const std::string where = display + ":" + std::to_string(t.line) + ": ";
        if (t.text == "__shared__") return where + "a __shared__ declaration" + advice;
        const bool in_function = !open.empty() && open.back() == BraceScope::Block;
        if (t.text != "static" || !in_function) continue;
        // A static array in a function body: `static T name[N];`.
        for (std::size_t j = i + 1; j < tokens.size(); ++j) {
            const Token& u = tokens[j];
            if (u.kind == TokenKind::Punct && (u.text == ";" || u.text == "{" || u.text == "("))
                break;
            if (u.kind == TokenKind::Punct && u.text == "[")
                return where + "a static array in a kernel" + advice;
        }
    }
    return "";
}

}  // namespace ws::user
