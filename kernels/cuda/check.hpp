// Every CUDA call is checked: a failure becomes a CudaError naming the call and what it was for
// (the kernel, the pass), which the backend turns into a one-line message.
#pragma once
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace ws::cuda {

struct CudaError : std::runtime_error {
    cudaError_t code;
    CudaError(cudaError_t c, const std::string& what) : std::runtime_error(what), code(c) {}
};

inline void check(cudaError_t err, const char* call, const std::string& context) {
    if (err == cudaSuccess) return;
    throw CudaError(err, std::string(call) + " failed" +
                             (context.empty() ? "" : " (" + context + ")") + ": " +
                             cudaGetErrorString(err));
}

// After a launch: the launch error at once, and (when synchronous checking is asked for) the
// kernel's own error.
inline void check_launch(const std::string& kernel, bool synchronize) {
    check(cudaGetLastError(), "kernel launch", kernel);
    if (synchronize) check(cudaDeviceSynchronize(), "kernel execution", kernel);
}

#define WS_CUDA(call, context) ::ws::cuda::check((call), #call, (context))

// A device allocation freed on scope exit.
template <class T>
class DeviceBuffer {
  public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(std::size_t count, const std::string& what = "") {
        allocate(count, what);
    }
    ~DeviceBuffer() { release(); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    DeviceBuffer(DeviceBuffer&& o) noexcept : p_(o.p_), n_(o.n_) {
        o.p_ = nullptr;
        o.n_ = 0;
    }
    DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
        if (this != &o) {
            release();
            p_ = o.p_;
            n_ = o.n_;
            o.p_ = nullptr;
            o.n_ = 0;
        }
        return *this;
    }
    void allocate(std::size_t count, const std::string& what = "") {
        release();
        if (count == 0) return;
        WS_CUDA(cudaMalloc(&p_, count * sizeof(T)),
                what + ", " + std::to_string(count * sizeof(T)) + " bytes");
        n_ = count;
    }
    void release() {
        if (p_) cudaFree(p_);
        p_ = nullptr;
        n_ = 0;
    }
    T* get() const { return p_; }
    std::size_t size() const { return n_; }

  private:
    T* p_ = nullptr;
    std::size_t n_ = 0;
};

}  // namespace ws::cuda
