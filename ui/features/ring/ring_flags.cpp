// The Across GPUs view's rows.
#include "ui/features/ring/ring_flags.hpp"

#include <string>

#include "kernels/run/request_text.hpp"
#include "ui/features/ring/ring_state.hpp"
#include "ui/flags/flag_values.hpp"

namespace ws::ui {
namespace {

using Row = FlagRow<RingArgs>;

std::vector<Row> rows() {
    Row gpus = value_row<RingArgs>("--ring-gpus", "the Across GPUs view's virtual GPUs: 2 to 8");
    gpus.store = [](RingArgs& a, const std::string& v) {
        if (v.size() != 1 || v[0] < '2' || v[0] > '8')
            return "--ring-gpus " + v + ": give 2 to 8 GPUs";
        a.ring_gpus = unsigned(v[0] - '0');
        return std::string();
    };
    gpus.in_link = true;
    gpus.write = [](const RingArgs& a) {
        return a.ring_gpus ? std::optional<std::string>(std::to_string(*a.ring_gpus))
                           : std::nullopt;
    };
    gpus.example = {"--view", "ring", "--ring-gpus", "5"};

    Row n = value_row<RingArgs>("--ring-n",
                                "the Across GPUs view's floats on each GPU: 1 to 2^24 (1000)");
    n.store = [](RingArgs& a, const std::string& v) {
        const auto count = run::parse_count(v);
        if (!count || *count < 1 || *count > kMaxRingElements)
            return "--ring-n " + v + ": give 1 to 2^24 floats a GPU";
        a.ring_n = *count;
        return std::string();
    };
    n.in_link = true;
    n.write = [](const RingArgs& a) {
        return a.ring_n ? std::optional<std::string>(std::to_string(*a.ring_n)) : std::nullopt;
    };
    n.example = {"--view", "ring", "--ring-n", "4096"};

    Row naive = switch_row("--ring-naive",
                           "the Across GPUs view shows the naive all-reduce (all through GPU 0)",
                           &RingArgs::ring_naive, true);
    naive.example = {"--view", "ring", "--ring-naive"};
    return {gpus, n, naive};
}

}  // namespace

const FlagTable<RingArgs>& ring_flags() {
    static const FlagTable<RingArgs> table{"Across GPUs", rows(), nullptr};
    return table;
}

}  // namespace ws::ui
