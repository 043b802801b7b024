#include <cstdio>

#include "app/cli/arguments.hpp"
#include "app/cli/backend_select.hpp"
#include "app/cli/commands.hpp"

#if defined(WS_HAVE_CUDA)
#include "kernels/cuda/cuda_backend.hpp"
#endif

namespace ws::cli {

int cmd_info() {
#if defined(WS_HAVE_CUDA)
    cuda::DeviceInfo d;
    if (std::string why = cuda::query_device(d); !why.empty()) {
        std::printf("no CUDA device: %s\n", why.c_str());
        return 2;
    }
    std::printf("device        %s (ordinal %d, compute capability %d.%d)\n", d.name.c_str(),
                d.ordinal, d.cc_major, d.cc_minor);
    std::printf("SMs           %d\n", d.sm_count);
    std::printf("memory        %.1f GiB, %d-bit bus at %d MHz: %.0f GB/s theoretical\n",
                double(d.global_mem_bytes) / (1u << 30), d.bus_width_bits, d.mem_clock_khz / 1000,
                d.peak_gbps);
    std::printf("L2            %.1f MiB\n", double(d.l2_bytes) / (1u << 20));
    std::printf("shared/block  %llu KiB (%llu KiB opt-in)\n",
                (unsigned long long)(d.smem_per_block / 1024),
                (unsigned long long)(d.smem_per_block_optin / 1024));
    std::printf("SM clock      %d MHz\n", d.sm_clock_khz / 1000);
    std::printf("driver        %d.%d, runtime %d.%d\n", d.driver_version / 1000,
                (d.driver_version % 1000) / 10, d.runtime_version / 1000,
                (d.runtime_version % 1000) / 10);
    return 0;
#else
    std::printf("no CUDA device: %s\n", cuda_unavailable_reason().c_str());
    return 2;
#endif
}

#if !defined(WS_HAVE_CUDA)
int cmd_bench(const BenchOptions&) {
    std::fprintf(stderr, "warpscope: bench needs a CUDA device: %s\n",
                 cuda_unavailable_reason().c_str());
    return 2;
}
#endif

}  // namespace ws::cli
