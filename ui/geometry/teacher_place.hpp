// Where the teacher's window opens (ui/teacher_window.cpp) when the main window's monitor is the
// only one: beside the projected window, never over it. Plain data in screen pixels (GLFW's
// coordinates, y down), so that it is tested without a display.
#pragma once

namespace ws::ui {

struct ScreenRect {
    int x = 0, y = 0, w = 0, h = 0;
    int right() const { return x + w; }
    int bottom() const { return y + h; }
};

struct ScreenPoint {
    int x = 0, y = 0;
    bool operator==(const ScreenPoint& o) const { return x == o.x && y == o.y; }
};

// The top left corner of a window `w` x `h` (its frame included) beside `main` (its frame
// included) in the monitor's work area `area`, `gap` pixels from it: to its right where it
// fits in the work area, else to its left, else below it (then it may reach past the work
// area's bottom: a window as large as the monitor leaves no room, and over it is worse). Along
// the other axis it starts level with the main window, moved into the work area where it fits.
ScreenPoint place_beside(const ScreenRect& area, const ScreenRect& main, int w, int h, int gap);

}  // namespace ws::ui
