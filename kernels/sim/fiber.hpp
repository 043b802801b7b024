// A CUDA thread of the emulator: a body run on a stack of its own, suspended and resumed by the
// scheduler. One interface, two implementations: Boost.Context natively (here, inline: a swap is
// the emulator's hottest path, and a call into another file, a state behind a pointer and a
// std::function per thread cost `verify` a third more time), and Emscripten's fibers in the web
// page (fiber_emscripten.cpp; the page is linked with -sASYNCIFY and swaps only below an
// exported function that JavaScript calls, web/page_frame.cpp).
//
// A fiber must stay where it was started until its body ends or it is dropped (the scheduler's
// threads are made once per block, then never moved).
#pragma once
#include <functional>
#include <memory>
#include <utility>

#if !defined(__EMSCRIPTEN__)
#include <boost/context/fiber.hpp>

#include "kernels/sim/stack_pool.hpp"
#endif

namespace ws::sim {

#if !defined(__EMSCRIPTEN__)

class Fiber {
  public:
    // Makes the fiber, with a stack from this OS thread's pool; nothing runs yet. A fiber left
    // suspended before is unwound first (its frames' destructors run).
    template <class Body>
    void start(Body body) {
        fiber_ = boost::context::fiber(
            std::allocator_arg, PooledStack{&StackPool::for_this_thread()},
            [this, body = std::move(body)](boost::context::fiber&& back) mutable {
                back_ = std::move(back);
                body();
                return std::move(back_);
            });
    }
    // From the scheduler: runs the body until it suspends or returns.
    void resume() { fiber_ = std::move(fiber_).resume(); }
    // From inside the body: back to the scheduler, until it resumes this fiber.
    void suspend() { back_ = std::move(back_).resume(); }

  private:
    // A fiber dropped while suspended (a launch ended by an error or a deadlock) is unwound,
    // its destructors run: `fiber_` is destroyed after `back_`, which a suspended body has
    // given up.
    boost::context::fiber fiber_;  // resumes the body
    boost::context::fiber back_;   // inside the body: resumes the scheduler
};

#else

class Fiber {
  public:
    Fiber();
    // A fiber dropped while suspended (a launch ended by an error or a deadlock): its stack is
    // only given back (Emscripten cannot unwind it).
    ~Fiber();
    Fiber(Fiber&&) noexcept;
    Fiber& operator=(Fiber&&) noexcept;

    template <class Body>
    void start(Body body) {
        start_body(std::function<void()>(std::move(body)));
    }
    void resume();
    void suspend();

    struct State;

  private:
    void start_body(std::function<void()> body);
    std::unique_ptr<State> state_;
};

#endif

}  // namespace ws::sim
