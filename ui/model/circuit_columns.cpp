// Shared cell -> circuit column, from the catalog's shared-memory rule.
#include "ui/model/circuit_columns.hpp"

#include <algorithm>

namespace ws::ui {

std::optional<std::uint32_t> ColumnMap::element(std::uint64_t cell) const {
    std::uint64_t e = cell;
    switch (rule) {
        case ColumnRule::Registers:
            return std::nullopt;
        case ColumnRule::DoubleBuffer:
            e = columns ? cell % columns : cell;
            break;
        case ColumnRule::Padded:
            e = cell - cell / 33;
            break;
        case ColumnRule::Elements:
            break;
    }
    if (e >= columns) return std::nullopt;
    return static_cast<std::uint32_t>(e);
}

ColumnMap column_map(const VariantInfo& v, std::uint32_t threads, std::uint32_t cells) {
    ColumnMap m;
    switch (v.smem_rule) {
        case SmemRule::PerWarp:
        case SmemRule::TwoPerWarp:
        case SmemRule::TwoPerWarpPlus2:
            m.rule = ColumnRule::Registers;
            m.columns = threads;
            return m;
        case SmemRule::TwoPerThreadPadded:
            m.rule = ColumnRule::Padded;
            m.columns = 2 * threads;
            return m;
        case SmemRule::TwoPerThread:
            if (v.elems_per_thread == 1) {
                m.rule = ColumnRule::DoubleBuffer;
                m.columns = threads;
                return m;
            }
            m.columns = std::min(cells, 2 * threads);
            return m;
        case SmemRule::PerThreadPlusWarps:
            m.columns = std::min(cells, threads);
            return m;
        case SmemRule::PerThread:
        case SmemRule::PerThreadMin64:
            m.columns = cells;
            return m;
    }
    m.columns = cells;
    return m;
}

const char* column_rule_text(ColumnRule r) {
    switch (r) {
        case ColumnRule::Elements:
            return "column = shared cell";
        case ColumnRule::DoubleBuffer:
            return "column = cell mod tile (two buffers)";
        case ColumnRule::Padded:
            return "column = cell \xe2\x88\x92 cell/33 (padding words left out)";
        case ColumnRule::Registers:
            return "column = thread (the additions are in registers)";
    }
    return "";
}

}  // namespace ws::ui
