// Gives the window the GPU backend (when this build has one and a device is usable).
#pragma once

namespace ws::app {
void register_gpu_hooks();
}  // namespace ws::app
