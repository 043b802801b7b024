// The one place that knows whether this build has CUDA.
#include "app/backends.hpp"

#if defined(WS_HAVE_CUDA)
#include "app/cuda_backend.hpp"
#endif

namespace ws::app {

void register_backends() {
#if defined(WS_HAVE_CUDA)
    register_cuda_backend();
#endif
}

}  // namespace ws::app
