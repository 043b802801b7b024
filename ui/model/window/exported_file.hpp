// A file the window has just exported (a picture, the stats, the quiz scores, a trace): natively
// it stays where it was written; in the web page, whose files live in the page's memory, it is
// handed to the browser as a download. One place for both, and for the line that says so.
#pragma once
#include <string>

namespace ws::ui {

// Hands the file at `path` over (the page: a download named as the file; natively nothing) and
// returns the line the window shows: "VERB PATH" ("wrote", "saved"), or in the page
// "downloaded NAME".
std::string exported(const std::string& path, const char* verb = "wrote");

}  // namespace ws::ui
