// Fiber stacks, kept for reuse: a 1024-thread block needs 1024 stacks, and making and unmapping
// them for every block would cost more than running most kernels. One pool per OS thread.
#pragma once
#include <boost/context/protected_fixedsize_stack.hpp>
#include <boost/context/stack_context.hpp>
#include <vector>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WS_SIM_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define WS_SIM_ASAN 1
#endif
#if defined(WS_SIM_ASAN)
#include <sanitizer/asan_interface.h>
#endif

namespace ws::sim {

class StackPool {
  public:
    static constexpr std::size_t kStackBytes = 256 * 1024;  // virtual; pages are touched lazily

    ~StackPool() {
        for (auto& s : free_) maker_.deallocate(s);
    }
    boost::context::stack_context get() {
        if (free_.empty()) return maker_.allocate();
        auto s = free_.back();
        free_.pop_back();
#if defined(WS_SIM_ASAN)
        // A fiber unwound by an exception (a launch ended by an error or a deadlock) leaves its
        // frames' redzones poisoned: AddressSanitizer cannot clean a stack it did not see
        // switched to. A reused stack starts clean.
        ASAN_UNPOISON_MEMORY_REGION(static_cast<char*>(s.sp) - s.size, s.size);
#endif
        return s;
    }
    void put(boost::context::stack_context s) {
        free_.push_back(s);
    }

    static StackPool& for_this_thread() {
        static thread_local StackPool pool;
        return pool;
    }

  private:
    boost::context::protected_fixedsize_stack maker_{kStackBytes};
    std::vector<boost::context::stack_context> free_;
};

// The stack-allocator interface Boost.Context expects, backed by the pool.
struct PooledStack {
    StackPool* pool;
    boost::context::stack_context allocate() { return pool->get(); }
    void deallocate(boost::context::stack_context& s) noexcept { pool->put(s); }
};

}  // namespace ws::sim
