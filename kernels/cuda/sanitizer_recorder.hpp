// The GPU recorder of a plain kernel (issue 56): NVIDIA's Compute Sanitizer API, loaded at run
// time (sanitizer_api.hpp), patches the student's unmodified code where it is loaded, so that
// each shared and global access, barrier, warp sync and shuffle calls a device callback
// (patches/sanitizer_patches.cu) that writes the compile-time probe's events into the GPU
// recorder's own buffers (first_pass_recorder.cuh): the same counting launch, slices, room and
// one-line errors. A launch observer (launch_kernel.cuh) hands the callbacks the buffers of each
// recorded launch of the traced kernel. Host side, the snapshots are the writes replayed
// (trace/replayed_snapshots.hpp).
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernels/trace/trace.hpp"
#include "kernels/user/cubin_lines.hpp"

namespace ws::cuda {

// Subscribes to the API in this process: call before the first CUDA call. "" or, in one line,
// why the GPU cannot record a plain kernel here (what is missing). With `keep_program_code`, the
// device code of each module the program loads is kept too, so that the catalog's own unprobed
// kernels can be recorded (SanitizerRecording::of_program_kernel).
std::string start_sanitizer_recorder(bool keep_program_code = false);

// What the traced kernel's launches need to know of the request.
struct PlainLaunchShape {
    bool scan = false;        // buffers in, out, totals (else in, out)
    std::uint64_t n = 0;      // elements
    unsigned elem_bytes = 0;  // sizeof(T)
    // The catalog's launches: each pointer argument, in order, is a buffer as the emulator numbers
    // them, from that byte to the end of its allocation (scan and n are not read).
    bool sized_by_allocation = false;
};

// Loads `cubin` once more, patched, and records every launch of its kernel `traced_name`
// through the launch observer until it goes. Throws CudaError.
class SanitizerRecording {
  public:
    SanitizerRecording(const std::vector<char>& cubin,
                       const std::vector<user::FunctionLines>& lines,
                       const std::string& traced_name, const PlainLaunchShape& shape,
                       bool program_kernel = false);
    ~SanitizerRecording();
    // A kernel of this program (a catalog variant's unprobed instance, by its host stub): its
    // module's code, kept by start_sanitizer_recorder(true), loaded again and patched, its lines
    // those of the algorithm files (kernels/algorithms/) where each access is written. The
    // recording is kept for the next kernel of the same module. Throws CudaError.
    static SanitizerRecording& of_program_kernel(const void* kernel, const PlainLaunchShape& shape);
    SanitizerRecording(const SanitizerRecording&) = delete;
    SanitizerRecording& operator=(const SanitizerRecording&) = delete;

    // The patched kernel, as cudaLibraryGetKernel gives it.
    cudaKernel_t kernel() const { return kernel_; }
    // After the launches: snapshots replayed and shared bytes set in `out`; the note for stores
    // the picture cannot show ("" when none).
    std::string finish(trace::Trace& out) const;

  private:
    // The kernel the next launches record: its name in the loaded library.
    void aim(const std::string& traced_name, const PlainLaunchShape& shape);
    // The recorder's line table for it (s.lines, first_pc, line_count).
    void place_lines(const std::string& traced_name);

    cudaLibrary_t lib_ = nullptr;
    cudaKernel_t kernel_ = nullptr;
    unsigned static_smem_ = 0;
    std::vector<user::FunctionLines> lines_;
    bool program_kernel_ = false;
};

}  // namespace ws::cuda
