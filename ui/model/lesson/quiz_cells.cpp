// The quiz's questions about shared cells: the value a cell will hold, the cell a thread's write
// will hit, and the two threads that race on a cell. Facts from the view and the block's events.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <utility>

#include "ui/model/lesson/quiz.hpp"
#include "ui/model/lesson/quiz_internal.hpp"
#include "ui/model/trace/race_steps.hpp"
#include "ui/model/trace/step_text.hpp"

namespace ws::ui::quiz_detail {
namespace {

using trace::Event;
using trace::EventKind;

// The block's events of one thread (they are in (thread, seq) order): [begin, end) indices.
std::pair<std::size_t, std::size_t> events_of_thread(const trace::BlockTrace& b,
                                                     std::uint32_t thread) {
    auto by_thread = [](const Event& e, std::uint32_t t) { return e.thread < t; };
    auto first = std::lower_bound(b.events.begin(), b.events.end(), thread, by_thread);
    auto last = first;
    while (last != b.events.end() && last->thread == thread) ++last;
    return {std::size_t(first - b.events.begin()), std::size_t(last - b.events.begin())};
}

// The write that left `value` in `cell`: the thread's last write of the cell in the step (in an
// access-step, the last whose value reads the same), or nullopt.
std::optional<std::size_t> write_event(const TraceView& v, const StepView& s, std::uint32_t thread,
                                       std::uint32_t cell, const std::string& value) {
    const trace::DType type = v.trace->smem_type;
    const auto [begin, end] = events_of_thread(*v.block, thread);
    std::optional<std::size_t> last, same_value;
    for (std::size_t i = begin; i < end; ++i) {
        const Event& e = v.block->events[i];
        if (e.kind != EventKind::SharedWrite || trace::step_of(e) != s.id ||
            e.address / v.elem_size != cell)
            continue;
        last = i;
        if (format_value(event_value(e, type), type) == value) same_value = i;
    }
    return s.micro && same_value ? same_value : last;
}

// One value a thread read on the way to a shared write.
struct Operand {
    std::string text;  // "s[5] = 12", "12 from global memory", "12 from lane 7 (a shuffle)"
    double value = 0;
    bool scalar = true;  // one element (a wide load's event holds its first element only)
};

// What the thread read since its previous shared write (the values that flow into this one),
// in program order.
std::vector<Operand> operands_of(const TraceView& v, std::size_t write) {
    const trace::BlockTrace& b = *v.block;
    const trace::DType type = v.trace->smem_type;
    std::vector<Operand> out;
    for (std::size_t i = write; i-- > 0;) {
        const Event& e = b.events[i];
        if (e.thread != b.events[write].thread || e.kind == EventKind::SharedWrite) break;
        const std::string value = format_value(event_value(e, type), type);
        Operand o{"", event_value(e, type), e.width <= v.elem_size};
        if (e.kind == EventKind::SharedRead)
            o.text = cell_name(static_cast<long long>(e.address / v.elem_size)) + " = " + value;
        else if (e.kind == EventKind::GlobalRead)
            o.text = value + " from global memory";
        else if (e.kind == EventKind::Shuffle && !trace::is_ballot(e))
            o.text = value + " from lane " + std::to_string(e.src_lane) + " (a shuffle)";
        else if (e.kind == EventKind::Atomic)
            o.text = value + " from an atomic";
        else
            continue;
        out.push_back(std::move(o));
    }
    std::reverse(out.begin(), out.end());
    return out;
}

// "writes 12 + 30 = 42", "copies s[37] (30)", ... : how the written value follows from the
// operands (by the type's arithmetic and the panels' formatting) and the line's code (min, max),
// or "" when no simple rule fits.
std::string how_made(const std::vector<Operand>& ops, double written, trace::DType type,
                     const std::string& code) {
    const std::string target = format_value(written, type);
    if (ops.empty()) return "";
    long double sum = 0;
    double lo = ops[0].value, hi = ops[0].value;
    std::string formula;
    bool scalars = true;
    for (const Operand& o : ops) {
        scalars = scalars && o.scalar;
        sum += o.value;
        lo = std::min(lo, o.value);
        hi = std::max(hi, o.value);
        const std::string term = format_value(o.value, type);
        formula += (formula.empty() ? "" : " + ") + (o.value < 0 ? "(" + term + ")" : term);
    }
    double total = double(sum);
    if (type == trace::DType::Int32)  // wraps modulo 2^32, as on the GPU
        total = double(std::int32_t(std::uint32_t(std::int64_t(sum))));
    const bool two = ops.size() >= 2;
    if (two && scalars && format_value(total, type) == target)
        return ops.size() <= 4 ? "writes " + formula + " = " + target
                               : "writes their sum, " + target + ",";
    if (two && code.find("max") != std::string::npos && format_value(hi, type) == target)
        return "writes the larger, " + target + ",";
    if (two && code.find("min") != std::string::npos && format_value(lo, type) == target)
        return "writes the smaller, " + target + ",";
    for (std::size_t i = ops.size(); i-- > 0;)  // a value it read, unchanged (the last such)
        if (format_value(ops[i].value, type) == target)
            return "copies " + ops[i].text.substr(0, ops[i].text.find(" = ")) +
                   (ops[i].text.find(" = ") == std::string::npos ? "" : " (" + target + ")");
    return "";
}

// "Thread 5 reads s[5] = 12 and s[37] = 30 (since its last shared write) and writes 12 + 30 = 42
// into s[5]."
std::string value_story(const TraceView& v, const StepView& s, std::uint32_t thread,
                        std::uint32_t cell, std::optional<std::size_t> write) {
    const trace::DType type = v.trace->smem_type;
    const std::string value = format_value(s.values[cell], type);
    std::string out = "Thread " + std::to_string(thread);
    const std::vector<Operand> ops = write ? operands_of(v, *write) : std::vector<Operand>{};
    if (ops.empty()) {
        out += " writes " + value + " into " + cell_name(cell) +
               " without reading memory since its last shared write: a value from its registers "
               "(a constant, or one it computed before).";
    } else {
        std::vector<std::string> texts;
        for (std::size_t i = 0; i < ops.size() && i < 6; ++i) texts.push_back(ops[i].text);
        if (ops.size() > 6) texts.push_back(std::to_string(ops.size() - 6) + " more");
        out += " reads ";
        for (std::size_t i = 0; i < texts.size(); ++i)
            out += (i == 0 ? "" : i + 1 == texts.size() ? " and " : ", ") + texts[i];
        out += " (since its last shared write)";
        const std::string how = how_made(ops, s.values[cell], type,
                                         write ? v.line_text(v.block->events[*write].line) : "");
        out += how.empty() ? " and, with what its registers held, writes " + value + " into " +
                                 cell_name(cell) + "."
                           : " and " + how + " into " + cell_name(cell) + ".";
    }
    if (s.cells[cell] & kCellPadding) out += " It is padding: no input element reached it.";
    return out;
}

}  // namespace

std::optional<Question> ask_cell_value(const TraceView& v, std::size_t step, Chooser& pick) {
    const StepView& s = v.steps[step];
    std::vector<std::uint32_t> written;
    for (std::uint32_t c = 0; c < s.cells.size() && c < s.values.size(); ++c)
        if ((s.cells[c] & kCellWritten) && !(s.cells[c] & kCellFromGlobal) && s.defined[c])
            written.push_back(c);  // (a value loaded from global memory is not on screen)
    if (written.empty()) return std::nullopt;
    const std::uint32_t cell = written[pick.below(written.size())];
    std::uint32_t writer = 0;  // the last to write it (accesses are in the order replayed)
    for (const CellAccess& a : s.accesses)
        if (a.write && a.cell == cell) writer = a.thread;

    Question q;
    q.kind = QuestionKind::CellValue;
    q.shape = AnswerShape::Value;
    q.cell = cell;
    q.thread = writer;
    q.warp = writer / trace::kWarpSize;
    q.value_type = v.trace->smem_type;
    q.expected_value = s.values[cell];
    q.answer = format_value(q.expected_value, q.value_type);
    const std::optional<std::size_t> write = write_event(v, s, writer, cell, q.answer);
    if (write) q.line = v.block->events[*write].line;
    q.prompt = "Step " + step_label(s) + ": thread " + std::to_string(writer) + " writes " +
               cell_name(cell) +
               (q.line ? " at line " + std::to_string(q.line) + code_quote(v, q.line) : "") +
               ". Which value will " + cell_name(cell) + " hold after " +
               (s.micro ? "this access" : "the step") + "?" +
               (q.value_type == trace::DType::Int32 ? "" : " (4 significant digits will do)");
    q.explain = value_story(v, s, writer, cell, write);
    return q;
}

std::optional<Question> ask_written_cell(const TraceView& v, std::size_t step, Chooser& pick) {
    const StepView& s = v.steps[step];
    if (!first_of_real_step(s)) return std::nullopt;
    // Writes of cells the view shows, by instruction.
    std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> writes;
    for (std::uint32_t i : shared_instructions(v, s)) {
        const trace::WarpInstruction& inst = v.instructions[i].inst;
        if (inst.kind != EventKind::SharedWrite) continue;
        std::vector<std::uint32_t> events;
        for (std::uint32_t e : inst.events)
            if (v.block->events[e].address / v.elem_size < v.cells) events.push_back(e);
        if (!events.empty()) writes.push_back({i, std::move(events)});
    }
    if (writes.empty()) return std::nullopt;
    const auto& [at, events] = writes[pick.below(writes.size())];
    const Event& e = v.block->events[events[pick.below(events.size())]];
    const trace::WarpInstruction& inst = v.instructions[at].inst;

    Question q;
    q.kind = QuestionKind::WrittenCell;
    q.shape = AnswerShape::Cell;
    q.instruction = at;
    q.thread = e.thread;
    q.warp = inst.warp;
    q.line = e.line;
    q.occurrence = inst.occurrence;
    q.cell = static_cast<std::uint32_t>(e.address / v.elem_size);
    q.expected = {q.cell};
    for (std::uint32_t k = 1; k < e.width / v.elem_size && q.cell + k < v.cells; ++k)
        q.also_right.push_back({static_cast<long long>(q.cell + k)});  // a wide write's others
    q.answer = answer_words(q.kind, q.expected);
    q.prompt = "Step " + step_label(s) + ", line " + std::to_string(e.line) +
               code_quote(v, e.line) + ": which shared cell will thread " +
               std::to_string(e.thread) + " write" +
               which_access(v, s, inst, 1u << (e.thread % trace::kWarpSize)) +
               "? Click it, or type s[12].";
    const trace::DType type = v.trace->smem_type;
    q.explain = "Thread " + std::to_string(e.thread) + " writes " +
                format_value(event_value(e, type), type) + " at byte " + std::to_string(e.address) +
                ", and " + std::to_string(e.address) + " / " + std::to_string(v.elem_size) +
                " bytes an element = " + std::to_string(q.cell) + ": " + cell_name(q.cell) +
                (q.also_right.empty()
                     ? ""
                     : " and the cells after it (" + std::to_string(e.width) + " bytes at once)") +
                ".";
    // The warp's pattern, when its lanes write cells a fixed stride apart.
    std::vector<long long> cells;
    for (std::uint32_t i : events) cells.push_back(v.block->events[i].address / v.elem_size);
    if (cells.size() >= 2) {
        const long long stride = cells[1] - cells[0];
        bool even = stride > 0;
        for (std::size_t i = 1; i < cells.size(); ++i) even &= cells[i] - cells[i - 1] == stride;
        if (even)
            q.explain += " Warp " + std::to_string(inst.warp) + "'s " +
                         plural(cells.size(), "lane", "lanes") + " write " +
                         (stride == 1 ? std::string("consecutive cells")
                                      : "every " + ordinal(std::uint64_t(stride)) + " cell") +
                         ", " + cell_name(cells.front()) + " to " + cell_name(cells.back()) + ".";
    }
    return q;
}

std::optional<Question> ask_racing_pair(const TraceView& v, std::size_t step, Chooser& pick) {
    const StepView& s = v.steps[step];
    if (s.races.empty()) return std::nullopt;
    const std::uint32_t index = s.races[pick.below(s.races.size())];
    const RacePair& r = v.races[index];

    Question q;
    q.kind = QuestionKind::RacingPair;
    q.shape = AnswerShape::Numbers;
    q.race = index;
    q.cell = r.cell;
    q.thread = r.second_thread;
    q.warp = r.second_thread / trace::kWarpSize;
    q.line = r.second_line;
    q.expected = {std::min(r.first_thread, r.second_thread),
                  std::max(r.first_thread, r.second_thread)};
    q.answer = answer_words(q.kind, q.expected);
    // Any two threads that touch the word in the step, one of them writing, race as well.
    std::map<std::uint32_t, bool> writes;  // thread -> wrote the word
    for (const Event& e : v.block->events) {
        if (trace::step_of(e) != s.id) continue;
        if (e.kind != EventKind::SharedRead && e.kind != EventKind::SharedWrite) continue;
        const std::uint64_t first = e.address / 4, words = std::max(1u, unsigned(e.width) / 4);
        if (r.hazard.word < first || r.hazard.word >= first + words) continue;
        writes[e.thread] = writes[e.thread] || e.kind == EventKind::SharedWrite;
    }
    for (auto a = writes.begin(); a != writes.end(); ++a)
        for (auto b = std::next(a); b != writes.end(); ++b) {
            const std::vector<long long> pair = {a->first, b->first};
            if ((a->second || b->second) && pair != q.expected) q.also_right.push_back(pair);
        }

    const std::string cell = cell_name(r.cell);
    q.prompt = "Step " + step_label(s) + ": two threads touch " + cell + " in step " +
               step_label(s.id) +
               " with no sync between them, at least one of them writing: a race. Which two "
               "threads? (e.g. 3, 19)";
    auto access = [&](std::uint16_t thread, bool write, std::uint16_t line, bool same_line) {
        return "thread " + std::to_string(thread) + (write ? " writes " : " reads ") + cell +
               (same_line ? std::string(" on the same line")
                          : " at line " + std::to_string(line) + code_quote(v, line));
    };
    std::string first = access(r.first_thread, r.first_writes, r.first_line, false);
    first[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(first[0])));
    const bool same_warp = r.first_thread / trace::kWarpSize == r.second_thread / trace::kWarpSize;
    q.explain =
        first + " and " +
        access(r.second_thread, r.second_writes, r.second_line, r.second_line == r.first_line) +
        ", both in step " + step_label(s.id) + ", and nothing orders them (" +
        (same_warp ? "lanes of one warp: a __syncwarp would" : "two warps: a barrier would") +
        "), so which runs first decides " +
        (r.first_writes && r.second_writes ? "which value stays." : "what is read.") + " In " +
        v.race_order + " thread " + std::to_string(r.first_thread) + " went first: access-step " +
        step_label(v.steps[r.first_step]) + ", then " + step_label(v.steps[r.second_step]) + ".";
    if (q.also_right.size() == 1)
        q.explain += " One other pair races on it as well, and counts as right.";
    else if (!q.also_right.empty())
        q.explain += " " + std::to_string(q.also_right.size()) +
                     " other pairs race on it as well, and count as right.";
    return q;
}

}  // namespace ws::ui::quiz_detail
