// Global memory on the emulator, aligned as cudaMalloc's is (256 bytes), so that a kernel that
// looks at its pointers' alignment (a bulk copy, a 16-byte vector access) takes the path it takes
// on the GPU on every host: glibc's malloc gives 16 bytes, the web page's only 8 (the pipeline's
// scan fell back to plain loads there, its trace unlike the native one).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <vector>

namespace ws::run {

inline constexpr std::size_t kDeviceAlignment = 256;

template <class T>
struct DeviceAllocator {
    using value_type = T;
    DeviceAllocator() = default;
    template <class U>
    DeviceAllocator(const DeviceAllocator<U>&) noexcept {}
    T* allocate(std::size_t n) {
        return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t(kDeviceAlignment)));
    }
    void deallocate(T* p, std::size_t) noexcept {
        ::operator delete(p, std::align_val_t(kDeviceAlignment));
    }
    template <class U>
    bool operator==(const DeviceAllocator<U>&) const noexcept {
        return true;
    }
    template <class U>
    bool operator!=(const DeviceAllocator<U>&) const noexcept {
        return false;
    }
};

template <class T>
using DeviceVector = std::vector<T, DeviceAllocator<T>>;

// A copy of host data in the emulator's global memory.
template <class T>
DeviceVector<T> on_device(const std::vector<T>& host) {
    return DeviceVector<T>(host.begin(), host.end());
}

// `count` elements no kernel has written yet: every byte 0xCD (input_data.hpp's unwritten).
template <class T>
DeviceVector<T> unwritten_on_device(std::uint64_t count) {
    DeviceVector<T> v(count);
    if (!v.empty()) std::memset(static_cast<void*>(v.data()), 0xCD, v.size() * sizeof(T));
    return v;
}

}  // namespace ws::run
