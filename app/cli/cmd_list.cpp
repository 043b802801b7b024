#include <cstdio>
#include <nlohmann/json.hpp>

#include "app/cli/commands.hpp"
#include "kernels/catalog.hpp"

namespace ws::cli {

int cmd_list(bool json) {
    if (json) {
        nlohmann::ordered_json all = nlohmann::ordered_json::array();
        for (const auto& v : catalog()) {
            const TeachingNotes notes = teaching_notes(v);
            all.push_back({{"id", v.id},
                           {"family", family_name(v.family)},
                           {"step", v.ladder_step},
                           {"title", v.title},
                           {"summary", v.summary},
                           {"source", v.source_file},
                           {"what_changed", notes.what_changed},
                           {"why", notes.why_faster},
                           {"needs", notes.needs},
                           {"blocks", block_rule_name(v.block_rule)},
                           {"blocks_text", block_rule_text(v.block_rule)},
                           {"results", result_names(v.reduce_op)}});
        }
        std::printf("%s\n", all.dump(2).c_str());
        return 0;
    }
    std::printf("%-32s %-7s %s\n", "id", "family", "title");
    for (const auto& v : catalog())
        std::printf("%-32s %-7s %s\n", v.id, family_name(v.family), v.title);
    return 0;
}

}  // namespace ws::cli
