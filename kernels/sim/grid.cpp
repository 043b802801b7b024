// The grid: which blocks run, in what order and how many at once (Schedule::blocks and
// ::resident), and the deadlock between blocks that a too-small resident set can cause.
#include <algorithm>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "kernels/sim/block_state.hpp"
#include "kernels/sim/cuda_shim.hpp"
#include "kernels/trace/id_ranges.hpp"
#include "kernels/trace/splitmix.hpp"

namespace ws::sim {
namespace {

// Linear block ids in the order they start.
std::vector<unsigned> start_order(const Schedule& s, unsigned count) {
    std::vector<unsigned> order(count);
    std::iota(order.begin(), order.end(), 0u);
    if (s.blocks == BlockOrder::Reverse) std::reverse(order.begin(), order.end());
    if (s.blocks == BlockOrder::Random) {
        std::uint64_t rng = s.block_seed;
        for (unsigned i = count; i > 1; --i) std::swap(order[i - 1], order[splitmix64(rng) % i]);
    }
    return order;
}

// Every thread that could run only spins, and has spun kStuckSpins turns with nothing done
// anywhere since.
bool stuck(const SimBlock& b) {
    if (b.ready.empty() || !b.copies.empty()) return false;
    for (unsigned i : b.ready) {
        const SimThread& t = b.threads[i];
        if (!t.spun || t.idle_spins < kStuckSpins) return false;
    }
    return true;
}

const SimThread& first_spinner(const SimBlock& b) {
    const SimThread* first = &b.threads[b.ready.front()];
    for (unsigned i : b.ready)
        if (b.threads[i].linear < first->linear) first = &b.threads[i];
    return *first;
}

class Grid {
  public:
    Grid(const LaunchConfig& config, const std::function<void()>& body, BlockObserver* observer)
        : config_(config),
          body_(body),
          observer_(observer),
          order_(start_order(config.schedule, unsigned(config.grid.count()))),
          finished_(order_.size(), false),
          rng_(config.schedule.block_seed ^ 0x5bd1e995ull) {}

    ~Grid() {
        for (auto& b : running_) b->threads.clear();  // unwinds suspended fibers first
        leave_blocks();
    }

    std::optional<KernelError> run() {
        const std::size_t resident =
            std::min<std::size_t>(config_.schedule.resident, order_.size());
        std::size_t slot = 0;
        const SimBlock* last = nullptr;
        for (;;) {
            while (running_.size() < resident && next_ < order_.size()) start(order_[next_++]);
            if (running_.empty()) return std::nullopt;
            if (running_.size() > 1) {
                if (config_.schedule.blocks == BlockOrder::Random)
                    slot = splitmix64(rng_) % running_.size();
                else
                    slot = (slot + 1) % running_.size();
            } else {
                slot = 0;
            }
            SimBlock& b = *running_[slot];
            enter_block(b);
            // Another block ran (or started, or finished) since this one's last turn: the observer
            // follows it again. Also when it is the last one running, alone.
            if (&b != last && observer_) observer_->block_resumed(b.linear);
            last = &b;
            if (step_block(b, observer_)) {
                if (stuck_alarm()) {  // a spinner has waited long: is anything still moving?
                    stuck_alarm() = false;
                    if (all_stuck()) return deadlock();
                }
                continue;
            }
            if (b.error) return b.error;
            if (observer_) observer_->block_finished(b.linear);
            finished_[b.linear] = true;
            b.threads.clear();
            running_.erase(running_.begin() + std::ptrdiff_t(slot));
            last = nullptr;
        }
    }

  private:
    void start(unsigned linear) {
        auto b = std::make_unique<SimBlock>();
        const Dim& g = config_.grid;
        b->linear = linear;
        b->ix = linear % g.x;
        b->iy = linear / g.x % g.y;
        b->iz = unsigned(linear / (std::uint64_t(g.x) * g.y));
        b->schedule = config_.schedule;
        for (const RunAhead& a : config_.schedule.ahead)
            if (a.block == linear) b->ahead.push_back(a);
        b->rng = config_.schedule.seed ^ (std::uint64_t(linear) << 32);
        b->copy_rng = config_.schedule.copy_seed ^ (std::uint64_t(linear) << 32) ^ 0x9e37ull;
        // Fresh shared memory holds garbage on a GPU; a recognisable pattern here.
        b->smem.assign(config_.dynamic_smem_bytes + config_.static_smem_bytes, 0xCD);
        b->smem_recorded = b->smem;
        b->dynamic_bytes = config_.dynamic_smem_bytes;
        b->static_end = (config_.dynamic_smem_bytes + 15) / 16 * 16;
        b->threads.resize(config_.block.count());
        unsigned i = 0;
        for (unsigned z = 0; z < config_.block.z; ++z)
            for (unsigned y = 0; y < config_.block.y; ++y)
                for (unsigned x = 0; x < config_.block.x; ++x, ++i) {
                    SimThread& t = b->threads[i];
                    t.linear = i;
                    t.x = x;
                    t.y = y;
                    t.z = z;
                }
        start_block(*b, body_, observer_);
        running_.push_back(std::move(b));
    }

    bool all_stuck() const {
        return std::all_of(running_.begin(), running_.end(),
                           [](const auto& b) { return stuck(*b); });
    }

    KernelError deadlock() const {
        std::vector<unsigned> waiting, unstarted;
        std::string waits;
        KernelError e;
        for (const auto& b : running_) {
            const SimThread& t = first_spinner(*b);
            waiting.push_back(b->linear);
            if (!waits.empty()) waits += "; ";
            waits += "block " + std::to_string(b->linear) + " spins at line " +
                     std::to_string(t.spin_wait_line);
            if (t.waits_for != BlockWait::kNothing)
                waits += " waiting for " + std::to_string(t.waits_for);
            if (waiting.size() == 1) {
                e.line = t.spin_wait_line;
                e.block = b->linear;
                e.thread = t.linear;
            }
        }
        for (std::size_t i = next_; i < order_.size(); ++i) unstarted.push_back(order_[i]);
        const std::size_t resident = config_.schedule.resident;
        std::string why = unstarted.empty()
                              ? std::string("no block still to run will set what ") +
                                    (waiting.size() == 1 ? "it waits" : "they wait") + " for"
                              : trace::counted_ranges(unstarted, "block", "blocks") +
                                    " cannot start: room for " + std::to_string(resident) +
                                    (resident == 1 ? " block" : " blocks") +
                                    " at once (resident=" + std::to_string(resident) +
                                    ") and it is held by waiting blocks";
        e.message = "line " + std::to_string(e.line) + ", block " + std::to_string(e.block) +
                    " thread " + std::to_string(e.thread) +
                    ": no block can go on (deadlock): " + waits + "; " + why;
        if (order_.size() <= KernelError::kMaxGridPicture) {
            e.grid.resize(order_.size());
            for (unsigned i = 0; i < order_.size(); ++i) {
                e.grid[i].block = i;
                if (finished_[i]) e.grid[i].state = BlockWait::State::Finished;
            }
            for (const auto& b : running_) {
                const SimThread& t = first_spinner(*b);
                BlockWait& w = e.grid[b->linear];
                w.state = BlockWait::State::Waiting;
                w.line = t.spin_wait_line;
                w.thread = t.linear;
                w.waits_for = t.waits_for;
            }
        }
        return e;
    }

    const LaunchConfig& config_;
    const std::function<void()>& body_;
    BlockObserver* observer_;
    std::vector<unsigned> order_;
    std::vector<bool> finished_;
    std::size_t next_ = 0;
    std::vector<std::unique_ptr<SimBlock>> running_;
    std::uint64_t rng_;
};

}  // namespace

std::optional<KernelError> launch(const LaunchConfig& config,
                                  const std::function<void()>& thread_body,
                                  BlockObserver* observer) {
    auto refuse = [](std::string message) {
        KernelError e;
        e.message = std::move(message);
        return e;
    };
    if (inside_kernel()) return refuse("a kernel cannot launch another kernel on the emulator");
    const std::uint64_t threads = config.block.count();
    if (threads == 0 || threads > 1024 || config.grid.count() == 0 ||
        config.grid.count() > 0xffffffffull)
        return refuse("invalid launch: " + std::to_string(config.grid.count()) + " blocks of " +
                      std::to_string(threads) + " threads (1..1024 threads, at least one block)");
    const std::uint64_t resident =
        std::min<std::uint64_t>(config.schedule.resident, config.grid.count());
    if (resident * threads > Schedule::kMaxResidentThreads)
        return refuse("resident=" + std::to_string(resident) + " blocks of " +
                      std::to_string(threads) + " threads are more threads at once than the " +
                      "emulator runs (" + std::to_string(Schedule::kMaxResidentThreads) + ")");
    gridDim = dim3(config.grid.x, config.grid.y, config.grid.z);
    blockDim = dim3(config.block.x, config.block.y, config.block.z);
    return Grid(config, thread_body, observer).run();
}

}  // namespace ws::sim
