// One controller per feature of the window (issue 34; DESIGN §10): runs (step-through and
// compare), editor, race lab, lesson and quiz, bandwidth lab and its sweep, ring, files and
// export. Each owns its part of the window's state (its ..._state.hpp, a member of UiState that
// only it writes) and its background work (Job), and has the same small face:
//   apply       the window's flags that concern it, before the first frame;
//   link_args   its part of the flags that reproduce its state (the state link writes every
//               feature's part through the rows of its table, so no flag can be forgotten);
//   handle      an action a panel or a key posted that is its own;
//   update      finished background work;
//   shown       a trace has arrived on show (a step it was waiting to place there).
// What a feature wants of the rest of the window (a trace to show, a request to run, a view, a
// banner) it returns as an Outcome for the session to apply, never by writing another's state.
#pragma once
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ui/actions.hpp"
#include "ui/layout.hpp"
#include "ui/model/trace/trace_view.hpp"
#include "ui/model/window/request_form.hpp"
#include "ui/ui_state.hpp"
#include "ui/window_args.hpp"

namespace ws::ui {

struct Outcome {
    // A trace to show, with its note ("replaying FILE", a fallback) and the file it came from.
    std::shared_ptr<const TraceView> show;
    std::string note, replayed_from;
    // A request for the controls, and what to run of it: the request (through the editor, which
    // runs its own kernel again where that is on show), only the compare side and the networks
    // beside a trace that is its own request, or nothing.
    enum class Run { Form, Beside, Nothing };
    std::optional<RequestForm> form;
    Run run = Run::Form;
    bool confirmed = false;  // run it whatever its size (a slide, a quiz, the command line)
    std::optional<View> view;
    std::vector<PanelId> to_front;      // brought to the front of their tabs, in this order
    std::optional<std::size_t> step;    // the cursor
    std::optional<std::string> banner;  // "" clears it
    std::string error;                  // apply only: the flags cannot be honoured (exit code 2)
    std::vector<Action> then;           // posted once the rest is applied
    // A run's end: why it failed (the trace on show stays, marked the last good run), or "" when
    // it did not (the mark goes); unset: no run ended.
    std::optional<std::string> run_failed;
};

// What every feature may read: the window's state and the trace on show.
struct FeatureContext {
    const UiState& ui;
    const TraceView& view;
};

class Feature {
  public:
    virtual ~Feature() = default;
    virtual Outcome apply(const WindowArgs& args, const FeatureContext& c) = 0;
    // Its own part of `out` (its ..._flags.hpp), as flags that would reopen its state.
    virtual void link_args(const FeatureContext& c, WindowArgs& out) const = 0;
    // nullopt: not this feature's action.
    virtual std::optional<Outcome> handle(const Action& a, const FeatureContext& c) = 0;
    virtual Outcome update(const FeatureContext& c) = 0;
    // The step to place the cursor at, when this trace is the one the feature waited for.
    virtual std::optional<std::size_t> shown(const TraceView& v) {
        (void)v;
        return std::nullopt;
    }
    // One line for each data file it could not read at start ("" none).
    virtual std::vector<std::string> data_problems() const { return {}; }
};

}  // namespace ws::ui
