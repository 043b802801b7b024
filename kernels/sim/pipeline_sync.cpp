// Hopper's block-level synchronisation beyond __syncthreads, as the emulator runs it:
//
// Named barriers (bar.sync id, threads): a group of whole warps waits for itself while the
// block's other warps run on. Released by the arrival that fills the count; the threads that
// arrived must be whole warps (bar.sync is .aligned), every arrival with the same count.
//
// Transaction barriers (mbarrier): a round (phase) is over when every expected arrival has come
// and every byte the arrivals announced has been completed by the copy engine, as in PTX. A
// waiter names the round it waits for; a GPU tests only that round's parity, so a wait for a
// round the parity cannot tell apart (two rounds back, or one ahead) is an error saying what a
// GPU would do. Lanes may not touch a barrier's word, nor bytes a copy in flight is writing.
#include <algorithm>
#include <string>

#include "kernels/sim/block_state.hpp"

namespace ws::sim {
namespace {

constexpr unsigned kBarrierBytes = 8;

std::string at_byte(unsigned offset) {
    return "the transaction barrier at shared byte " + std::to_string(offset);
}

unsigned offset_in_smem(SimBlock& b, const std::uint8_t* p, unsigned bytes, const char* what,
                        unsigned line) {
    const std::uint8_t* base = b.smem.data();
    if (p < base || p + bytes > base + b.smem.size())
        fail(std::string(what) + " is not in the block's dynamic shared memory (" +
                 std::to_string(b.smem.size()) + " bytes)",
             line);
    return unsigned(p - base);
}

TxBarrierState& barrier_at(SimBlock& b, const std::uint8_t* bar, unsigned line) {
    const unsigned offset = offset_in_smem(b, bar, kBarrierBytes, "a transaction barrier", line);
    const auto found = b.tx_barriers.find(offset);
    if (found == b.tx_barriers.end())
        fail(at_byte(offset) + " is used before tx_init (mbarrier.init)", line);
    return found->second;
}

// Ends round `phase` of the barrier: its waiters run on, in thread order.
void end_round(SimBlock& b, unsigned offset, TxBarrierState& s, unsigned line) {
    if (s.tx < 0)
        fail(at_byte(offset) + ": round " + std::to_string(s.phase) + " completed " +
                 std::to_string(-s.tx) + " more bytes than its arrivals announced",
             line);
    ++s.phase;
    s.pending = s.expected;
    s.tx = 0;
    ++b.epoch;
    for (SimThread& t : b.threads)
        if (t.status == ThreadStatus::AtTxWait && t.tx_barrier == offset && t.tx_round < s.phase)
            make_ready(b, t);
}

// The running thread is not the one that completes a round when the copy engine does; errors
// then name the copy's line and issuing thread (set_error, not fail).
bool round_is_over(const TxBarrierState& s) {
    return s.pending == 0 && s.tx == 0;
}

std::string lanes_of(unsigned warp, unsigned arrived, unsigned lanes) {
    return "warp " + std::to_string(warp) + " arrived with " + std::to_string(arrived) +
           " of its " + std::to_string(lanes) + " lanes";
}

}  // namespace

void named_barrier(unsigned id, unsigned threads, unsigned line) {
    SimBlock& b = running_block();
    SimThread& t = running_thread();
    const std::string name = "bar.sync " + std::to_string(id) + ", " + std::to_string(threads);
    const unsigned block_threads = unsigned(b.threads.size());
    if (id == 0) fail(name + ": barrier 0 is __syncthreads's; named barriers are 1 to 15", line);
    if (id >= b.named.size()) fail(name + ": named barriers are 1 to 15", line);
    if (threads == 0 || threads % 32 != 0 || threads > (block_threads + 31) / 32 * 32)
        fail(name + ": the thread count must be a multiple of 32, from 32 to the block's " +
                 std::to_string(block_threads),
             line);
    NamedBarrierState& nb = b.named[id];
    if (nb.arrived > 0 && nb.count != threads)
        fail(name + ": earlier arrivals (line " + std::to_string(nb.line) + ") said " +
                 std::to_string(nb.count) + " threads",
             line);
    nb.count = threads;
    nb.line = line;
    t.ahead_left = 0;
    t.status = ThreadStatus::AtNamedBarrier;
    t.named_id = id;
    t.line = line;
    if (++nb.arrived < threads) {
        suspend(t);
        return;
    }
    // Full: the arrivals must be whole warps (a partial last warp counts as whole).
    for (unsigned base = 0; base < block_threads; base += 32) {
        const unsigned lanes = std::min(32u, block_threads - base);
        unsigned here = 0;
        for (unsigned l = 0; l < lanes; ++l) {
            const SimThread& o = b.threads[base + l];
            here += o.status == ThreadStatus::AtNamedBarrier && o.named_id == id;
        }
        if (here != 0 && here != lanes)
            fail(name + ": its " + std::to_string(threads) + " arrivals are not whole warps: " +
                     lanes_of(base / 32, here, lanes) + " (bar.sync counts whole warps)",
                 line);
    }
    nb.arrived = 0;
    ++b.epoch;
    for (SimThread& o : b.threads) {
        if (o.status != ThreadStatus::AtNamedBarrier || o.named_id != id) continue;
        if (&o == &t)
            o.status = ThreadStatus::Ready;  // the last to arrive runs on
        else
            make_ready(b, o);
    }
}

void tx_init(std::uint8_t* bar, unsigned arrivals, unsigned line) {
    SimBlock& b = running_block();
    const unsigned offset = offset_in_smem(b, bar, kBarrierBytes, "a transaction barrier", line);
    if (offset % kBarrierBytes != 0) fail(at_byte(offset) + " is not 8-byte aligned", line);
    if (arrivals == 0 || arrivals > (1u << 20) - 1)
        fail(at_byte(offset) + ": tx_init takes 1 to 2^20-1 arrivals, not " +
                 std::to_string(arrivals),
             line);
    if (const auto found = b.tx_barriers.find(offset); found != b.tx_barriers.end())
        fail(at_byte(offset) + " was already initialised on line " +
                 std::to_string(found->second.line),
             line);
    TxBarrierState s;
    s.expected = arrivals;
    s.pending = arrivals;
    s.line = line;
    b.tx_barriers[offset] = s;
}

void tx_init_fence(unsigned /*line*/) {
    running_block().tx_fenced = true;
}

void tx_arrive(std::uint8_t* bar, unsigned expect_bytes, unsigned line) {
    SimBlock& b = running_block();
    TxBarrierState& s = barrier_at(b, bar, line);
    const unsigned offset = unsigned(bar - b.smem.data());
    if (s.pending == 0)
        fail(at_byte(offset) + ": round " + std::to_string(s.phase) + " already has its " +
                 std::to_string(s.expected) + " arrivals (it waits for " + std::to_string(s.tx) +
                 " bytes); one more arrival is undefined on a GPU",
             line);
    s.tx += expect_bytes;
    --s.pending;
    if (round_is_over(s)) end_round(b, offset, s, line);
}

void tx_wait(std::uint8_t* bar, std::uint32_t round, unsigned line) {
    SimBlock& b = running_block();
    SimThread& t = running_thread();
    TxBarrierState& s = barrier_at(b, bar, line);
    const unsigned offset = unsigned(bar - b.smem.data());
    const std::string waits = "waits for round " + std::to_string(round) + " of " +
                              at_byte(offset) + ", which is in round " + std::to_string(s.phase);
    if (s.phase >= std::uint64_t(round) + 2)
        fail(waits + ": a GPU tests only the parity, which now names round " +
                 std::to_string(s.phase - (s.phase - round) % 2) + " (round " +
                 std::to_string(round) + " is too old to wait for)",
             line);
    if (std::uint64_t(s.phase) + 1 == round)
        fail(waits + ", not over: a GPU tests only the parity, and round " + std::to_string(round) +
                 "'s parity says over, so it returns at once",
             line);
    if (std::uint64_t(s.phase) + 1 < round)
        fail(waits + ": more than one round ahead, which a parity cannot tell", line);
    if (s.phase > round) return;  // over already
    t.ahead_left = 0;
    t.status = ThreadStatus::AtTxWait;
    t.tx_barrier = offset;
    t.tx_round = round;
    t.line = line;
    suspend(t);
}

void complete_tx(SimBlock& b, unsigned offset, unsigned bytes, unsigned line) {
    TxBarrierState& s = b.tx_barriers.at(offset);
    s.tx -= bytes;
    if (s.pending == 0 && s.tx < 0)
        set_error(b,
                  at_byte(offset) + ": a copy completed " + std::to_string(-s.tx) +
                      " more bytes than round " + std::to_string(s.phase) + "'s arrivals announced",
                  line, 0);
    else if (round_is_over(s))
        end_round(b, offset, s, line);
}

void bulk_copy(std::uint8_t* dst, const void* src, unsigned bytes, std::uint8_t* bar,
               unsigned line) {
    SimBlock& b = running_block();
    SimThread& t = running_thread();
    barrier_at(b, bar, line);
    const unsigned bar_offset = unsigned(bar - b.smem.data());
    if (!b.tx_fenced)
        fail(
            "a bulk copy before tx_init_fence: the copy engine may not see the barriers' "
            "initialisation",
            line);
    if (bytes == 0 || bytes % 16 != 0)
        fail("a bulk copy of " + std::to_string(bytes) +
                 " bytes: the size must be a non-zero multiple of 16",
             line);
    const unsigned dst_offset = offset_in_smem(b, dst, bytes, "the bulk copy's destination", line);
    if (dst_offset % 16 != 0 || reinterpret_cast<std::uintptr_t>(src) % 16 != 0)
        fail("a bulk copy's source and destination must be 16-byte aligned (shared byte " +
                 std::to_string(dst_offset) + ")",
             line);
    if (dst_offset < bar_offset + kBarrierBytes && bar_offset < dst_offset + bytes)
        fail("a bulk copy into shared bytes " + std::to_string(dst_offset) + ".." +
                 std::to_string(dst_offset + bytes - 1) + " overwrites its own barrier",
             line);
    for (const InFlightCopy& c : b.copies)
        if (dst_offset < c.dst + c.bytes && c.dst < dst_offset + bytes)
            fail("a bulk copy into shared bytes " + std::to_string(dst_offset) + ".." +
                     std::to_string(dst_offset + bytes - 1) +
                     " overlaps a copy still in flight (issued on line " + std::to_string(c.line) +
                     " by thread " + std::to_string(c.thread) + ")",
                 line);
    InFlightCopy c;
    c.dst = dst_offset;
    c.bytes = bytes;
    c.barrier = bar_offset;
    c.src = static_cast<const std::uint8_t*>(src);
    c.thread = t.linear;
    c.ordinal = t.copies_issued++;
    c.line = line;
    c.issued_at = b.decisions;
    b.copies.push_back(c);
}

void check_shared_access(unsigned offset, unsigned bytes, bool write, unsigned line) {
    SimBlock& b = running_block();
    for (const InFlightCopy& c : b.copies)
        if (offset < c.dst + c.bytes && c.dst < offset + bytes)
            fail(std::string(write ? "writes" : "reads") + " shared byte " +
                     std::to_string(offset) +
                     ", which the copy engine is still writing (the "
                     "bulk copy on line " +
                     std::to_string(c.line) + "): wait on its barrier first",
                 line);
    for (auto it =
             b.tx_barriers.lower_bound(offset >= kBarrierBytes ? offset - kBarrierBytes + 1 : 0);
         it != b.tx_barriers.end() && it->first < offset + bytes; ++it)
        fail(std::string(write ? "writes " : "reads ") + at_byte(it->first) +
                 " as plain shared memory: only the barrier's operations may touch it",
             line);
}

std::string describe_pipeline_wait(const SimBlock& b, const SimThread& t) {
    if (t.status == ThreadStatus::AtNamedBarrier) {
        const NamedBarrierState& nb = b.named[t.named_id];
        return "it waits at bar.sync " + std::to_string(t.named_id) + ", " +
               std::to_string(nb.count) + " on line " + std::to_string(t.line) + " (" +
               std::to_string(nb.arrived) + " of " + std::to_string(nb.count) + " arrived)";
    }
    if (t.status == ThreadStatus::AtTxWait) {
        const TxBarrierState& s = b.tx_barriers.at(t.tx_barrier);
        std::string what = "it waits on line " + std::to_string(t.line) + " for round " +
                           std::to_string(t.tx_round) + " of " + at_byte(t.tx_barrier) + " (" +
                           std::to_string(s.expected - s.pending) + " of " +
                           std::to_string(s.expected) + " arrivals";
        if (s.tx > 0) what += ", " + std::to_string(s.tx) + " bytes not yet completed";
        return what + ")";
    }
    return "";
}

}  // namespace ws::sim
