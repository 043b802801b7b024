// device_launch_parameters.h for a plain CUDA kernel on the emulator: empty on purpose. The CUDA
// vocabulary a kernel uses (__global__, threadIdx, __syncthreads, the shuffles, atomics, ...) comes
// from kernels/sim/cuda_shim.hpp; the host-side CUDA API is not available to a kernel here.
