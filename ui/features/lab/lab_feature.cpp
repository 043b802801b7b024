// The lab's data, its flags and its live sweep.
#include "ui/features/lab/lab_feature.hpp"

#include <algorithm>
#include <filesystem>

#include "kernels/io/atomic_file.hpp"
#include "ui/model/window/exported_file.hpp"

namespace ws::ui {

LabFeature::LabFeature(LabState& state, const std::string& root, const run::Backend* timer,
                       bool background)
    : state_(state), root_(root), lab_(load_lab_data(root)), sweeper_(timer, background) {
    state_.data = &lab_;
    state_.sweep_available = sweeper_.available();
}

std::vector<std::string> LabFeature::data_problems() const {
    std::vector<std::string> out = lab_.problems;
    out.insert(out.end(), lab_.multi_gpu.problems.begin(), lab_.multi_gpu.problems.end());
    return out;
}

Outcome LabFeature::apply(const WindowArgs& a, const FeatureContext& c) {
    if (a.lab_lines) state_.lines = *a.lab_lines;
    if (a.lab_type) state_.type = *a.lab_type;
    if (a.lab_fits) state_.multi_gpu_fits = true;
    Outcome out;
    if (a.lab_file && !show_file(*a.lab_file, c.ui.form.algo))
        out.error = "--lab-file " + *a.lab_file + ": no such recording in " + root_ +
                    "/assets/measurements";
    if (a.sweep) {  // the lab, its live sweep started (the window checked there is a GPU)
        out.view = View::Lab;
        out.then.push_back(act::StartSweep{});
    }
    return out;
}

bool LabFeature::show_file(const std::string& name, const std::string& algo) {
    for (std::size_t i = 0; i < lab_.files.size(); ++i)
        if (std::filesystem::path(lab_.files[i].path).stem().string() == name) {
            state_.file = i;
            // Kept for the slide's algorithm (the algorithm on show when it has none).
            state_.file_chosen_for = algo;
            return true;
        }
    return false;
}

void LabFeature::link_args(const FeatureContext& c, WindowArgs& out) const {
    if (c.ui.view != View::Lab) return;
    out.lab_lines = state_.lines;
    if (state_.type != LabState{}.type) out.lab_type = state_.type;
    out.lab_fits = state_.multi_gpu_fits;
    if (state_.file < lab_.files.size())
        out.lab_file = std::filesystem::path(lab_.files[state_.file].path).stem().string();
}

std::optional<Outcome> LabFeature::handle(const Action& a, const FeatureContext& c) {
    if (is<act::StartSweep>(a)) {
        start_sweep(c);
        return Outcome{};
    }
    if (is<act::CancelSweep>(a)) {
        sweeper_.cancel();
        return Outcome{};
    }
    if (is<act::SaveSweep>(a)) return save_sweep();
    if (const auto* r = std::get_if<act::ShowRecording>(&a)) {
        show_file(r->name, r->algo.empty() ? c.ui.form.algo : r->algo);
        return Outcome{};
    }
    if (choice(a, c)) return Outcome{};
    return std::nullopt;
}

bool LabFeature::choice(const Action& a, const FeatureContext& c) {
    if (const auto* f = std::get_if<act::ChooseLabFile>(&a)) {
        state_.file = f->file;
        state_.file_chosen_for = f->for_algo;
    } else if (const auto* t = std::get_if<act::SetLabType>(&a)) {
        state_.type = t->type;
    } else if (const auto* l = std::get_if<act::SetLabFamily>(&a)) {
        // The multi-GPU family opens on floats, the type it measured at every size.
        const LabLines shown = state_.lines.value_or(lab_lines_for(c.ui.form.algo));
        if (l->lines == LabLines::MultiGpu && l->lines != shown) state_.type = "float";
        state_.lines = l->lines;
    } else if (const auto* f = std::get_if<act::SetLabFits>(&a)) {
        state_.multi_gpu_fits = f->fits;
    } else if (const auto* s = std::get_if<act::ShowLabLine>(&a)) {
        auto it = std::find(state_.hidden.begin(), state_.hidden.end(), s->algo);
        if (s->shown && it != state_.hidden.end()) state_.hidden.erase(it);
        if (!s->shown && it == state_.hidden.end()) state_.hidden.push_back(s->algo);
    } else if (const auto* r = std::get_if<act::SetSweepRange>(&a)) {
        state_.sweep_from = r->from;
        state_.sweep_to = r->to;
    } else {
        return false;
    }
    return true;
}

void LabFeature::start_sweep(const FeatureContext& c) {
    run::SweepRequest r;
    r.type = trace::parse_dtype(state_.type).value_or(trace::DType::Int32);
    for (int e = state_.sweep_from; e <= state_.sweep_to; ++e)
        r.sizes.push_back(std::uint64_t(1) << e);
    if (!sweeper_.start(r)) return;
    state_.sweep = sweeper_.status();
    // Its file, empty until the first point, on show from now on (for the algorithm on show:
    // the panel keeps it).
    MeasurementFile f;
    f.device = c.ui.gpu_name;
    f.date = "now, measuring";
    f.path = "this session";
    if (!live_) {
        lab_.files.push_back(std::move(f));
        live_ = lab_.files.size() - 1;
    } else {
        lab_.files[*live_] = std::move(f);
    }
    state_.file = *live_;
    state_.file_chosen_for = c.ui.form.algo;
}

Outcome LabFeature::update(const FeatureContext&) {
    state_.sweep = sweeper_.status();
    if (!live_) return {};
    MeasurementFile& shown = lab_.files[*live_];
    if (auto so_far = sweeper_.take_partial()) {
        // Its points; the label stays the live one's (the GPU, "now, measuring").
        shown.points = std::move(so_far->points);
        shown.peak_gbps = so_far->peak_gbps;
        shown.l2_bytes = so_far->l2_bytes;
    }
    if (auto file = sweeper_.take_result()) {
        shown = std::move(*file);  // the sweep's own file, dated, ready to save
        live_.reset();
    } else if (!state_.sweep.running) {
        // Ended with nothing measured: its empty file goes.
        if (shown.points.empty()) {
            lab_.files.erase(lab_.files.begin() + long(*live_));
            state_.file = 0;
        }
        live_.reset();
    }
    return {};
}

Outcome LabFeature::save_sweep() {
    Outcome out;
    if (state_.file >= lab_.files.size() || lab_.files[state_.file].text.empty()) return out;
    MeasurementFile& f = lab_.files[state_.file];
    const std::string path = measurement_path(root_, f);
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    const std::string e = io::write_file_atomically(path, f.text);
    state_.sweep_message = e.empty() ? exported(path, "saved") : e;
    if (e.empty())
        f.path = path;
    else
        out.banner = e;
    return out;
}

}  // namespace ws::ui
