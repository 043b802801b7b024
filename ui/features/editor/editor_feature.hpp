// Your kernel and the puzzles (issue 19): the editor's text saved and run as run-kernel runs it
// (kernels/user, in a sandboxed child, or with NVRTC on the GPU when the controls chose it) off
// the window's thread, its trace shown like a built-in kernel's; a puzzle opened (its start
// kernel, statement and request) and graded. A request changed while its kernel is on show runs
// that kernel again (the session asks takes_form_change first). Its flags: --kernel, --puzzle
// (either opens the step view with the editor in front), --grade; its link: nothing (a link never
// names a file).
#pragma once
#include <optional>
#include <string>

#include "kernels/user/puzzle.hpp"
#include "kernels/user/user_run.hpp"
#include "ui/features/feature.hpp"
#include "ui/features/job.hpp"
#include "ui/model/window/kernel_editor.hpp"

namespace ws::ui {

class EditorFeature final : public Feature {
  public:
    // Lists the puzzles under `root` (io::data_root()).
    EditorFeature(EditorState& state, const std::string& root, bool background);

    Outcome apply(const WindowArgs& a, const FeatureContext& c) override;
    void link_args(const FeatureContext&, WindowArgs&) const override {}
    std::optional<Outcome> handle(const Action& a, const FeatureContext& c) override;
    Outcome update(const FeatureContext& c) override;
    std::vector<std::string> data_problems() const override { return problems_; }

    // A changed request while a kernel of the editor is on show: true when it runs that kernel
    // again (the controls' algorithm is the one it ran with); otherwise the catalog's runs.
    bool takes_form_change(const FeatureContext& c);

  private:
    void run_kernel(const FeatureContext& c);
    void grade(const FeatureContext& c);
    Outcome take_run(user::UserRunResult result);
    void take_grade(const user::PuzzleGrade& grade);

    EditorState& state_;
    std::string root_;
    std::vector<std::string> problems_;
    Job<user::UserRunResult> run_;  // the editor's kernel, running
    Job<user::PuzzleGrade> grade_;  // its puzzle's checks, running
    std::string form_algo_;         // the controls' algorithm when it ran (another: the catalog's)
    bool rerun_ = false;            // the request changed while its kernel ran: run it again after
};

}  // namespace ws::ui
