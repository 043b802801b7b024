// Placeholders, claims and the lint of a slide's words.
#include "ui/model/lesson/claims.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <regex>
#include <sstream>

namespace ws::ui {
namespace {

// Calls `each(inside)` for every {inside} of `text` and joins the pieces.
template <class Each>
std::string replace_braces(const std::string& text, Each each) {
    std::string out;
    std::size_t at = 0;
    while (true) {
        const auto open = text.find('{', at);
        const auto close = open == std::string::npos ? open : text.find('}', open);
        if (close == std::string::npos) {
            out += text.substr(at);
            return out;
        }
        out += text.substr(at, open - at);
        out += each(text.substr(open + 1, close - open - 1));
        at = close + 1;
    }
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

// The slide's words with their placeholders taken out (what the teacher wrote by hand).
std::string hand_words(const Slide& s) {
    return replace_braces(s.heading + "\n" + s.say + "\n" + s.ask + "\n" + s.answer + "\n" + s.note,
                          [](const std::string&) { return std::string("FACT"); });
}

struct Operand {
    bool fact = false;
    std::string text;
};

// "{a b} >= 0.95" -> lhs, op, rhs.
bool split_claim(const std::string& claim, Operand& lhs, std::string& op, Operand& rhs) {
    static const std::regex form(
        R"(^\s*(\{[^}]*\}|[^\s]+)\s*(=|!=|<=|>=|<|>)\s*(\{[^}]*\}|.+?)\s*$)");
    std::smatch m;
    if (!std::regex_match(claim, m, form)) return false;
    auto operand = [](const std::string& s) {
        Operand o;
        o.fact = s.size() >= 2 && s.front() == '{' && s.back() == '}';
        o.text = o.fact ? s.substr(1, s.size() - 2) : s;
        return o;
    };
    lhs = operand(m[1]);
    op = m[2];
    rhs = operand(m[3]);
    return true;
}

std::optional<double> as_number(const std::string& s) {
    try {
        std::size_t used = 0;
        const double v = std::stod(s, &used);
        if (used == s.size()) return v;
    } catch (const std::exception&) {
    }
    return std::nullopt;
}

template <class T>
bool compare(const T& a, const std::string& op, const T& b) {
    if (op == "=") return a == b;
    if (op == "!=") return !(a == b);
    if (op == "<") return a < b;
    if (op == "<=") return a <= b;
    if (op == ">") return a > b;
    return a >= b;
}

// The answer, as filled (its trailing stop left out), word for word in the narration.
bool answer_in(const std::string& said, std::string answer) {
    while (!answer.empty() && (answer.back() == '.' || answer.back() == ' ')) answer.pop_back();
    return !answer.empty() && lower(said).find(lower(answer)) != std::string::npos;
}

}  // namespace

std::string fill_facts(const std::string& text, const FactSources& src,
                       std::vector<std::string>* problems, const char* unknown) {
    return replace_braces(text, [&](const std::string& inside) {
        std::string why;
        if (auto f = evaluate_fact(inside, src, why)) return f->text;
        if (problems) problems->push_back("{" + inside + "}: " + why);
        return unknown ? std::string(unknown) : "{" + inside + "?}";
    });
}

std::string check_claim(const std::string& claim, const FactSources& src) {
    Operand lhs, rhs;
    std::string op;
    if (!split_claim(claim, lhs, op, rhs)) return "not \"{fact} OP value\" (OP: = != < <= > >=)";
    std::string why;
    const auto left = lhs.fact ? evaluate_fact(lhs.text, src, why) : std::nullopt;
    if (!left) return lhs.fact ? why : "its left side is not a {fact}";
    std::optional<FactValue> right;
    if (rhs.fact) {
        right = evaluate_fact(rhs.text, src, why);
        if (!right) return why;
    } else if (auto x = as_number(rhs.text)) {
        FactValue v;
        v.number = *x;
        v.text = rhs.text;
        right = v;
    } else {
        FactValue v;
        v.is_number = false;
        v.text = rhs.text;
        right = v;
    }
    bool holds = false;
    if (left->is_number && right->is_number) {
        // It holds for the value and for the value as the slide shows it: a slide never shows
        // "0.95" beside a claim that the figure is below 0.95.
        const auto shown = [](const FactValue& f) { return as_number(f.text).value_or(f.number); };
        holds =
            compare(left->number, op, right->number) && compare(shown(*left), op, shown(*right));
        if (!holds && compare(left->number, op, right->number))
            return "it holds for " + std::to_string(left->number) + ", but the slide shows " +
                   left->text + (rhs.fact ? " against " + right->text : "");
    } else if (op == "=" || op == "!=")
        holds = compare(left->text, op, right->text);
    else
        return "only = and != compare words";
    if (holds) return "";
    return "it is " + left->text + (rhs.fact ? " against " + right->text : "");
}

std::vector<std::string> lint_slide(const Slide& s) {
    std::vector<std::string> out;
    const std::string words = hand_words(s);
    // A figure with a unit, a speed-up or a conflict's ways is measured or traced: a {fact}.
    static const std::regex figure(
        R"((\d+(\.\d+)?\s*(ms|us|GB/s|TB/s|x\b|%|-way|wavefronts?\b|additions?\b|levels?\b|passes\b))|(\d+\.\d+))");
    for (std::sregex_iterator it(words.begin(), words.end(), figure), end; it != end; ++it)
        out.push_back("\"" + it->str() + "\" is written by hand: write the {fact} it comes from");
    static const std::regex gpu(R"(\b[A-Z]?[HAB]\d{3}\b)");
    for (std::sregex_iterator it(words.begin(), words.end(), gpu), end; it != end; ++it)
        out.push_back("\"" + it->str() +
                      "\" names a GPU by hand: write {gpu} (the figures: line's) or {hw_source}");
    bool recording_fact = false;
    replace_braces(s.heading + s.say + s.ask + s.answer + s.note, [&](const std::string& inside) {
        std::istringstream in(inside);
        std::string name;
        in >> name;
        for (const FactInfo& f : fact_table())
            if (name == f.name && f.source == FactSource::Recording) recording_fact = true;
        return std::string();
    });
    for (const ClaimLine& c : s.claims)
        if (c.text.find("{of ") != std::string::npos ||
            c.text.find("{speedup ") != std::string::npos)
            recording_fact = true;
    if (recording_fact && s.figures.empty())
        out.push_back("its figures come from a recording, but it names none (figures: line)");
    const std::string said = lower(words);
    if (said.find("roofline") != std::string::npos &&
        (said.find("at the roofline") != std::string::npos ||
         said.find("at the memory's roofline") != std::string::npos ||
         said.find("at the memory roofline") != std::string::npos)) {
        // A claim "{of ALGO copy|read-only TYPE N} >= share" with share at least kRooflineShare.
        bool backed = false;
        static const std::regex roof(
            R"(^\s*\{of\s+\S+\s+(copy|read-only)\s+\S+\s+\S+\}\s*>=\s*([0-9.]+)\s*$)");
        for (const ClaimLine& c : s.claims) {
            std::smatch m;
            if (std::regex_match(c.text, m, roof) && std::stod(m[2]) >= kRooflineShare)
                backed = true;
        }
        if (!backed)
            out.push_back("says \"at the roofline\" with no claim: {of ALGO copy TYPE N} >= " +
                          std::to_string(kRooflineShare).substr(0, 4) +
                          " (or read-only for a reduction)");
    }
    return out;
}

std::vector<std::string> check_slide(const Lesson& lesson, std::size_t i, const FactSources& src) {
    std::vector<std::string> out;
    const Slide& s = lesson.slides[i];
    const std::string where = lesson.name + ".lesson:";
    const std::string slide = ": slide " + std::to_string(i + 1) + " (" + s.heading + "): ";
    for (const std::string& p : lint_slide(s))
        out.push_back(where + std::to_string(s.line) + slide + p);
    if (s.note.empty())
        out.push_back(where + std::to_string(s.line) + slide +
                      "no note: for the teacher (what to point at, what to watch for)");
    std::vector<std::string> unknown;
    for (const std::string* t : {&s.heading, &s.say, &s.ask, &s.note})
        fill_facts(*t, src, &unknown);
    const std::string answer = fill_facts(s.answer, src, &unknown);
    for (const std::string& p : unknown) out.push_back(where + std::to_string(s.line) + slide + p);
    if (const std::string said = fill_facts(s.say, src);
        !s.answer.empty() && answer_in(said, answer))
        out.push_back(where + std::to_string(s.answer_line) + slide +
                      "the answer is in the say: above the question: " + answer);
    for (const ClaimLine& c : s.claims)
        if (std::string why = check_claim(c.text, src); !why.empty())
            out.push_back(where + std::to_string(c.line) + slide + "claim " + c.text + ": " + why);
    return out;
}

}  // namespace ws::ui
