// The recording vocabulary kernels are written in. It compiles to plain CUDA when the probe is
// NoProbe, and records every shared access, global access, shuffle and sync when it is a
// recording probe (the GPU recorder in kernels/cuda, the emulator's in kernels/sim).
//
//   auto s  = shared_array<T>(probe, count);   // dynamic shared memory
//   auto b  = shared_array_at<T>(probe, first, count);  // a second array after the first
//   auto in = global_array(g_in, probe);       // a global array
//   s[t] += s[t + k];                          // each access records its caller's line
//   block_sync(probe);                         // __syncthreads(): closes a phase
//   warp_sync(probe);                          // __syncwarp(): closes a sub-step
//   v += shfl_down_sync(probe, kFullMask, v, 16);   // a shuffle round: closes a sub-step
//   word = ballot_sync(probe, kFullMask, x > 0);     // bit k: lane k's predicate; a sub-step
//   v = shfl_up_add_ptx(probe, kFullMask, v, 4);  // the handbook's inline-PTX scan step: a round
//   count = popc(word);                              // __popc: the bits set
//   old = atomic_add(counter[0], 1u);          // atomicAdd on a global element
//   seen = atomic_cas(out[0], expected, wanted); // atomicCAS on the element's bits
//   Vector16<T> x = load16(in, i);             // 16 bytes a lane in one load (LDG.128)
//   Vector8<T> y = load8(in, i);               // 8 bytes a lane in one load (LDG.64)
//   Vector16<T> z = load16(s, i);              // the same from shared memory (LDS.128)
//   while (flag[p] == 0) spin_wait(probe);     // one turn of a wait for another block
//   if (lock_acquire(probe, lock)) { ...; lock_release(probe, lock); }  // probe/spin_lock.cuh
//
// The index type `Index` has an implicit constructor whose default argument is
// __builtin_LINE(): the line is taken where `s[...]` is written, with no macro.
//
// A recording probe P provides (all per thread; P is the kernel's by-value parameter):
//   void before_access();                        // a scheduling point (emulator) or nothing
//   void shared_declared(unsigned bytes, unsigned line);
//   template <class V> void shared(EventKind, unsigned byte_offset, V value, unsigned line);
//   template <class V> void out_of_bounds(unsigned index, unsigned count, unsigned line);
//   unsigned char next_global_buffer();
//   template <class V> void global(EventKind, unsigned char buffer, unsigned long long offset,
//                                  V value, unsigned line);
//   template <class V> void shuffled(unsigned src_lane, V value, unsigned line);
//   void block_synced(unsigned line);             // after a block barrier
//   void warp_synced(unsigned line);              // after a warp sync
//   void spin_wait(unsigned line, unsigned waits_for);  // one turn of a spin-wait loop
//   void spin_loop_entered(unsigned line);        // a lock's spin loop begins (lock_acquire)
//   void spin_loop_left(unsigned line);           // ... and ends: the lock is taken
// and, for Hopper's pipeline (kernels/probe/pipeline.cuh), pipeline_event.
#pragma once

#include <cstring>
#include <type_traits>

#include "kernels/probe/shuffle_source.hpp"
#include "kernels/trace/event.hpp"

#if defined(__CUDACC__)
#define WS_DEV __device__ __forceinline__
#define WS_UNROLL _Pragma("unroll")
#else
#include "kernels/sim/cuda_shim.hpp"
#define WS_DEV inline
#define WS_UNROLL
#endif

namespace ws::probe {

using trace::EventKind;
inline constexpr unsigned kFullMask = 0xffffffffu;

// The probe that records nothing: every proxy below becomes a plain pointer or intrinsic.
struct NoProbe {};

template <class P>
inline constexpr bool kRecords = !std::is_same_v<P, NoProbe>;

// An index that remembers the source line where it was written. One constructor per integer
// type, not a template: nvcc (checked with 13.0 on sm_90) evaluates __builtin_LINE() in a
// default argument at the call site for ordinary constructors, but at the declaration for
// constructor templates. tests/gpu checks the recorded lines on the GPU.
struct Index {
    unsigned value;
    unsigned line;
    WS_DEV Index(int v, unsigned l = __builtin_LINE()) : value(unsigned(v)), line(l) {}
    WS_DEV Index(unsigned v, unsigned l = __builtin_LINE()) : value(v), line(l) {}
    WS_DEV Index(long v, unsigned l = __builtin_LINE()) : value(unsigned(v)), line(l) {}
    WS_DEV Index(unsigned long v, unsigned l = __builtin_LINE()) : value(unsigned(v)), line(l) {}
    WS_DEV Index(long long v, unsigned l = __builtin_LINE()) : value(unsigned(v)), line(l) {}
    WS_DEV Index(unsigned long long v, unsigned l = __builtin_LINE())
        : value(unsigned(v)), line(l) {}
};

namespace detail {
WS_DEV unsigned char* dynamic_smem_base() {
#if defined(__CUDACC__)
    extern __shared__ __align__(16) unsigned char ws_dynamic_smem[];
    return ws_dynamic_smem;
#else
    return ws::sim::dynamic_smem();
#endif
}
WS_DEV void barrier(unsigned line) {
#if defined(__CUDACC__)
    (void)line;
    __syncthreads();
#else
    __syncthreads(line);
#endif
}
WS_DEV void syncwarp(unsigned mask, unsigned line) {
#if defined(__CUDACC__)
    (void)line;
    __syncwarp(mask);
#else
    __syncwarp(mask, line);
#endif
}
WS_DEV unsigned linear_thread() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

// A vector of 8 or 16 bytes at p, aligned. Streaming (16 bytes only): data read or written once
// (ld.global.cs/st.global.cs, evict-first in L2, so that it does not push out what is read
// again); the same plain access on the emulator, which has no cache.
template <class V>
WS_DEV V load_vector_bytes(const V* p, bool streaming) {
#if defined(__CUDACC__)
    if constexpr (sizeof(V) == 16) {
        if (streaming) {
            const int4 bits = __ldcs(reinterpret_cast<const int4*>(p));
            V v;
            memcpy(&v, &bits, 16);
            return v;
        }
    }
#endif
    (void)streaming;
    return *p;
}
template <class V>
WS_DEV void store_vector_bytes(V* p, const V& v, bool streaming) {
#if defined(__CUDACC__)
    if constexpr (sizeof(V) == 16) {
        if (streaming) {
            int4 bits;
            memcpy(&bits, &v, 16);
            __stcs(reinterpret_cast<int4*>(p), bits);
            return;
        }
    }
#endif
    (void)streaming;
    *p = v;
}

// The unsigned integer as wide as a 4- or 8-byte value: what atomicCAS compares and swaps.
template <class V>
using BitsOf = std::conditional_t<sizeof(V) == 4, unsigned, unsigned long long>;
template <class V>
WS_DEV BitsOf<V> bits_of(const V& v) {
    static_assert(sizeof(V) == 4 || sizeof(V) == 8, "atomicCAS takes 4 or 8 bytes");
    BitsOf<V> b;
    memcpy(&b, &v, sizeof(V));
    return b;
}

// Do a and b hold the same bits? (What atomicCAS compares: -0.0 and 0.0 differ, a NaN equals
// itself.)
template <class V>
WS_DEV bool same_bits(const V& a, const V& b) {
    return bits_of(a) == bits_of(b);
}

// atomicCAS on the bit pattern of a 4- or 8-byte value (the wiki's MyAtomicAdd reinterprets a
// float as an int, a double as an unsigned long long): returns what *p held.
template <class V>
WS_DEV V atomic_cas_bits(V* p, V expected, V desired) {
    const BitsOf<V> old =
        atomicCAS(reinterpret_cast<BitsOf<V>*>(p), bits_of(expected), bits_of(desired));
    V v;
    memcpy(&v, &old, sizeof(V));
    return v;
}
}  // namespace detail

// ---- shared memory ----------------------------------------------------------------------------
// Bytes (8 or 16) of T that one lane loads with one instruction (LDG.64 as int2 or float2
// would, LDG.128 as int4, float4 or double2 would): kCount elements from an element aligned to
// Bytes. A double's 8-byte vector is the double itself.
template <class T, unsigned Bytes>
struct alignas(Bytes) VectorBytes {
    static_assert(Bytes == 8 || Bytes == 16, "one access moves 8 or 16 bytes");
    static constexpr unsigned kCount = unsigned(Bytes / sizeof(T));
    T x[kCount];
    WS_DEV T sum() const {
        T s = x[0];
        for (unsigned k = 1; k < kCount; ++k) s += x[k];
        return s;
    }
};
template <class T>
using Vector8 = VectorBytes<T, 8>;
template <class T>
using Vector16 = VectorBytes<T, 16>;

template <class T, class Probe>
class SharedArray;

template <class T, class Probe>
class SharedRef {
  public:
    using value_type = std::remove_cv_t<T>;
    WS_DEV SharedRef(const SharedArray<T, Probe>* a, unsigned i, unsigned line)
        : a_(a), i_(i), line_(line) {}
    WS_DEV operator value_type() const { return a_->load(i_, line_); }
    WS_DEV const SharedRef& operator=(value_type v) const {
        a_->store(i_, v, line_);
        return *this;
    }
    WS_DEV const SharedRef& operator=(const SharedRef& other) const {
        value_type v = other;
        return *this = v;
    }
    // The right-hand side is read first, then this element, then this element is written.
    WS_DEV const SharedRef& operator+=(value_type v) const {
        value_type cur = *this;
        return *this = value_type(cur + v);
    }
    WS_DEV const SharedRef& operator-=(value_type v) const {
        value_type cur = *this;
        return *this = value_type(cur - v);
    }
    WS_DEV const SharedRef& operator/=(value_type v) const {
        value_type cur = *this;
        return *this = value_type(cur / v);
    }

  private:
    const SharedArray<T, Probe>* a_;
    unsigned i_;
    unsigned line_;
};

template <class T, class Probe>
class SharedArray {
  public:
    using value_type = std::remove_cv_t<T>;
    // `base` is element `first` of the dynamic shared memory (recorded addresses count from
    // the start of it).
    WS_DEV SharedArray(T* base, unsigned count, Probe* probe, unsigned first = 0)
        : base_(base), count_(count), probe_(probe), first_(first) {}
    WS_DEV SharedRef<T, Probe> operator[](Index i) const { return {this, i.value, i.line}; }
    WS_DEV unsigned size() const { return count_; }
    WS_DEV T* data() const { return base_; }
    WS_DEV Probe* probe() const { return probe_; }
    WS_DEV unsigned first() const { return first_; }

    WS_DEV value_type load(unsigned i, unsigned line) const {
        if (i >= count_) probe_->template out_of_bounds<value_type>(i, count_, line);
        probe_->before_access();
        value_type v = base_[i];
        probe_->shared(EventKind::SharedRead, unsigned((first_ + i) * sizeof(T)), v, line);
        return v;
    }
    WS_DEV void store(unsigned i, value_type v, unsigned line) const {
        if (i >= count_) probe_->template out_of_bounds<value_type>(i, count_, line);
        probe_->before_access();
        base_[i] = v;
        probe_->shared(EventKind::SharedWrite, unsigned((first_ + i) * sizeof(T)), v, line);
    }
    // Elements i .. i + kCount - 1 in one load of Bytes (LDS.64, LDS.128), recorded as one
    // event of that width (its value: the first 8 bytes).
    template <unsigned Bytes>
    WS_DEV VectorBytes<value_type, Bytes> load_vector(unsigned i, unsigned line) const {
        using V = VectorBytes<value_type, Bytes>;
        if (i + V::kCount > count_) probe_->template out_of_bounds<V>(i, count_, line);
        probe_->before_access();
        V v;
        memcpy(&v, const_cast<const value_type*>(base_ + i), sizeof v);
        probe_->shared(EventKind::SharedRead, unsigned((first_ + i) * sizeof(T)), v, line);
        return v;
    }

  private:
    T* base_;
    unsigned count_;
    Probe* probe_;
    unsigned first_;
};

// `count` elements of T at the start of the block's dynamic shared memory.
template <class T, class Probe>
WS_DEV auto shared_array(Probe& probe, unsigned count, unsigned line = __builtin_LINE()) {
    T* base = reinterpret_cast<T*>(detail::dynamic_smem_base());
    if constexpr (kRecords<Probe>) {
        probe.shared_declared(unsigned(count * sizeof(T)), line);
        return SharedArray<T, Probe>(base, count, &probe);
    } else {
        (void)probe;
        (void)count;
        (void)line;
        return base;
    }
}

// `count` elements of T from element `first` of the block's dynamic shared memory: several
// arrays in one allocation (min, max, sum and avg side by side), each indexed from 0.
template <class T, class Probe>
WS_DEV auto shared_array_at(Probe& probe, unsigned first, unsigned count,
                            unsigned line = __builtin_LINE()) {
    T* base = reinterpret_cast<T*>(detail::dynamic_smem_base()) + first;
    if constexpr (kRecords<Probe>) {
        probe.shared_declared(unsigned((first + count) * sizeof(T)), line);
        return SharedArray<T, Probe>(base, count, &probe, first);
    } else {
        (void)probe;
        (void)count;
        (void)line;
        return base;
    }
}

// The same memory seen through volatile: every access is a real load or store (the pre-Volta
// warp-synchronous idiom; see the legacy unroll variant).
template <class T>
WS_DEV volatile T* volatile_view(T* p) {
    return p;
}
template <class T, class Probe>
WS_DEV SharedArray<volatile T, Probe> volatile_view(const SharedArray<T, Probe>& a) {
    return SharedArray<volatile T, Probe>(a.data(), a.size(), a.probe(), a.first());
}

// ---- global memory ----------------------------------------------------------------------------
template <class T, class Probe>
class GlobalArray;

template <class T, class Probe>
class GlobalRef {
  public:
    using value_type = std::remove_cv_t<T>;
    WS_DEV GlobalRef(const GlobalArray<T, Probe>* a, unsigned long long i, unsigned line)
        : a_(a), i_(i), line_(line) {}
    WS_DEV operator value_type() const { return a_->load(i_, line_); }
    WS_DEV const GlobalRef& operator=(value_type v) const {
        a_->store(i_, v, line_);
        return *this;
    }
    WS_DEV const GlobalRef& operator=(const GlobalRef& other) const {
        value_type v = other;
        return *this = v;
    }
    WS_DEV value_type fetch_add(value_type v) const { return a_->fetch_add(i_, v, line_); }
    WS_DEV value_type compare_exchange(value_type expected, value_type desired) const {
        return a_->compare_exchange(i_, expected, desired, line_);
    }

  private:
    const GlobalArray<T, Probe>* a_;
    unsigned long long i_;
    unsigned line_;
};

template <class T, class Probe>
class GlobalArray {
  public:
    using value_type = std::remove_cv_t<T>;
    WS_DEV GlobalArray(T* base, Probe* probe)
        : base_(base), probe_(probe), buffer_(probe->next_global_buffer()) {}
    WS_DEV GlobalRef<T, Probe> operator[](Index i) const { return {this, i.value, i.line}; }
    WS_DEV T* data() const { return base_; }
    WS_DEV unsigned char buffer() const { return buffer_; }

    WS_DEV value_type load(unsigned long long i, unsigned line) const {
        value_type v = base_[i];
        probe_->global(EventKind::GlobalRead, buffer_, i * sizeof(T), v, line);
        return v;
    }
    WS_DEV void store(unsigned long long i, value_type v, unsigned line) const {
        base_[i] = v;
        probe_->global(EventKind::GlobalWrite, buffer_, i * sizeof(T), v, line);
    }
    // Elements i .. i + kCount - 1 in one load of Bytes (8 or 16), recorded as one event of
    // that width (its value: the first 8 bytes).
    template <unsigned Bytes>
    WS_DEV VectorBytes<value_type, Bytes> load_vector(unsigned long long i, unsigned line,
                                                      bool streaming = false) const {
        const VectorBytes<value_type, Bytes> v = detail::load_vector_bytes(
            reinterpret_cast<const VectorBytes<value_type, Bytes>*>(base_ + i), streaming);
        probe_->global(EventKind::GlobalRead, buffer_, i * sizeof(T), v, line);
        return v;
    }
    // The same for a store.
    template <unsigned Bytes>
    WS_DEV void store_vector(unsigned long long i, const VectorBytes<value_type, Bytes>& v,
                             unsigned line, bool streaming = false) const {
        detail::store_vector_bytes(reinterpret_cast<VectorBytes<value_type, Bytes>*>(base_ + i), v,
                                   streaming);
        probe_->global(EventKind::GlobalWrite, buffer_, i * sizeof(T), v, line);
    }
    // An atomic is recorded as an Atomic event (the old value) and, when it wrote, an
    // AtomicWrite event (the value it left).
    WS_DEV value_type fetch_add(unsigned long long i, value_type v, unsigned line) const {
        const value_type old = atomicAdd(base_ + i, v);
        probe_->global(EventKind::Atomic, buffer_, i * sizeof(T), old, line);
        probe_->global(EventKind::AtomicWrite, buffer_, i * sizeof(T), value_type(old + v), line);
        return old;
    }
    // An atomic the caller made on data()[i] itself, recorded as if made here (a spin lock's
    // winning compare-and-swap; the turns it lost are not recorded: their count is timing).
    WS_DEV void atomic_made(unsigned long long i, value_type old, value_type left,
                            unsigned line) const {
        probe_->global(EventKind::Atomic, buffer_, i * sizeof(T), old, line);
        probe_->global(EventKind::AtomicWrite, buffer_, i * sizeof(T), left, line);
    }
    WS_DEV value_type compare_exchange(unsigned long long i, value_type expected,
                                       value_type desired, unsigned line) const {
        const value_type old = detail::atomic_cas_bits(base_ + i, expected, desired);
        probe_->global(EventKind::Atomic, buffer_, i * sizeof(T), old, line);
        if (detail::same_bits(old, expected))
            probe_->global(EventKind::AtomicWrite, buffer_, i * sizeof(T), desired, line);
        return old;
    }

  private:
    T* base_;
    Probe* probe_;
    unsigned char buffer_;
};

// A global array whose element accesses are recorded; buffers are numbered in the order the
// kernel declares them.
template <class T, class Probe>
WS_DEV auto global_array(T* pointer, Probe& probe) {
    if constexpr (kRecords<Probe>) {
        return GlobalArray<T, Probe>(pointer, &probe);
    } else {
        (void)probe;
        return pointer;
    }
}

// a[i .. i + Bytes / sizeof(T) - 1] in one load of Bytes (8 or 16); &a[i] must be aligned to
// Bytes. load16/store16: 16 bytes; load8/store8: 8 bytes.
template <unsigned Bytes, class T>
WS_DEV VectorBytes<std::remove_cv_t<T>, Bytes> load_vector(T* a, Index i, bool once = false) {
    return detail::load_vector_bytes(
        reinterpret_cast<const VectorBytes<std::remove_cv_t<T>, Bytes>*>(a + i.value), once);
}
template <unsigned Bytes, class T, class Probe>
WS_DEV VectorBytes<std::remove_cv_t<T>, Bytes> load_vector(const GlobalArray<T, Probe>& a, Index i,
                                                           bool once = false) {
    return a.template load_vector<Bytes>(i.value, i.line, once);
}
// From shared memory (no streaming hint there).
template <unsigned Bytes, class T, class Probe>
WS_DEV VectorBytes<std::remove_cv_t<T>, Bytes> load_vector(const SharedArray<T, Probe>& a, Index i,
                                                           bool once = false) {
    (void)once;
    return a.template load_vector<Bytes>(i.value, i.line);
}
// a[i .. i + Bytes / sizeof(T) - 1] = v in one store of Bytes; &a[i] must be aligned to Bytes.
template <unsigned Bytes, class T>
WS_DEV void store_vector(T* a, Index i, const VectorBytes<T, Bytes>& v, bool once = false) {
    detail::store_vector_bytes(reinterpret_cast<VectorBytes<T, Bytes>*>(a + i.value), v, once);
}
template <unsigned Bytes, class T, class Probe>
WS_DEV void store_vector(const GlobalArray<T, Probe>& a, Index i,
                         const VectorBytes<std::remove_cv_t<T>, Bytes>& v, bool once = false) {
    a.template store_vector<Bytes>(i.value, v, i.line, once);
}

template <class A>
WS_DEV auto load16(const A& a, Index i) {
    return load_vector<16>(a, i);
}
template <class A, class V>
WS_DEV void store16(const A& a, Index i, const V& v) {
    store_vector<16>(a, i, v);
}
template <class A>
WS_DEV auto load8(const A& a, Index i) {
    return load_vector<8>(a, i);
}
template <class A, class V>
WS_DEV void store8(const A& a, Index i, const V& v) {
    store_vector<8>(a, i, v);
}
// load16 and store16 of data a kernel reads or writes once (a streaming scan): evict-first in
// L2 on the GPU (ld.global.cs, st.global.cs), so that the lines other blocks still need stay.
template <class A>
WS_DEV auto load16_once(const A& a, Index i) {
    return load_vector<16>(a, i, true);
}
template <class A, class V>
WS_DEV void store16_once(const A& a, Index i, const V& v) {
    store_vector<16>(a, i, v, true);
}

namespace detail {
template <class T>
struct same_type {
    using type = T;
};
}  // namespace detail

// atomicAdd(&a[i], v): returns the old value. Recorded as an Atomic event whose value is the old
// value. `a[i]` is a plain reference with NoProbe and a recorded element otherwise.
template <class T>
WS_DEV T atomic_add(T& element, typename detail::same_type<T>::type v) {
    return atomicAdd(&element, v);
}
template <class T, class Probe>
WS_DEV std::remove_cv_t<T> atomic_add(const GlobalRef<T, Probe>& element,
                                      typename detail::same_type<std::remove_cv_t<T>>::type v) {
    return element.fetch_add(v);
}

// atomicCAS(&a[i], expected, desired) on the element's bits, for int, float or double: writes
// `desired` only if the element holds `expected`'s bits; returns what it held. Recorded as an
// Atomic event, and an AtomicWrite when it wrote (a CAS that lost its race writes nothing).
template <class T>
WS_DEV T atomic_cas(T& element, typename detail::same_type<T>::type expected,
                    typename detail::same_type<T>::type desired) {
    return detail::atomic_cas_bits(&element, expected, desired);
}
template <class T, class Probe>
WS_DEV std::remove_cv_t<T> atomic_cas(
    const GlobalRef<T, Probe>& element,
    typename detail::same_type<std::remove_cv_t<T>>::type expected,
    typename detail::same_type<std::remove_cv_t<T>>::type desired) {
    return element.compare_exchange(expected, desired);
}
using detail::same_bits;

// ---- synchronisation --------------------------------------------------------------------------
// __syncthreads(), and the end of a phase.
template <class Probe>
WS_DEV void block_sync(Probe& probe, unsigned line = __builtin_LINE()) {
    detail::barrier(line);
    if constexpr (kRecords<Probe>) probe.block_synced(line);
    (void)probe;
}

// __syncthreads_or(predicate): a barrier that also tells every thread whether any thread's
// predicate was true (the last-block test of a single-pass reduction, with no shared word).
template <class Probe>
WS_DEV bool block_sync_or(Probe& probe, bool predicate, unsigned line = __builtin_LINE()) {
#if defined(__CUDACC__)
    const bool any = __syncthreads_or(predicate) != 0;
#else
    const bool any = __syncthreads_or(predicate, line) != 0;
#endif
    if constexpr (kRecords<Probe>) probe.block_synced(line);
    (void)probe;
    (void)line;
    return any;
}

// __syncthreads_count(predicate): a barrier that also counts the threads whose predicate held.
template <class Probe>
WS_DEV unsigned block_sync_count(Probe& probe, bool predicate, unsigned line = __builtin_LINE()) {
#if defined(__CUDACC__)
    const unsigned count = unsigned(__syncthreads_count(predicate));
#else
    const unsigned count = unsigned(__syncthreads_count(predicate, line));
#endif
    if constexpr (kRecords<Probe>) probe.block_synced(line);
    (void)probe;
    (void)line;
    return count;
}

// __threadfence(): this thread's writes to global memory are seen by every other block before
// any write it makes after the fence (a block's partial, before it counts itself done). Nothing
// on the emulator, where every write is seen at once.
WS_DEV void thread_fence() {
#if defined(__CUDACC__)
    __threadfence();
#endif
}

// __syncwarp(mask), and the end of a sub-step.
template <class Probe>
WS_DEV void warp_sync(Probe& probe, unsigned mask = kFullMask, unsigned line = __builtin_LINE()) {
    detail::syncwarp(mask, line);
    if constexpr (kRecords<Probe>) probe.warp_synced(line);
    (void)probe;
}

// Where one warp instruction ends and the next of the same line begins, for the trace only: in an
// unrolled loop whose lanes skip some rounds (a store only where an element is kept), the k-th
// store of one lane is not the k-th of another, and the recorder would merge them. The recorders
// start a new sub-step; the GPU and the emulator execute nothing.
template <class Probe>
WS_DEV void instruction_boundary(Probe& probe, unsigned line = __builtin_LINE()) {
    if constexpr (kRecords<Probe>) probe.warp_synced(line);
    (void)probe;
    (void)line;
}

// One turn of a loop that waits for another block (a flag in global memory). The emulator counts
// the turns and ends the launch with an error when a wait is never satisfied (on a GPU the kernel
// would hang); on the GPU it is nothing.
template <class Probe>
WS_DEV void spin_wait(Probe& probe, unsigned line = __builtin_LINE()) {
    if constexpr (kRecords<Probe>) probe.spin_wait(line);
    (void)probe;
    (void)line;
}

// The same, saying what it waits for (a tile or a block): the emulator names it when blocks
// wait on each other for ever (a deadlock between blocks).
template <class Probe>
WS_DEV void spin_wait_for(Probe& probe, unsigned waits_for, unsigned line = __builtin_LINE()) {
    if constexpr (kRecords<Probe>) probe.spin_wait(line, waits_for);
    (void)probe;
    (void)waits_for;
    (void)line;
}

// How many turns a decoupled-fallback look-back waits for a tile before it computes that tile's
// sum itself (scan-lookback-fallback). The emulator calls a spinner stuck only far later
// (kernels/sim/block_state.hpp: kStuckSpins).
inline constexpr unsigned kFallbackSpins = 256;

// Between turns of a spin-wait on the GPU: sleep `delay_ns` (__nanosleep) and double it, up to
// a microsecond, so that waiting warps do not flood L2 with reads of the flag they wait for.
// Nothing on the emulator, where a wait is a turn of the schedule (spin_wait).
WS_DEV void back_off(unsigned& delay_ns) {
#if defined(__CUDACC__)
    __nanosleep(delay_ns);
#endif
    delay_ns = delay_ns < 1024 ? 2 * delay_ns : delay_ns;
}

// ---- shuffles: each is a round, and the end of a sub-step -------------------------------------
namespace detail {
template <ShuffleMode Mode, class T>
WS_DEV T raw_shuffle(unsigned mask, T v, int arg, int width, unsigned line) {
#if defined(__CUDACC__)
    (void)line;
    if constexpr (Mode == ShuffleMode::Idx) return __shfl_sync(mask, v, arg, width);
    if constexpr (Mode == ShuffleMode::Up) return __shfl_up_sync(mask, v, unsigned(arg), width);
    if constexpr (Mode == ShuffleMode::Down) return __shfl_down_sync(mask, v, unsigned(arg), width);
    if constexpr (Mode == ShuffleMode::Xor) return __shfl_xor_sync(mask, v, arg, width);
#else
    if constexpr (Mode == ShuffleMode::Idx) return __shfl_sync(mask, v, arg, width, line);
    if constexpr (Mode == ShuffleMode::Up)
        return __shfl_up_sync(mask, v, unsigned(arg), width, line);
    if constexpr (Mode == ShuffleMode::Down)
        return __shfl_down_sync(mask, v, unsigned(arg), width, line);
    if constexpr (Mode == ShuffleMode::Xor) return __shfl_xor_sync(mask, v, arg, width, line);
#endif
}
template <ShuffleMode Mode, class T, class Probe>
WS_DEV T shuffle(Probe& probe, unsigned mask, T v, int arg, int width, unsigned line) {
    T r = raw_shuffle<Mode>(mask, v, arg, width, line);
    if constexpr (kRecords<Probe>) {
        const unsigned lane = linear_thread() % 32u;
        probe.shuffled(shuffle_source_lane(Mode, lane, arg, unsigned(width)), r, line);
    }
    (void)probe;
    return r;
}
}  // namespace detail

template <class T, class Probe>
WS_DEV T shfl_sync(Probe& probe, unsigned mask, T v, int src_lane, int width = 32,
                   unsigned line = __builtin_LINE()) {
    return detail::shuffle<ShuffleMode::Idx>(probe, mask, v, src_lane, width, line);
}
template <class T, class Probe>
WS_DEV T shfl_up_sync(Probe& probe, unsigned mask, T v, unsigned delta, int width = 32,
                      unsigned line = __builtin_LINE()) {
    return detail::shuffle<ShuffleMode::Up>(probe, mask, v, int(delta), width, line);
}
template <class T, class Probe>
WS_DEV T shfl_down_sync(Probe& probe, unsigned mask, T v, unsigned delta, int width = 32,
                        unsigned line = __builtin_LINE()) {
    return detail::shuffle<ShuffleMode::Down>(probe, mask, v, int(delta), width, line);
}
template <class T, class Probe>
WS_DEV T shfl_xor_sync(Probe& probe, unsigned mask, T v, int lane_mask, int width = 32,
                       unsigned line = __builtin_LINE()) {
    return detail::shuffle<ShuffleMode::Xor>(probe, mask, v, lane_mask, width, line);
}

// The CUDA Handbook's scan step in inline PTX: `shfl.sync.up.b32 r|p` receives the value of the
// lane `delta` below and sets p when that lane exists; `@p add` adds it. Returns v + received
// (v alone where p is false), one shuffle round. The handbook wrote it in PTX because the
// compiler of its day turned `if (lane >= delta) v += __shfl_up(...)` into a compare and a
// branch instead of using the predicate the shuffle already sets.
// The emulator has no PTX: it runs the host equivalent selected at compile time below, the same
// shuffle (the shim's __shfl_up_sync) and the same predicate (shuffle_up_in_range, PTX's rule
// for shfl.up), so the two executors compute and record the same values.
namespace detail {
#if defined(__CUDACC__)
// r: what the shuffle received (the caller's own value where p is false); the sum as above.
// The outputs are written last, from registers of the asm's own: an output may share its
// register with an input, which must not be overwritten before it is read.
__device__ __forceinline__ int ptx_shfl_up_add(int v, unsigned delta, unsigned mask, int& r) {
    int sum;
    asm("{ .reg .pred p;\n\t"
        ".reg .b32 r0, s0;\n\t"
        "shfl.sync.up.b32 r0|p, %2, %3, 0, %4;\n\t"
        "mov.b32 s0, r0;\n\t"
        "@p add.s32 s0, r0, %2;\n\t"
        "mov.b32 %0, s0;\n\t"
        "mov.b32 %1, r0; }"
        : "=r"(sum), "=r"(r)
        : "r"(v), "r"(delta), "r"(mask));
    return sum;
}
__device__ __forceinline__ float ptx_shfl_up_add(float v, unsigned delta, unsigned mask, float& r) {
    float sum;
    asm("{ .reg .pred p;\n\t"
        ".reg .f32 r0, s0;\n\t"
        "shfl.sync.up.b32 r0|p, %2, %3, 0, %4;\n\t"
        "mov.f32 s0, r0;\n\t"
        "@p add.f32 s0, r0, %2;\n\t"
        "mov.f32 %0, s0;\n\t"
        "mov.f32 %1, r0; }"
        : "=f"(sum), "=f"(r)
        : "f"(v), "r"(delta), "r"(mask));
    return sum;
}
// Eight bytes: both halves shuffled, the predicate from the first (the two agree).
__device__ __forceinline__ double ptx_shfl_up_add(double v, unsigned delta, unsigned mask,
                                                  double& r) {
    double sum;
    asm("{ .reg .pred p;\n\t"
        ".reg .b32 lo, hi;\n\t"
        ".reg .f64 r0, s0;\n\t"
        "mov.b64 {lo, hi}, %2;\n\t"
        "shfl.sync.up.b32 lo|p, lo, %3, 0, %4;\n\t"
        "shfl.sync.up.b32 hi, hi, %3, 0, %4;\n\t"
        "mov.b64 r0, {lo, hi};\n\t"
        "mov.f64 s0, r0;\n\t"
        "@p add.f64 s0, r0, %2;\n\t"
        "mov.f64 %0, s0;\n\t"
        "mov.f64 %1, r0; }"
        : "=d"(sum), "=d"(r)
        : "d"(v), "r"(delta), "r"(mask));
    return sum;
}
#endif
}  // namespace detail

template <class T, class Probe>
WS_DEV T shfl_up_add_ptx(Probe& probe, unsigned mask, T v, unsigned delta,
                         unsigned line = __builtin_LINE()) {
    const unsigned lane = detail::linear_thread() % 32u;
#if defined(__CUDACC__)
    T received;
    const T sum = detail::ptx_shfl_up_add(v, delta, mask, received);
#else
    const T received = __shfl_up_sync(mask, v, delta, 32, line);
    const T sum = shuffle_up_in_range(lane, delta, 32) ? T(received + v) : v;
#endif
    if constexpr (kRecords<Probe>)
        probe.shuffled(shuffle_source_lane(ShuffleMode::Up, lane, int(delta), 32u), received, line);
    (void)probe;
    (void)lane;
    (void)line;
    return sum;
}

// ---- warp votes ------------------------------------------------------------------------------
// __ballot_sync(mask, predicate): every lane of `mask` receives one 32-bit word whose bit k is
// lane k's predicate. Recorded as a Shuffle event from trace::kBallotSource whose value is the
// word (kernels/trace/event.hpp says why), and, like a shuffle round, the end of a sub-step.
template <class Probe>
WS_DEV unsigned ballot_sync(Probe& probe, unsigned mask, bool predicate,
                            unsigned line = __builtin_LINE()) {
#if defined(__CUDACC__)
    const unsigned word = __ballot_sync(mask, predicate);
#else
    const unsigned word = __ballot_sync(mask, predicate, line);
#endif
    if constexpr (kRecords<Probe>) probe.shuffled(trace::kBallotSource, word, line);
    (void)probe;
    (void)line;
    return word;
}

// __popc(word): how many of its 32 bits are set (one instruction, POPC).
WS_DEV unsigned popc(unsigned word) {
    return unsigned(__popc(word));
}

}  // namespace ws::probe
