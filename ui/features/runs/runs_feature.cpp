// The runs feature: the form, the compare side and the networks, each a Job.
#include "ui/features/runs/runs_feature.hpp"

#include "kernels/run/memory_estimate.hpp"
#include "ui/model/circuit/circuit_text.hpp"

namespace ws::ui {

RunsFeature::RunsFeature(RunsState& state, Preferences& prefs, bool background)
    : state_(state),
      prefs_(prefs),
      background_(background),
      main_(background),
      compare_(background) {}

Outcome RunsFeature::apply(const WindowArgs& a, const FeatureContext& c) {
    Outcome out;
    state_.max_memory = a.max_memory;
    if (a.compare) prefs_.compare_algo = *a.compare;
    if (a.side_by_side) {
        prefs_.circuit_side_by_side = true;
        if (!a.view && !a.panel) out.view = View::Circuit;
    }
    if (!a.trace_file.empty()) return out;  // the files feature opens it, and runs beside it
    if (a.request_given) prefs_.form = a.form;
    if (a.gpu) prefs_.form.gpu = *a.gpu;
    // Asked for on the command line, or for a picture: run whatever the size.
    Outcome ran = run_form(c, a.request_given || !a.screenshot.empty() || a.bench_frames);
    ran.view = out.view;
    ran.error = state_.form_error;
    return ran;
}

void RunsFeature::link_args(const FeatureContext& c, WindowArgs& out) const {
    out.form = prefs_.form;  // its rows write the fields that differ from the commands' defaults
    out.request_given = true;
    if (c.ui.view == View::Compare) out.compare = prefs_.compare_algo;
    out.side_by_side = c.ui.view == View::Circuit && prefs_.circuit_side_by_side;
}

std::optional<Outcome> RunsFeature::handle(const Action& a, const FeatureContext& c) {
    if (const auto* r = std::get_if<act::RunForm>(&a)) return run_form(c, r->confirmed);
    if (is<act::RunCompare>(a)) {
        run_compare();
        return Outcome{};
    }
    if (is<act::RunCircuits>(a)) {
        run_circuits(c);
        return Outcome{};
    }
    if (const auto* s = std::get_if<act::SetCompareAlgo>(&a)) {
        prefs_.compare_algo = s->algo;
        run_compare();
        return Outcome{};
    }
    if (const auto* n = std::get_if<act::SetCompareN>(&a)) {
        state_.compare_n = n->n;
        return Outcome{};
    }
    if (const auto* s = std::get_if<act::SetSideBySide>(&a)) {
        prefs_.circuit_side_by_side = s->on;
        if (s->on) run_circuits(c);
        return Outcome{};
    }
    return std::nullopt;
}

Outcome RunsFeature::update(const FeatureContext&) {
    Outcome out;
    if (auto r = main_.take()) {
        out.show = std::move(r->view);
        out.note = std::move(r->note);
    }
    if (auto r = compare_.take()) state_.compare = std::move(r->view);
    state_.busy = main_.busy();
    state_.running = state_.busy && main_.busy_seconds() > 0.05;
    state_.running_seconds = main_.busy_seconds();
    state_.compare_running = compare_.busy();
    state_.circuit_running = false;
    for (std::size_t i = 0; i < circuits_.size(); ++i) {
        if (!circuits_[i]) continue;
        if (auto r = circuits_[i]->take()) state_.circuits[i] = std::move(r->view);
        state_.circuit_running = state_.circuit_running || circuits_[i]->busy();
    }
    return out;
}

Outcome RunsFeature::run_form(const FeatureContext& c, bool confirmed) {
    Outcome out;
    confirmed_ = confirmed_ || confirmed;
    const FormCheck check = check_form(prefs_.form);
    state_.form_error = check.error;
    state_.slow_run_pending = false;
    // Refused in place, before the work, with the last trace kept on show (marked so).
    if (check.ok())
        state_.form_error = run::check_memory(check.request, check.grid, state_.max_memory);
    out.run_failed = state_.form_error;
    if (!state_.form_error.empty()) return out;
    // The emulator does about a million elements in four seconds here; past that, ask first.
    constexpr std::uint64_t kAutoRunElements = std::uint64_t(1) << 20;
    if (!prefs_.form.gpu && check.request.n > kAutoRunElements && !confirmed_) {
        state_.slow_run_pending = true;
        state_.slow_run_seconds = double(check.request.n) * 4e-6;
        return out;
    }
    confirmed_ = false;
    out.banner = "";
    const trace::Request request = check.request;
    const bool gpu = prefs_.form.gpu;
    main_.submit([request, gpu](const JobControl&) { return run_request(request, gpu); });
    if (!background_) {  // it ran at once
        RunResult r = main_.take().value();
        out.show = std::move(r.view);
        out.note = std::move(r.note);
    }
    run_compare();
    if (prefs_.circuit_side_by_side) run_circuits(c);
    return out;
}

void RunsFeature::run_compare() {
    RequestForm f = prefs_.form;
    f.algo = prefs_.compare_algo;
    // The stride is copy-strided's control: a side without one runs without it.
    if (const VariantInfo* v = find_variant(f.algo); v && !v->takes_stride) f.stride = 1;
    const FormCheck check = check_form(f);
    const std::string error =
        check.ok() ? run::check_memory(check.request, check.grid, state_.max_memory) : check.error;
    if (!error.empty()) {
        state_.compare = error_view(check.request, error);
        return;
    }
    const trace::Request request = check.request;
    const bool gpu = f.gpu;
    compare_.submit([request, gpu](const JobControl&) { return run_request(request, gpu); });
    if (!background_) state_.compare = compare_.take().value().view;
}

void RunsFeature::run_circuits(const FeatureContext& c) {
    if (!prefs_.circuit_side_by_side) return;
    // The form's request when it is valid, else the one on show.
    const FormCheck check = check_form(prefs_.form);
    trace::Request base = check.request;
    if (!check.ok()) base = c.view.trace ? c.view.trace->request : trace::Request{};
    const VariantInfo* v = find_variant(base.algo);
    if (!v || v->family != Family::Scan) base.kind = trace::ScanKind::Inclusive;
    base.stride = 1;  // the side-by-side scans have no stride
    state_.circuit_m = side_by_side_elements(base);
    const bool gpu = prefs_.form.gpu;
    for (std::size_t i = 0; i < circuits_.size(); ++i) {
        const trace::Request r = side_by_side_request(base, kSideBySide[i], state_.circuit_m);
        if (!circuits_[i]) circuits_[i] = std::make_unique<Job<RunResult>>(background_);
        circuits_[i]->submit([r, gpu](const JobControl&) { return run_request(r, gpu); });
        if (!background_) state_.circuits[i] = circuits_[i]->take().value().view;
    }
}

}  // namespace ws::ui
