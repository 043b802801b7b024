// Lecture mode and the quiz.
#include "ui/features/lesson/lesson_feature.hpp"

#include <chrono>

#include "ui/model/lesson/claims.hpp"
#include "ui/model/lesson/slide_check.hpp"

namespace ws::ui {

const Slide* LessonState::current_slide() const {
    const Lesson* l = library && !name.empty() ? find_lesson(*library, name) : nullptr;
    return l && slide < l->slides.size() ? &l->slides[slide] : nullptr;
}

LessonFeature::LessonFeature(LessonState& state, QuizScores& scores, const std::string& root)
    : state_(state), scores_(scores), lessons_(load_lessons(root)) {
    state_.library = &lessons_;
}

Outcome LessonFeature::apply(const WindowArgs& a, const FeatureContext& c) {
    Outcome out;
    if (!a.trace_file.empty()) return out;
    if (!a.lesson.empty()) {
        out = open_lesson(a.lesson, a.slide, c);
        if (!out.error.empty()) return out;
        state_.whole_stage = a.whole_stage;  // Z, for a picture of the slide's panel alone
    }
    if (!a.quiz_seed.empty()) {
        state_.quiz.seed_typed = a.quiz_seed;
        out.then.push_back(act::StartQuiz{});  // on the slide's request, once it is the form
    }
    return out;
}

Outcome LessonFeature::open_lesson(const std::string& name, std::size_t slide,
                                   const FeatureContext& c) {
    Outcome out;
    const Lesson* l = find_lesson(lessons_, name);
    if (!l) {
        // A lesson the loader refused says where and why (issue 35), not that it is not there.
        const std::string problem = lesson_problem(lessons_, name);
        out.error = "--lesson " + name + ": " +
                    (problem.empty() ? "no such lesson in assets/lessons"
                                     : "refused: assets/lessons/" + problem);
        return out;
    }
    if (slide >= l->slides.size()) {
        out.error = "--slide " + std::to_string(slide + 1) + ": " + l->name + " has " +
                    std::to_string(l->slides.size()) + " slides";
        return out;
    }
    state_.name = l->name;
    state_.slide = slide;
    return show_slide(c);
}

void LessonFeature::link_args(const FeatureContext& c, WindowArgs& out) const {
    const QuizState& q = state_.quiz;
    if (const Slide* s = state_.current_slide()) {
        // The slide is on show while its request (an attempt's, when one is on) is the form's.
        RequestForm form = c.ui.form;
        form.gpu = false;
        const bool own = !s->request.algo.empty();
        const bool on_show =
            !own || form_of(q.on ? quiz_request(s->request, q.seed) : s->request) == form;
        if (on_show) {
            out.lesson = state_.name;
            out.slide = state_.slide;
            out.slide_brings_request = own;
        }
    }
    if (q.on) out.quiz_seed = std::to_string(q.seed);
}

std::optional<Outcome> LessonFeature::handle(const Action& a, const FeatureContext& c) {
    QuizState& q = state_.quiz;
    if (const auto* o = std::get_if<act::OpenLesson>(&a)) {
        Outcome out = open_lesson(o->lesson, o->slide, c);
        if (!out.error.empty()) out.banner = out.error;
        out.error.clear();
        return out;
    }
    if (const auto* m = std::get_if<act::MoveSlide>(&a)) {
        if (state_.name.empty() || !next_slide(lessons_, state_.name, state_.slide, m->by))
            return Outcome{};
        return show_slide(c);
    }
    if (is<act::ToggleNotes>(a)) {
        state_.notes_shown = !state_.notes_shown;
        return Outcome{};
    }
    if (is<act::ToggleWholeStage>(a)) {
        if (state_.current_slide()) state_.whole_stage = !state_.whole_stage;
        return Outcome{};
    }
    if (const auto* s = std::get_if<act::StartQuiz>(&a)) {
        if (s->new_inputs) q.seed_typed.clear();
        return start_quiz(c.ui.form, {});
    }
    if (is<act::StopQuiz>(a) || (is<act::ToggleQuiz>(a) && q.on)) {
        q.on = false;
        return Outcome{};
    }
    if (is<act::ToggleQuiz>(a)) return start_quiz(c.ui.form, {});
    if (quiz_action(a, c)) return Outcome{};
    return std::nullopt;
}

bool LessonFeature::quiz_action(const Action& a, const FeatureContext& c) {
    QuizState& q = state_.quiz;
    const std::string key = quiz_score_key(state_.name, c.view, c.ui.form.algo);
    // An answer to a question no longer on show (the cursor or the trace moved on) is dropped.
    auto on_show = [&](std::uint64_t question) {
        return q.question && q.questions_made == question;
    };
    if (is<act::FollowCursor>(a)) {
        refresh_question(q, c.view, c.view.clamp(static_cast<long>(c.ui.step())));
        if (q.on) score_of(scores_, key);  // the box shows the attempt's score, 0 of 0 at first
    } else if (const auto* t = std::get_if<act::TypeQuizAnswer>(&a)) {
        if (on_show(t->question)) q.typed = t->text;
    } else if (const auto* an = std::get_if<act::AnswerQuiz>(&a)) {
        if (!on_show(an->question)) return true;
        q.typed = an->typed;
        take_answer(q, check_answer(*q.question, q.typed), scores_, key);
    } else if (const auto* p = std::get_if<act::PickQuizCell>(&a)) {
        if (!on_show(p->question) || q.question->shape != AnswerShape::Cell) return true;
        q.typed = "s[" + std::to_string(p->cell) + "]";
        take_answer(q, check_cell(*q.question, p->cell), scores_, key);
    } else {
        return false;
    }
    return true;
}

Outcome LessonFeature::update(const FeatureContext& c) {
    QuizState& q = state_.quiz;
    // The question follows the trace on show, once the attempt's own has arrived.
    if (q.on && !c.ui.runs.busy) refresh_question(q, c.view, c.ui.step());
    if (!q.on) q.question.reset();
    fill_words(c);
    return {};
}

void LessonFeature::fill_words(const FeatureContext& c) {
    const Slide* s = state_.current_slide();
    if (!s) {
        state_.words = {};
        filled_for_.clear();
        return;
    }
    const std::string key = state_.name + "#" + std::to_string(state_.slide);
    if (key == filled_for_ && &c.view == filled_from_) return;
    // The trace's facts only from the slide's own request (or its quiz attempt's), once there.
    const trace::Request* r = c.view.trace ? &c.view.trace->request : nullptr;
    const bool own = r && !s->request.algo.empty() && r->algo == s->request.algo &&
                     r->n == s->request.n && r->block == s->request.block &&
                     r->schedule == s->request.schedule && !c.view.empty();
    FactSources src;
    if (own) {
        src.view = &c.view;
        src.step = step_ ? slide_step(c.view, *step_, step_anchor_, step_view_) : landed_;
        src.at_moment = step_view_ == View::Pipeline;
        src.hardware = &c.ui.hardware;
    }
    if (!s->figures.empty() && c.ui.lab.data)
        src.figures = recording_named(*c.ui.lab.data, s->figures);
    const char* pending = "â¦";  // …
    state_.words = {
        fill_facts(s->heading, src, nullptr, pending), fill_facts(s->say, src, nullptr, pending),
        fill_facts(s->ask, src, nullptr, pending), fill_facts(s->note, src, nullptr, pending),
        fill_facts(s->answer, src, nullptr, pending)};
    if (own) {
        filled_for_ = key;
        filled_from_ = &c.view;
    } else {
        filled_for_.clear();
    }
}

Outcome LessonFeature::show_slide(const FeatureContext& c) {
    Outcome out;
    const Slide* s = state_.current_slide();
    if (!s) return out;
    out.view = s->view;
    state_.whole_stage = false;  // a new slide opens on its words
    filled_for_.clear();
    if (!s->figures.empty() && s->request.algo.empty())
        out.then.push_back(act::ShowRecording{s->figures, ""});
    // In front where they share a place with others (the slide's words are in its card): the
    // code, the line that ran, then the slide's panel, which wins where the two share one.
    out.to_front.push_back(PanelId::Code);
    if (s->panel) out.to_front.push_back(*s->panel);
    if (s->request.algo.empty()) return out;
    RequestForm f = form_of(s->request);
    f.gpu = c.ui.form.gpu && s->request.schedule == "lockstep";
    step_ = s->step;
    step_anchor_ = s->step_anchor;
    step_view_ = s->view;
    step_request_ = s->request;
    filled_for_.clear();
    // The lab and compare show the recording the slide's figures come from.
    if (!s->figures.empty()) out.then.push_back(act::ShowRecording{s->figures, s->request.algo});
    // A quiz attempt goes on with the new slide: its request, drawn again from the same seed.
    if (state_.quiz.on) {
        state_.quiz.seed_typed = std::to_string(state_.quiz.seed);
        out.form = f;  // kept should the attempt not start
        out.confirmed = true;
        return start_quiz(f, std::move(out));  // at the slide's step
    }
    out.form = f;
    out.confirmed = true;
    return out;
}

Outcome LessonFeature::start_quiz(const RequestForm& base, Outcome out) {
    QuizState& q = state_.quiz;
    const FormCheck check = check_form(base);
    if (!check.ok()) {
        out.banner = "quiz: " + check.error;
        return out;
    }
    std::string error;
    const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    q.seed = attempt_seed(q.seed_typed, std::uint64_t(now) ^ q.seed, error);
    if (!error.empty()) out.banner = error;
    // The attempt's own input, from its seed; it starts at the first step.
    const trace::Request r = quiz_request(check.request, q.seed);
    RequestForm f = form_of(r);
    f.gpu = base.gpu;
    out.form = f;
    out.confirmed = true;
    // From the first step; on a slide, from the slide's step (Q, or --quiz with --lesson).
    const Slide* slide = state_.current_slide();
    const bool own = slide && !slide->request.algo.empty();
    step_ = own ? slide->step : 0;
    step_anchor_ = own ? slide->step_anchor : StepAnchor::Number;
    step_view_ = own ? slide->view : View::Step;
    step_request_ = r;
    q.on = true;
    q.asked_of.reset();
    // The box is in the explanation panel; in lecture mode, in the slide's card.
    if (!state_.current_slide()) out.to_front.push_back(PanelId::Explanation);
    return out;
}

std::optional<std::size_t> LessonFeature::shown(const TraceView& v) {
    if (!step_ || !v.trace) return std::nullopt;
    const trace::Request& r = v.trace->request;
    if (r.algo != step_request_.algo || r.n != step_request_.n ||
        r.schedule != step_request_.schedule)
        return std::nullopt;
    landed_ = slide_step(v, *step_, step_anchor_, step_view_);
    step_.reset();
    filled_for_.clear();
    return landed_;
}

}  // namespace ws::ui
