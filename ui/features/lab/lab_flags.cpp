// The bandwidth lab's rows.
#include "ui/features/lab/lab_flags.hpp"

#include "kernels/trace/dtype.hpp"
#include "ui/flags/flag_values.hpp"
#include "ui/window_args.hpp"

namespace ws::ui {
namespace {

using Row = FlagRow<LabArgs>;

std::vector<Row> rows() {
    std::vector<Row> r;
    Row family = value_row<LabArgs>("--lab-family", "the lab's lines: " + lab_lines_words());
    family.store = [](LabArgs& a, const std::string& v) {
        a.lab_lines = parse_lab_lines(v);
        return a.lab_lines
                   ? std::string()
                   : "--lab-family " + v + ": not a family of the lab (" + lab_lines_words() + ")";
    };
    family.in_link = true;
    family.write = [](const LabArgs& a) {
        return a.lab_lines ? std::optional<std::string>(lab_lines_word(*a.lab_lines))
                           : std::nullopt;
    };
    family.example = {"--view", "lab", "--lab-family", "scans"};
    r.push_back(family);

    Row type =
        value_row<LabArgs>("--lab-type", "the element type the lab plots: int, float or double");
    type.store = [](LabArgs& a, const std::string& v) {
        if (!trace::parse_dtype(v))
            return "--lab-type " + v + ": the lab plots int, float or double";
        a.lab_type = v;
        return std::string();
    };
    type.in_link = true;
    type.write = [](const LabArgs& a) { return a.lab_type; };
    type.example = {"--view", "lab", "--lab-type", "double"};
    r.push_back(type);

    Row fits = switch_row("--lab-fits",
                          "the lab's multi-GPU family on its second page: each plan's latency "
                          "and bandwidth a step, and NCCL's forced choices",
                          &LabArgs::lab_fits, true);
    fits.example = {"--view", "lab", "--lab-family", "multi-gpu", "--lab-fits"};
    r.push_back(fits);

    Row file = value_row<LabArgs>("--lab-file",
                                  "the recording the lab shows, by its name in assets/measurements "
                                  "(roofline-scan-pipeline-nvidia-h100)");
    file.store = [](LabArgs& a, const std::string& v) {
        if (v.empty()) return std::string("--lab-file: give a recording's name");
        a.lab_file = v;
        return std::string();
    };
    file.in_link = true;
    file.write = [](const LabArgs& a) { return a.lab_file; };
    file.example = {"--view", "lab",        "--lab-family",
                    "scans",  "--lab-file", "roofline-scan-pipeline-nvidia-h100"};
    r.push_back(file);

    r.push_back(switch_row("--sweep",
                           "open the lab with its live sweep started on the GPU (--backend cuda)",
                           &LabArgs::sweep));
    Row until = value_row<LabArgs>(
        "--sweep-until",
        "with --sweep and --screenshot: take the picture once this fraction of the sweep "
        "is measured, 0.05..1 (1: when it ends)");
    until.store = [](LabArgs& a, const std::string& v) {
        const auto f = parse_float(v, 0.05f, 1.0f);
        if (!f) return "--sweep-until " + v + ": not a fraction from 0.05 to 1";
        a.sweep_until = *f;
        return std::string();
    };
    r.push_back(until);
    return r;
}

std::string finish(LabArgs& l, const WindowArgs& a) {
    if (l.sweep && a.gpu == false)
        return "--sweep times the GPU: it does not go with --backend cpu";
    if (l.sweep_until && !l.sweep) return "--sweep-until chooses the moment of a --sweep's picture";
    return "";
}

}  // namespace

const FlagTable<LabArgs>& lab_flags() {
    static const FlagTable<LabArgs> table{"Bandwidth lab", rows(), finish};
    return table;
}

}  // namespace ws::ui
