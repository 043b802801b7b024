// `warpscope bench --multi-gpu` on the GPUs (multi_gpu_bench.hpp): NCCL's all-reduce,
// reduce-scatter and all-gather (one process, ncclCommInitAll over the GPUs) and the hand-written
// ring and naive all-reduces (ring_plan.hpp's steps, each a peer read per transfer:
// ring_kernels.cuh), at each size, on random data, every GPU's whole result checked against the
// CPU's. Times: CUDA events on every GPU's stream around each run, after 3 warm-up runs; a run
// lasts as long as its slowest GPU; the median of enough runs for about 200 ms (10..200).
#include <nccl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "kernels/multi/multi_gpu_bench.hpp"
#include "kernels/multi/ring_plan.hpp"
#include "kernels/multi_gpu/multi_gpu_runner.hpp"
#include "kernels/multi_gpu/ring_kernels.cuh"
#include "kernels/run/input_data.hpp"
#include "kernels/run/request_check.hpp"

namespace ws::multi {
namespace {

struct Failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

void cuda_ok(cudaError_t e, const std::string& what) {
    if (e != cudaSuccess) throw Failure(what + ": " + cudaGetErrorString(e));
}
void nccl_ok(ncclResult_t r, const std::string& what) {
    if (r != ncclSuccess) throw Failure(what + ": " + ncclGetErrorString(r));
}

template <class T>
ncclDataType_t nccl_type() {
    if constexpr (std::is_same_v<T, int>) return ncclInt32;
    if constexpr (std::is_same_v<T, float>) return ncclFloat32;
    return ncclFloat64;
}

// The GPUs, their streams and NCCL communicators.
struct Fleet {
    unsigned k = 0;
    std::vector<ncclComm_t> comms;
    std::vector<cudaStream_t> streams;
    std::vector<int> sm_count;
    explicit Fleet(unsigned gpus) : k(gpus), comms(gpus), streams(gpus), sm_count(gpus) {
        std::vector<int> devs(k);
        for (unsigned g = 0; g < k; ++g) devs[g] = int(g);
        nccl_ok(ncclCommInitAll(comms.data(), int(k), devs.data()), "ncclCommInitAll");
        for (unsigned g = 0; g < k; ++g) {
            cuda_ok(cudaSetDevice(int(g)), "cudaSetDevice");
            cuda_ok(cudaStreamCreateWithFlags(&streams[g], cudaStreamNonBlocking), "stream");
            cuda_ok(cudaDeviceGetAttribute(&sm_count[g], cudaDevAttrMultiProcessorCount, int(g)),
                    "SMs");
        }
    }
    ~Fleet() {
        for (unsigned g = 0; g < k; ++g) {
            cudaSetDevice(int(g));
            if (streams[g]) cudaStreamDestroy(streams[g]);
            if (comms[g]) ncclCommDestroy(comms[g]);
        }
    }
    Fleet(const Fleet&) = delete;
    Fleet& operator=(const Fleet&) = delete;
    void sync() const {
        for (unsigned g = 0; g < k; ++g) {
            cuda_ok(cudaSetDevice(int(g)), "cudaSetDevice");
            cuda_ok(cudaStreamSynchronize(streams[g]), "a GPU's stream");
        }
    }
};

// n elements on each GPU: its input, an output and a work copy for the in-place hand rings.
template <class T>
struct Arrays {
    unsigned k;
    std::uint64_t n;
    std::vector<T*> in, out, work;
    Arrays(unsigned gpus, std::uint64_t count) : k(gpus), n(count), in(k), out(k), work(k) {
        for (unsigned g = 0; g < k; ++g) {
            cuda_ok(cudaSetDevice(int(g)), "cudaSetDevice");
            for (T** p : {&in[g], &out[g], &work[g]})
                cuda_ok(
                    cudaMalloc(p, std::max<std::uint64_t>(n, 1) * sizeof(T)),
                    "allocating " + std::to_string(n) + " elements on GPU " + std::to_string(g));
        }
    }
    ~Arrays() {
        for (unsigned g = 0; g < k; ++g) {
            cudaSetDevice(int(g));
            for (T* p : {in[g], out[g], work[g]})
                if (p) cudaFree(p);
        }
    }
    Arrays(const Arrays&) = delete;
    Arrays& operator=(const Arrays&) = delete;
};

// Events on every GPU, made once.
struct Events {
    std::vector<cudaEvent_t> e;
    Events(unsigned k, bool timing) : e(k) {
        for (unsigned g = 0; g < k; ++g) {
            cuda_ok(cudaSetDevice(int(g)), "cudaSetDevice");
            cuda_ok(
                cudaEventCreateWithFlags(&e[g], timing ? cudaEventDefault : cudaEventDisableTiming),
                "event");
        }
    }
    ~Events() {
        for (unsigned g = 0; g < e.size(); ++g) {
            cudaSetDevice(int(g));
            cudaEventDestroy(e[g]);
        }
    }
    Events(const Events&) = delete;
    Events& operator=(const Events&) = delete;
};

// Times `run()` (all GPUs) after `prepare()` (not timed): 3 warm-up runs, then runs for about
// 200 ms; each run's time is its slowest GPU's, from events on every GPU's stream.
template <class Prepare, class Run>
void time_runs(const Fleet& f, Prepare&& prepare, Run&& run, MultiGpuPoint& p) {
    Events start(f.k, true), stop(f.k, true);
    auto once = [&] {
        prepare();
        for (unsigned g = 0; g < f.k; ++g) {
            cuda_ok(cudaSetDevice(int(g)), "cudaSetDevice");
            cuda_ok(cudaEventRecord(start.e[g], f.streams[g]), "event");
        }
        run();
        for (unsigned g = 0; g < f.k; ++g) {
            cuda_ok(cudaSetDevice(int(g)), "cudaSetDevice");
            cuda_ok(cudaEventRecord(stop.e[g], f.streams[g]), "event");
        }
        float slowest = 0;
        for (unsigned g = 0; g < f.k; ++g) {
            cuda_ok(cudaEventSynchronize(stop.e[g]), p.algo);
            float ms = 0;
            cuda_ok(cudaEventElapsedTime(&ms, start.e[g], stop.e[g]), "event time");
            slowest = std::max(slowest, ms);
        }
        return slowest;
    };
    for (int i = 0; i < 3; ++i) once();
    const float first = once();
    const unsigned reps = std::clamp(unsigned(200.0f / std::max(first, 1e-3f)), 10u, 200u);
    std::vector<float> ms(reps);
    for (float& m : ms) m = once();
    std::sort(ms.begin(), ms.end());
    p.reps = reps;
    p.ms = reps % 2 ? ms[reps / 2] : 0.5 * (ms[reps / 2 - 1] + ms[reps / 2]);
    p.ms_min = ms.front();
    p.ms_max = ms.back();
}

// The inputs (GPU g: random data of seed 100 + g) and their element-wise sum on the CPU.
template <class T>
struct Inputs {
    std::vector<std::vector<T>> x;  // [gpu][element]
    std::vector<double> sum, abs_sum;
    std::vector<T> int_sum;  // integers: the sum as the GPU's wrap-around makes it
    Inputs(unsigned k, std::uint64_t n) : x(k) {
        for (unsigned g = 0; g < k; ++g) x[g] = run::make_input<T>("random", n, 100 + g);
        if constexpr (std::is_integral_v<T>) {
            int_sum.assign(n, 0);
            for (unsigned g = 0; g < k; ++g)
                for (std::uint64_t i = 0; i < n; ++i)
                    int_sum[i] = T(std::uint32_t(int_sum[i]) + std::uint32_t(x[g][i]));
        } else {
            sum.assign(n, 0);
            abs_sum.assign(n, 0);
            for (unsigned g = 0; g < k; ++g)
                for (std::uint64_t i = 0; i < n; ++i) {
                    sum[i] += double(x[g][i]);
                    abs_sum[i] += std::fabs(double(x[g][i]));
                }
        }
    }
    // "" or the first element of `got` (elements [first, first + count) of the sum) that differs.
    std::string check(const std::vector<T>& got, std::uint64_t first, unsigned gpu) const {
        for (std::uint64_t i = 0; i < got.size(); ++i) {
            const std::uint64_t at = first + i;
            bool right;
            double want;
            if constexpr (std::is_integral_v<T>) {
                right = got[i] == int_sum[at];
                want = double(int_sum[at]);
            } else {
                const double eps = std::is_same_v<T, float> ? 0x1p-23 : 0x1p-52;
                right = std::fabs(double(got[i]) - sum[at]) <= 2 * x.size() * eps * abs_sum[at];
                want = sum[at];
            }
            if (!right) {
                char b[200];
                std::snprintf(b, sizeof b, "GPU %u, element %llu: got %.9g, want %.9g", gpu,
                              (unsigned long long)at, double(got[i]), want);
                return b;
            }
        }
        return "";
    }
};

template <class T>
std::vector<T> copy_back(unsigned g, const T* p, std::uint64_t count) {
    std::vector<T> h(count);
    cuda_ok(cudaSetDevice(int(g)), "cudaSetDevice");
    cuda_ok(cudaMemcpy(h.data(), p, count * sizeof(T), cudaMemcpyDeviceToHost), "result");
    return h;
}

// NCCL's collective `algo` on every GPU, in one group.
template <class T>
void run_nccl(const Fleet& f, Arrays<T>& a, const std::string& algo, std::uint64_t per_gpu) {
    nccl_ok(ncclGroupStart(), "ncclGroupStart");
    for (unsigned g = 0; g < f.k; ++g) {
        if (algo == kNcclAllReduce)
            nccl_ok(ncclAllReduce(a.in[g], a.out[g], a.n, nccl_type<T>(), ncclSum, f.comms[g],
                                  f.streams[g]),
                    algo);
        else if (algo == kNcclReduceScatter)
            nccl_ok(ncclReduceScatter(a.in[g], a.out[g], per_gpu, nccl_type<T>(), ncclSum,
                                      f.comms[g], f.streams[g]),
                    algo);
        else
            nccl_ok(
                ncclAllGather(a.in[g], a.out[g], per_gpu, nccl_type<T>(), f.comms[g], f.streams[g]),
                algo);
    }
    nccl_ok(ncclGroupEnd(), "ncclGroupEnd");
}

// Checks what `algo` left in the outputs (`results`: the hand rings' work arrays).
template <class T>
std::string check_collective(const Fleet& f, const Inputs<T>& in, const std::string& algo,
                             const std::vector<T*>& results, std::uint64_t n,
                             std::uint64_t per_gpu) {
    for (unsigned g = 0; g < f.k; ++g) {
        if (algo == kNcclReduceScatter) {
            if (auto why = in.check(copy_back(g, results[g], per_gpu), g * per_gpu, g);
                !why.empty())
                return why;
        } else if (algo == kNcclAllGather) {
            const std::vector<T> got = copy_back(g, results[g], f.k * per_gpu);
            for (unsigned r = 0; r < f.k; ++r)
                for (std::uint64_t i = 0; i < per_gpu; ++i)
                    if (!(got[r * per_gpu + i] == in.x[r][i]))
                        return "GPU " + std::to_string(g) + ": GPU " + std::to_string(r) +
                               "'s element " + std::to_string(i) + " did not arrive";
        } else if (auto why = in.check(copy_back(g, results[g], n), 0, g); !why.empty()) {
            return why;
        }
    }
    return "";
}

// A plan's steps (ring_plan.hpp) on the GPUs, in place on the work arrays: each transfer a peer
// read by its receiver; before each step every GPU waits for every GPU's previous step (a
// barrier on the GPUs, no host wait). `step_ms`: when given, each step's slowest GPU.
template <class T>
void run_plan(const Fleet& f, Arrays<T>& a, const RingPlan& plan,
              const std::vector<std::unique_ptr<Events>>& levels, std::vector<double>* step_ms) {
    std::vector<std::unique_ptr<Events>> t0, t1;
    if (step_ms)
        for (std::size_t s = 0; s < plan.steps.size(); ++s) {
            t0.push_back(std::make_unique<Events>(f.k, true));
            t1.push_back(std::make_unique<Events>(f.k, true));
        }
    for (unsigned g = 0; g < f.k; ++g) {
        cuda_ok(cudaSetDevice(int(g)), "cudaSetDevice");
        cuda_ok(cudaEventRecord(levels[0]->e[g], f.streams[g]), "event");
    }
    for (std::size_t s = 0; s < plan.steps.size(); ++s) {
        for (unsigned g = 0; g < f.k; ++g) {
            cuda_ok(cudaSetDevice(int(g)), "cudaSetDevice");
            for (unsigned h = 0; h < f.k; ++h)
                if (h != g)
                    cuda_ok(cudaStreamWaitEvent(f.streams[g], levels[s]->e[h], 0), "event wait");
            if (step_ms) cuda_ok(cudaEventRecord(t0[s]->e[g], f.streams[g]), "event");
            for (const RingTransfer& t : plan.steps[s].transfers)
                if (t.to == g && t.count > 0)
                    pull_chunk<T><<<unsigned(f.sm_count[g]) * 4, 512, 0, f.streams[g]>>>(
                        a.work[g], a.work[t.from], t.first, t.count, t.adds);
            cuda_ok(cudaGetLastError(), "the ring's kernel");
            if (step_ms) cuda_ok(cudaEventRecord(t1[s]->e[g], f.streams[g]), "event");
            cuda_ok(cudaEventRecord(levels[s + 1]->e[g], f.streams[g]), "event");
        }
    }
    if (!step_ms) return;
    f.sync();
    step_ms->assign(plan.steps.size(), 0);
    for (std::size_t s = 0; s < plan.steps.size(); ++s)
        for (unsigned g = 0; g < f.k; ++g) {
            float ms = 0;
            cuda_ok(cudaEventElapsedTime(&ms, t0[s]->e[g], t1[s]->e[g]), "event time");
            (*step_ms)[s] = std::max((*step_ms)[s], double(ms));
        }
}

template <class T>
void bench_size(const Fleet& f, std::uint64_t n, bool peers, MultiGpuMeasurements& m) {
    const char* type = trace::dtype_name(trace::dtype_of<T>());
    Arrays<T> a(f.k, n);
    const Inputs<T> in(f.k, n);
    for (unsigned g = 0; g < f.k; ++g) {
        cuda_ok(cudaSetDevice(int(g)), "cudaSetDevice");
        cuda_ok(cudaMemcpy(a.in[g], in.x[g].data(), n * sizeof(T), cudaMemcpyHostToDevice),
                "input");
    }
    const std::uint64_t per_gpu = n / f.k;  // reduce-scatter's and all-gather's share
    auto emit = [&](MultiGpuPoint p, std::uint64_t array_elements) {
        p.type = type;
        p.n = n;
        p.gpus = f.k;
        const std::uint64_t bytes = array_elements * sizeof(T);
        p.algbw_gbps = algorithm_bandwidth(bytes, p.ms * 1e-3) / 1e9;
        p.busbw_gbps = bus_bandwidth(collective_of(p.algo), f.k, bytes, p.ms * 1e-3) / 1e9;
        m.points.push_back(p);
    };
    // NCCL forced to one algorithm and protocol (NCCL_ALGO, NCCL_PROTO): its all-reduce alone
    // (reduce-scatter and all-gather have no tree) and no hand ring (the same with or without).
    const std::string choice = nccl_choice_from_environment();
    for (const char* algo : {kNcclAllReduce, kNcclReduceScatter, kNcclAllGather}) {
        if (!choice.empty() && algo != std::string(kNcclAllReduce)) continue;
        MultiGpuPoint p;
        p.algo = algo;
        p.nccl_choice = choice;
        if (algo != kNcclAllReduce && per_gpu == 0) continue;
        run_nccl(f, a, algo, per_gpu);
        f.sync();
        p.why = check_collective(f, in, algo, a.out, n, per_gpu);
        p.ok = p.why.empty();
        time_runs(
            f, [] {}, [&] { run_nccl(f, a, algo, per_gpu); }, p);
        emit(p, algo == kNcclAllReduce ? n : f.k * per_gpu);
    }
    if (!peers || !choice.empty()) return;
    for (const char* algo : {kHandRing, kHandNaive}) {
        const RingPlan plan = algo == std::string(kHandRing) ? ring_plan(n, f.k, sizeof(T))
                                                             : naive_plan(n, f.k, sizeof(T));
        MultiGpuPoint p;
        p.algo = algo;
        if (!plan.error.empty()) throw Failure(plan.error);
        std::vector<std::unique_ptr<Events>> levels;
        for (std::size_t s = 0; s <= plan.steps.size(); ++s)
            levels.push_back(std::make_unique<Events>(f.k, false));
        auto reset = [&] {
            for (unsigned g = 0; g < f.k; ++g) {
                cuda_ok(cudaSetDevice(int(g)), "cudaSetDevice");
                cuda_ok(cudaMemcpyAsync(a.work[g], a.in[g], n * sizeof(T), cudaMemcpyDeviceToDevice,
                                        f.streams[g]),
                        "reset");
            }
        };
        reset();
        run_plan(f, a, plan, levels, &p.step_ms);
        f.sync();
        p.why = check_collective(f, in, algo, a.work, n, per_gpu);
        p.ok = p.why.empty();
        time_runs(
            f, reset, [&] { run_plan<T>(f, a, plan, levels, nullptr); }, p);
        emit(p, n);
    }
}

std::string today() {
    std::time_t t = std::time(nullptr);
    char b[32];
    std::strftime(b, sizeof b, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
    return b;
}

MultiGpuMeasurements run_bench(const MultiGpuBenchRequest& req) {
    MultiGpuMeasurements m;
    m.date = today();
    m.timing =
        "CUDA events on every GPU's stream; 3 warm-up runs; a run is its slowest GPU; "
        "median of 10..200 runs";
    int version = 0;
    ncclGetVersion(&version);
    m.nccl_version = std::to_string(version / 10000) + "." + std::to_string(version / 100 % 100) +
                     "." + std::to_string(version % 100);
    cudaDriverGetVersion(&m.driver_version);
    cudaRuntimeGetVersion(&m.runtime_version);
    int count = 0;
    if (cudaError_t e = cudaGetDeviceCount(&count); e != cudaSuccess) {
        m.error = std::string("no CUDA device: ") + cudaGetErrorString(e);
        return m;
    }
    const unsigned k = req.gpus ? req.gpus : unsigned(count);
    if (count < 2 || k < 2 || k > unsigned(count) || k > kMaxRingGpus) {
        m.error =
            "the multi-GPU bench needs 2 to 8 GPUs; this machine has " + std::to_string(count);
        return m;
    }
    try {
        bool peers = true;
        for (unsigned g = 0; g < k; ++g) {
            cudaDeviceProp prop{};
            cuda_ok(cudaGetDeviceProperties(&prop, int(g)), "device properties");
            m.devices.push_back(prop.name);
            cuda_ok(cudaSetDevice(int(g)), "cudaSetDevice");
            for (unsigned h = 0; h < k; ++h) {
                if (h == g) continue;
                int can = 0;
                cuda_ok(cudaDeviceCanAccessPeer(&can, int(g), int(h)), "peer access");
                if (!can) {
                    peers = false;
                    m.peer_access = "GPU " + std::to_string(g) + " cannot read GPU " +
                                    std::to_string(h) + "'s memory: the hand rings are not run";
                    continue;
                }
                const cudaError_t e = cudaDeviceEnablePeerAccess(int(h), 0);
                if (e != cudaSuccess && e != cudaErrorPeerAccessAlreadyEnabled)
                    cuda_ok(e, "enabling peer access");
                cudaGetLastError();
            }
        }
        if (peers) m.peer_access = "every pair";
        const Fleet fleet(k);
        for (std::uint64_t n : req.sizes)
            trace::visit_dtype(req.type,
                               [&](auto zero) { bench_size<decltype(zero)>(fleet, n, peers, m); });
    } catch (const Failure& e) {
        m.error = e.what();
    }
    return m;
}

}  // namespace

MultiGpuBench multi_gpu_runner() {
    return &run_bench;
}

}  // namespace ws::multi
