// The emulator's fibers on Boost.Context (every build but the web page's).
#if !defined(__EMSCRIPTEN__)
#include <boost/context/fiber.hpp>
#include <utility>

#include "kernels/sim/fiber.hpp"
#include "kernels/sim/stack_pool.hpp"

namespace ws::sim {

struct Fiber::State {
    std::function<void()> body;   // first: destroyed after the fiber that runs it is unwound
    boost::context::fiber back;   // inside the body: resumes the scheduler
    boost::context::fiber fiber;  // resumes the body
};

Fiber::Fiber() = default;
Fiber::~Fiber() = default;
Fiber::Fiber(Fiber&&) noexcept = default;
Fiber& Fiber::operator=(Fiber&&) noexcept = default;

void Fiber::start(std::function<void()> body) {
    state_ = std::make_unique<State>();
    State* s = state_.get();
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
