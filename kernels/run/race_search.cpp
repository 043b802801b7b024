#include "kernels/run/race_search.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/trace/analysis.hpp"
#include "kernels/trace/splitmix.hpp"

namespace ws::run {
namespace {

std::string with_ahead(const std::vector<sim::RunAhead>& ahead) {
    sim::Schedule s;
    s.ahead = ahead;
    return s.name();
}

trace::Trace run_under(const trace::Request& base, const std::string& schedule, bool record) {
    trace::Request r = base;
    r.schedule = schedule;
    r.blocks = {0};
    r.all_blocks = false;
    RunOptions o;
    o.record = record;
    o.count_totals = false;
    return run_on_emulator(r, o);
}

// The same result as `base`, bit for bit (the whole output, for arrays).
bool same_result(const trace::Trace& t, const trace::Trace& base) {
    return t.error.empty() && t.result.bits == base.result.bits &&
           t.output_digest == base.output_digest;
}

std::string result_text(const trace::Trace& t) {
    return t.error.empty() ? t.result.to_string() : t.error;
}

// How a run that broke went wrong, to end "So ...".
std::string failure_text(const trace::Trace& t) {
    const std::string wrong = "wrong result: ";
    const VariantInfo* v = find_variant(t.request.algo);
    const bool array = v && writes_array(v->family);
    if (t.error.rfind(wrong, 0) != 0) return "the run ends with: " + t.error;
    if (!array) return "the sum is " + t.result.to_string() + ", not " + t.expected.to_string();
    return "the output is wrong: " + t.error.substr(wrong.size());
}

bool is_array(const trace::Trace& t) {
    const VariantInfo* v = find_variant(t.request.algo);
    return v && writes_array(v->family);
}

// What a result is called: "the sum", "the scan's last element".
std::string what(const trace::Trace& t) {
    return is_array(t) ? "the output" : "the sum";
}

// An upper bound of each thread's turns under lockstep: a turn ends at each shared access or
// atomic, at each barrier and each warp collective.
std::vector<unsigned> turn_bounds(const trace::Trace& t) {
    std::vector<unsigned> turns(t.threads_per_block, 1);
    if (t.blocks.empty()) return turns;
    unsigned phases = 0;
    for (const trace::Event& e : t.blocks[0].events) {
        if (e.thread < turns.size()) ++turns[e.thread];
        phases = std::max<unsigned>(phases, e.phase);
    }
    for (unsigned& n : turns) n += phases + 1;
    return turns;
}

bool is_shared(const trace::Event& e) {
    return e.kind == trace::EventKind::SharedRead || e.kind == trace::EventKind::SharedWrite;
}

// Events of one block, indexed as (thread, k-th event of that thread), and where each ran.
struct Indexed {
    const trace::BlockTrace* b = nullptr;
    std::vector<std::uint32_t> first;  // first event of each thread
    std::vector<std::uint32_t> ran_at;

    Indexed(const trace::BlockTrace& block, unsigned threads) : b(&block) {
        first.assign(threads + 1, 0);
        for (const trace::Event& e : block.events)
            if (e.thread < threads) ++first[e.thread + 1];
        for (unsigned t = 0; t < threads; ++t) first[t + 1] += first[t];
        ran_at.assign(block.events.size(), 0);
        for (std::uint32_t p = 0; p < block.order.size(); ++p) ran_at[block.order[p]] = p;
    }
    // The index here of the event that is the k-th of `thread` (or -1).
    long find(unsigned thread, std::uint32_t k) const {
        if (thread + 1 >= first.size() || first[thread] + k >= first[thread + 1]) return -1;
        return long(first[thread] + k);
    }
};

RaceAccess access_of(const trace::Trace& t, const trace::Event& e) {
    RaceAccess a;
    a.thread = e.thread;
    a.line = e.line;
    a.write = e.kind == trace::EventKind::SharedWrite;
    a.index = e.width ? e.address / e.width : e.address;
    a.value = trace::Value{t.smem_type, e.value}.to_string();
    return a;
}

// The first read (in the failing run's order) that got another value than under lockstep, and
// the access of another thread to the same word, in the same phase, whose order with it is
// swapped between the runs. Without such a read: the first swapped pair of conflicting accesses.
bool swapped_pair(const trace::Trace& fail, const trace::Trace& lock, RaceAccess& early,
                  RaceAccess& late) {
    if (fail.blocks.empty() || lock.blocks.empty()) return false;
    const trace::BlockTrace& F = fail.blocks[0];
    const trace::BlockTrace& L = lock.blocks[0];
    if (F.order.empty() || L.order.empty()) return false;
    const unsigned threads = fail.threads_per_block;
    const Indexed fi(F, threads), li(L, threads);
    // Shared accesses by (phase, address), in the failing run.
    std::map<std::pair<unsigned, std::uint64_t>, std::vector<std::uint32_t>> by_word;
    for (std::uint32_t i = 0; i < F.events.size(); ++i)
        if (is_shared(F.events[i])) by_word[{F.events[i].phase, F.events[i].address}].push_back(i);
    auto lock_pos = [&](std::uint32_t i) -> long {
        const trace::Event& e = F.events[i];
        const long j = li.find(e.thread, i - fi.first[e.thread]);
        return j < 0 ? -1 : long(li.ran_at[std::size_t(j)]);
    };
    auto swapped = [&](std::uint32_t a, std::uint32_t b) {  // a ran before b in the failing run
        const long la = lock_pos(a), lb = lock_pos(b);
        return la >= 0 && lb >= 0 && lb < la;
    };
    auto conflict = [&](std::uint32_t a, std::uint32_t b) {
        const trace::Event &x = F.events[a], &y = F.events[b];
        return x.thread != y.thread &&
               (x.kind == trace::EventKind::SharedWrite || y.kind == trace::EventKind::SharedWrite);
    };
    auto pick = [&](std::uint32_t a, std::uint32_t b) {
        if (fi.ran_at[b] < fi.ran_at[a]) std::swap(a, b);
        early = access_of(fail, F.events[a]);
        late = access_of(fail, F.events[b]);
        return true;
    };
    for (std::uint32_t p = 0; p < F.order.size(); ++p) {
        const std::uint32_t r = F.order[p];
        const trace::Event& e = F.events[r];
        if (e.kind != trace::EventKind::SharedRead) continue;
        const long j = li.find(e.thread, r - fi.first[e.thread]);
        if (j < 0 || L.events[std::size_t(j)].value == e.value) continue;
        for (std::uint32_t w : by_word[{e.phase, e.address}]) {
            if (!conflict(r, w)) continue;
            const bool w_first = fi.ran_at[w] < fi.ran_at[r];
            if (w_first ? swapped(w, r) : swapped(r, w)) return pick(r, w);
        }
    }
    for (std::uint32_t p = 0; p < F.order.size(); ++p) {
        const std::uint32_t b = F.order[p];
        if (!is_shared(F.events[b])) continue;
        for (std::uint32_t a : by_word[{F.events[b].phase, F.events[b].address}])
            if (fi.ran_at[a] < p && conflict(a, b) && swapped(a, b)) return pick(a, b);
    }
    return false;
}

}  // namespace

std::string run_ahead_text(const sim::RunAhead& a) {
    return "thread " + std::to_string(a.thread) + " runs " + std::to_string(a.extra) +
           (a.extra == 1 ? " turn" : " turns") + " ahead at its turn " + std::to_string(a.turn);
}

namespace {

std::string element(const RaceAccess& a) {
    return "s[" + std::to_string(a.index) + "]";
}

void tell(RaceStory& s, const trace::Trace& lock, const trace::Request& request) {
    const std::string result = what(lock);
    auto& out = s.story;
    const std::string value =
        is_array(lock) ? " (its last element " + s.lockstep_result + ")" : ": " + s.lockstep_result;
    out.push_back("Under lockstep (every thread makes one shared access a turn, in thread order) " +
                  result + " is" + (s.lockstep_right ? " right" : " already wrong") + value + ".");
    if (!s.found) {
        out.push_back("No schedule of " + std::to_string(s.tries) + " tries gave another result" +
                      (s.lockstep_hazards
                           ? "; but the lockstep trace has " + std::to_string(s.lockstep_hazards) +
                                 " raced shared words (the Warps panel's hazards): a different "
                                 "seed or more tries may find it."
                           : ", and the lockstep trace has no hazards."));
        return;
    }
    std::string decisions;
    for (const sim::RunAhead& a : s.decisions)
        decisions += (decisions.empty() ? "" : "; ") + run_ahead_text(a);
    out.push_back("Try " + std::to_string(s.found_at_try) + " of " + std::to_string(s.tries) +
                  " broke it; shrunk from " + std::to_string(s.decisions_found) + " to " +
                  std::to_string(s.decisions.size()) +
                  (s.decisions.size() == 1 ? " decision: " : " decisions: ") + decisions + ".");
    if (s.has_pair) {
        const RaceAccess &e = s.early, &l = s.late;
        std::string line = "Thread " + std::to_string(e.thread) + " ";
        line += e.write ? "wrote " + e.value + " to " + element(e) : "read " + element(e);
        line += " at line " + std::to_string(e.line);
        if (!e.write) line += " (got " + e.value + ")";
        line += " before thread " + std::to_string(l.thread) + " ";
        line += l.write ? "wrote " + l.value + " to it" : "read it";
        line += " at line " + std::to_string(l.line) + "; under lockstep thread " +
                std::to_string(l.thread) + " went first.";
        out.push_back(line);
    }
    out.push_back("So " + s.failing_result + ".");
    if (s.has_pair)
        out.push_back("Run thread " + std::to_string(s.late.thread) +
                      " first, as lockstep does, and " + result + " is right.");
    trace::Request replay = request;
    replay.schedule = s.schedule;
    out.push_back("See it step by step: warpscope " + command_line(replay));
}

}  // namespace

RaceStory find_race(const RaceSearch& search, const std::atomic<bool>* cancel) {
    RaceStory s;
    const trace::Trace lock = run_under(search.request, "lockstep", true);
    if (!lock.error.empty() && lock.blocks.empty()) {
        s.error = lock.error;
        return s;
    }
    s.lockstep_right = lock.ok;
    s.lockstep_result = result_text(lock);
    s.expected = lock.expected.to_string();
    if (!lock.blocks.empty()) s.lockstep_hazards = trace::find_hazards(lock.blocks[0]).size();

    // Threads to send ahead: those of the lockstep trace's hazards, else any.
    std::vector<unsigned> pool;
    if (!lock.blocks.empty())
        for (const trace::Hazard& h : trace::find_hazards(lock.blocks[0])) {
            pool.push_back(h.first_thread);
            pool.push_back(h.second_thread);
        }
    std::sort(pool.begin(), pool.end());
    pool.erase(std::unique(pool.begin(), pool.end()), pool.end());
    if (pool.empty())
        for (unsigned t = 0; t < lock.threads_per_block; ++t) pool.push_back(t);
    const std::vector<unsigned> turns = turn_bounds(lock);

    auto breaks = [&](const std::vector<sim::RunAhead>& ahead) {
        return !same_result(run_under(search.request, with_ahead(ahead), false), lock);
    };
    std::vector<sim::RunAhead> failing;
    if (s.lockstep_right && !pool.empty()) {
        for (unsigned k = 0; k < search.tries; ++k) {
            if (cancel && *cancel) break;
            ++s.tries;
            std::uint64_t rng = search.seed * 0x2545f4914f6cdd1dull + k;
            std::vector<sim::RunAhead> ahead(1 + splitmix64(rng) % 3);
            for (sim::RunAhead& a : ahead) {
                a.thread = pool[splitmix64(rng) % pool.size()];
                a.turn = 1 + unsigned(splitmix64(rng) % turns[a.thread]);
                a.extra = 1 + unsigned(splitmix64(rng) % 8);
            }
            if (breaks(ahead)) {
                failing = ahead;
                s.found_at_try = k + 1;
                break;
            }
        }
    }
    s.found = !failing.empty();
    s.tries = search.tries;
    if (!s.found) {
        tell(s, lock, search.request);
        return s;
    }
    s.decisions_found = failing.size();
    // Shrink: drop run-aheads while it still breaks (delta debugging), then shorten each.
    for (std::size_t chunks = 2; failing.size() > 1;) {
        const std::size_t size = (failing.size() + chunks - 1) / chunks;
        bool dropped = false;
        for (std::size_t at = 0; at < failing.size() && !dropped; at += size) {
            std::vector<sim::RunAhead> rest(failing.begin(), failing.begin() + std::ptrdiff_t(at));
            rest.insert(rest.end(),
                        failing.begin() + std::ptrdiff_t(std::min(failing.size(), at + size)),
                        failing.end());
            if (!rest.empty() && breaks(rest)) {
                failing = rest;
                chunks = std::max<std::size_t>(chunks - 1, 2);
                dropped = true;
            }
        }
        if (dropped) continue;
        if (chunks >= failing.size()) break;
        chunks = std::min(failing.size(), chunks * 2);
    }
    for (sim::RunAhead& a : failing)
        for (unsigned extra = 1; extra < a.extra; ++extra) {
            const unsigned was = a.extra;
            a.extra = extra;
            if (breaks(failing)) break;
            a.extra = was;
        }
    s.decisions = failing;
    s.schedule = with_ahead(failing);
    const trace::Trace fail = run_under(search.request, s.schedule, true);
    s.failing_result = failure_text(fail);
    s.has_pair = swapped_pair(fail, lock, s.early, s.late);
    tell(s, lock, search.request);
    return s;
}

BoundedCheck check_bounded(const trace::Request& request, const std::vector<unsigned>& extras,
                           const std::atomic<bool>* cancel) {
    BoundedCheck c;
    const trace::Trace lock = run_under(request, "lockstep", true);
    if (!lock.error.empty() && lock.blocks.empty()) {
        c.error = lock.error;
        return c;
    }
    c.schedules = 1;
    c.threads = lock.threads_per_block;
    c.lockstep_result = result_text(lock);
    if (!lock.blocks.empty()) c.lockstep_hazards = trace::find_hazards(lock.blocks[0]).size();
    const std::vector<unsigned> turns = turn_bounds(lock);
    for (unsigned t : turns) c.most_turns = std::max(c.most_turns, t);
    for (unsigned extra : extras)
        for (unsigned thread = 0; thread < c.threads && !c.counterexample; ++thread)
            for (unsigned turn = 1; turn <= turns[thread]; ++turn) {
                if (cancel && *cancel) {
                    c.cancelled = true;
                    return c;
                }
                const sim::RunAhead a{0, thread, turn, extra};
                const std::string schedule = with_ahead({a});
                const trace::Trace t = run_under(request, schedule, false);
                ++c.schedules;
                if (!same_result(t, lock)) {
                    c.counterexample = true;
                    c.smallest = a;
                    c.schedule = schedule;
                    c.got = failure_text(t);
                    break;
                }
            }
    std::string lengths;
    for (unsigned e : extras) lengths += (lengths.empty() ? "" : ", ") + std::to_string(e);
    c.bound =
        "Checked: lockstep and every schedule in which one thread of block 0 runs ahead "
        "once, by " +
        lengths + " turns, at any of its turns (" + std::to_string(c.schedules) + " schedules, " +
        std::to_string(c.threads) + " threads, n " + std::to_string(request.n) +
        ", this input). Schedules that order every pair of conflicting shared accesses "
        "alike give the same result (partial-order reduction), so where the lockstep "
        "trace has no hazard this covers every interleaving of the block's threads. It "
        "is not a proof for other sizes, other inputs, or the GPU's weaker ordering of "
        "global memory between blocks.";
    return c;
}

}  // namespace ws::run
