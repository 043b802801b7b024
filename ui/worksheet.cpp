// The worksheet page: pictures drawn off screen, text drawn by ImGui into strips, stacked.
#include "ui/worksheet.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/io/atomic_file.hpp"
#include "ui/frame_capture.hpp"
#include "ui/model/lesson/quiz_state.hpp"
#include "ui/png.hpp"
#include "ui/theme.hpp"

namespace ws::ui {
namespace {

constexpr int kPictureHeight = 420, kTextHeight = 130, kHeaderHeight = 90;

// The panel that shows what a question is about, at the step before it (not the circuit: it
// draws the levels still to come, which would give an additions question away).
PanelId panel_for(QuestionKind k) {
    return k == QuestionKind::DivergentWarps ? PanelId::Warps : PanelId::Shared;
}

// Up to `count` questions from steps spread over the run, each from the attempt's seed.
std::vector<Question> choose_questions(const TraceView& v, std::uint64_t seed, int count) {
    std::vector<Question> out;
    const std::size_t steps = v.step_count();
    if (steps < 2 || count < 1) return out;
    const std::size_t stride = std::max<std::size_t>(1, (steps - 1) / std::size_t(count));
    for (std::size_t start = 1; start < steps && out.size() < std::size_t(count); start += stride)
        for (std::size_t step = start; step < std::min(steps, start + stride); ++step)
            if (auto q = pick_question(v, step, question_seed(seed, step))) {
                out.push_back(std::move(*q));
                break;
            }
    return out;
}

// A strip of text lines (the first larger) drawn by ImGui into `fbo`.
std::vector<std::uint8_t> text_strip(GuiContext& gui, const Offscreen& fbo,
                                     const std::vector<std::string>& lines) {
    gui.begin_offscreen_frame(fbo.width(), fbo.height());
    ImGui::SetNextWindowPos({0, 0});
    ImGui::SetNextWindowSize({float(fbo.width()), float(fbo.height())});
    ImGui::Begin(
        "##worksheet-text", nullptr,
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
    for (const std::string& line : lines) ImGui::TextWrapped("%s", line.c_str());
    ImGui::End();
    fbo.bind();
    gui.render(fbo.width(), fbo.height());
    return fbo.read_rgba();
}

void append(std::vector<std::uint8_t>& page, const std::vector<std::uint8_t>& strip) {
    page.insert(page.end(), strip.begin(), strip.end());
}

}  // namespace

std::string worksheet_answers_path(const std::string& png_path) {
    std::string base = png_path;
    if (base.size() > 4 && base.compare(base.size() - 4, 4, ".png") == 0)
        base.resize(base.size() - 4);
    return base + "-answers.txt";
}

std::string write_worksheet(GuiContext& gui, Session& s, const std::string& path, int questions,
                            int width) {
    const TraceView& v = s.view();
    if (!v.trace) return "no run to make a worksheet of";
    const std::uint64_t seed = s.ui.lesson.quiz.seed;
    const std::vector<Question> chosen = choose_questions(v, seed, questions);
    if (chosen.empty())
        return v.trace->request.algo + ": no step of this run has a question to ask";
    const trace::Request& r = v.trace->request;
    const std::string title = "warpscope worksheet: " + r.algo + ", n = " + std::to_string(r.n) +
                              ", block = " + std::to_string(r.block) + ", seed " +
                              std::to_string(seed);
    Offscreen header, picture, text;
    if (std::string e = header.create(width, kHeaderHeight); !e.empty()) return e;
    if (std::string e = picture.create(width, kPictureHeight); !e.empty()) return e;
    if (std::string e = text.create(width, kTextHeight); !e.empty()) return e;
    std::vector<std::uint8_t> page;
    append(page, text_strip(gui, header,
                            {title,
                             "Name: ______________________    Predict each step from the "
                             "picture of the step before it."}));
    std::string answers = title + "\n\n";
    for (std::size_t i = 0; i < chosen.size(); ++i) {
        const Question& q = chosen[i];
        const PanelId panel = panel_for(q.kind);
        s.ui.view = panel_info(panel).view;
        const Layout layout = single_panel_layout(panel, float(width), float(kPictureHeight));
        append(page, capture_step(gui, picture, s, layout, q.step - 1));
        const std::string number = std::to_string(i + 1) + ". ";
        append(page, text_strip(gui, text,
                                {number + q.prompt,
                                 "   Answer: ______________________________________________"}));
        answers += number + q.prompt + "\n   Answer: " + q.answer + "\n   " + q.explain + "\n\n";
    }
    Offscreen::bind_window();
    const int height = kHeaderHeight + int(chosen.size()) * (kPictureHeight + kTextHeight);
    std::string error;
    const std::string png = encode_png(width, height, page, 8, error);
    if (!error.empty()) return error + " for " + path;
    // The page and its answers are one: both new, or (a full disk) both as they were.
    return io::write_files_together({{path, png}, {worksheet_answers_path(path), answers}});
}

}  // namespace ws::ui
