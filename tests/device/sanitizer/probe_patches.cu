// Device callbacks of the Sanitizer API probe (probe_host.cc, run on the GPU machine by
// probe.sh): every lane of block 0 writes what it did into its own slice of a buffer.
#include <sanitizer_patching.h>

#include <cstdint>

struct ProbeRecord {
    uint64_t pc, address, value;
    uint16_t thread;
    uint8_t kind, size;
    uint32_t extra;
};
struct ProbeControl {
    ProbeRecord* records;
    uint32_t* counts;
    uint32_t capacity;
};

static __device__ uint64_t shared_bits(uint32_t offset, uint32_t size) {
    uint64_t v = 0;
    if (size == 1) {
        unsigned short b;
        asm volatile("ld.shared.u8 %0, [%1];" : "=h"(b) : "r"(offset));
        v = b;
    } else if (size == 2) {
        unsigned short b;
        asm volatile("ld.shared.u16 %0, [%1];" : "=h"(b) : "r"(offset));
        v = b;
    } else if (size == 4) {
        unsigned b;
        asm volatile("ld.shared.u32 %0, [%1];" : "=r"(b) : "r"(offset));
        v = b;
    } else {
        unsigned long long b;
        asm volatile("ld.shared.u64 %0, [%1];" : "=l"(b) : "r"(offset));
        v = b;
    }
    return v;
}

static __device__ uint64_t generic_bits(const void* p, uint32_t size) {
    if (size == 1) return *static_cast<const volatile uint8_t*>(p);
    if (size == 2) return *static_cast<const volatile uint16_t*>(p);
    if (size == 4) return *static_cast<const volatile uint32_t*>(p);
    return *static_cast<const volatile uint64_t*>(p);
}

static __device__ void put(void* userdata, uint8_t kind, uint64_t pc, uint64_t address,
                           uint32_t size, uint32_t extra, uint64_t value) {
    if (blockIdx.x != 0 || blockIdx.y != 0 || blockIdx.z != 0) return;
    auto* c = static_cast<ProbeControl*>(userdata);
    const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const uint32_t k = c->counts[t]++;
    if (k >= c->capacity) return;
    ProbeRecord& r = c->records[size_t(t) * c->capacity + k];
    r.pc = pc;
    r.address = address;
    r.value = value;
    r.thread = uint16_t(t);
    r.kind = kind;
    r.size = uint8_t(size);
    r.extra = extra;
}

extern "C" __device__ __noinline__ SanitizerPatchResult ProbeShared(void* u, uint64_t pc, void* ptr,
                                                                    uint32_t size, uint32_t flags,
                                                                    const void* nv) {
    const uint32_t off = uint32_t(uintptr_t(ptr));
    uint64_t v = nv ? generic_bits(nv, size) : shared_bits(off, size);
    put(u, 1, pc, uintptr_t(ptr), size, flags | (nv ? 0x100u : 0u), v);
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult ProbeGlobal(void* u, uint64_t pc, void* ptr,
                                                                    uint32_t size, uint32_t flags,
                                                                    const void* nv) {
    uint64_t v = nv ? generic_bits(nv, size) : generic_bits(ptr, size);
    put(u, 2, pc, uintptr_t(ptr), size, flags | (nv ? 0x100u : 0u), v);
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult ProbeBarrier(void* u, uint64_t pc,
                                                                     uint32_t bar, uint32_t count,
                                                                     uint32_t flags) {
    put(u, 3, pc, bar, count, flags, 0);
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult ProbeSyncwarp(void* u, uint64_t pc,
                                                                      uint32_t mask) {
    put(u, 4, pc, 0, 0, mask, 0);
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult ProbeShfl(void* u, uint64_t pc) {
    put(u, 5, pc, 0, 0, __activemask(), 0);
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult ProbeExit(void* u, uint64_t pc) {
    put(u, 6, pc, 0, 0, 0, 0);
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult ProbeEnter(void* u, uint64_t pc) {
    put(u, 7, pc, 0, 0, 0, 0);
    return SANITIZER_PATCH_SUCCESS;
}
