#include "kernels/cuda/metrics_offered.hpp"

#include <mutex>

namespace ws::cuda {

namespace {
std::mutex g_host_mutex;

template <class T>
T params(std::size_t size) {
    T p{};
    p.structSize = size;
    return p;
}

}  // namespace

bool chip_offers(const cupti::Api& a, CUpti_Profiler_Host_Object* host, const std::string& metric) {
    for (CUpti_MetricType type :
         {CUPTI_METRIC_TYPE_COUNTER, CUPTI_METRIC_TYPE_RATIO, CUPTI_METRIC_TYPE_THROUGHPUT}) {
        auto sm = params<CUpti_Profiler_Host_GetSubMetrics_Params>(
            CUpti_Profiler_Host_GetSubMetrics_Params_STRUCT_SIZE);
        sm.pHostObject = host;
        sm.metricType = type;
        sm.pMetricName = metric.c_str();
        if (a.cuptiProfilerHostGetSubMetrics(&sm) == CUPTI_SUCCESS) return true;
    }
    return false;
}

std::vector<std::string> cupti_chips(std::string& error) {
    const cupti::Api* a = cupti::host_api(error);
    if (!a) return {};
    std::lock_guard<std::mutex> lock(g_host_mutex);
    auto p = params<CUpti_Profiler_Host_GetSupportedChips_Params>(
        CUpti_Profiler_Host_GetSupportedChips_Params_STRUCT_SIZE);
    if (a->cuptiProfilerHostGetSupportedChips(&p) != CUPTI_SUCCESS) {
        error = "CUPTI could not list its chips";
        return {};
    }
    std::vector<std::string> chips;
    for (std::size_t i = 0; i < p.numChips; ++i) chips.emplace_back(p.ppChipNames[i]);
    return chips;
}

std::vector<std::string> metrics_not_offered(const std::string& chip,
                                             const std::vector<std::string>& metrics,
                                             std::string& error) {
    const cupti::Api* a = cupti::host_api(error);
    if (!a) return {};
    std::lock_guard<std::mutex> lock(g_host_mutex);
    auto init = params<CUpti_Profiler_Host_Initialize_Params>(
        CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE);
    init.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
    init.pChipName = chip.c_str();
    if (a->cuptiProfilerHostInitialize(&init) != CUPTI_SUCCESS || !init.pHostObject) {
        error = "CUPTI does not know the chip " + chip;
        return {};
    }
    std::vector<std::string> missing;
    for (const std::string& m : metrics)
        if (!chip_offers(*a, init.pHostObject, m)) missing.push_back(m);
    auto done = params<CUpti_Profiler_Host_Deinitialize_Params>(
        CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE);
    done.pHostObject = init.pHostObject;
    a->cuptiProfilerHostDeinitialize(&done);
    return missing;
}

}  // namespace ws::cuda
