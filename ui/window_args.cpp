// The window's flags as CLI11 options, one for each row of window_flags() (the owners' tables):
// CLI11 reads the command line; each row then checks and stores its value, and each owner
// finishes its part, so that every failure is one line naming the flag and what it takes. The
// same options print the usage, grouped by owner.
#include "ui/window_args.hpp"

#include <CLI/CLI.hpp>
#include <memory>

#include "kernels/user/outcome.hpp"
#include "ui/keys.hpp"
#include "ui/model/window/state_link.hpp"

namespace ws::ui {
namespace {

// The rows on one CLI11 app: values as text, switches as counts.
struct WindowApp {
    CLI::App app{"warpscope: the window (with no command)", "warpscope"};
    std::vector<std::string> values = std::vector<std::string>(window_flags().size());
    std::unique_ptr<bool[]> switches = std::make_unique<bool[]>(window_flags().size());

    explicit WindowApp(bool& help) {
        app.set_help_flag();
        app.add_flag("-h,--help", help, "this text");
        for (std::size_t i = 0; i < window_flags().size(); ++i) {
            const WindowFlag& f = window_flags()[i];
            CLI::Option* o = f.takes == Takes::Value ? app.add_option(f.name, values[i], f.help)
                                                     : app.add_flag(f.name, switches[i], f.help);
            o->group(f.owner);
            if (!f.default_shown.empty()) o->default_str(f.default_shown);
        }
    }
};

// The first argument that is not an option of `app`, or an option missing its value: the one
// line CLI11's own message would spread over several.
std::string bad_argument(CLI::App& app, int argc, const char* const* argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const std::string flag = arg.substr(0, arg.find('='));
        const CLI::Option* o = app.get_option_no_throw(flag);
        if (!o) return arg + ": not a window option (try --help)";
        if (o->get_items_expected_min() == 0) continue;
        if (flag.size() < arg.size()) continue;  // --flag=value
        if (i + 1 >= argc) return flag + " needs a value";
        ++i;
    }
    return "";
}

ParsedArgs parse_link(const char* program, const char* link) {
    std::vector<std::string> flags;
    std::string error;
    if (!flags_of_link(link, flags, error)) return {{}, error, true};
    std::vector<const char*> args = {program};
    for (const std::string& f : flags) args.push_back(f.c_str());
    ParsedArgs out = parse_window_args(int(args.size()), args.data());
    // A refusal quotes the link's own values: one printable line, whatever bytes they hold.
    out.error = user::printable_name(out.error);
    out.from_link = true;
    return out;
}

}  // namespace

ParsedArgs parse_window_args(int argc, const char* const* argv) {
    if (argc == 2 && is_state_link(argv[1])) return parse_link(argv[0], argv[1]);
    ParsedArgs out;
    WindowArgs& a = out.args;
    WindowApp w(a.help);
    if (std::string bad = bad_argument(w.app, argc, argv); !bad.empty()) {
        out.error = bad;
        return out;
    }
    try {
        w.app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        out.error = e.what();
        return out;
    }
    for (std::size_t i = 0; i < window_flags().size() && out.error.empty(); ++i)
        if (w.app.get_option(window_flags()[i].name)->count() > 0)
            out.error = window_flags()[i].store(a, w.values[i]);
    if (out.error.empty()) out.error = finish_window_args(a);
    return out;
}

std::string window_usage() {
    bool unused = false;
    WindowApp w(unused);
    w.app.footer("keys: " + keys_line() + "\n");
    return w.app.help();
}

}  // namespace ws::ui
