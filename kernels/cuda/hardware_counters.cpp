// Hardware counters of whatever a callback launches, read with CUPTI's range profiler (CUDA 13):
// one user range around the callback, replayed by the callback once per pass the metrics need
// (user replay), evaluated with the profiler host API. See hardware_counters.hpp.
//
// Why one user range with user replay: kernel replay works only with auto ranges (one range a
// kernel, a sync after each), which would give per-kernel values to add up and serialise the
// launches; one range makes the hardware add up every kernel launched inside it.
// The order of the calls per count():
//   [once] cuptiProfilerInitialize
//   the current context (cudaFree(0) makes the primary one) and its device
//   cuptiDeviceGetChipName, cuptiProfilerDeviceSupported (a clearer refusal than Enable's)
//   cuptiProfilerGetCounterAvailability (before Enable)
//   host: Initialize, ConfigAddMetrics, GetConfigImage, GetNumOfPasses (a host object a call)
//   target: RangeProfilerEnable, GetCounterDataSize (1 range), CounterDataImageInitialize,
//     SetConfig (user range, user replay, 1 range a pass, 1 nesting level)
//   per pass: Start, PushRange, the callback, a context sync, PopRange, Stop (until all passes
//     are submitted)
//   DecodeData, Disable, GetCounterDataInfo (exactly 1 range), EvaluateToGpuValues (range 0)
// Images are host vectors owned by the call; a Session object pops, stops, disables and frees on
// every early return. Measured on an H100 (2026-11-25): a 2-way conflicted LDS/STS pair counted 1
// conflict and 2 wavefronts each, a 2^20-float copy 131072 load sectors; the same on a second call.
#include "kernels/cuda/hardware_counters.hpp"

#include <cuda_runtime_api.h>

#include <exception>
#include <mutex>

#include "kernels/cuda/cupti_api.hpp"
#include "kernels/cuda/metrics_offered.hpp"
#include "kernels/run/counter_witness.hpp"
#include "kernels/run/hardware_compare.hpp"

namespace ws::cuda {
namespace {

const cupti::Api* A = nullptr;  // set under g_mutex before each use
std::mutex g_mutex;             // CUPTI range profiling is per context; serialise callers
bool g_profilerInit = false;    // cuptiProfilerInitialize done (only set on success)

// Declare a zero-initialised CUPTI params struct with its structSize set.
#define HW_PARAMS(T, v) \
    T v{};              \
    v.structSize = T##_STRUCT_SIZE

std::string oneLine(std::string s) {
    for (char& c : s)
        if (c == '\n' || c == '\r') c = ' ';
    return s;
}

// "what: NAME (code): message" on one line.
std::string fmt(const char* what, const char* name, int code, const char* msg) {
    std::string s =
        std::string(what) + ": " + (name ? name : "?") + " (" + std::to_string(code) + ")";
    if (msg && *msg) s += std::string(": ") + msg;
    return oneLine(s);
}
std::string cuptiMsg(const char* what, CUptiResult r) {
    const char* name = nullptr;
    const char* msg = nullptr;
    A->cuptiGetResultString(r, &name);
    A->cuptiGetErrorMessage(r, &msg);
    return fmt(what, name, static_cast<int>(r), msg);
}
std::string cuMsg(const char* what, CUresult r) {
    const char* name = nullptr;
    const char* msg = nullptr;
    A->cuGetErrorName(r, &name);
    return fmt(what, name, static_cast<int>(r), msg);
}
std::string cudaMsg(const char* what, cudaError_t e) {
    return oneLine(std::string(what) + ": " + cudaGetErrorName(e) + ": " + cudaGetErrorString(e));
}

// Early-return helpers: the enclosing function returns a one-line error string.
#define HW_CUPTI(name, call)                                \
    do {                                                    \
        CUptiResult r_ = (call);                            \
        if (r_ != CUPTI_SUCCESS) return cuptiMsg(name, r_); \
    } while (0)
#define HW_CU(name, call)                               \
    do {                                                \
        CUresult r_ = (call);                           \
        if (r_ != CUDA_SUCCESS) return cuMsg(name, r_); \
    } while (0)

// Owns the per-call CUPTI objects; tears everything down in reverse order, best effort.
struct Session {
    CUpti_Profiler_Host_Object* host = nullptr;
    CUpti_RangeProfiler_Object* rp = nullptr;
    bool started = false, pushed = false;

    void pop() {
        HW_PARAMS(CUpti_RangeProfiler_PopRange_Params, p);
        p.pRangeProfilerObject = rp;
        A->cuptiRangeProfilerPopRange(&p);
        pushed = false;
    }
    void stop() {
        HW_PARAMS(CUpti_RangeProfiler_Stop_Params, p);
        p.pRangeProfilerObject = rp;
        A->cuptiRangeProfilerStop(&p);
        started = false;
    }
    void disable() {
        if (pushed) pop();
        if (started) stop();
        if (rp) {
            HW_PARAMS(CUpti_RangeProfiler_Disable_Params, p);
            p.pRangeProfilerObject = rp;
            A->cuptiRangeProfilerDisable(&p);
            rp = nullptr;
        }
    }
    ~Session() {
        disable();
        if (host) {
            HW_PARAMS(CUpti_Profiler_Host_Deinitialize_Params, p);
            p.pHostObject = host;
            A->cuptiProfilerHostDeinitialize(&p);
        }
    }
};

std::string unsupportedWhy(const CUpti_Profiler_DeviceSupported_Params& s) {
    std::string why;
    auto add = [&](const char* n, CUpti_Profiler_Support_Level l) {
        if (l != CUPTI_PROFILER_CONFIGURATION_SUPPORTED)
            why += std::string(" ") + n +
                   (l == CUPTI_PROFILER_CONFIGURATION_DISABLED      ? "=disabled"
                    : l == CUPTI_PROFILER_CONFIGURATION_UNSUPPORTED ? "=unsupported"
                                                                    : "=unknown");
    };
    add("architecture", s.architecture);
    add("sli", s.sli);
    add("vGpu", s.vGpu);
    add("confidentialCompute", s.confidentialCompute);
    add("cmp", s.cmp);
    add("wsl", s.wsl);
    return "cuptiProfilerDeviceSupported: device not supported for range profiling:" + why;
}

std::string run(const std::vector<std::string>& asked, const std::function<void()>& launch,
                CounterResult& out) {
    if (asked.empty()) return "hardware counters: no metrics requested";
    if (!launch) return "hardware counters: empty launch callback";

    // --- CUDA context: use the current one, or create/retain the primary one. ---
    CUcontext ctx = nullptr;
    HW_CU("cuCtxGetCurrent", A->cuCtxGetCurrent(&ctx));
    if (!ctx) {
        cudaError_t e = cudaFree(nullptr);
        if (e != cudaSuccess) return cudaMsg("cudaFree(0)", e);
        HW_CU("cuCtxGetCurrent", A->cuCtxGetCurrent(&ctx));
        if (!ctx) return "hardware counters: no current CUDA context after cudaFree(0)";
    }
    CUdevice dev = 0;
    HW_CU("cuCtxGetDevice", A->cuCtxGetDevice(&dev));

    // --- One-time profiler initialisation (loads libnvperf_host, hooks the driver). ---
    if (!g_profilerInit) {
        HW_PARAMS(CUpti_Profiler_Initialize_Params, p);
        HW_CUPTI("cuptiProfilerInitialize", A->cuptiProfilerInitialize(&p));
        g_profilerInit = true;
    }

    // --- Device checks and chip name. CUdevice is the device ordinal in the driver API. ---
    HW_PARAMS(CUpti_Device_GetChipName_Params, chipP);
    chipP.deviceIndex = static_cast<size_t>(dev);
    HW_CUPTI("cuptiDeviceGetChipName", A->cuptiDeviceGetChipName(&chipP));
    const std::string chip = chipP.pChipName ? chipP.pChipName : "";

    HW_PARAMS(CUpti_Profiler_DeviceSupported_Params, sup);
    sup.cuDevice = dev;
    sup.api = CUPTI_PROFILER_RANGE_PROFILING;
    HW_CUPTI("cuptiProfilerDeviceSupported", A->cuptiProfilerDeviceSupported(&sup));
    // UNKNOWN is not treated as fatal: cuptiRangeProfilerEnable then gives the real answer.
    if (sup.isSupported == CUPTI_PROFILER_CONFIGURATION_UNSUPPORTED ||
        sup.isSupported == CUPTI_PROFILER_CONFIGURATION_DISABLED)
        return unsupportedWhy(sup);

    // --- Counter availability image (must be queried while no session is active). ---
    HW_PARAMS(CUpti_Profiler_GetCounterAvailability_Params, ca);
    ca.ctx = ctx;
    HW_CUPTI("cuptiProfilerGetCounterAvailability(size)",
             A->cuptiProfilerGetCounterAvailability(&ca));
    std::vector<uint8_t> avail(ca.counterAvailabilityImageSize);
    ca.pCounterAvailabilityImage = avail.data();
    HW_CUPTI("cuptiProfilerGetCounterAvailability", A->cuptiProfilerGetCounterAvailability(&ca));

    Session s;  // everything below is torn down by s's destructor

    // --- Host side: metrics -> config image (scheduling of raw counters over passes). ---
    HW_PARAMS(CUpti_Profiler_Host_Initialize_Params, hi);
    hi.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
    hi.pChipName = chip.c_str();
    hi.pCounterAvailabilityImage = avail.data();
    HW_CUPTI("cuptiProfilerHostInitialize", A->cuptiProfilerHostInitialize(&hi));
    s.host = hi.pHostObject;

    // What this chip offers: a metric it does not know (the names differ between generations)
    // is left out and named in `not_offered`; the others are counted.
    std::vector<std::string> metrics;
    for (const std::string& m : asked) {
        if (chip_offers(*A, s.host, m))
            metrics.push_back(m);
        else
            out.not_offered.push_back(m);
    }
    if (metrics.empty())
        return "hardware counters: the " + chip + " offers none of " + asked[0] +
               (asked.size() > 1 ? " and the others asked" : "");
    std::vector<const char*> names;
    for (const auto& m : metrics) names.push_back(m.c_str());

    HW_PARAMS(CUpti_Profiler_Host_ConfigAddMetrics_Params, am);
    am.pHostObject = s.host;
    am.ppMetricNames = names.data();
    am.numMetrics = names.size();
    HW_CUPTI("cuptiProfilerHostConfigAddMetrics", A->cuptiProfilerHostConfigAddMetrics(&am));

    HW_PARAMS(CUpti_Profiler_Host_GetConfigImageSize_Params, cs);
    cs.pHostObject = s.host;
    HW_CUPTI("cuptiProfilerHostGetConfigImageSize", A->cuptiProfilerHostGetConfigImageSize(&cs));
    std::vector<uint8_t> config(cs.configImageSize);
    HW_PARAMS(CUpti_Profiler_Host_GetConfigImage_Params, ci);
    ci.pHostObject = s.host;
    ci.configImageSize = config.size();
    ci.pConfigImage = config.data();
    HW_CUPTI("cuptiProfilerHostGetConfigImage", A->cuptiProfilerHostGetConfigImage(&ci));

    HW_PARAMS(CUpti_Profiler_Host_GetNumOfPasses_Params, np);
    np.configImageSize = config.size();
    np.pConfigImage = config.data();
    HW_CUPTI("cuptiProfilerHostGetNumOfPasses", A->cuptiProfilerHostGetNumOfPasses(&np));
    const size_t expectedPasses = np.numOfPasses ? np.numOfPasses : 1;

    // --- Target side: enable on the context, build a 1-range counter data image. ---
    HW_CU("cuCtxSynchronize(before)",
          A->cuCtxSynchronize());  // earlier work stays out of the range
    HW_PARAMS(CUpti_RangeProfiler_Enable_Params, en);
    en.ctx = ctx;
    HW_CUPTI("cuptiRangeProfilerEnable", A->cuptiRangeProfilerEnable(&en));
    s.rp = en.pRangeProfilerObject;

    HW_PARAMS(CUpti_RangeProfiler_GetCounterDataSize_Params, ds);
    ds.pRangeProfilerObject = s.rp;
    ds.pMetricNames = names.data();
    ds.numMetrics = names.size();
    ds.maxNumOfRanges = 1;
    ds.maxNumRangeTreeNodes = 1;
    HW_CUPTI("cuptiRangeProfilerGetCounterDataSize", A->cuptiRangeProfilerGetCounterDataSize(&ds));
    std::vector<uint8_t> counterData(ds.counterDataSize);
    HW_PARAMS(CUpti_RangeProfiler_CounterDataImage_Initialize_Params, di);
    di.pRangeProfilerObject = s.rp;
    di.counterDataSize = counterData.size();
    di.pCounterData = counterData.data();
    HW_CUPTI("cuptiRangeProfilerCounterDataImageInitialize",
             A->cuptiRangeProfilerCounterDataImageInitialize(&di));

    HW_PARAMS(CUpti_RangeProfiler_SetConfig_Params, sc);
    sc.pRangeProfilerObject = s.rp;
    sc.configSize = config.size();
    sc.pConfig = config.data();
    sc.counterDataImageSize = counterData.size();
    sc.pCounterDataImage = counterData.data();
    sc.range = CUPTI_UserRange;
    sc.replayMode = CUPTI_UserReplay;
    sc.maxRangesPerPass = 1;
    sc.numNestingLevels = 1;
    sc.minNestingLevel = 1;
    sc.passIndex = 0;
    sc.targetNestingLevel = 1;
    HW_CUPTI("cuptiRangeProfilerSetConfig", A->cuptiRangeProfilerSetConfig(&sc));

    // --- Replay loop: one call of `launch` per pass. Cap guards against an endless loop. ---
    bool allSubmitted = false;
    const size_t maxPasses = 2 * expectedPasses + 2;
    for (size_t pass = 0; !allSubmitted; ++pass) {
        if (pass >= maxPasses)
            return "hardware counters: not all passes submitted after " + std::to_string(pass) +
                   " passes (expected " + std::to_string(expectedPasses) + ")";
        HW_PARAMS(CUpti_RangeProfiler_Start_Params, st);
        st.pRangeProfilerObject = s.rp;
        HW_CUPTI("cuptiRangeProfilerStart", A->cuptiRangeProfilerStart(&st));
        s.started = true;
        HW_PARAMS(CUpti_RangeProfiler_PushRange_Params, pu);
        pu.pRangeProfilerObject = s.rp;
        pu.pRangeName = "hardware counters";
        HW_CUPTI("cuptiRangeProfilerPushRange", A->cuptiRangeProfilerPushRange(&pu));
        s.pushed = true;

        try {
            launch();
        } catch (const std::exception& e) {
            return oneLine(std::string("hardware counters: launch callback threw: ") + e.what());
        } catch (...) {
            return "hardware counters: launch callback threw a non-std exception";
        }
        out.passes = static_cast<int>(pass + 1);
        cudaError_t le = cudaGetLastError();
        if (le != cudaSuccess) return cudaMsg("launch callback (cudaGetLastError)", le);
        // Make sure every kernel of this pass has finished inside the range (the callee may
        // have launched asynchronously, on any stream of this context).
        HW_CU("cuCtxSynchronize(pass)", A->cuCtxSynchronize());

        HW_PARAMS(CUpti_RangeProfiler_PopRange_Params, po);
        po.pRangeProfilerObject = s.rp;
        HW_CUPTI("cuptiRangeProfilerPopRange", A->cuptiRangeProfilerPopRange(&po));
        s.pushed = false;
        HW_PARAMS(CUpti_RangeProfiler_Stop_Params, sp);
        sp.pRangeProfilerObject = s.rp;
        HW_CUPTI("cuptiRangeProfilerStop", A->cuptiRangeProfilerStop(&sp));
        s.started = false;
        allSubmitted = sp.isAllPassSubmitted != 0;
    }

    // --- Decode GPU records into the counter data image (syncs the context). ---
    HW_PARAMS(CUpti_RangeProfiler_DecodeData_Params, dd);
    dd.pRangeProfilerObject = s.rp;
    HW_CUPTI("cuptiRangeProfilerDecodeData", A->cuptiRangeProfilerDecodeData(&dd));
    if (dd.numOfRangeDropped)
        return "hardware counters: cuptiRangeProfilerDecodeData dropped " +
               std::to_string(dd.numOfRangeDropped) + " range(s)";
    s.disable();  // the counter data image is self-contained from here on

    HW_PARAMS(CUpti_RangeProfiler_GetCounterDataInfo_Params, info);
    info.pCounterDataImage = counterData.data();
    info.counterDataImageSize = counterData.size();
    HW_CUPTI("cuptiRangeProfilerGetCounterDataInfo",
             A->cuptiRangeProfilerGetCounterDataInfo(&info));
    if (info.numTotalRanges != 1)
        return "hardware counters: expected 1 range in counter data, found " +
               std::to_string(info.numTotalRanges) + " (did `launch` launch any kernel?)";

    // --- Evaluate all metrics for range 0 (host-only, uses the host object). ---
    std::vector<double> vals(names.size(), 0.0);
    HW_PARAMS(CUpti_Profiler_Host_EvaluateToGpuValues_Params, ev);
    ev.pHostObject = s.host;
    ev.pCounterDataImage = counterData.data();
    ev.counterDataImageSize = counterData.size();
    ev.rangeIndex = 0;
    ev.ppMetricNames = names.data();
    ev.numMetrics = names.size();
    ev.pMetricValues = vals.data();
    HW_CUPTI("cuptiProfilerHostEvaluateToGpuValues", A->cuptiProfilerHostEvaluateToGpuValues(&ev));

    for (size_t i = 0; i < metrics.size(); ++i) out.values.emplace_back(metrics[i], vals[i]);
    return {};
}

}  // namespace

CounterResult count_hardware(const std::vector<std::string>& metrics,
                             const std::function<void()>& launch) {
    CounterResult r;
    try {
        std::lock_guard<std::mutex> lock(g_mutex);
        std::string why;
        A = cupti::api(why);
        r.error = A ? run(metrics, launch, r) : why;
    } catch (const std::exception& e) {
        r.error = oneLine(std::string("hardware counters: exception: ") + e.what());
    } catch (...) {
        r.error = "hardware counters: unknown exception";
    }
    if (!r.error.empty()) r.values.clear();
    return r;
}

void read_witness(const std::function<void()>& launch, trace::Trace& out) {
    const CounterResult r = count_hardware(run::witness_metrics(), launch);
    out.hardware.clear();
    out.hardware_error = r.error;
    for (const auto& [metric, value] : r.values) out.hardware.push_back({metric, value});
}

void read_hardware(const std::function<void()>& launch, trace::Trace& out) {
    out.hardware_error.clear();
    out.hardware.clear();
    // One profiling session a group: a group the GPU or driver cannot count says why, and the
    // others are still read.
    // Where a group cannot be configured (a metric this GPU or CUPTI does not offer), each of
    // its metrics is read alone, so that one missing metric costs only itself.
    auto note = [&](const std::string& why) {
        if (out.hardware_error.empty()) out.hardware_error = why;
    };
    // (The metrics' names differ between generations; a GPU that refuses every metric alone as
    // it refused the group, say for want of permission, is told once.)
    for (const std::vector<std::string>& group : run::hardware_metric_groups()) {
        CounterResult r = count_hardware(group, launch);
        for (const std::string& m : r.not_offered) note(m + ": this GPU does not offer it");
        if (r.error.empty()) {
            for (const auto& [metric, value] : r.values) out.hardware.push_back({metric, value});
            continue;
        }
        std::string first_alone;
        bool all_alike = true;  // every metric failed alone as the group did
        for (const std::string& metric : group) {
            const CounterResult one = count_hardware({metric}, launch);
            if (!one.error.empty()) {
                if (first_alone.empty()) first_alone = metric + ": " + one.error;
                all_alike = all_alike && one.error == r.error;
            } else {
                all_alike = false;
            }
            for (const auto& [m, value] : one.values) out.hardware.push_back({m, value});
        }
        if (!first_alone.empty()) note(all_alike ? r.error : first_alone);
    }
}

}  // namespace ws::cuda
