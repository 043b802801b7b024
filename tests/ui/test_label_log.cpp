// The label log's rule (ui/geometry/label_log.hpp): a label leaves its box, or covers another
// label of the same picture, by more than the slack; labels of different pictures never meet.
#include <catch2/catch.hpp>

#include "ui/geometry/label_log.hpp"

using namespace ws::ui;

TEST_CASE("labels inside their boxes and apart are no problem", "[labels]") {
    const std::vector<PlacedLabel> ok = {{"12", {10, 10, 14, 16}, {8, 8, 20, 20}, "banks"},
                                         {"13", {30, 10, 14, 16}, {28, 8, 20, 20}, "banks"}};
    CHECK(label_problems(ok).empty());
}

TEST_CASE("a label wider than its box is named with the side and the pixels", "[labels]") {
    const std::vector<PlacedLabel> wide = {{"12345", {10, 10, 40, 16}, {8, 8, 37, 20}, "cell"}};
    const auto problems = label_problems(wide);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0] == "cell: \"12345\" leaves its box by 5 px (right)");
    // Within the slack (a pixel): no problem.
    CHECK(label_problems({{"1", {0, 0, 10, 10}, {0.5f, 0, 10, 10}, "cell"}}).empty());
    CHECK(label_problems({{"1", {0, 0, 10, 12}, {0, 0, 10, 10}, "c"}})[0] ==
          "c: \"1\" leaves its box by 2 px (bottom)");
}

TEST_CASE("two labels of one picture that overlap are named; of two pictures, not", "[labels]") {
    const Rect box{0, 0, 200, 100};
    const std::vector<PlacedLabel> pair = {{"157", {10, 10, 30, 16}, box, "grid"},
                                           {"158", {35, 12, 30, 16}, box, "grid"}};
    const auto problems = label_problems(pair);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0] == "grid: \"157\" covers \"158\"");
    std::vector<PlacedLabel> apart = pair;
    apart[1].owner = "ring";
    CHECK(label_problems(apart).empty());
    // Touching edges (within the slack) do not count; a label far right is not compared late.
    CHECK(label_problems({{"a", {0, 0, 10, 10}, box, "g"},
                          {"b", {9.5f, 0, 10, 10}, box, "g"},
                          {"c", {150, 0, 10, 10}, box, "g"}})
              .empty());
}

TEST_CASE("the log records only while it is on", "[labels]") {
    LabelLog log;
    log.add({"x", {0, 0, 1, 1}, {0, 0, 1, 1}, "p"});
    CHECK(log.labels.empty());
    log.on = true;
    log.add({"x", {0, 0, 1, 1}, {0, 0, 1, 1}, "p"});
    CHECK(log.labels.size() == 1);
    log.begin_frame();
    CHECK(log.labels.empty());
}
