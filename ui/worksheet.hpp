// An unplugged worksheet: `warpscope --worksheet FILE.png --algo ... [--quiz SEED]
// [--questions K]` prints a page (PNG, A4 proportions at 150 dpi for K = 3) of K "predict the
// next step" questions from one quiz attempt: for each, the picture of the step before (the
// panel that shows what the question is about) and the question with a line to write on; the
// answers and their explanations go to FILE-answers.txt for the teacher. The same seed gives
// the same page. Light theme unless --theme says otherwise (it is for paper).
#pragma once
#include <string>

#include "ui/gui_context.hpp"
#include "ui/session.hpp"

namespace ws::ui {

inline constexpr int kWorksheetWidth = 1240;

// Writes the page and the answers, both or neither (io::write_files_together); "" or the one-line
// error. The session holds the attempt's
// trace (prepared with its quiz seed).
std::string write_worksheet(GuiContext& gui, Session& s, const std::string& path, int questions,
                            int width);

// "page.png" -> "page-answers.txt".
std::string worksheet_answers_path(const std::string& png_path);

}  // namespace ws::ui
