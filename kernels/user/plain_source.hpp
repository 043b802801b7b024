// Reading a student's plain CUDA kernel file (textbook style) so that the host compiler can build
// it for the emulator: rewrite_shared redirects its __shared__ declarations to per-block storage
// the emulator owns (::ws::plain, same lines, so that errors and recorded lines stay the
// student's), and find_kernel reads a __global__ function's template and call signature. Pure
// text: a tokenizer that knows comments, literals (raw strings too), line continuations and
// preprocessor lines (kept whole, never rewritten). plain_tokens.cpp tokenizes, plain_source.cpp
// rewrites, plain_kernel.cpp reads signatures.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace ws::user {

// ---- __shared__ rewriting (plain_source.cpp) ----------------------------------------------------

// Each declaration holding the token __shared__ is replaced on its own first line (the lines it
// spanned after that are left empty, so the text keeps its line count). In a function body:
//   __shared__ float s[256];      ->  auto& s = ::ws::plain::static_shared<float[256]>(ID);
//   extern __shared__ float t[];  ->  auto& t = ::ws::plain::dynamic_shared<float[]>();
// at namespace scope (file scope, namespace X { }, extern "C" { }), arrays only:
//   __shared__ float s[256];      ->  static ::ws::plain::FileShared<float[256], ID> s;
//   extern __shared__ float t[];  ->  static ::ws::plain::FileShared<float[],
//                                                                   ::ws::plain::kDynamic> t;
// (that last one on one line). One replacement per declarator; static, __device__,
// __align__(..), alignas(..) are dropped, const and volatile kept. ID is the declarator's index
// among all the file's __shared__ declarators (0, 1, 2, ...; an extern one takes one too, unused).
struct SharedRewrite {
    std::string text;           // the rewritten source; "" on error
    std::string error;          // "" or the first problem, one line: "FILE:LINE: ..."
    unsigned declarations = 0;  // __shared__ declarators found (the IDs are 0..declarations-1)
    bool uses_dynamic = false;  // an extern __shared__ array was found
};
SharedRewrite rewrite_shared(const std::string& source, const std::string& file);

// ---- kernel signatures (plain_kernel.cpp) -------------------------------------------------------

struct TemplateParam {
    bool is_type = false;       // class X / typename X
    std::string name;           // "blockSize"
    std::string type;           // a value parameter's type: "unsigned int"; "" for a type
    std::string default_value;  // "32" for `int N = 32`; "" when none
};
struct KernelParam {
    std::string name;         // "g_idata"
    std::string type;         // the text without the name: "const float* __restrict__", "float[]"
    bool is_pointer = false;  // the type has a * or is an array (float X[])
};
struct KernelSignature {
    std::vector<TemplateParam> template_params;
    std::vector<KernelParam> params;
    unsigned line = 0;      // of the kernel's name
    std::string error;      // "" or one line (see find_kernel)
    bool extern_c = false;  // extern "C" __global__ ..., or inside extern "C" { }
    bool ok() const { return error.empty(); }
};

// The definition (with a body) of the __global__ function `name` in `source`; `file` names the
// file in errors:
//   "kernel=NAME: FILE has no __global__ function NAME (it has: a, b)"
//   "FILE:LINE: kernel=NAME: FILE defines NAME twice (overloads are not supported)"
//   "FILE:LINE: parameter K of NAME has no name"                           (K from 1)
//   "FILE:LINE: template parameter K of NAME has no name"
//   "FILE:LINE: NAME has a parameter pack (TEXT), which is not supported"  (C's ... too)
//   "FILE:LINE: NAME has a template template parameter (X), which is not supported"
KernelSignature find_kernel(const std::string& source, const std::string& name,
                            const std::string& file);

// The names of the file's __global__ function definitions in order, each once.
std::vector<std::string> kernel_names(const std::string& source);

// ---- the tokenizer both readers share (plain_tokens.cpp) ----------------------------------------

enum class TokenKind {
    Word,       // identifier or keyword
    Number,     // pp-number: 42, 1.5e-3f, 0x1p4, 1'000
    Literal,    // string or char literal, prefix included: "a", L"b", 'c', R"x(...)x"
    Punct,      // one character, or :: or ...
    Directive,  // a whole preprocessor line, continuations included
};
struct Token {
    TokenKind kind = TokenKind::Punct;
    std::string text;
    std::size_t begin = 0, end = 0;  // byte range in the source
    unsigned line = 0;               // 1-based line of `begin`
};
// Comments, whitespace and line continuations separate tokens and are not tokens.
std::vector<Token> tokenize(const std::string& source);

// What an opening brace belongs to.
enum class BraceScope {
    Namespace,  // namespace X {, namespace {, extern "C++" {
    ExternC,    // extern "C" {  (namespace scope too)
    Class,      // struct / class / union body
    Block,      // function bodies, control blocks, lambdas, initializers, enums
};
// `open` indexes a "{" in `tokens`.
BraceScope brace_scope(const std::vector<Token>& tokens, std::size_t open);

// The index of the token closing the bracket at `open` ("(", "[", "{" or "<"), or tokens.size()
// when it is not closed. Inside "<" ... ">" the other three nest too; inside them "<" is a
// less-than.
std::size_t matching(const std::vector<Token>& tokens, std::size_t open);

// A word that is a type's or a specifier's (const, unsigned, int, struct, __restrict__, ...),
// never a parameter's or a declarator's name; anything but a word counts as one too.
bool is_type_word(const Token& t);

// tokens [from, to) as type text: "const float* __restrict__", "unsigned int", "Vec<float, 4>".
std::string type_text(const std::vector<Token>& tokens, std::size_t from, std::size_t to);
// tokens [from, to) as written, each gap of blanks or comments one space: "BLOCK + 1".
std::string source_text(const std::vector<Token>& tokens, std::size_t from, std::size_t to);

}  // namespace ws::user
