// Records a plain CUDA kernel from the compiler's instrumentation and the shim's intrinsics
// (plain_hooks.hpp): an access to the block's shared memory or to one of the kernel's buffers
// becomes the same event the vocabulary records; a store is recorded at the thread's next call,
// when its value is in memory.
#include <algorithm>
#include <cstring>
#include <string>

#include "kernels/probe/shuffle_source.hpp"
#include "kernels/sim/plain_hooks.hpp"
#include "kernels/sim/plain_thread.hpp"

namespace ws::sim {
namespace {

LineLookup g_lookup = nullptr;
// A simulated thread's stack at most (kernels/sim/stack_pool.hpp natively, less in the page):
// an address this far below the entry's frame is the thread's own.
constexpr std::size_t kThreadStackBytes = 256 * 1024;
PlainCounts g_counts;

PlainThread* current_plain() {
    return static_cast<PlainThread*>(thread_slot());
}

unsigned line_of(const void* code) {
    // The return address is the instruction after the call: its line may be the next one.
    return g_lookup ? g_lookup(static_cast<const unsigned char*>(code) - 1) : 0;
}

std::uint64_t bits_at(const unsigned char* at, unsigned bytes) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, at, std::min(bytes, 8u));
    return bits;
}

void record(PlainThread& t, bool store, bool shared, unsigned char buffer,
            unsigned long long offset, const unsigned char* at, unsigned bytes, unsigned line) {
    const std::uint64_t bits = bits_at(at, bytes);
    ++g_counts.recorded;
    if (shared && store)
        if (std::uint8_t* seen = block_smem_recorded()) std::memcpy(seen + offset, at, bytes);
    if (shared)
        t.probe.shared_bits(store ? trace::EventKind::SharedWrite : trace::EventKind::SharedRead,
                            unsigned(offset), bits, bytes, line);
    else
        t.probe.global_bits(store ? trace::EventKind::GlobalWrite : trace::EventKind::GlobalRead,
                            buffer, offset, bits, bytes, line);
}

void flush(PlainThread& t) {
    PlainThread::PendingStore& p = t.pending;
    if (p.bytes == 0) return;
    const PlainThread::PendingStore s = p;
    p.bytes = 0;
    record(t, true, s.shared, s.buffer, s.offset, s.at, s.bytes, s.line);
}

// The buffer `at` lies in, and the byte offset; false when none.
bool find_buffer(const PlainThread& t, const unsigned char* at, unsigned char& buffer,
                 unsigned long long& offset) {
    for (unsigned i = 0; i < t.buffer_count; ++i) {
        const auto* base = static_cast<const unsigned char*>(t.buffers[i].base);
        if (base && at >= base && at < base + t.buffers[i].bytes) {
            buffer = static_cast<unsigned char>(i);
            offset = static_cast<unsigned long long>(at - base);
            return true;
        }
    }
    return false;
}

// Shared memory must hold what the recorded stores left there: a byte that differs was written
// by an access the compiler's instrumentation does not report (an atomic builtin, inline
// assembly), which the picture and the counters would miss. Called where every thread of the
// block has recorded its stores (after a barrier, at the block's end); `line`: that place.
void check_unseen_writes(unsigned line) {
    const unsigned char* smem = dynamic_smem();
    std::uint8_t* seen = block_smem_recorded();
    const std::size_t in_use =
        std::min(block_smem_bytes(), std::max(dynamic_smem_bytes(), static_shared_end()));
    if (!smem || !seen || std::memcmp(smem, seen, in_use) == 0) return;
    if (g_counts.unseen_shared_writes++ == 0) {
        g_counts.first_unseen_line = line;
        g_counts.first_unseen_offset = unsigned(
            std::mismatch(smem, smem + in_use, static_cast<const unsigned char*>(seen)).first -
            smem);
    }
    std::memcpy(seen, smem, in_use);  // counted once, not at every later check
}

}  // namespace

PlainThread::PlainThread(SimProbe& p, std::initializer_list<PlainBuffer> list)
    : probe(p), stack_top(reinterpret_cast<const unsigned char*>(this) + sizeof(PlainThread)) {
    for (const PlainBuffer& b : list)
        if (buffer_count < kMaxBuffers) buffers[buffer_count++] = b;
    thread_slot() = this;
}

PlainThread::~PlainThread() {
    flush(*this);
    if (others_exited()) check_unseen_writes(0);  // the block's last thread: the end of the block
    thread_slot() = nullptr;
}

void plain_access(const void* address, unsigned bytes, bool store, const void* code) {
    PlainThread* t = current_plain();
    if (!t) return;
    flush(*t);
    const auto* at = static_cast<const unsigned char*>(address);
    // The thread's own frames (at -O0 every local variable is a load or a store).
    if (at < t->stack_top + 256 && at + kThreadStackBytes >= t->stack_top) return;
    const unsigned char* smem = dynamic_smem();
    const std::size_t room = block_smem_bytes();
    if (smem && at >= smem && at < smem + room) {
        const unsigned line = line_of(code);
        const std::size_t offset = std::size_t(at - smem);
        const std::size_t in_use = std::max(dynamic_smem_bytes(), static_shared_end());
        if (offset + bytes > in_use)
            fail("shared memory out of bounds: bytes " + std::to_string(offset) + ".." +
                     std::to_string(offset + bytes - 1) + " of a block's " +
                     std::to_string(in_use) + " (its __shared__ arrays and dynamic shared memory)",
                 line);
        yield_point();  // a scheduling point, as the vocabulary's shared accesses are
        if (store)
            t->pending = {at, bytes, line, true, 0, offset};
        else
            record(*t, false, true, 0, offset, at, bytes, line);
        return;
    }
    unsigned char buffer = 0;
    unsigned long long offset = 0;
    if (find_buffer(*t, at, buffer, offset)) {
        const unsigned line = line_of(code);
        if (store)
            t->pending = {at, bytes, line, false, buffer, offset};
        else
            record(*t, false, false, buffer, offset, at, bytes, line);
        return;
    }
    if (store) {
        if (g_counts.unrecorded_stores++ == 0) g_counts.first_unrecorded_line = line_of(code);
    }
}

void plain_flush() {
    if (PlainThread* t = current_plain()) flush(*t);
}

void plain_block_synced(unsigned line) {
    PlainThread* t = current_plain();
    if (!t) return;
    check_unseen_writes(line);
    t->probe.block_synced(line);
}

void plain_warp_synced(unsigned line) {
    if (PlainThread* t = current_plain()) t->probe.warp_synced(line);
}

void plain_shuffled(CollectiveKind kind, int arg, int width, std::uint64_t bits,
                    unsigned width_bytes, unsigned line) {
    PlainThread* t = current_plain();
    if (!t) return;
    probe::ShuffleMode mode = probe::ShuffleMode::Idx;
    if (kind == CollectiveKind::ShflUp) mode = probe::ShuffleMode::Up;
    if (kind == CollectiveKind::ShflDown) mode = probe::ShuffleMode::Down;
    if (kind == CollectiveKind::ShflXor) mode = probe::ShuffleMode::Xor;
    const unsigned lane = current_thread_linear() % 32;
    t->probe.shuffled_bits(probe::shuffle_source_lane(mode, lane, arg, unsigned(width)), bits,
                           width_bytes, line);
}

void plain_ballot(unsigned word, unsigned line) {
    if (PlainThread* t = current_plain())
        t->probe.shuffled_bits(trace::kBallotSource, word, 4, line);
}

void plain_atomic(const void* address, unsigned bytes, std::uint64_t old_bits,
                  std::uint64_t left_bits, bool wrote, unsigned line) {
    PlainThread* t = current_plain();
    if (!t) return;
    unsigned char buffer = 0;
    unsigned long long offset = 0;
    if (!find_buffer(*t, static_cast<const unsigned char*>(address), buffer, offset)) {
        if (wrote && g_counts.unrecorded_stores++ == 0) g_counts.first_unrecorded_line = line;
        return;
    }
    g_counts.recorded += 1;
    t->probe.global_bits(trace::EventKind::Atomic, buffer, offset, old_bits, bytes, line);
    if (wrote)
        t->probe.global_bits(trace::EventKind::AtomicWrite, buffer, offset, left_bits, bytes, line);
}

void* plain_static_shared(unsigned id, std::size_t bytes, std::size_t align, unsigned line) {
    std::uint8_t* p = static_shared(id, bytes, align, line);
    if (PlainThread* t = current_plain()) t->probe.shared_in_use(unsigned(static_shared_end()));
    return p;
}

void* plain_dynamic_shared() {
    if (PlainThread* t = current_plain()) t->probe.shared_in_use(unsigned(dynamic_smem_bytes()));
    return dynamic_smem();
}

void set_plain_line_lookup(LineLookup lookup) {
    g_lookup = lookup;
}

PlainCounts plain_counts() {
    return g_counts;
}

}  // namespace ws::sim
