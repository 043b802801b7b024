// The state as flags, as a shell command and as a warpscope:// link, and the link back.
#include "ui/model/window/state_link.hpp"

#include <algorithm>
#include <cstdio>
#include <string_view>

#include "kernels/user/outcome.hpp"
#include "ui/window_args.hpp"

namespace ws::ui {
namespace {

// The row of a flag a link may carry (the key is the flag without "--"), or nullptr.
const WindowFlag* link_row(const std::string& key) {
    const WindowFlag* f = find_window_flag("--" + key);
    return f && f->in_link ? f : nullptr;
}

// What a refused link says of its own words: one printable line (control and bidirectional
// characters escaped, as file names are), at most 60 bytes and "…".
std::string shown(const std::string& s) {
    std::string p = user::printable_name(s);
    if (p.size() > 60) {
        std::size_t cut = 60;
        while (cut > 0 && (static_cast<unsigned char>(p[cut]) & 0xC0) == 0x80) --cut;
        p = p.substr(0, cut) + "\xe2\x80\xa6";
    }
    return p;
}

bool shell_safe(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("-_.:,/=+@%").find(c) != std::string_view::npos;
}

std::string shell_quote(const std::string& s) {
    if (!s.empty() && std::all_of(s.begin(), s.end(), shell_safe)) return s;
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

bool url_safe(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.' || c == '~' || c == ':' || c == ',';
}

std::string percent_encode(const std::string& s) {
    std::string out;
    for (unsigned char c : s) {
        if (url_safe(char(c))) {
            out += char(c);
        } else {
            char hex[4];
            std::snprintf(hex, sizeof hex, "%%%02X", c);
            out += hex;
        }
    }
    return out;
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool percent_decode(const std::string& s, std::string& out) {
    out.clear();
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '%') {
            out += s[i] == '+' ? ' ' : s[i];
            continue;
        }
        if (i + 2 >= s.size() || hex_digit(s[i + 1]) < 0 || hex_digit(s[i + 2]) < 0) return false;
        out += char(hex_digit(s[i + 1]) * 16 + hex_digit(s[i + 2]));
        i += 2;
    }
    return true;
}

}  // namespace

std::string state_command(const std::vector<std::string>& flags) {
    std::string line = "warpscope";
    for (const std::string& f : flags) line += " " + shell_quote(f);
    return line;
}

std::string state_link(const std::vector<std::string>& flags) {
    std::string link = std::string(kLinkScheme) + "open";
    char sep = '?';
    for (std::size_t i = 0; i < flags.size(); ++i) {
        const std::string key = flags[i].substr(2);
        link += sep + percent_encode(key);
        sep = '&';
        // A value follows a flag that takes one; a switch (or a last flag) stands alone.
        const WindowFlag* row = find_window_flag(flags[i]);
        if ((!row || row->takes == Takes::Value) && i + 1 < flags.size())
            link += "=" + percent_encode(flags[++i]);
    }
    return link;
}

bool is_state_link(const std::string& arg) {
    return arg.rfind(kLinkScheme, 0) == 0;
}

bool flags_of_link(const std::string& link, std::vector<std::string>& flags, std::string& error) {
    flags.clear();
    const std::string head = std::string(kLinkScheme) + "open";
    const auto fail = [&](const std::string& why) {
        error = "not a warpscope link: " + why;
        return false;
    };
    if (link.rfind(head, 0) != 0) return fail("it starts with " + head);
    std::string query = link.substr(head.size());
    if (!query.empty() && query.back() == '/') query.pop_back();
    if (query.empty()) return true;
    if (query[0] != '?') return fail("the flags follow " + head + "?");
    std::size_t at = 1;
    while (at <= query.size()) {
        const std::size_t end = std::min(query.find('&', at), query.size());
        const std::string item = query.substr(at, end - at);
        at = end + 1;
        if (item.empty()) continue;
        const std::size_t eq = item.find('=');
        std::string key, value;
        if (!percent_decode(item.substr(0, eq), key) ||
            (eq != std::string::npos && !percent_decode(item.substr(eq + 1), value)))
            return fail("bad %-encoding in " + shown(item));
        const WindowFlag* row = link_row(key);
        if (row && row->takes == Takes::Nothing) {
            if (eq != std::string::npos && value != "1" && value != "true")
                return fail(shown(key) + " is a switch: write it alone");
            flags.push_back("--" + key);
        } else if (row) {
            if (eq == std::string::npos)
                return fail(shown(key) + " needs a value (" + shown(key) + "=...)");
            flags.insert(flags.end(), {"--" + key, value});
        } else {
            return fail(shown(key) + " is not something a link may set");
        }
    }
    return true;
}

}  // namespace ws::ui
