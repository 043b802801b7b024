// The exported file handed over (exported_file.hpp): natively nothing to do; in the web page the
// browser is given the file's bytes, read back from the page's file system, as a download.
#include "ui/model/window/exported_file.hpp"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>

#include <filesystem>
#endif

namespace ws::ui {

std::string exported(const std::string& path, const char* verb) {
#if defined(__EMSCRIPTEN__)
    const std::string name = std::filesystem::path(path).filename().string();
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdollar-in-identifier-extension"  // EM_ASM's arguments
    // clang-format off
    const int offered = EM_ASM_INT(
        {
            try {
                var bytes = FS.readFile(UTF8ToString($0));
                var link = document.createElement("a");
                link.href = URL.createObjectURL(new Blob([bytes]));
                link.download = UTF8ToString($1);
                document.body.appendChild(link);
                link.click();
                link.remove();
                setTimeout(
                    function() { URL.revokeObjectURL(link.href); }, 60000);
                if (window.wsDownloads) window.wsDownloads.push(UTF8ToString($1));
                return 1;
            } catch (e) {
                return 0;
            }
        },
        path.c_str(), name.c_str());
    // clang-format on
#pragma clang diagnostic pop
    if (offered) return "downloaded " + name;
    return std::string(verb) + " " + path + " in the page's memory (the browser took no download)";
#else
    return std::string(verb) + " " + path;
#endif
}

}  // namespace ws::ui
