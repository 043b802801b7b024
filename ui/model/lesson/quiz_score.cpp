// Quiz scores: counting answers, JSON for the settings file, CSV for a teacher.
#include "ui/model/lesson/quiz_score.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace ws::ui {
namespace {

using nlohmann::json;

// A non-negative integer field, or 0 (with `repaired` set) when it is missing or not one.
std::uint32_t count_field(const json& j, const char* key, bool& repaired) {
    if (!j.is_object() || !j.contains(key)) return 0;
    const json& v = j.at(key);
    if (v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0)) {
        const std::uint64_t n = v.get<std::uint64_t>();
        if (n <= UINT32_MAX) return static_cast<std::uint32_t>(n);
    }
    repaired = true;
    return 0;
}

QuizTally tally_field(const json& j, bool& repaired) {
    QuizTally t;
    t.attempts = count_field(j, "attempts", repaired);
    t.correct = count_field(j, "correct", repaired);
    if (t.correct > t.attempts) {
        t.correct = t.attempts;
        repaired = true;
    }
    return t;
}

json tally_json(const QuizTally& t) {
    return {{"attempts", t.attempts}, {"correct", t.correct}};
}

void add_seed(QuizScore& s, std::uint64_t seed) {
    s.seeds.erase(std::remove(s.seeds.begin(), s.seeds.end(), seed), s.seeds.end());
    s.seeds.push_back(seed);
    if (s.seeds.size() > kMaxQuizSeeds)
        s.seeds.erase(s.seeds.begin(), s.seeds.end() - long(kMaxQuizSeeds));
}

void add_tally(QuizTally& into, const QuizTally& t) {
    into.attempts += t.attempts;
    into.correct += t.correct;
}

// One entry of the "lessons" array into `scores`; false when it had to be dropped.
bool read_entry(const json& e, QuizScores& scores, bool& repaired) {
    if (!e.is_object() || !e.contains("lesson") || !e.at("lesson").is_string() ||
        e.at("lesson").get<std::string>().empty())
        return false;
    QuizScore& s = score_of(scores, e.at("lesson").get<std::string>());
    add_tally(s.total, tally_field(e, repaired));
    if (e.contains("kinds") && e.at("kinds").is_object()) {
        for (const auto& [name, value] : e.at("kinds").items()) {
            const std::optional<QuestionKind> k = question_kind_from_name(name);
            if (!k) {
                repaired = true;
                continue;
            }
            add_tally(s.by_kind[static_cast<std::size_t>(*k)], tally_field(value, repaired));
        }
    } else if (e.contains("kinds")) {
        repaired = true;
    }
    if (e.contains("seeds") && e.at("seeds").is_array()) {
        for (const json& seed : e.at("seeds")) {
            if (seed.is_number_unsigned() ||
                (seed.is_number_integer() && seed.get<std::int64_t>() >= 0))
                add_seed(s, seed.get<std::uint64_t>());
            else
                repaired = true;
        }
    } else if (e.contains("seeds")) {
        repaired = true;
    }
    return true;
}

}  // namespace

QuizScore& score_of(QuizScores& scores, const std::string& lesson) {
    auto it = std::lower_bound(
        scores.lessons.begin(), scores.lessons.end(), lesson,
        [](const QuizScore& s, const std::string& name) { return s.lesson < name; });
    if (it == scores.lessons.end() || it->lesson != lesson) {
        QuizScore fresh;
        fresh.lesson = lesson;
        it = scores.lessons.insert(it, std::move(fresh));
    }
    return *it;
}

const QuizScore* find_score(const QuizScores& scores, const std::string& lesson) {
    auto it = std::lower_bound(
        scores.lessons.begin(), scores.lessons.end(), lesson,
        [](const QuizScore& s, const std::string& name) { return s.lesson < name; });
    return it == scores.lessons.end() || it->lesson != lesson ? nullptr : &*it;
}

void record_answer(QuizScores& scores, const std::string& lesson, QuestionKind kind,
                   std::uint64_t seed, bool correct) {
    QuizScore& s = score_of(scores, lesson);
    for (QuizTally* t : {&s.total, &s.by_kind[static_cast<std::size_t>(kind)]}) {
        ++t->attempts;
        t->correct += correct ? 1 : 0;
    }
    add_seed(s, seed);
}

json quiz_scores_to_json(const QuizScores& scores) {
    json lessons = json::array();
    for (const QuizScore& s : scores.lessons) {
        json kinds = json::object();
        for (QuestionKind k : kQuestionKinds) {
            const QuizTally& t = s.by_kind[static_cast<std::size_t>(k)];
            if (t.attempts) kinds[question_kind_name(k)] = tally_json(t);
        }
        json entry = tally_json(s.total);
        entry["lesson"] = s.lesson;
        entry["seeds"] = s.seeds;
        entry["kinds"] = std::move(kinds);
        lessons.push_back(std::move(entry));
    }
    return {{"version", 1}, {"lessons", std::move(lessons)}};
}

QuizScores quiz_scores_from_json(const json& j, std::string* problem) {
    QuizScores scores;
    auto say = [&](const std::string& text) {
        if (problem) *problem = text;
    };
    if (!j.is_object() || !j.contains("lessons") || !j.at("lessons").is_array()) {
        if (!j.is_null()) say("not an object with a \"lessons\" array; none kept");
        return scores;
    }
    std::size_t dropped = 0;
    bool repaired = false;
    for (const json& e : j.at("lessons"))
        if (!read_entry(e, scores, repaired)) ++dropped;
    if (dropped)
        say(std::to_string(dropped) + (dropped == 1 ? " entry" : " entries") +
            " without a lesson name dropped");
    else if (repaired)
        say("some fields were not what they should be and were repaired");
    return scores;
}

std::string csv_field(const std::string& text) {
    const bool quote = text.find_first_of(",\"\r\n") != std::string::npos ||
                       (!text.empty() && (text.front() == ' ' || text.back() == ' '));
    if (!quote) return text;
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

std::string quiz_scores_csv(const QuizScores& scores) {
    std::vector<std::string> header = {"lesson", "attempts", "correct", "percent", "seeds"};
    for (QuestionKind k : kQuestionKinds) {
        header.push_back(std::string(question_kind_name(k)) + "_attempts");
        header.push_back(std::string(question_kind_name(k)) + "_correct");
    }
    auto row = [](const std::vector<std::string>& fields) {
        std::string line;
        for (std::size_t i = 0; i < fields.size(); ++i)
            line += (i ? "," : "") + csv_field(fields[i]);
        return line + "\r\n";
    };
    std::string out = row(header);
    for (const QuizScore& s : scores.lessons) {
        std::string seeds;
        for (std::uint64_t seed : s.seeds)
            seeds += (seeds.empty() ? "" : " ") + std::to_string(seed);
        const std::string percent =
            s.total.attempts ? std::to_string(static_cast<long>(
                                   std::lround(100.0 * s.total.correct / s.total.attempts)))
                             : "";
        std::vector<std::string> fields = {s.lesson, std::to_string(s.total.attempts),
                                           std::to_string(s.total.correct), percent, seeds};
        for (const QuizTally& t : s.by_kind) {
            fields.push_back(std::to_string(t.attempts));
            fields.push_back(std::to_string(t.correct));
        }
        out += row(fields);
    }
    return out;
}

}  // namespace ws::ui
