// Quiz scores: counting answers, the JSON the settings file keeps (round trip, damaged fields
// kept or repaired), and the CSV a teacher exports (RFC 4180 quoting).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "ui/model/lesson/quiz_score.hpp"

using namespace ws::ui;
using nlohmann::json;

namespace {

QuizScores sample() {
    QuizScores s;
    record_answer(s, "02-banks", QuestionKind::BankOfLane, 17, true);
    record_answer(s, "02-banks", QuestionKind::ConflictWays, 17, false);
    record_answer(s, "02-banks", QuestionKind::ConflictWays, 4242, true);
    record_answer(s, "reduce-sequential", QuestionKind::CellValue, 9, true);
    return s;
}

}  // namespace

TEST_CASE("answers count per lesson and kind, with the seeds used", "[quiz][score]") {
    const QuizScores s = sample();
    REQUIRE(s.lessons.size() == 2);
    const QuizScore& banks = s.lessons[0];
    CHECK(banks.lesson == "02-banks");
    CHECK(banks.total.attempts == 3);
    CHECK(banks.total.correct == 2);
    CHECK(banks.by_kind[std::size_t(QuestionKind::ConflictWays)].attempts == 2);
    CHECK(banks.by_kind[std::size_t(QuestionKind::ConflictWays)].correct == 1);
    CHECK(banks.seeds == std::vector<std::uint64_t>{17, 4242});
    CHECK(s.lessons[1].lesson == "reduce-sequential");

    QuizScores many;
    for (std::uint64_t seed = 0; seed < kMaxQuizSeeds + 10; ++seed)
        record_answer(many, "x", QuestionKind::Additions, seed, seed % 2 == 0);
    CHECK(many.lessons[0].seeds.size() == kMaxQuizSeeds);
    CHECK(many.lessons[0].seeds.back() == kMaxQuizSeeds + 9);
    CHECK(many.lessons[0].total.attempts == kMaxQuizSeeds + 10);
}

TEST_CASE("scores survive a JSON round trip", "[quiz][score]") {
    const QuizScores s = sample();
    const json j = quiz_scores_to_json(s);
    CHECK(j.at("version") == 1);
    CHECK(j.at("lessons").size() == 2);
    CHECK(j.at("lessons")[0].at("kinds").at("conflict_ways").at("attempts") == 2);
    std::string problem;
    CHECK(quiz_scores_from_json(j, &problem) == s);
    CHECK(problem.empty());
    // Through text, as the settings file holds it.
    CHECK(quiz_scores_from_json(json::parse(j.dump(2))) == s);
    CHECK(quiz_scores_from_json(quiz_scores_to_json(QuizScores{})) == QuizScores{});
}

TEST_CASE("damaged score fields are kept where they can be, dropped where not", "[quiz][score]") {
    const json j = json::parse(R"({
        "version": 1,
        "lessons": [
            {"lesson": "01-ladder", "attempts": "five", "correct": 2, "seeds": [1, -3, "x", 7],
             "kinds": {"bank_of_lane": {"attempts": 4, "correct": 9}, "telepathy": {"attempts": 1},
                       "additions": 3}},
            {"attempts": 4},
            {"lesson": 12},
            "not an entry",
            {"lesson": "03-scans", "seeds": "all of them", "kinds": []},
            {"lesson": "01-ladder", "attempts": 3, "correct": 1}
        ]})");
    std::string problem;
    const QuizScores s = quiz_scores_from_json(j, &problem);
    CHECK(!problem.empty());
    REQUIRE(s.lessons.size() == 2);
    const QuizScore& ladder = s.lessons[0];
    CHECK(ladder.lesson == "01-ladder");
    CHECK(ladder.total.attempts == 3);  // "five" read as 0, then the repeated entry's 3 added
    CHECK(ladder.total.correct == 1);   // 2 > 0 attempts: cut to 0, then 1 added
    CHECK(ladder.seeds == std::vector<std::uint64_t>{1, 7});
    CHECK(ladder.by_kind[std::size_t(QuestionKind::BankOfLane)].attempts == 4);
    CHECK(ladder.by_kind[std::size_t(QuestionKind::BankOfLane)].correct == 4);
    CHECK(ladder.by_kind[std::size_t(QuestionKind::Additions)] == QuizTally{});
    CHECK(s.lessons[1].lesson == "03-scans");
    CHECK(s.lessons[1].seeds.empty());

    for (const char* text : {"null", "[]", "42", R"({"lessons": {}})", R"({"version": 1})"}) {
        INFO(text);
        std::string why;
        CHECK(quiz_scores_from_json(json::parse(text), &why).lessons.empty());
        CHECK(why.empty() == (std::string(text) == "null"));
    }
}

TEST_CASE("the teacher's CSV: a header, a row a lesson, RFC 4180 quoting", "[quiz][score]") {
    QuizScores s = sample();
    record_answer(s, "Banks, conflicts and \"broadcasts\"", QuestionKind::BankOfLane, 5, false);
    const std::string csv = quiz_scores_csv(s);
    std::vector<std::string> lines;
    for (std::size_t at = 0; at < csv.size();) {
        const std::size_t end = csv.find("\r\n", at);
        REQUIRE(end != std::string::npos);  // every line ends with CRLF
        lines.push_back(csv.substr(at, end - at));
        at = end + 2;
    }
    REQUIRE(lines.size() == 4);
    CHECK(lines[0].rfind("lesson,attempts,correct,percent,seeds,bank_of_lane_attempts,", 0) == 0);
    // One row a lesson, sorted by name (byte order: digits before capitals before lower case).
    CHECK(lines[1].rfind("02-banks,3,2,67,17 4242,1,1,2,1,", 0) == 0);
    CHECK(lines[2] ==
          "\"Banks, conflicts and \"\"broadcasts\"\"\",1,0,0,5,1,0,0,0,0,0,0,0,0,0,0,0,0,0");
    CHECK(lines[3].rfind("reduce-sequential,1,1,100,9,", 0) == 0);
    // Every row has as many fields as the header (outside quotes).
    auto fields = [](const std::string& line) {
        std::size_t n = 1;
        bool quoted = false;
        for (char c : line) {
            if (c == '"') quoted = !quoted;
            n += c == ',' && !quoted;
        }
        return n;
    };
    for (const std::string& line : lines) CHECK(fields(line) == fields(lines[0]));

    CHECK(csv_field("plain") == "plain");
    CHECK(csv_field("a,b") == "\"a,b\"");
    CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
    CHECK(csv_field("two\nlines") == "\"two\nlines\"");
    CHECK(csv_field(" padded") == "\" padded\"");
    CHECK(quiz_scores_csv(QuizScores{}).find("\r\n") + 2 == quiz_scores_csv(QuizScores{}).size());
}
