// The guard around a [gpu] test hook (cuda_backend.hpp's *_for_test): no usable device says so,
// a CUDA failure is recovered from and returned as its line, a refused request as its reason.
#pragma once
#include <stdexcept>
#include <string>

#include "kernels/cuda/check.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/trace/dtype.hpp"

namespace ws::cuda {

// `body` is called with a value of the element type `type` names; it returns "" or why not.
template <class Body>
std::string guarded_for_test(trace::DType type, Body&& body) {
    if (std::string why = unavailable_reason(); !why.empty()) return "no CUDA device: " + why;
    try {
        WS_CUDA(cudaSetDevice(0), "test thread");
        return trace::visit_dtype(type, body);
    } catch (const CudaError& e) {
        recover_after_error();
        return e.what();
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
}

}  // namespace ws::cuda
