// CUPTI and the few driver calls the hardware counters need, found at run time: libcupti.so.13 is
// opened with dlopen (beside the CUDA toolkit's other libraries) and the driver's entry points are
// asked of the CUDA runtime, so that warpscope links neither and still starts where CUPTI or its
// profiler is missing; the counters then say why in one line. Only kernels/cuda/ uses this.
#pragma once
#include <cuda.h>
#include <cupti.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>

#include <string>

namespace ws::cuda::cupti {

#define WS_CUPTI_FUNCTIONS(X)                       \
    X(cuptiGetResultString)                         \
    X(cuptiGetErrorMessage)                         \
    X(cuptiProfilerInitialize)                      \
    X(cuptiDeviceGetChipName)                       \
    X(cuptiProfilerDeviceSupported)                 \
    X(cuptiProfilerGetCounterAvailability)          \
    X(cuptiProfilerHostInitialize)                  \
    X(cuptiProfilerHostDeinitialize)                \
    X(cuptiProfilerHostConfigAddMetrics)            \
    X(cuptiProfilerHostGetSubMetrics)               \
    X(cuptiProfilerHostGetSupportedChips)           \
    X(cuptiProfilerHostGetConfigImageSize)          \
    X(cuptiProfilerHostGetConfigImage)              \
    X(cuptiProfilerHostGetNumOfPasses)              \
    X(cuptiProfilerHostEvaluateToGpuValues)         \
    X(cuptiRangeProfilerEnable)                     \
    X(cuptiRangeProfilerDisable)                    \
    X(cuptiRangeProfilerGetCounterDataSize)         \
    X(cuptiRangeProfilerCounterDataImageInitialize) \
    X(cuptiRangeProfilerSetConfig)                  \
    X(cuptiRangeProfilerStart)                      \
    X(cuptiRangeProfilerStop)                       \
    X(cuptiRangeProfilerPushRange)                  \
    X(cuptiRangeProfilerPopRange)                   \
    X(cuptiRangeProfilerDecodeData)                 \
    X(cuptiRangeProfilerGetCounterDataInfo)

#define WS_DRIVER_FUNCTIONS(X) \
    X(cuCtxGetCurrent)         \
    X(cuCtxGetDevice)          \
    X(cuCtxSynchronize)        \
    X(cuGetErrorName)

struct Api {
#define WS_POINTER(name) decltype(&::name) name = nullptr;
    WS_CUPTI_FUNCTIONS(WS_POINTER)
    WS_DRIVER_FUNCTIONS(WS_POINTER)
#undef WS_POINTER
};

// The functions, loaded once (thread-safe); `why` says in one line what could not be found.
const Api* api(std::string& why);
// CUPTI's host side alone (the driver's functions may be null): what a chip offers, asked with
// no GPU.
const Api* host_api(std::string& why);

}  // namespace ws::cuda::cupti
