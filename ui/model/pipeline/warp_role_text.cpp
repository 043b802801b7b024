#include "ui/model/pipeline/warp_role_text.hpp"

namespace ws::ui {

const char* warp_role_name(trace::WarpRole r) {
    switch (r) {
        case trace::WarpRole::Producer:
            return "producer";
        case trace::WarpRole::Aggregator:
            return "aggregator";
        case trace::WarpRole::Lookback:
            return "look-back";
        case trace::WarpRole::Consumer:
            return "consumer";
    }
    return "?";
}

}  // namespace ws::ui
