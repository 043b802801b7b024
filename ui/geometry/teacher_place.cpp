#include "ui/geometry/teacher_place.hpp"

#include <algorithm>

namespace ws::ui {
namespace {

// `at`, moved so that [at, at + size) lies in [lo, hi) where it fits, else at `lo`.
int into(int at, int size, int lo, int hi) {
    return std::max(lo, std::min(at, hi - size));
}

}  // namespace

ScreenPoint place_beside(const ScreenRect& area, const ScreenRect& main, int w, int h, int gap) {
    const int y = into(main.y, h, area.y, area.bottom());
    if (const int right = main.right() + gap; right + w <= area.right()) return {right, y};
    if (const int left = main.x - gap - w; left >= area.x) return {left, y};
    return {into(main.x, w, area.x, area.right()), main.bottom() + gap};
}

}  // namespace ws::ui
