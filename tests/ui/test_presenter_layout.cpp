// Lecture mode's presenter layout at the sizes a lecture room has: 1024x768 and 1280x720 in
// presentation mode, 1920x1080. For every slide of every shipped lesson, the card holds the
// slide's heading, words and question whole (measured with the window's fonts, as drawn), the
// quiz box beside them during an attempt, the slide's panel keeps its readable size alone on
// the stage, and the teacher's note is never on the projected screen.
#include <catch2/catch.hpp>

#include <imgui.h>

#include <string>

#include "tests/test_paths.hpp"
#include "tests/ui/headless_imgui.hpp"
#include "ui/geometry/presenter_layout.hpp"
#include "ui/model/lesson/lesson.hpp"
#include "ui/model/lesson/slide_check.hpp"
#include "ui/ui_state.hpp"
#include "ui/widgets/quiz_box.hpp"
#include "ui/widgets/slide_words.hpp"

using namespace ws::ui;

namespace {

// The slide's words as the window shows them: their {facts} filled from the slide's own trace,
// GPU counts and recording (the lesson feature does this in the window).
void fill_words(UiState& ui, const Slide& s) {
    static const LessonData data = load_lesson_data(WS_SOURCE_DIR);
    SlideRun run;
    run_slide(s, data, run);
    ui.lesson.words = {fill_facts(s.heading, run.sources), fill_facts(s.say, run.sources),
                       fill_facts(s.ask, run.sources), fill_facts(s.note, run.sources)};
}

struct RoomSize {
    float w, h;
    bool presentation;
};
constexpr RoomSize kRooms[] = {{1024, 768, true}, {1280, 720, true}, {1920, 1080, false}};

// The window's fonts and style at a scale, as GuiContext::set_style makes them.
void style_for(float scale, bool presentation) {
    load_fonts(scale);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    ImGui::GetStyle() = ImGuiStyle();
    apply_theme("dark", presentation);
    ImGui::GetStyle().ScaleAllSizes(scale);
}

// A question as long as the generated ones get, answered, with its explanation.
Question long_question() {
    Question q;
    q.prompt =
        "In the next step, which cell does thread 5 write, and what will it hold? Type a cell "
        "such as s[12], or click it in the Shared memory panel.";
    q.shape = AnswerShape::Cell;
    q.explain =
        "Thread 5 reads s[1] = -168 and s[5] = -70, adds them and writes -238 into s[5]; the "
        "threads above 8 are idle in this step.";
    return q;
}

Layout lay_out(const UiState& ui, const Slide& s, const RoomSize& room, float scale,
               SlideCardNeeds& needs) {
    needs = measure_slide_card(ui, slide_card_widths(room.w, scale, ui.lesson.quiz.on));
    PresenterInput in;
    in.view = s.view;
    in.panel = s.panel;
    in.needs = needs;
    return presenter_layout(in, room.w, room.h, scale);
}

// The card lies under the header across the window, every group under it, none overlapping.
void check_card(const Layout& l, const SlideCardNeeds& needs, const RoomSize& room) {
    CHECK(l.slide.x == 0);
    CHECK(l.slide.w == room.w);
    CHECK(l.slide.y == l.header.bottom());
    CHECK(l.slide_words.h + 0.5f >= needs.words_h);  // heading to question, whole
    CHECK(l.slide_words.x >= l.slide.x);
    CHECK(l.slide_words.bottom() <= l.slide.bottom());
    if (needs.quiz()) {
        CHECK(l.slide_quiz.h + 0.5f >= needs.quiz_h);
        CHECK(l.slide_quiz.right() <= l.slide.right());
        CHECK_FALSE(overlaps(l.slide_words, l.slide_quiz));
    }
    for (const PanelGroup& g : l.groups) {
        INFO(panel_name(g.panels.front()));
        CHECK(g.rect.y >= l.slide.bottom());
        CHECK(g.rect.bottom() <= room.h + 0.01f);
        CHECK(g.rect.right() <= room.w + 0.01f);
        for (const PanelGroup& o : l.groups)
            if (&o != &g) CHECK_FALSE(overlaps(g.rect, o.rect));
    }
}

// The slide's panel (the step view's lead) alone in its rectangle, at least its readable size.
void check_stage(const Layout& l, const Slide& s, float scale) {
    if (s.view != View::Step) return;
    const PanelId lead = presenter_lead(s.panel);
    const PanelGroup* g = l.group_of(lead);
    REQUIRE(g);
    CHECK(g->panels.size() == 1);
    const Size min = panel_min_size(lead, scale);
    CHECK(g->rect.w + 0.5f >= min.w);
    CHECK(g->rect.h + 0.5f >= min.h + tab_strip_height(scale));
    // The code is a tab beside it unless the tabs folded away for the picture's height.
    if (l.groups.size() > 2) CHECK(l.shows(PanelId::Code));
    CHECK(l.shows(PanelId::Timeline));
}

}  // namespace

TEST_CASE("the presenter layout holds every slide whole at lecture-room sizes", "[layout][slow]") {
    testing::HeadlessImGui imgui;
    const LessonLibrary lib = load_lessons(WS_SOURCE_DIR);
    REQUIRE(lib.lessons.size() >= 7);
    for (const RoomSize& room : kRooms) {
        const float scale = room.presentation ? 1.35f : 1.0f;
        style_for(scale, room.presentation);
        for (const Lesson& lesson : lib.lessons)
            for (std::size_t i = 0; i < lesson.slides.size(); ++i) {
                INFO(room.w << "x" << room.h << " " << lesson.name << " slide " << i + 1);
                const Slide& s = lesson.slides[i];
                UiState ui;
                ui.lesson.library = &lib;
                ui.lesson.name = lesson.name;
                ui.lesson.slide = i;
                fill_words(ui, s);
                SlideCardNeeds needs;
                Layout l = lay_out(ui, s, room, scale, needs);
                CHECK(needs.words_h > 0);
                CHECK_FALSE(needs.quiz());
                check_card(l, needs, room);
                check_stage(l, s, scale);
                // During an attempt: the question, its answer box and buttons beside the words.
                ui.lesson.quiz.on = true;
                ui.lesson.quiz.question = long_question();
                l = lay_out(ui, s, room, scale, needs);
                REQUIRE(needs.quiz());
                check_card(l, needs, room);
                check_stage(l, s, scale);
            }
    }
}

TEST_CASE("the slide's card shows its words and question, never the teacher's note", "[layout]") {
    testing::HeadlessImGui imgui;
    const LessonLibrary lib = load_lessons(WS_SOURCE_DIR);
    int notes = 0;
    for (const Lesson& lesson : lib.lessons)
        for (std::size_t i = 0; i < lesson.slides.size(); ++i) {
            const Slide& s = lesson.slides[i];
            UiState ui;
            ui.lesson.library = &lib;
            ui.lesson.name = lesson.name;
            ui.lesson.slide = i;
            ui.lesson.notes_shown = true;
            fill_words(ui, s);
            const LessonState::Words& w = ui.lesson.words;
            const std::string text = slide_card_text(ui);
            INFO(lesson.name << " slide " << i + 1 << ": " << text);
            CHECK(text.find('{') == std::string::npos);  // every fact filled
            CHECK(text.find(w.heading) != std::string::npos);
            CHECK(text.find(w.say) != std::string::npos);
            if (!s.ask.empty()) CHECK(text.find(w.ask) != std::string::npos);
            if (!s.note.empty()) {
                ++notes;
                CHECK(text.find(w.note) == std::string::npos);
            }
        }
    CHECK(notes > 0);
}

TEST_CASE("without a lesson there is no card", "[layout]") {
    UiState ui;
    CHECK_FALSE(lecture_on(ui));
    const Layout l = compute_layout(View::Step, 1280, 720, 1.35f, false);
    CHECK(l.slide.empty());
}

TEST_CASE("larger type folds the tabs away and then gives the words the body and Z the picture",
          "[layout][slow]") {
    testing::HeadlessImGui imgui;
    const LessonLibrary lib = load_lessons(WS_SOURCE_DIR);
    for (const RoomSize& room : {kRooms[0], kRooms[1]}) {
        int fewer_before = 0;  // slides that showed their words alone at the smaller type
        for (float text : {1.0f, 1.25f, 1.5f, 2.0f}) {
            const float scale = 1.35f * text;
            style_for(scale, true);
            int words_alone = 0, slides = 0;
            std::string which;  // the slides that do
            for (const Lesson& lesson : lib.lessons)
                for (std::size_t i = 0; i < lesson.slides.size(); ++i) {
                    INFO(room.w << "x" << room.h << " text " << text << " " << lesson.name
                                << " slide " << i + 1);
                    const Slide& s = lesson.slides[i];
                    UiState ui;
                    ui.lesson.library = &lib;
                    ui.lesson.name = lesson.name;
                    ui.lesson.slide = i;
                    fill_words(ui, s);
                    SlideCardNeeds needs;
                    const Layout l = lay_out(ui, s, room, scale, needs);
                    ++slides;
                    if (l.card == Layout::Card::WordsAlone) {
                        // The words, the question and the key's line take the body; no panel.
                        ++words_alone;
                        which += " " + lesson.name + "#" + std::to_string(i + 1);
                        CHECK(l.groups.empty());
                        CHECK(l.slide.bottom() == Approx(room.h));
                    } else {
                        REQUIRE(l.card == Layout::Card::Full);
                        check_card(l, needs, room);
                        if (s.view == View::Step) {
                            // The slide's panel alone in its place, its readable size at least.
                            const PanelGroup* g = l.group_of(presenter_lead(s.panel));
                            REQUIRE(g);
                            CHECK(g->panels.size() == 1);
                            CHECK(g->rect.h + 0.5f >=
                                  panel_min_size(g->panels[0], scale).h + tab_strip_height(scale));
                        }
                    }
                    // Z: the heading alone over the slide's panel, which has the rest.
                    PresenterInput in;
                    in.view = s.view;
                    in.panel = s.panel;
                    in.needs = needs;
                    in.whole_stage = true;
                    const Layout z = presenter_layout(in, room.w, room.h, scale);
                    CHECK(z.card == Layout::Card::HeadingAlone);
                    CHECK(z.slide_words.h + 0.5f >= needs.heading_h);
                    CHECK(z.slide.h < l.slide.h + 0.5f);
                    if (s.view == View::Step) {
                        const PanelGroup* g = z.group_of(presenter_lead(s.panel));
                        REQUIRE(g);
                        CHECK(g->panels.size() == 1);
                        CHECK(z.groups.size() == 2);  // the panel and the playback bar
                    }
                }
            INFO(room.w << "x" << room.h << " text " << text << ": " << words_alone << " of "
                        << slides << " slides show their words alone:" << which);
            // At the presentation's own size every slide shows its words and its picture.
            if (text == 1.0f) CHECK(words_alone == 0);
            // Larger type never brings a picture back beside the words.
            CHECK(words_alone >= fewer_before);
            fewer_before = words_alone;
        }
    }
}
