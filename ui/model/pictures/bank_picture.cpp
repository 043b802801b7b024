// Builds the lanes-per-bank picture of one shared-memory warp instruction.
#include "ui/model/pictures/bank_picture.hpp"

#include <algorithm>
#include <bitset>

namespace ws::ui {

std::uint32_t BankGroup::ways() const {
    std::size_t most = 0;
    for (const auto& words : banks) most = std::max(most, words.size());
    return static_cast<std::uint32_t>(most);
}

BankPicture bank_picture(const trace::BlockTrace& b, const trace::WarpInstruction& inst) {
    BankPicture pic;
    unsigned width = 4;
    for (std::uint32_t i : inst.events)
        if (i < b.events.size()) width = std::max<unsigned>(width, b.events[i].width);
    const std::uint32_t group_lanes = trace::bank_group_lanes(b, inst);
    const std::uint32_t words_per_lane = width >= 8 ? width / 4 : 1;

    for (std::uint32_t first = 0; first < trace::kWarpSize; first += group_lanes) {
        BankGroup g;
        g.first_lane = first;
        g.lane_count = group_lanes;
        bool any = false;
        for (std::uint32_t i : inst.events) {
            if (i >= b.events.size()) continue;
            const trace::Event& e = b.events[i];
            const std::uint32_t lane = e.thread % trace::kWarpSize;
            if (lane < first || lane >= first + group_lanes) continue;
            any = true;
            for (std::uint32_t k = 0; k < words_per_lane; ++k) {
                const std::uint64_t word = e.address / 4 + k;
                auto& words = g.banks[word % 32];
                auto it = std::find_if(words.begin(), words.end(),
                                       [&](const BankWord& w) { return w.word == word; });
                if (it == words.end()) it = words.insert(words.end(), BankWord{word, 0});
                it->lanes |= 1u << lane;
            }
        }
        if (!any) continue;
        for (auto& words : g.banks) {
            std::sort(words.begin(), words.end(),
                      [](const BankWord& x, const BankWord& y) { return x.word < y.word; });
            if (words.size() > 1) ++pic.conflicted_banks;
            for (const BankWord& w : words)
                if (std::bitset<32>(w.lanes).count() > 1) ++pic.broadcast_words;
        }
        pic.groups.push_back(std::move(g));
    }
    pic.max_ways = trace::bank_report(b, inst).max_ways;  // the counts' own rule
    return pic;
}

BoxLabel word_label(std::uint64_t word, std::uint32_t sharing, float box_w, float px, float min_px,
                    float advance) {
    const std::string address = std::to_string(word);
    // The width of `chars` digits at `size`; the ellipsis counts as 1.6 digits.
    auto width = [&](float chars, float size) { return chars * advance * size; };
    for (const std::string& text :
         {sharing > 1 ? address + " x" + std::to_string(sharing) : address, address}) {
        const float chars = float(text.size());
        if (width(chars, px) <= box_w) return {text, px, false};
        const float fit = box_w / (chars * advance);
        if (fit >= min_px) return {text, std::min(fit, px), false};
    }
    for (std::size_t keep = address.size() - 1; keep >= 1; --keep)
        if (width(float(keep) + 1.6f, min_px) <= box_w)
            return {"\xe2\x80\xa6" + address.substr(address.size() - keep), min_px, true};
    return {"\xe2\x80\xa6", min_px, true};
}

}  // namespace ws::ui
