// The emulator's fibers on Boost.Context (every build but the web page's).
#if !defined(__EMSCRIPTEN__)
#include <boost/context/fiber.hpp>
#include <memory>
#include <utility>
#include <vector>

#include "kernels/sim/fiber.hpp"
#include "kernels/sim/stack_pool.hpp"

namespace ws::sim {

struct Fiber::State {
    std::function<void()> body;   // first: destroyed after the fiber that runs it is unwound
    boost::context::fiber back;   // inside the body: resumes the scheduler
    boost::context::fiber fiber;  // resumes the body
};

namespace {

// States kept for reuse on this OS thread, as the stacks are (a grid starts a fiber per thread
// per block: millions in `verify`, where an allocation each cost a third of the time).
std::vector<std::unique_ptr<Fiber::State>>& free_states() {
    static thread_local std::vector<std::unique_ptr<Fiber::State>> free;
    return free;
}

}  // namespace

Fiber::Fiber() = default;
Fiber::~Fiber() {
    if (!state_) return;
    state_->fiber = {};  // a suspended body is unwound here, its destructors run
    state_->back = {};
    state_->body = nullptr;
    free_states().push_back(std::move(state_));
}
Fiber::Fiber(Fiber&&) noexcept = default;
Fiber& Fiber::operator=(Fiber&& other) noexcept {
    if (this != &other) {
        Fiber gone(std::move(*this));
        state_ = std::move(other.state_);
    }
    return *this;
}

void Fiber::start(std::function<void()> body) {
    if (!state_) {
        if (free_states().empty()) {
            state_ = std::make_unique<State>();
        } else {
            state_ = std::move(free_states().back());
            free_states().pop_back();
        }
    }
    State* s = state_.get();
    s->fiber = {};  // a body started before and left suspended is unwound first
    s->body = std::move(body);
    s->fiber = boost::context::fiber(std::allocator_arg, PooledStack{&StackPool::for_this_thread()},
                                     [s](boost::context::fiber&& back) {
                                         s->back = std::move(back);
                                         s->body();
                                         return std::move(s->back);
                                     });
}

void Fiber::resume() {
    state_->fiber = std::move(state_->fiber).resume();
}

void Fiber::suspend() {
    state_->back = std::move(state_->back).resume();
}

}  // namespace ws::sim
#endif
