#include "ui/model/pictures/sector_picture.hpp"

#include <algorithm>
#include <bitset>
#include <utility>

namespace ws::ui {

SectorPicture sector_picture(const trace::BlockTrace& b, const trace::WarpInstruction& inst) {
    SectorPicture p;
    std::vector<std::pair<std::uint8_t, std::uint64_t>> keys;  // (buffer, sector)
    for (std::uint32_t i : inst.events) {
        const trace::Event& e = b.events[i];
        SectorPicture::Lane& lane = p.lanes[e.thread % 32];
        lane.active = true;
        lane.address = e.address;
        lane.width = std::max<std::uint32_t>(1, e.width);
        p.bytes += lane.width;
        for (std::uint64_t s = e.address / kSectorBytes;
             s <= (e.address + lane.width - 1) / kSectorBytes; ++s)
            keys.emplace_back(e.buffer, s);
    }
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    for (const auto& [buffer, sector] : keys) {
        SectorPicture::Box box;
        box.buffer = buffer;
        box.sector = sector;
        const bool new_line =
            p.boxes.empty() || p.boxes.back().buffer != buffer ||
            p.boxes.back().sector * kSectorBytes / kLineBytes != sector * kSectorBytes / kLineBytes;
        if (new_line) ++p.lines;
        box.line = p.lines - 1;
        p.boxes.push_back(box);
    }
    auto box_of = [&](std::uint8_t buffer, std::uint64_t sector) {
        return std::uint32_t(std::lower_bound(keys.begin(), keys.end(), std::pair(buffer, sector)) -
                             keys.begin());
    };
    std::vector<std::uint32_t> used(p.boxes.size());  // per sector: a bit per byte a lane uses
    for (std::uint32_t i : inst.events) {
        const trace::Event& e = b.events[i];
        SectorPicture::Lane& lane = p.lanes[e.thread % 32];
        lane.first_box = box_of(e.buffer, e.address / kSectorBytes);
        lane.last_box = box_of(e.buffer, (e.address + lane.width - 1) / kSectorBytes);
        for (std::uint32_t k = lane.first_box; k <= lane.last_box; ++k) {
            SectorPicture::Box& box = p.boxes[k];
            ++box.lanes;
            const std::uint64_t start = std::max(e.address, box.sector * kSectorBytes);
            const std::uint64_t end =
                std::min(e.address + lane.width, (box.sector + 1) * kSectorBytes);
            for (std::uint64_t a = start; a < end; ++a)
                used[k] |= 1u << (a - box.sector * kSectorBytes);
        }
    }
    for (std::size_t k = 0; k < p.boxes.size(); ++k)
        p.boxes[k].bytes = std::uint32_t(std::bitset<32>(used[k]).count());
    p.sectors = std::uint32_t(p.boxes.size());
    p.ideal_sectors = std::uint32_t((p.bytes + kSectorBytes - 1) / kSectorBytes);
    return p;
}

}  // namespace ws::ui

namespace ws::ui {

std::vector<SectorColumn> sector_columns(const SectorPicture& p, float width, float line_gap) {
    std::vector<SectorColumn> out;
    if (p.boxes.empty()) return out;
    const float gaps = float(p.lines - 1) * line_gap;
    const float gap = gaps < width * 0.5f ? line_gap : 0.0f;  // many lines: no gaps
    const float w = (width - float(p.lines - 1) * gap) / float(p.boxes.size());
    float x = 0;
    for (std::size_t k = 0; k < p.boxes.size(); ++k) {
        if (k > 0 && p.boxes[k].line != p.boxes[k - 1].line) x += gap;
        out.push_back({x, w});
        x += w;
    }
    return out;
}

}  // namespace ws::ui
