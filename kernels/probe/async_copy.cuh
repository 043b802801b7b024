// Hopper's asynchronous copy: a bulk copy from global to shared memory done by the copy engine
// (cp.async.bulk, sm_90) and the transaction barrier (mbarrier) that it completes: the PTX
// behind the vocabulary's pipeline (kernels/probe/pipeline.cuh), which kernels use, so that the
// emulator runs the same source. The least a kernel needs to load a tile this way:
//
//   TxBarrier& bar = ...;               // 8 bytes of shared memory, 8-byte aligned
//   tx_init(bar, 1);                    // one thread: a phase completes after 1 arrival ...
//   tx_init_fence();                    // ... seen by the copy engine before it is used
//   tx_arrive_expect(bar, bytes);       // that thread arrives; the phase also waits for bytes
//   bulk_copy(dst, src, bytes, bar);    // dst[..bytes) = src[..bytes), completing bytes on bar
//   tx_wait(bar, parity);               // any thread: until the phase of that parity is over
//
// Each is one PTX instruction (mbarrier.init, fence.mbarrier_init / fence.proxy.async,
// mbarrier.arrive.expect_tx, cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes,
// mbarrier.try_wait.parity in a loop). A bulk copy's source and destination must be 16-byte
// aligned and its size a multiple of 16 bytes.
//
// They exist from sm_90 on. Compiled for an older GPU (machine code for Turing to Ada, or the
// compute_75 PTX a driver compiles for any GPU), each traps instead: the GPU backend never
// launches a kernel that uses them where the code or the GPU lacks them (VariantInfo::min_sm,
// kernels/run/gpu_support.hpp says why in one line).
#pragma once
#if defined(__CUDACC__)

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#define WS_HAS_BULK_COPY 0
#else
#define WS_HAS_BULK_COPY 1
#endif

namespace ws::probe {

// One transaction barrier: 8 bytes of shared memory, 8-byte aligned.
struct alignas(8) TxBarrier {
    unsigned long long word;
};

namespace detail {
__device__ __forceinline__ unsigned shared_address(const void* p) {
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
}  // namespace detail

// mbarrier.init: a phase completes after `arrivals` arrivals and the bytes they expect.
__device__ __forceinline__ void tx_init(TxBarrier& b, unsigned arrivals) {
#if WS_HAS_BULK_COPY
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(detail::shared_address(&b)),
                 "r"(arrivals)
                 : "memory");
#else
    (void)b, (void)arrivals;
    __trap();
#endif
}

// After the barriers' init, before a copy uses them: the init is seen by the copy engine.
__device__ __forceinline__ void tx_init_fence() {
#if WS_HAS_BULK_COPY
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#else
    __trap();
#endif
}

// mbarrier.arrive.expect_tx: this thread arrives (release: its earlier writes are seen by
// whoever waits on the phase), and the phase also waits for `bytes` (0: a plain arrival).
__device__ __forceinline__ void tx_arrive_expect(TxBarrier& b, unsigned bytes) {
#if WS_HAS_BULK_COPY
    asm volatile(
        "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(detail::shared_address(&b)),
        "r"(bytes)
        : "memory");
#else
    (void)b, (void)bytes;
    __trap();
#endif
}

// Waits until the phase of this parity (0 for the first, then 1, 0, ...) has completed
// (acquire). mbarrier.try_wait suspends the thread a while at each unsuccessful try.
__device__ __forceinline__ void tx_wait(TxBarrier& b, unsigned parity) {
#if WS_HAS_BULK_COPY
    const unsigned address = detail::shared_address(&b);
    unsigned done = 0;
    while (!done) {
        asm volatile(
            "{ .reg .pred p;\n\t"
            "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
            "selp.u32 %0, 1, 0, p; }"
            : "=r"(done)
            : "r"(address), "r"(parity)
            : "memory");
    }
#else
    (void)b, (void)parity;
    __trap();
#endif
}

// `bytes` from global `src` to shared `dst` by the copy engine, completing them on `b` (which
// must expect them). Issued by one thread. The source is read once: evict-first in L2, as the
// streaming loads of the other scans (ld.global.cs) are.
__device__ __forceinline__ void bulk_copy(void* dst, const void* src, unsigned bytes,
                                          TxBarrier& b) {
#if WS_HAS_BULK_COPY
    unsigned long long policy;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint "
        "[%0], [%1], %2, [%3], %4;" ::"r"(detail::shared_address(dst)),
        "l"(src), "r"(bytes), "r"(detail::shared_address(&b)), "l"(policy)
        : "memory");
#else
    (void)dst, (void)src, (void)bytes, (void)b;
    __trap();
#endif
}

}  // namespace ws::probe
#endif
