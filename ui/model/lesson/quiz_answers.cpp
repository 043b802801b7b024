// Reading and checking a quiz answer: the words for each kind's answer, the parsing of what a
// student typed (numbers, sets and ranges, a cell, a value), and the verdict in one line.
#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "ui/model/lesson/quiz.hpp"
#include "ui/model/lesson/quiz_internal.hpp"
#include "ui/model/trace/step_text.hpp"

namespace ws::ui {
namespace {

// What to say, per kind, when an answer does not parse (in QuestionKind order).
constexpr std::array<const char*, kQuestionKindCount> kHints = {
    "Write a bank number from 0 to 31, e.g. 7",       // BankOfLane (a wide access: several)
    "Write how many ways, e.g. 2 (1 = no conflict)",  // ConflictWays
    "Write warp numbers, e.g. 0, 2, or none",         // DivergentWarps
    "Write a number, e.g. 42 or -4.5",                // CellValue
    "Click a cell, or write one, e.g. s[12]",         // WrittenCell
    "Write two thread numbers, e.g. 3, 19",           // RacingPair
    "Write a number, e.g. 7",                         // Additions
};

const char* hint(QuestionKind k) {
    return kHints[static_cast<std::size_t>(k)];
}

bool is_digit(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}
bool is_word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

std::string lower_trimmed(const std::string& s) {
    std::size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
    std::string out = s.substr(a, b - a);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Does the text say "nothing" in words: none, no, nothing, empty?
bool says_none(const std::string& typed) {
    const std::string t = lower_trimmed(typed);
    for (const char* word : {"none", "no", "nothing", "empty"}) {
        const std::string w = word;
        for (std::size_t at = t.find(w); at != std::string::npos; at = t.find(w, at + 1)) {
            const bool starts = at == 0 || !is_word_char(t[at - 1]);
            const bool ends = at + w.size() == t.size() || !is_word_char(t[at + w.size()]);
            if (starts && ends) return true;
        }
    }
    return false;
}

// The length of a range separator at `at` ("-", "–", ".."), or 0.
std::size_t range_separator(const std::string& s, std::size_t at) {
    if (s.compare(at, 3, "\xe2\x80\x93") == 0) return 3;
    if (s.compare(at, 2, "..") == 0) return 2;
    return at < s.size() && s[at] == '-' ? 1 : 0;
}

std::size_t skip_spaces(const std::string& s, std::size_t at) {
    while (at < s.size() && s[at] == ' ') ++at;
    return at;
}

// The one number of a value answer ("-4.5", "s[3] = 42", "1e3"), or nullopt.
std::optional<double> parse_value(const std::string& typed) {
    std::string text = typed;
    const std::size_t cut = text.find_last_of("=]");
    if (cut != std::string::npos) text = text.substr(cut + 1);
    std::optional<double> found;
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        const bool starts =
            is_digit(c) || ((c == '-' || c == '+' || c == '.') && i + 1 < text.size() &&
                            (is_digit(text[i + 1]) || text[i + 1] == '.'));
        if (!starts || (i > 0 && (is_word_char(text[i - 1]) || text[i - 1] == '.'))) {
            ++i;
            continue;
        }
        char* end = nullptr;
        errno = 0;
        const double value = std::strtod(text.c_str() + i, &end);
        if (end == text.c_str() + i || errno == ERANGE || found) return std::nullopt;
        found = value;
        i = static_cast<std::size_t>(end - text.c_str());
    }
    return found;
}

Verdict understood_as(const Question& q, bool correct, const std::string& said) {
    Verdict v;
    v.understood = true;
    v.correct = correct;
    v.message = correct ? "Right: " + said + "."
                        : "Not quite: you said " + said + "; it is " + q.answer + ".";
    return v;
}

Verdict not_understood(const Question& q) {
    Verdict v;
    v.message = hint(q.kind);
    if (q.kind == QuestionKind::BankOfLane && q.shape == AnswerShape::Numbers)
        v.message = "Write bank numbers, e.g. 20, 21";
    if (q.kind == QuestionKind::CellValue && q.value_type == trace::DType::Int32)
        v.message = "Write a whole number, e.g. 42";
    return v;
}

Verdict check_value(const Question& q, const std::string& typed) {
    if (lower_trimmed(typed) == lower_trimmed(q.answer)) return understood_as(q, true, q.answer);
    const std::optional<double> said = parse_value(typed);
    if (!said) return not_understood(q);
    const std::string said_text = format_value(*said, q.value_type);
    if (q.value_type == trace::DType::Int32) {
        const bool whole = std::nearbyint(*said) == *said;
        return understood_as(q, whole && said_text == q.answer,
                             whole ? said_text : lower_trimmed(typed));
    }
    const double e = q.expected_value;
    const bool close = said_text == q.answer || std::fabs(*said - e) <= 5e-4 * std::fabs(e);
    return understood_as(q, close, said_text);
}

// Numbers, Cell and Number answers: the integers said, as the question's shape wants them.
Verdict check_numbers(const Question& q, const std::string& typed) {
    const bool set = q.shape == AnswerShape::Numbers;
    std::optional<std::vector<long long>> said = parse_numbers(typed, set);
    if (said && said->empty() && q.kind == QuestionKind::ConflictWays)
        said = std::vector<long long>{1};  // "none", "no conflict": 1-way
    if (!said) return not_understood(q);
    std::sort(said->begin(), said->end());
    said->erase(std::unique(said->begin(), said->end()), said->end());
    const bool one = q.shape != AnswerShape::Numbers;
    if ((one && said->size() != 1) || (q.kind == QuestionKind::RacingPair && said->size() != 2))
        return not_understood(q);
    if (said->empty() && !q.expected.empty() && q.kind != QuestionKind::DivergentWarps)
        return not_understood(q);
    const bool right = *said == q.expected || std::find(q.also_right.begin(), q.also_right.end(),
                                                        *said) != q.also_right.end();
    return understood_as(q, right, quiz_detail::answer_words(q.kind, *said));
}

}  // namespace

namespace quiz_detail {

std::string answer_words(QuestionKind kind, const std::vector<long long>& numbers) {
    if (numbers.empty()) return "none";
    const std::string first = std::to_string(numbers.front());
    const bool one = numbers.size() == 1;
    switch (kind) {
        case QuestionKind::BankOfLane:
            return (one ? "bank " : "banks ") + list_text(numbers);
        case QuestionKind::ConflictWays:
            return first + "-way" + (numbers.front() == 1 ? " (no conflict)" : "");
        case QuestionKind::DivergentWarps:
            return (one ? "warp " : "warps ") + list_text(numbers);
        case QuestionKind::WrittenCell:
            return cell_name(numbers.front());
        case QuestionKind::RacingPair:
            return (one ? "thread " : "threads ") + list_text(numbers);
        case QuestionKind::Additions:
            return first + (numbers.front() == 1 ? " addition" : " additions");
        case QuestionKind::CellValue:
            break;
    }
    return list_text(numbers);
}

}  // namespace quiz_detail

std::optional<std::vector<long long>> parse_numbers(const std::string& typed, bool ranges) {
    std::vector<long long> out;
    auto number_at = [&](std::size_t i, std::size_t* end) -> std::optional<long long> {
        char* stop = nullptr;
        errno = 0;
        const long long value = std::strtoll(typed.c_str() + i, &stop, 10);
        if (errno == ERANGE) return std::nullopt;
        *end = static_cast<std::size_t>(stop - typed.c_str());
        return value;
    };
    for (std::size_t i = 0; i < typed.size();) {
        const bool negative = !ranges && typed[i] == '-' && i + 1 < typed.size() &&
                              is_digit(typed[i + 1]) && (i == 0 || !is_word_char(typed[i - 1]));
        if (!is_digit(typed[i]) && !negative) {
            ++i;
            continue;
        }
        std::size_t end = i;
        const std::optional<long long> from = number_at(i, &end);
        if (!from) return std::nullopt;
        i = end;
        // "a-b", "a–b", "a..b": every number from a to b.
        const std::size_t sep = ranges ? range_separator(typed, skip_spaces(typed, i)) : 0;
        const std::size_t next = skip_spaces(typed, skip_spaces(typed, i) + sep);
        if (sep && next < typed.size() && is_digit(typed[next])) {
            const std::optional<long long> to = number_at(next, &end);
            if (!to) return std::nullopt;
            const long long lo = std::min(*from, *to), hi = std::max(*from, *to);
            if (hi - lo > 4096) return std::nullopt;
            for (long long k = lo; k <= hi; ++k) out.push_back(k);
            i = end;
            continue;
        }
        out.push_back(*from);
    }
    if (out.empty() && !says_none(typed)) return std::nullopt;
    return out;
}

Verdict check_answer(const Question& q, const std::string& typed) {
    if (q.shape == AnswerShape::Value) return check_value(q, typed);
    return check_numbers(q, typed);
}

Verdict check_cell(const Question& q, std::uint32_t cell) {
    if (q.shape != AnswerShape::Cell) {
        Verdict v = not_understood(q);
        v.message = "This question is not about a cell: " + v.message;
        return v;
    }
    return check_numbers(q, std::to_string(cell));
}

}  // namespace ws::ui
