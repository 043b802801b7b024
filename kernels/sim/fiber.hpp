// A CUDA thread of the emulator: a body run on a stack of its own, suspended and resumed by the
// scheduler. One interface, two implementations: Boost.Context natively (fiber_boost.cpp) and
// Emscripten's fibers in the web page (fiber_emscripten.cpp; the page is linked with -sASYNCIFY
// and swaps only below an exported function that JavaScript calls, web/page_frame.cpp).
#pragma once
#include <functional>
#include <memory>

namespace ws::sim {

class Fiber {
  public:
    Fiber();
    // A fiber dropped while suspended (a launch ended by an error or a deadlock): natively its
    // frames are unwound, their destructors run; in the web page its stack is only given back.
    ~Fiber();
    Fiber(Fiber&&) noexcept;
    Fiber& operator=(Fiber&&) noexcept;

    // Makes the fiber, with a stack from this OS thread's pool; nothing runs yet.
    void start(std::function<void()> body);
    // From the scheduler: runs the body until it suspends or returns.
    void resume();
    // From inside the body: back to the scheduler, until it resumes this fiber.
    void suspend();

    struct State;  // each implementation's own

  private:
    std::unique_ptr<State> state_;
};

}  // namespace ws::sim
