// Reading a quiz answer: numbers, sets and ranges, "none", a cell typed or clicked, a value as
// the panels format it; the verdict's words; a quiz attempt's request and seed.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "ui/model/lesson/quiz.hpp"
#include "ui/model/trace/trace_view.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("answers are read in their written forms", "[quiz]") {
    Question bank;
    bank.kind = QuestionKind::BankOfLane;
    bank.shape = AnswerShape::Number;
    bank.expected = {10};
    bank.answer = "bank 10";
    CHECK(check_answer(bank, "10").correct);
    CHECK(check_answer(bank, " bank 10 ").correct);
    const Verdict no = check_answer(bank, "3");
    CHECK(no.understood);
    CHECK_FALSE(no.correct);
    CHECK(no.message == "Not quite: you said bank 3; it is bank 10.");
    CHECK_FALSE(check_answer(bank, "ten").understood);
    CHECK_FALSE(check_answer(bank, "3 or 10").understood);
    CHECK(check_answer(bank, "").message == "Write a bank number from 0 to 31, e.g. 7");

    Question ways;
    ways.kind = QuestionKind::ConflictWays;
    ways.shape = AnswerShape::Number;
    ways.expected = {2};
    ways.answer = "2-way";
    for (const char* typed : {"2", "2-way", "2 ways", "a 2-way conflict"})
        CHECK(check_answer(ways, typed).correct);
    CHECK(check_answer(ways, "4-way").message == "Not quite: you said 4-way; it is 2-way.");
    ways.expected = {1};
    CHECK(check_answer(ways, "none").correct);
    CHECK(check_answer(ways, "no conflict").correct);

    Question warps;
    warps.kind = QuestionKind::DivergentWarps;
    warps.shape = AnswerShape::Numbers;
    warps.expected = {0, 1, 2, 5};
    warps.answer = "warps 0–2 and 5";
    for (const char* typed : {"0, 1, 2, 5", "5 2 1 0", "0-2, 5", "warps 0..2 and 5", "0 – 2, 5"})
        CHECK(check_answer(warps, typed).correct);
    CHECK_FALSE(check_answer(warps, "0, 2, 5").correct);
    CHECK_FALSE(check_answer(warps, "none").correct);
    warps.expected = {};
    warps.answer = "none";
    CHECK(check_answer(warps, "none").correct);
    CHECK(check_answer(warps, "No").correct);
    CHECK_FALSE(check_answer(warps, "0").correct);
    CHECK_FALSE(check_answer(warps, "maybe").understood);

    Question cell;
    cell.kind = QuestionKind::WrittenCell;
    cell.shape = AnswerShape::Cell;
    cell.expected = {12};
    cell.also_right = {{13}};
    cell.answer = "s[12]";
    for (const char* typed : {"s[12]", "12", "cell 12", "s[13]"})
        CHECK(check_answer(cell, typed).correct);
    CHECK(check_cell(cell, 12).correct);
    CHECK_FALSE(check_cell(cell, 14).correct);
    CHECK(check_cell(cell, 14).message == "Not quite: you said s[14]; it is s[12].");
    CHECK_FALSE(check_cell(bank, 10).understood);

    Question pair;
    pair.kind = QuestionKind::RacingPair;
    pair.shape = AnswerShape::Numbers;
    pair.expected = {0, 16};
    pair.also_right = {{8, 16}};
    pair.answer = "threads 0 and 16";
    CHECK(check_answer(pair, "16, 0").correct);
    CHECK(check_answer(pair, "threads 8 and 16").correct);
    CHECK_FALSE(check_answer(pair, "0 and 8").correct);
    CHECK_FALSE(check_answer(pair, "16").understood);
    CHECK_FALSE(check_answer(pair, "0-16").understood);  // a range: not two threads

    Question value;
    value.kind = QuestionKind::CellValue;
    value.shape = AnswerShape::Value;
    value.value_type = trace::DType::Int32;
    value.expected_value = -42;
    value.answer = "-42";
    for (const char* typed : {"-42", " -42 ", "s[5] = -42", "-42.0"})
        CHECK(check_answer(value, typed).correct);
    CHECK_FALSE(check_answer(value, "42").correct);
    CHECK_FALSE(check_answer(value, "-41.6").correct);
    CHECK(check_answer(value, "x").message == "Write a whole number, e.g. 42");
    value.value_type = trace::DType::Float32;
    value.expected_value = 3.14159265;
    value.answer = format_value(value.expected_value, value.value_type);
    CHECK(value.answer == "3.142");
    for (const char* typed : {"3.142", "3.1416", "3.14159", "s[2] = 3.142"})
        CHECK(check_answer(value, typed).correct);
    CHECK_FALSE(check_answer(value, "3.14").correct);
    CHECK(check_answer(value, "3.15").message == "Not quite: you said 3.15; it is 3.142.");
    value.expected_value = -4.5;
    value.answer = "-4.5";
    CHECK(check_answer(value, "-4.5").correct);
    CHECK(check_answer(value, "-4.50").correct);
    CHECK(check_answer(value, "-45e-1").correct);
}

TEST_CASE("parse_numbers reads lists, ranges and none", "[quiz]") {
    using V = std::vector<long long>;
    CHECK(parse_numbers("0, 2, 5", true) == V{0, 2, 5});
    CHECK(parse_numbers("3-5", true) == V{3, 4, 5});
    CHECK(parse_numbers("3-5", false) == V{3, 5});
    CHECK(parse_numbers("-4", false) == V{-4});
    CHECK(parse_numbers("2-way", false) == V{2});
    CHECK(parse_numbers("none", true) == V{});
    CHECK(parse_numbers("nobody", true) == std::nullopt);
    CHECK(parse_numbers("0-99999999", true) == std::nullopt);
    CHECK(parse_numbers("99999999999999999999", false) == std::nullopt);
}

TEST_CASE("a quiz attempt's request and seed", "[quiz]") {
    trace::Request r;
    r.pattern = "ramp";
    const trace::Request q = quiz_request(r, 1234);
    CHECK(q.pattern == "random");
    CHECK(q.seed == 1234);
    r.pattern = "keep:30";
    CHECK(quiz_request(r, 5).pattern == "keep:30");
    std::set<std::uint64_t> seeds;
    for (std::uint64_t e = 0; e < 100; ++e) {
        const std::uint64_t s = fresh_quiz_seed(e);
        CHECK(s >= 1);
        CHECK(s <= 999999);
        CHECK(s == fresh_quiz_seed(e));
        seeds.insert(s);
    }
    CHECK(seeds.size() > 90);
    for (QuestionKind k : kQuestionKinds)
        CHECK(question_kind_from_name(question_kind_name(k)) == k);
    CHECK_FALSE(question_kind_from_name("banks"));
}
