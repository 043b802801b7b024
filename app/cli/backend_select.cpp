#include "app/cli/backend_select.hpp"

#if defined(WS_HAVE_CUDA)
#include "kernels/cuda/cuda_backend.hpp"
#endif

namespace ws::cli {

std::string cuda_unavailable_reason() {
#if defined(WS_HAVE_CUDA)
    return cuda::unavailable_reason();
#else
    return "this warpscope was built without the CUDA backend (nvcc was not found)";
#endif
}

BackendChoice choose_backend(const std::string& requested) {
    BackendChoice c;
    if (requested == "cpu") {
        c.backend = Backend::Cpu;
        return c;
    }
    const std::string why = cuda_unavailable_reason();
    if (requested == "cuda") {
        if (!why.empty()) c.error = "--backend cuda: " + why;
        c.backend = Backend::Cuda;
        return c;
    }
    if (why.empty()) {
        c.backend = Backend::Cuda;
        c.note = "backend: cuda";
    } else {
        c.backend = Backend::Cpu;
        c.note = "backend: CPU emulator (" + why + ")";
    }
    return c;
}

trace::Trace run_request(Backend backend, const trace::Request& request,
                         const run::RunOptions& options) {
#if defined(WS_HAVE_CUDA)
    if (backend == Backend::Cuda) return cuda::run_on_gpu(request, options);
#else
    (void)backend;
#endif
    return run::run_on_emulator(request, options);
}

const char* backend_name(Backend b) {
    return b == Backend::Cuda ? "cuda" : "cpu";
}

}  // namespace ws::cli
