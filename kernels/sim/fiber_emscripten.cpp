// The emulator's fibers in the web page: Emscripten's fibers (emscripten_fiber_*), which need the
// page linked with -sASYNCIFY. A swap unwinds the WebAssembly stack up to the exported function
// JavaScript called and rewinds the other fiber's, so the emulator runs only below such a
// function (the page's frame, web/page_frame.cpp), never inside a callback Emscripten calls
// through its function table (emscripten_set_main_loop's: the rewind would not know where to
// go back in).
#if defined(__EMSCRIPTEN__)
#include <emscripten/fiber.h>

#include <cstddef>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include "kernels/sim/fiber.hpp"

namespace ws::sim {
namespace {

// A fiber's C stack (what the compiler keeps in memory: arrays, objects whose address is taken)
// and the buffer Asyncify saves its WebAssembly locals into while it is suspended. Measured on
// the catalog at the lessons' sizes (web/README.md): well inside both.
constexpr std::size_t kStackBytes = 64 * 1024;
constexpr std::size_t kAsyncifyBytes = 16 * 1024;

// The stacks 16-byte aligned: the compiler places 16-byte aligned locals (a Vector16) by
// assuming the stack pointer is, and forms their addresses with bit operations that go wrong on
// a misaligned stack (the page's malloc gives 8 bytes: the vector look-back scan summed wrong).
constexpr std::align_val_t kStackAlignment{16};
struct AlignedDelete {
    void operator()(char* p) const { ::operator delete[](p, kStackAlignment); }
};
using StackBytes = std::unique_ptr<char[], AlignedDelete>;
StackBytes aligned_stack(std::size_t bytes) {
    return StackBytes(static_cast<char*>(::operator new[](bytes, kStackAlignment)));
}

struct Stacks {
    StackBytes c, async;
};

// Stacks kept for reuse, as natively: a 1024-thread block needs 1024 of them.
std::vector<Stacks>& pool() {
    static std::vector<Stacks> free;
    return free;
}

Stacks take_stacks() {
    if (pool().empty()) return {aligned_stack(kStackBytes), aligned_stack(kAsyncifyBytes)};
    Stacks s = std::move(pool().back());
    pool().pop_back();
    return s;
}

// The scheduler's own context (the page's stack), made afresh before each resume: it records
// where the stack is and where Asyncify saves the scheduler's frames while a fiber runs.
emscripten_fiber_t& scheduler() {
    static emscripten_fiber_t context;
    return context;
}
alignas(16) char g_scheduler_async[kAsyncifyBytes];

}  // namespace

struct Fiber::State {
    std::function<void()> body;
    Stacks stacks;
    emscripten_fiber_t context;
};

Fiber::Fiber() = default;
Fiber::~Fiber() {
    if (state_) pool().push_back(std::move(state_->stacks));
}
Fiber::Fiber(Fiber&&) noexcept = default;
Fiber& Fiber::operator=(Fiber&& other) noexcept {
    if (this != &other) {
        if (state_) pool().push_back(std::move(state_->stacks));
        state_ = std::move(other.state_);
    }
    return *this;
}

void Fiber::start_body(std::function<void()> body) {
    if (state_) pool().push_back(std::move(state_->stacks));
    state_ = std::make_unique<State>();
    State* s = state_.get();
    s->body = std::move(body);
    s->stacks = take_stacks();
    emscripten_fiber_init(
        &s->context,
        [](void* arg) {
            State* self = static_cast<State*>(arg);
            self->body();
            // An Emscripten fiber must not return: back to the scheduler, never resumed again.
            emscripten_fiber_swap(&self->context, &scheduler());
        },
        s, s->stacks.c.get(), kStackBytes, s->stacks.async.get(), kAsyncifyBytes);
}

void Fiber::resume() {
    emscripten_fiber_init_from_current_context(&scheduler(), g_scheduler_async,
                                               sizeof g_scheduler_async);
    emscripten_fiber_swap(&scheduler(), &state_->context);
}

void Fiber::suspend() {
    emscripten_fiber_swap(&state_->context, &scheduler());
}

}  // namespace ws::sim
#endif
