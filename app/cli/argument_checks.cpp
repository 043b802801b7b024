// A number in digits only, and a file named with a leading "-".
#include "app/cli/argument_checks.hpp"

#include <algorithm>

#include "kernels/user/outcome.hpp"

namespace ws::cli {

CLI::Validator digits_only(const std::string& what) {
    return CLI::Validator(
        [what](std::string& value) {
            const bool digits = !value.empty() && value.size() <= 19 &&
                                std::all_of(value.begin(), value.end(),
                                            [](char c) { return c >= '0' && c <= '9'; });
            return digits ? std::string() : user::printable_name(value) + ": not " + what;
        },
        "DIGITS");
}

std::string dash_named_file(CLI::App& app, int argc, char** argv) {
    if (argc < 2) return "";
    CLI::App* command = nullptr;
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
        if (sub->get_name() == argv[1]) command = sub;
    if (!command) return "";
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--") return "";     // what follows is positional
        if (arg.rfind("--", 0) == 0) {  // a long option: its value, when it takes one, is next
            const CLI::Option* o = command->get_option_no_throw(arg);
            if (o && o->get_items_expected_min() > 0) ++i;
            continue;
        }
        if (arg.size() < 2 || arg[0] != '-' || arg == "-h") continue;
        if (command->get_option_no_throw(arg.substr(0, 2))) {
            // a short option ("-o FILE", "-oFILE"): its value is the next argument, or attached
            if (arg.size() == 2) ++i;
            continue;
        }
        return user::printable_name(arg) + ": not an option of " + command->get_name() +
               " (a file whose name starts with -: write ./" + user::printable_name(arg) +
               ", or put it after --)";
    }
    return "";
}

}  // namespace ws::cli
