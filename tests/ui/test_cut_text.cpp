// Text ImGui cut (ui/widgets/cut_text.hpp): a window that may not scroll and holds more than it
// shows, a button whose words do not fit, are named; what fits, or scrolls, is not.
#include <catch2/catch.hpp>

#include <imgui.h>

#include <functional>

#include "tests/ui/headless_imgui.hpp"
#include "ui/widgets/cut_text.hpp"

using namespace ws::ui;

namespace {

// Draws `body` in a fixed window of that size for three frames (the content size of one frame
// is the next frame's scroll range), then lists the cuts.
std::vector<std::string> cuts_of(ImVec2 size, ImGuiWindowFlags flags,
                                 const std::function<void()>& body) {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = {800, 600};
    io.DeltaTime = 1.0f / 60;
    for (int frame = 0; frame < 3; ++frame) {
        ImGui::NewFrame();
        ImGui::SetNextWindowPos({10, 10});
        ImGui::SetNextWindowSize(size);
        ImGui::Begin("##under-test", nullptr, ImGuiWindowFlags_NoTitleBar | flags);
        body();
        ImGui::End();
        ImGui::Render();
    }
    return cut_text_problems();
}

}  // namespace

TEST_CASE("words that fit their window are not cut", "[labels][cut]") {
    testing::HeadlessImGui gui;
    const auto cuts = cuts_of({400, 200}, ImGuiWindowFlags_NoScrollbar, [] {
        ImGui::TextUnformatted("twelve lanes");
        ImGui::Button("8 wavefronts");
    });
    CHECK(cuts.empty());
}

TEST_CASE("a window that may not scroll and holds more lines than it shows is named",
          "[labels][cut]") {
    testing::HeadlessImGui gui;
    const auto cuts = cuts_of({300, 60}, ImGuiWindowFlags_NoScrollbar, [] {
        for (int i = 0; i < 8; ++i) ImGui::Text("line %d of the narration", i);
    });
    REQUIRE_FALSE(cuts.empty());
    CHECK(cuts.front().find("window \"##under-test\": its content is ") == 0);
    CHECK(cuts.front().find("px taller than it") != std::string::npos);
}

TEST_CASE("the same lines in a window with a scroll bar are no cut", "[labels][cut]") {
    testing::HeadlessImGui gui;
    const auto cuts = cuts_of({300, 60}, 0, [] {
        for (int i = 0; i < 8; ++i) ImGui::Text("line %d of the narration", i);
    });
    CHECK(cuts.empty());
}

TEST_CASE("a button too narrow for its words names the words it cut", "[labels][cut]") {
    testing::HeadlessImGui gui;
    const auto cuts = cuts_of({400, 200}, ImGuiWindowFlags_NoScrollbar, [] {
        ImGui::Button("8 wavefronts of 32 lanes", {70, 0});
    });
    REQUIRE(cuts.size() == 1);
    INFO(cuts[0]);
    CHECK(cuts[0].find("text cut at its right edge: \"8 wave") != std::string::npos);
}
