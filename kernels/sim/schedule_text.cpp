// A schedule as text and back: "lockstep", "random:7", "lockstep,0@9+3",
// "lockstep,blocks=reverse,resident=2" (the grammar is in emulator.hpp).
#include <string>
#include <vector>

#include "kernels/sim/emulator.hpp"

namespace ws::sim {
namespace {

// A decimal number that fits 64 bits, nothing else.
std::optional<std::uint64_t> number(std::string_view text) {
    if (text.empty() || text.size() > 20) return std::nullopt;
    std::uint64_t v = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        const std::uint64_t digit = std::uint64_t(c - '0');
        if (v > (UINT64_MAX - digit) / 10) return std::nullopt;
        v = v * 10 + digit;
    }
    return v;
}

std::optional<unsigned> small_number(std::string_view text) {
    const auto v = number(text);
    if (!v || *v > 0xffffffffull) return std::nullopt;
    return unsigned(*v);
}

std::vector<std::string_view> split(std::string_view text, char sep) {
    std::vector<std::string_view> parts;
    for (;;) {
        const auto at = text.find(sep);
        parts.push_back(text.substr(0, at));
        if (at == std::string_view::npos) return parts;
        text.remove_prefix(at + 1);
    }
}

// "[B/]T@J+K"
std::optional<RunAhead> run_ahead(std::string_view text) {
    RunAhead a;
    if (const auto slash = text.find('/'); slash != std::string_view::npos) {
        const auto block = small_number(text.substr(0, slash));
        if (!block) return std::nullopt;
        a.block = *block;
        text.remove_prefix(slash + 1);
    }
    const auto at = text.find('@'), plus = text.find('+');
    if (at == std::string_view::npos || plus == std::string_view::npos || plus < at)
        return std::nullopt;
    const auto thread = small_number(text.substr(0, at));
    const auto turn = small_number(text.substr(at + 1, plus - at - 1));
    const auto extra = small_number(text.substr(plus + 1));
    if (!thread || !turn || !extra || *thread >= 1024 || *turn == 0 || *extra == 0)
        return std::nullopt;
    a.thread = *thread;
    a.turn = *turn;
    a.extra = *extra;
    return a;
}

std::optional<Schedule> refuse(std::string* why, const std::string& what) {
    if (why) *why = what;
    return std::nullopt;
}

}  // namespace

std::optional<Schedule> Schedule::parse(std::string_view text, std::string* why) {
    const auto parts = split(text, ',');
    Schedule s;
    const std::string_view base = parts[0];
    constexpr std::string_view random_prefix = "random:";
    if (base == "lockstep") {
    } else if (base == "converged") {
        s.kind = Kind::Converged;
    } else if (base == "sequential") {
        s.kind = Kind::Sequential;
    } else if (base.substr(0, random_prefix.size()) == random_prefix) {
        const auto seed = number(base.substr(random_prefix.size()));
        if (!seed) return refuse(why, "random:SEED takes a number for SEED");
        s.kind = Kind::Random;
        s.seed = *seed;
    } else {
        return refuse(why,
                      "lockstep, sequential, random:SEED or converged; then blocks=ORDER, "
                      "resident=R, copies=POLICY or T@J+K");
    }
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::string_view item = parts[i];
        if (item.substr(0, 7) == "blocks=") {
            const std::string_view order = item.substr(7);
            if (order == "in-order") {
                s.blocks = BlockOrder::InOrder;
            } else if (order == "reverse") {
                s.blocks = BlockOrder::Reverse;
            } else if (order.substr(0, random_prefix.size()) == random_prefix &&
                       number(order.substr(random_prefix.size()))) {
                s.blocks = BlockOrder::Random;
                s.block_seed = *number(order.substr(random_prefix.size()));
            } else {
                return refuse(why, "blocks= takes in-order, reverse or random:SEED");
            }
        } else if (item.substr(0, 9) == "resident=") {
            const auto r = small_number(item.substr(9));
            if (!r || *r < 1 || *r > kMaxResident)
                return refuse(why, "resident= takes a number of blocks from 1 to " +
                                       std::to_string(kMaxResident));
            s.resident = *r;
        } else if (item.substr(0, 7) == "copies=") {
            const std::string_view policy = item.substr(7);
            constexpr std::string_view delay_prefix = "delay:";
            if (policy == "prompt") {
                s.copies = CopyPolicy::Prompt;
            } else if (policy == "lazy") {
                s.copies = CopyPolicy::Lazy;
            } else if (policy.substr(0, delay_prefix.size()) == delay_prefix) {
                const auto k = small_number(policy.substr(delay_prefix.size()));
                if (!k || *k > kMaxCopyDelay)
                    return refuse(
                        why, "copies=delay:K takes K from 0 to " + std::to_string(kMaxCopyDelay));
                s.copies = CopyPolicy::Delay;
                s.copy_delay = *k;
            } else if (policy.substr(0, random_prefix.size()) == random_prefix &&
                       number(policy.substr(random_prefix.size()))) {
                s.copies = CopyPolicy::Random;
                s.copy_seed = *number(policy.substr(random_prefix.size()));
            } else {
                return refuse(why, "copies= takes prompt, delay:K, lazy or random:SEED");
            }
        } else if (const auto a = run_ahead(item)) {
            if (s.kind != Kind::Lockstep && s.kind != Kind::Converged)
                return refuse(why, "a thread runs ahead (T@J+K) only of a lockstep schedule");
            s.ahead.push_back(*a);
        } else {
            return refuse(why, "'" + std::string(item) +
                                   "' is not blocks=..., resident=R, copies=... or T@J+K (thread "
                                   "T at its turn J runs K turns ahead)");
        }
    }
    return s;
}

std::string Schedule::name() const {
    std::string text;
    switch (kind) {
        case Kind::Lockstep:
            text = "lockstep";
            break;
        case Kind::Sequential:
            text = "sequential";
            break;
        case Kind::Random:
            text = "random:" + std::to_string(seed);
            break;
        case Kind::Converged:
            text = "converged";
            break;
    }
    if (blocks == BlockOrder::Reverse) text += ",blocks=reverse";
    if (blocks == BlockOrder::Random) text += ",blocks=random:" + std::to_string(block_seed);
    if (resident != 1) text += ",resident=" + std::to_string(resident);
    switch (copies) {
        case CopyPolicy::Prompt:
            break;
        case CopyPolicy::Delay:
            text += ",copies=delay:" + std::to_string(copy_delay);
            break;
        case CopyPolicy::Lazy:
            text += ",copies=lazy";
            break;
        case CopyPolicy::Random:
            text += ",copies=random:" + std::to_string(copy_seed);
            break;
    }
    for (const RunAhead& a : ahead) {
        text += ",";
        if (a.block != 0) text += std::to_string(a.block) + "/";
        text +=
            std::to_string(a.thread) + "@" + std::to_string(a.turn) + "+" + std::to_string(a.extra);
    }
    return text;
}

}  // namespace ws::sim
