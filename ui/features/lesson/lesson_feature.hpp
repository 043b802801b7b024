// Lessons and the quiz: lecture mode (a lesson of assets/lessons and its slide: the slide's
// request, view, panel in front and step) and "predict the next step" (an attempt's seed, its
// request drawn from it, a question before each step). Its flags: --lesson, --slide, --quiz; its
// link: the lesson and slide while the slide's request is the one on show (then the link carries
// no request of its own), and the attempt's seed. The quiz box posts the answers: they are checked
// and counted in the scores (Preferences::quiz_scores) here.
#pragma once
#include <cstddef>
#include <optional>

#include "ui/features/feature.hpp"
#include "ui/features/lesson/lesson_state.hpp"

namespace ws::ui {

class LessonFeature final : public Feature {
  public:
    // Reads the lessons under `root` (io::data_root()). Owns `state` and, of the preferences,
    // the quiz's scores.
    LessonFeature(LessonState& state, QuizScores& scores, const std::string& root);

    Outcome apply(const WindowArgs& a, const FeatureContext& c) override;
    void link_args(const FeatureContext& c, WindowArgs& out) const override;
    std::optional<Outcome> handle(const Action& a, const FeatureContext& c) override;
    Outcome update(const FeatureContext& c) override;
    std::optional<std::size_t> shown(const TraceView& v) override;
    std::vector<std::string> data_problems() const override { return lessons_.problems; }

  private:
    // The lesson `name` (or its number) at `slide`: shown, or `error` set.
    Outcome open_lesson(const std::string& name, std::size_t slide, const FeatureContext& c);
    // The current slide on show: its request (through a quiz attempt when one is on), view,
    // panels in front and step.
    Outcome show_slide(const FeatureContext& c);
    // An attempt on `base`'s request: its input drawn from the seed typed (else a fresh one),
    // started at the first step.
    Outcome start_quiz(const RequestForm& base, Outcome out);
    // The slide's words filled from the trace on show (when it is the slide's).
    void fill_words(const FeatureContext& c);
    // The quiz's own actions (FollowCursor, TypeQuizAnswer, AnswerQuiz, PickQuizCell); false
    // for any other.
    bool quiz_action(const Action& a, const FeatureContext& c);

    LessonState& state_;
    QuizScores& scores_;
    LessonLibrary lessons_;
    // The step a slide (or a quiz attempt) asks for, placed when the trace of its request
    // arrives.
    std::optional<long> step_;
    StepAnchor step_anchor_ = StepAnchor::Number;
    View step_view_ = View::Step;  // the slide's view: in the pipeline view a step is a moment
    trace::Request step_request_;
    // Where the slide landed (its facts are read there), and what the words were filled from.
    std::size_t landed_ = 0;
    const TraceView* filled_from_ = nullptr;
    std::string filled_for_;  // lesson name and slide
};

}  // namespace ws::ui
