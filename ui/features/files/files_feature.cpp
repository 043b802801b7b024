// Trace files and the stats and scores exports.
#include "ui/features/files/files_feature.hpp"

#include <filesystem>

#include "kernels/io/atomic_file.hpp"
#include "kernels/run/stats_report.hpp"
#include "kernels/trace/trace_file.hpp"
#include "ui/model/window/exported_file.hpp"
#include "ui/model/window/png_export.hpp"

namespace ws::ui {
namespace {

std::string with_extension(const std::string& path, const char* ext) {
    return std::filesystem::path(path).replace_extension(ext).string();
}

bool exportable(const TraceView& v) {
    return v.trace && !v.trace->blocks.empty();
}

}  // namespace

Outcome FilesFeature::apply(const WindowArgs& a, const FeatureContext&) {
    return a.trace_file.empty() ? Outcome{} : open_trace(a.trace_file);
}

Outcome FilesFeature::open_trace(const std::string& path) {
    Outcome out;
    trace::LoadResult r = trace::load_trace(path);
    if (!r.ok) {
        out.error = path + ": " + r.error;
        return out;
    }
    auto t = std::make_shared<trace::Trace>(std::move(r.trace));
    RequestForm form = form_of(t->request);
    form.gpu = false;
    out.form = form;
    out.run = Outcome::Run::Beside;
    out.show = make_trace_view(std::move(t));
    out.note = "replaying " + path;
    out.replayed_from = path;
    out.banner = "";  // the note says it; no banner
    return out;
}

std::optional<Outcome> FilesFeature::handle(const Action& a, const FeatureContext& c) {
    if (const auto* p = std::get_if<act::SetTracePath>(&a)) {
        state_.path = p->path;
        return Outcome{};
    }
    if (const auto* e = std::get_if<act::SetExport>(&a)) {
        state_.export_panel = e->panel;
        state_.export_folder = e->folder;
        state_.export_name = e->name;
        return Outcome{};
    }
    if (const auto* r = std::get_if<act::SetFramesRange>(&a)) {
        state_.frames.from = r->from;
        state_.frames.to = r->to;
        return Outcome{};
    }
    if (is<act::OpenTrace>(a) || is<act::SaveTrace>(a) || is<act::ExportStats>(a) ||
        is<act::ExportQuizScores>(a))
        return file_action(a, c);
    return std::nullopt;
}

Outcome FilesFeature::file_action(const Action& a, const FeatureContext& c) {
    Outcome out;
    std::string error, done;
    const TraceView& v = c.view;
    if (is<act::OpenTrace>(a)) {
        out = open_trace(state_.path);
        error = out.error;
        out.error.clear();
        done = "opened " + state_.path;
    } else if (is<act::SaveTrace>(a)) {
        error = exportable(v) ? trace::save_trace(*v.trace, state_.path)
                              : "nothing to save: this run recorded no trace";
        if (error.empty()) done = exported(state_.path, "saved");
    } else if (const auto* s = std::get_if<act::ExportStats>(&a)) {
        const std::string path = with_extension(state_.path, s->json ? ".json" : ".csv");
        const std::string text = !exportable(v) ? ""
                                 : s->json      ? run::stats_json(*v.trace) + "\n"
                                                : run::stats_csv(*v.trace);
        error = exportable(v) ? io::write_file_atomically_in_folder(path, text)
                              : "nothing to export: no run is shown";
        if (error.empty()) done = exported(path);
    } else {  // the quiz scores, for a teacher (export folder, quiz-scores.csv)
        const std::string path = export_path(state_.export_folder, "quiz-scores", ".csv", &error);
        if (!path.empty())
            error = io::write_file_atomically_in_folder(path, quiz_scores_csv(c.ui.quiz_scores));
        if (error.empty()) done = exported(path);
    }
    state_.message = error.empty() ? done : error;
    if (!error.empty()) out.banner = error;
    return out;
}

}  // namespace ws::ui
