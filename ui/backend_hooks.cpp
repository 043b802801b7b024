// The GPU backend hook's storage.
#include "ui/backend_hooks.hpp"

namespace ws::ui {

GpuBackend& gpu_backend() {
    static GpuBackend backend;
    return backend;
}

}  // namespace ws::ui
