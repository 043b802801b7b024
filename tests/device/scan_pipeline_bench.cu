// A standalone harness for scan-pipeline (issue 37), built beside the project for the GPU
// machine: checks it element by element against a CPU reference at many odd sizes, stress-tests
// it against CUB thousands of times, times it beside CUB's scan, rung 11 and a device-to-device
// copy from 2^16 to 2^28 for int, float and double, inclusive and exclusive, runs small cases
// for compute-sanitizer, and one type at 2^28 for Nsight Compute. The kernels are the
// catalog's own headers (unprobed).
//   nvcc -std=c++17 -O3 -lineinfo --expt-relaxed-constexpr -gencode=arch=compute_90,code=sm_90 -I.
//   \
//        tests/device/scan_pipeline_bench.cu -o scan_pipeline_bench
// Usage: scan_pipeline_bench check | stress N | time [max_log2] [csv] | compact [max_log2] |
//        shapes [csv] [from_log2] [to_log2] | sanitize | sanitize-shapes | profile TYPE NAME (NAME:
//        pipeline, rung11, cub, compact or cub-select)
// Timing as bench's (kernels/bench/timing.cuh): CUDA events around each run alone, 3 warm-ups,
// the median of 10..500 runs (about 50 ms), inputs rotated so that together they are 4x L2.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <functional>
#include <string>
#include <vector>

#include "kernels/algorithms/scan/11_decoupled_lookback_vector.cuh"
#include "kernels/algorithms/scan/20_pipeline.cuh"

using ws::probe::NoProbe;
using ws::scan::ScanKind;
using ws::scan::TileStatus;

#define CK(x)                                                              \
    do {                                                                   \
        cudaError_t e_ = (x);                                              \
        if (e_ != cudaSuccess) {                                           \
            std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, \
                         cudaGetErrorString(e_));                          \
            std::exit(3);                                                  \
        }                                                                  \
    } while (0)

namespace {

std::uint64_t splitmix(std::uint64_t& s) {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

__device__ std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// Integer values in [-8, 8] (never all zero): every partial sum of 2^28 of them is exact in
// float, so ours and CUB's must agree bit for bit whatever order they add in.
template <class T>
__global__ void fill(T* x, std::uint64_t n, std::uint64_t seed) {
    for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::uint64_t(gridDim.x) * blockDim.x)
        x[i] = T(int(mix(i * 0x9e3779b97f4a7c15ull + seed) % 17) - 8);
}

template <class T>
__global__ void count_differences(const T* a, const T* b, std::uint64_t n,
                                  unsigned long long* wrong) {
    unsigned long long mine = 0;
    for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::uint64_t(gridDim.x) * blockDim.x) {
        using Bits = std::conditional_t<sizeof(T) == 8, unsigned long long, unsigned>;
        Bits x, y;
        memcpy(&x, &a[i], sizeof x);
        memcpy(&y, &b[i], sizeof y);
        mine += x != y;
    }
    if (mine) atomicAdd(wrong, mine);
}

struct Device {
    cudaDeviceProp prop{};
    std::uint64_t l2 = 0;
};

Device device() {
    Device d;
    CK(cudaGetDeviceProperties(&d.prop, 0));
    d.l2 = std::uint64_t(d.prop.l2CacheSize);
    return d;
}

// The tile status of one launch: packed words (flag and 4-byte value) with the counter after
// them; values beside them for 8-byte types. Zeroed before each launch, as FastScan does.
template <class T>
struct Status {
    std::uint64_t tiles = 0;
    unsigned long long* words = nullptr;
    T* aggregate = nullptr;
    T* inclusive = nullptr;
    void reserve(std::uint64_t t) {
        if (t <= tiles) return;
        release();
        tiles = t;
        CK(cudaMalloc(&words, (2 * t + 2) * 8));  // room for 16-byte words
        CK(cudaMalloc(&aggregate, t * sizeof(T)));
        CK(cudaMalloc(&inclusive, t * sizeof(T)));
    }
    void release() {
        if (words) cudaFree(words), cudaFree(aggregate), cudaFree(inclusive);
        words = nullptr;
        tiles = 0;
    }
    TileStatus<T> zeroed(std::uint64_t t, cudaStream_t stream = 0) {
        CK(cudaMemsetAsync(words, 0, (t + 1) * 8, stream));
        return TileStatus<T>{reinterpret_cast<unsigned*>(words + t), nullptr, aggregate, inclusive,
                             words};
    }
    TileStatus<T> zeroed_pipeline(std::uint64_t t, cudaStream_t stream = 0) {
        const std::uint64_t w = t * ws::scan::pipeline::status_words_per_tile(sizeof(T));
        CK(cudaMemsetAsync(words, 0, (w + 1) * 8, stream));
        return TileStatus<T>{reinterpret_cast<unsigned*>(words + w), nullptr, nullptr, nullptr,
                             words};
    }
};

// One way to scan: ours at a tile shape, rung 11, or CUB.
template <class T>
struct Scanner {
    std::string name;
    unsigned block = 256, lane_elems = 16;
    std::uint64_t tile = 0;  // elements
    std::function<void(const T*, T*, std::uint64_t, ScanKind)> run;
};

// scan-pipeline as the catalog's launcher runs it: as many blocks as fit at once (never more
// than there are tiles), tiles_ahead stages in use.
// kStageCount stages of kBytesOfStage: the catalog's shape by default, others for `shapes`.
template <class T, unsigned kStageCount = ws::scan::pipeline::kStages,
          unsigned kBytesOfStage = ws::scan::pipeline::kStageBytes,
          unsigned kConsumers = ws::scan::pipeline::kConsumerWarps>
Scanner<T> pipeline_scanner(Status<T>& status, unsigned sms, std::string name = "pipeline") {
    using Sh =
        ws::scan::pipeline::Shape<unsigned(sizeof(T)), kStageCount, kBytesOfStage, kConsumers>;
    Scanner<T> s;
    s.name = name;
    s.block = Sh::kThreads;
    s.lane_elems = Sh::kLaneElems;
    s.tile = Sh::kTileElems;
    auto kernel = &ws::scan::pipeline::scan_pipeline<T, ws::probe::NoProbe, false, Sh>;
    const unsigned smem = Sh::kSharedBytes;
    CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
    int per_sm = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, s.block, smem));
    cudaFuncAttributes attr{};
    CK(cudaFuncGetAttributes(&attr, kernel));
    std::printf(
        "shape %-7s %s: %u threads, %d registers, %d B local, %u B shared, %d blocks an SM, "
        "%u KB of stages an SM\n",
        sizeof(T) == 8 ? "8-byte" : "4-byte", name.c_str(), s.block, attr.numRegs,
        int(attr.localSizeBytes), smem, per_sm, per_sm * kStageCount * kBytesOfStage / 1024);
    const unsigned resident = unsigned(std::max(per_sm, 1)) * sms;
    s.run = [kernel, smem, resident, &status](const T* in, T* out, std::uint64_t n, ScanKind kind) {
        const std::uint64_t tiles =
            std::max<std::uint64_t>(1, ws::scan::pipeline::tiles_of<sizeof(T), Sh>(n));
        status.reserve(tiles);
        const TileStatus<T> st = status.zeroed_pipeline(tiles);
        const unsigned grid = unsigned(std::min<std::uint64_t>(tiles, resident));
        kernel<<<grid, Sh::kThreads, smem>>>(in, out, st, unsigned(n), kind, ws::probe::NoProbe{});
    };
    return s;
}

template <class T>
Scanner<T> rung11_scanner(unsigned block, Status<T>& status) {
    Scanner<T> s;
    s.name = "rung11-" + std::to_string(block);
    s.block = block;
    s.lane_elems = 32;
    s.tile = 32ull * block;
    auto kernel = &ws::scan::scan_decoupled_lookback_vector<T, NoProbe>;
    const unsigned smem = (block / 32 + 1) * sizeof(T);
    s.run = [kernel, block, smem, &status](const T* in, T* out, std::uint64_t n, ScanKind kind) {
        const std::uint64_t tile = 32ull * block;
        const std::uint64_t tiles = std::max<std::uint64_t>(1, (n + tile - 1) / tile);
        status.reserve(tiles);
        const TileStatus<T> st = status.zeroed(tiles);
        kernel<<<unsigned(tiles), block, smem>>>(in, out, st, unsigned(n), kind, NoProbe{});
    };
    return s;
}

// The temporary storage is asked for once a size and kind, as bench does: a query before each
// launch would be host time inside CUB's timed window.
template <class T>
struct Cub {
    void* scratch = nullptr;
    std::size_t bytes = 0, need = 0;
    std::uint64_t asked_n = 0;
    ScanKind asked_kind = ScanKind::Inclusive;
    void run(const T* in, T* out, std::uint64_t n, ScanKind kind) {
        if (n != asked_n || kind != asked_kind) {
            asked_n = n, asked_kind = kind, need = 0;
            if (kind == ScanKind::Inclusive)
                CK(cub::DeviceScan::InclusiveSum(nullptr, need, in, out, int(n)));
            else
                CK(cub::DeviceScan::ExclusiveSum(nullptr, need, in, out, int(n)));
        }
        if (need > bytes) {
            if (scratch) CK(cudaFree(scratch));
            bytes = need;
            CK(cudaMalloc(&scratch, bytes));
        }
        if (kind == ScanKind::Inclusive)
            CK(cub::DeviceScan::InclusiveSum(scratch, need, in, out, int(n)));
        else
            CK(cub::DeviceScan::ExclusiveSum(scratch, need, in, out, int(n)));
    }
};

// Every shape timed: ours at blocks of 128, 256 and 512 with 16 or 32 elements a lane (32
// elements of 8-byte types at 512 threads would need 128 KB a block: left out), and rung 11.
template <class T>
std::vector<Scanner<T>> scanners(Status<T>& status) {
    std::vector<Scanner<T>> v;
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    v.push_back(pipeline_scanner<T>(status, unsigned(sms)));
    v.push_back(rung11_scanner<T>(256, status));
    return v;
}

const char* kind_name(ScanKind k) {
    return k == ScanKind::Inclusive ? "inclusive" : "exclusive";
}

template <class T>
const char* type_name() {
    return sizeof(T) == 8 ? "double" : std::is_same_v<T, int> ? "int" : "float";
}

// ---- check: element by element against the CPU, random data, many odd sizes ------------------
template <class T>
T random_value(std::uint64_t& rng, bool integers) {
    const std::uint64_t r = splitmix(rng);
    if (integers || std::is_same_v<T, int>) return T(int(r % 201) - 100);
    return T(double(r >> 11) * 0x1p-53 * 2.0 - 1.0);  // uniform in [-1, 1)
}

template <class T>
unsigned check_one(Scanner<T>& s, std::uint64_t n, ScanKind kind, std::uint64_t seed, bool integers,
                   T* d_in, T* d_out, unsigned offset_in) {
    std::uint64_t rng = seed;
    std::vector<T> in(n);
    for (auto& x : in) x = random_value<T>(rng, integers);
    CK(cudaMemcpy(d_in + offset_in, in.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    CK(cudaMemset(d_out, 0xff, (n + 8) * sizeof(T)));  // poisoned: every element must be written
    s.run(d_in + offset_in, d_out, n, kind);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::vector<T> got(n + 8);
    CK(cudaMemcpy(got.data(), d_out, (n + 8) * sizeof(T), cudaMemcpyDeviceToHost));
    unsigned wrong = 0;
    double ref = 0, scale = 0;  // the reference in double; the sum of |x| so far for the tolerance
    const double tol = sizeof(T) == 4 ? 1e-5 : 1e-12;
    for (std::uint64_t i = 0; i < n; ++i) {
        const double before = ref;
        ref += double(in[i]);
        scale += std::fabs(double(in[i]));
        const double want = kind == ScanKind::Inclusive ? ref : before;
        const double have = double(got[i]);
        const bool ok = std::is_same_v<T, int> || integers
                            ? have == want
                            : std::fabs(have - want) <= tol * (scale + 1.0);
        if (!ok && wrong++ < 3)
            std::printf("    %s %s %s n=%llu: [%llu] = %.9g, expected %.9g\n", s.name.c_str(),
                        type_name<T>(), kind_name(kind), (unsigned long long)n,
                        (unsigned long long)i, have, want);
    }
    unsigned char poison[sizeof(T)];
    std::memset(poison, 0xff, sizeof poison);
    for (unsigned k = 0; k < 8; ++k)  // nothing written past the end
        if (std::memcmp(&got[n + k], poison, sizeof(T)) != 0 && wrong++ < 3)
            std::printf("    %s n=%llu: wrote past the end\n", s.name.c_str(),
                        (unsigned long long)n);
    return wrong;
}

template <class T>
unsigned check_type() {
    Status<T> status;
    std::vector<Scanner<T>> all = scanners(status);
    std::vector<std::uint64_t> sizes = {1, 2, 3, 5, 17, 31, 33, 100, 255, 257, 1000, 4093};
    for (auto& s : all) {  // around one, two and many tiles
        const std::uint64_t tile = s.tile;
        for (std::uint64_t m : {1ull, 2ull, 7ull, 33ull, 250ull})
            for (long long d : {-1ll, 0ll, 1ll, 3ll}) sizes.push_back(m * tile + d);
    }
    for (std::uint64_t n : {65537ull, 1000003ull, 4194301ull, 16777259ull}) sizes.push_back(n);
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    const std::uint64_t most = sizes.back() + 16;
    T *d_in, *d_out;
    CK(cudaMalloc(&d_in, (most + 4) * sizeof(T)));
    CK(cudaMalloc(&d_out, (most + 8) * sizeof(T)));
    unsigned failed = 0, runs = 0;
    std::uint64_t seed = 1;
    for (auto& s : all) {
        unsigned wrong_here = 0;
        for (ScanKind kind : {ScanKind::Inclusive, ScanKind::Exclusive})
            for (std::uint64_t n : sizes) {
                if (n == 0) continue;
                for (bool integers : {false, true}) {
                    if (std::is_same_v<T, int> && integers) continue;
                    // A misaligned input at some sizes: the element path.
                    const unsigned offset = (n % 5 == 3) ? 1u : 0u;
                    const unsigned w =
                        check_one(s, n, kind, seed++ * 7919, integers, d_in, d_out, offset);
                    wrong_here += w != 0;
                    ++runs;
                }
            }
        failed += wrong_here;
        std::printf("check %-7s %-14s %s\n", type_name<T>(), s.name.c_str(),
                    wrong_here ? "WRONG" : "ok");
    }
    std::printf("check %-7s %u runs, %u wrong\n", type_name<T>(), runs, failed);
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
    status.release();
    return failed;
}

// ---- stress: thousands of runs at random odd sizes, each against CUB on the GPU ---------------
template <class T>
unsigned stress_type(unsigned runs) {
    Status<T> status;
    std::vector<Scanner<T>> all = scanners(status);
    Cub<T> cub;
    const std::uint64_t most = 1u << 22;
    T *d_in, *d_out, *d_ref;
    unsigned long long* d_wrong;
    CK(cudaMalloc(&d_in, most * sizeof(T)));
    CK(cudaMalloc(&d_out, most * sizeof(T)));
    CK(cudaMalloc(&d_ref, most * sizeof(T)));
    CK(cudaMalloc(&d_wrong, 8));
    std::uint64_t rng = 12345 + sizeof(T);
    unsigned failed = 0;
    for (unsigned r = 0; r < runs; ++r) {
        // Sizes spread over 1 .. 2^22 on a log scale, odd.
        const double e = double(splitmix(rng) % 22000) / 1000.0;
        const std::uint64_t n = std::max<std::uint64_t>(1, std::uint64_t(std::pow(2.0, e))) | 1;
        const ScanKind kind = r % 2 ? ScanKind::Exclusive : ScanKind::Inclusive;
        Scanner<T>& s = all[r % (all.size() - 1)];  // ours only
        fill<T><<<512, 256>>>(d_in, n, splitmix(rng));
        cub.run(d_in, d_ref, n, kind);
        CK(cudaMemset(d_out, 0xff, n * sizeof(T)));
        s.run(d_in, d_out, n, kind);
        CK(cudaMemset(d_wrong, 0, 8));
        count_differences<T><<<512, 256>>>(d_out, d_ref, n, d_wrong);
        unsigned long long wrong = 0;
        CK(cudaMemcpy(&wrong, d_wrong, 8, cudaMemcpyDeviceToHost));
        if (wrong) {
            if (failed < 5)
                std::printf("  stress %s %s %s n=%llu: %llu wrong\n", type_name<T>(),
                            s.name.c_str(), kind_name(kind), (unsigned long long)n, wrong);
            ++failed;
        }
    }
    CK(cudaGetLastError());
    std::printf("stress %-7s %u runs, %u wrong\n", type_name<T>(), runs, failed);
    cudaFree(d_in), cudaFree(d_out), cudaFree(d_ref), cudaFree(d_wrong);
    status.release();
    return failed;
}

template <class T>
std::vector<Scanner<T>> shape_scanners(Status<T>& status, unsigned sms);

// A device-to-device copy with 16-byte loads and stores, four in flight a lane (profile: the
// copy's counters beside the scan's).
__global__ void copy16(const int4* __restrict__ in, int4* __restrict__ out, std::uint64_t count) {
    const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
    std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x;
    for (; i + 3 * stride < count; i += 4 * stride) {
        const int4 a = in[i], b = in[i + stride], c = in[i + 2 * stride], d = in[i + 3 * stride];
        out[i] = a, out[i + stride] = b, out[i + 2 * stride] = c, out[i + 3 * stride] = d;
    }
    for (; i < count; i += stride) out[i] = in[i];
}

// ---- time -------------------------------------------------------------------------------------
template <class Launch>
double median_ms(Launch&& launch, unsigned inputs) {
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (unsigned i = 0; i < 3; ++i) launch(i % inputs);
    CK(cudaDeviceSynchronize());
    CK(cudaEventRecord(a));
    launch(0);
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float first = 0;
    CK(cudaEventElapsedTime(&first, a, b));
    const unsigned reps = std::clamp(unsigned(50.0f / std::max(first, 1e-3f)), 10u, 500u);
    std::vector<float> ms(reps);
    for (unsigned r = 0; r < reps; ++r) {
        CK(cudaEventRecord(a));
        launch((r + 1) % inputs);
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&ms[r], a, b));
    }
    CK(cudaGetLastError());
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    std::sort(ms.begin(), ms.end());
    return reps % 2 ? ms[reps / 2] : 0.5 * (ms[reps / 2 - 1] + ms[reps / 2]);
}

// One size timed: as many copies of the input as keep them past L2 together (4x L2, at most 64
// and 8 GiB), filled, an output, and the copy's time over them: the yardstick of each size.
template <class T>
struct TimedSize {
    std::uint64_t n, bytes;
    unsigned inputs;
    T *in = nullptr, *out = nullptr;
    TimedSize(const Device& dev, std::uint64_t count) : n(count), bytes(count * sizeof(T)) {
        inputs = unsigned(std::clamp<std::uint64_t>(
            (4 * dev.l2 + bytes - 1) / bytes, 1,
            std::max<std::uint64_t>(1, std::min<std::uint64_t>(64, (8ull << 30) / bytes))));
        CK(cudaMalloc(&in, bytes * inputs));
        CK(cudaMalloc(&out, bytes));
        for (unsigned k = 0; k < inputs; ++k) fill<T><<<1024, 256>>>(in + k * n, n, 99);
    }
    ~TimedSize() { cudaFree(in), cudaFree(out); }
    T* input(unsigned k) const { return in + std::uint64_t(k) * n; }
    double copy_ms() const {
        return median_ms(
            [&](unsigned k) {
                CK(cudaMemcpyAsync(out, input(k), bytes, cudaMemcpyDeviceToDevice));
            },
            inputs);
    }
};

template <class T>
void time_type(const Device& dev, unsigned max_log2, FILE* csv) {
    Status<T> status;
    std::vector<Scanner<T>> all = scanners(status);
    Cub<T> cub;
    unsigned long long* d_wrong;
    CK(cudaMalloc(&d_wrong, 8));
    for (ScanKind kind : {ScanKind::Inclusive, ScanKind::Exclusive}) {
        for (unsigned lg = 16; lg <= max_log2; ++lg) {
            const std::uint64_t n = 1ull << lg;
            TimedSize<T> z(dev, n);
            const double copy = z.copy_ms();
            T* d_ref;
            CK(cudaMalloc(&d_ref, n * sizeof(T)));
            const double lib =
                median_ms([&](unsigned k) { cub.run(z.input(k), z.out, n, kind); }, z.inputs);
            cub.run(z.input(0), d_ref, n, kind);
            std::fprintf(csv, "%s,%s,%u,copy,%.5f\n%s,%s,%u,cub,%.5f\n", type_name<T>(),
                         kind_name(kind), lg, copy, type_name<T>(), kind_name(kind), lg, lib);
            std::printf("time %-6s %-9s 2^%-2u copy %8.4f ms  cub %8.4f ms (%.3f of copy)",
                        type_name<T>(), kind_name(kind), lg, copy, lib, copy / lib);
            for (auto& s : all) {
                const double ms =
                    median_ms([&](unsigned k) { s.run(z.input(k), z.out, n, kind); }, z.inputs);
                s.run(z.input(0), z.out, n, kind);  // its result, against CUB's
                CK(cudaMemset(d_wrong, 0, 8));
                count_differences<T><<<1024, 256>>>(z.out, d_ref, n, d_wrong);
                unsigned long long wrong = 0;
                CK(cudaMemcpy(&wrong, d_wrong, 8, cudaMemcpyDeviceToHost));
                std::fprintf(csv, "%s,%s,%u,%s,%.5f,%llu\n", type_name<T>(), kind_name(kind), lg,
                             s.name.c_str(), ms, wrong);
                std::printf(" | %s %.3fx%s", s.name.c_str(), lib / ms, wrong ? " WRONG" : "");
            }
            std::printf("\n");
            std::fflush(stdout);
            std::fflush(csv);
            cudaFree(d_ref);
        }
    }
    cudaFree(d_wrong);
    status.release();
}

// ---- sanitize: small runs of every shape, for compute-sanitizer --------------------------------
template <class T>
unsigned sanitize_type() {
    Status<T> status;
    std::vector<Scanner<T>> all = scanners(status);
    unsigned failed = 0;
    const std::uint64_t sizes[] = {1000, 100003};
    T *d_in, *d_out;
    CK(cudaMalloc(&d_in, 100020 * sizeof(T)));
    CK(cudaMalloc(&d_out, 100020 * sizeof(T)));
    for (std::size_t i = 0; i + 1 < all.size(); ++i)
        for (ScanKind kind : {ScanKind::Inclusive, ScanKind::Exclusive})
            for (std::uint64_t n : sizes)
                for (unsigned offset : {0u, 1u})  // 1: every tile copied by the producer's lanes
                    failed += check_one(all[i], n, kind, n + i, false, d_in, d_out, offset) != 0;
    std::printf("sanitize-run %-7s %u wrong\n", type_name<T>(), failed);
    cudaFree(d_in), cudaFree(d_out);
    status.release();
    return failed;
}

// ---- profile: one type and shape at 2^28 (for ncu: warm-ups, then the launch it profiles) ------
template <class T>
void profile_type(const std::string& shape) {
    Status<T> status;
    std::vector<Scanner<T>> all = scanners(status);
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    for (Scanner<T>& s : shape_scanners(status, unsigned(sms))) all.push_back(std::move(s));
    Cub<T> cub;
    const std::uint64_t n = 1ull << 28;
    T *d_in, *d_out;
    CK(cudaMalloc(&d_in, n * sizeof(T)));
    CK(cudaMalloc(&d_out, n * sizeof(T)));
    fill<T><<<1024, 256>>>(d_in, n, 5);
    for (auto& s : all)
        if (s.name == shape)
            for (int r = 0; r < 3; ++r) s.run(d_in, d_out, n, ScanKind::Inclusive);
    if (shape == "cub")
        for (int r = 0; r < 3; ++r) cub.run(d_in, d_out, n, ScanKind::Inclusive);
    if (shape == "copy")  // the yardstick as a kernel Nsight Compute can see
        for (int r = 0; r < 3; ++r)
            copy16<<<sms * 8, 256>>>(reinterpret_cast<const int4*>(d_in),
                                     reinterpret_cast<int4*>(d_out), n * sizeof(T) / 16);
    CK(cudaDeviceSynchronize());
    cudaFree(d_in), cudaFree(d_out);
}

// ---- compaction: compact-pipeline against std::copy_if and cub::DeviceSelect::If -------------
template <class T, unsigned kStageCount = ws::scan::pipeline::kStages,
          unsigned kBytesOfStage = ws::scan::pipeline::kStageBytes,
          unsigned kConsumers = ws::scan::pipeline::kConsumerWarps>
struct Compactor {
    using Sh =
        ws::scan::pipeline::Shape<unsigned(sizeof(T)), kStageCount, kBytesOfStage, kConsumers>;
    static constexpr auto kernel =
        &ws::scan::pipeline::scan_pipeline<T, ws::probe::NoProbe, true, Sh>;
    Status<T> status;
    unsigned resident = 0;
    Compactor() {
        CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                int(Sh::kSharedBytes)));
        int per_sm = 0, sms = 0;
        CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, Sh::kThreads,
                                                         Sh::kSharedBytes));
        CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
        resident = unsigned(std::max(per_sm, 1) * sms);
    }
    std::uint64_t tiles_for(std::uint64_t n) const {
        return std::max<std::uint64_t>(1, ws::scan::pipeline::tiles_of<sizeof(T), Sh>(n));
    }
    void run(const T* in, T* out, std::uint64_t n) {
        const std::uint64_t tiles = tiles_for(n);
        status.reserve(tiles);
        CK(cudaMemsetAsync(status.words, 0, (tiles + 1) * 8));
        const TileStatus<unsigned> st{reinterpret_cast<unsigned*>(status.words + tiles), nullptr,
                                      nullptr, nullptr, status.words};
        const unsigned grid = unsigned(std::min<std::uint64_t>(tiles, resident));
        kernel<<<grid, Sh::kThreads, Sh::kSharedBytes>>>(in, out, st, unsigned(n),
                                                         ScanKind::Inclusive, ws::probe::NoProbe{});
    }
    unsigned long long kept(std::uint64_t n) {
        unsigned long long word = 0;
        CK(cudaMemcpy(&word, status.words + (tiles_for(n) - 1), 8, cudaMemcpyDeviceToHost));
        return unsigned(word) == ws::scan::kInclusiveReady ? word >> 32 : ~0ull;
    }
};

struct Positive {
    template <class T>
    __host__ __device__ bool operator()(const T& x) const {
        return x > T(0);
    }
};

template <class T>
struct CubSelect {
    void* scratch = nullptr;
    std::size_t bytes = 0;
    int* count = nullptr;
    std::size_t need = 0;
    std::uint64_t asked_n = 0;
    void run(const T* in, T* out, std::uint64_t n) {
        if (!count) CK(cudaMalloc(&count, sizeof(int)));
        if (n != asked_n) {
            asked_n = n, need = 0;
            CK(cub::DeviceSelect::If(nullptr, need, in, out, count, int(n), Positive{}));
        }
        if (need > bytes) {
            if (scratch) CK(cudaFree(scratch));
            bytes = need;
            CK(cudaMalloc(&scratch, bytes));
        }
        CK(cub::DeviceSelect::If(scratch, need, in, out, count, int(n), Positive{}));
    }
};

template <class T>
unsigned compact_check_type() {
    Compactor<T> c;
    unsigned failed = 0, runs = 0;
    std::uint64_t rng = 77 + sizeof(T);
    const std::uint64_t sizes[] = {1, 2, 3, 4095, 4096, 4097, 12289, 65537, 1000003, 4194301};
    T *d_in, *d_out;
    CK(cudaMalloc(&d_in, (4194301 + 8) * sizeof(T)));
    CK(cudaMalloc(&d_out, (4194301 + 8) * sizeof(T)));
    for (std::uint64_t n : sizes)
        for (unsigned keep : {0u, 30u, 100u}) {
            std::vector<T> in(n);
            for (auto& x : in) {
                const bool positive = splitmix(rng) % 100 < keep;
                const T v = random_value<T>(rng, false);
                x = positive ? (v > T(0) ? v : T(1) - v) : (v > T(0) ? -v : v);
            }
            CK(cudaMemcpy(d_in, in.data(), n * sizeof(T), cudaMemcpyHostToDevice));
            CK(cudaMemset(d_out, 0xff, (n + 8) * sizeof(T)));
            c.run(d_in, d_out, n);
            CK(cudaDeviceSynchronize());
            std::vector<T> want;
            std::copy_if(in.begin(), in.end(), std::back_inserter(want), Positive{});
            const unsigned long long kept = c.kept(n);
            std::vector<T> got(want.size());
            if (!got.empty())
                CK(cudaMemcpy(got.data(), d_out, got.size() * sizeof(T), cudaMemcpyDeviceToHost));
            const bool ok = kept == want.size() &&
                            std::memcmp(got.data(), want.data(), got.size() * sizeof(T)) == 0;
            ++runs;
            if (!ok && failed++ < 3)
                std::printf("  compact %s n=%llu keep %u%%: kept %llu, expected %zu\n",
                            type_name<T>(), (unsigned long long)n, keep, kept, want.size());
        }
    std::printf("compact-check %-7s %u runs, %u wrong\n", type_name<T>(), runs, failed);
    cudaFree(d_in), cudaFree(d_out);
    c.status.release();
    return failed;
}

// Small compactions for compute-sanitizer; also the profile's compaction at 2^28.
template <class T>
unsigned compact_sanitize() {
    Compactor<T> c;
    T *d_in, *d_out;
    CK(cudaMalloc(&d_in, 100003 * sizeof(T)));
    CK(cudaMalloc(&d_out, 100003 * sizeof(T)));
    unsigned failed = 0;
    for (std::uint64_t n : {1000ull, 100003ull}) {
        fill<T><<<64, 256>>>(d_in, n, n);
        c.run(d_in, d_out, n);
        failed += c.kept(n) == ~0ull;
    }
    CK(cudaDeviceSynchronize());
    cudaFree(d_in), cudaFree(d_out);
    c.status.release();
    return failed;
}

template <class T>
void compact_profile(bool library) {
    const std::uint64_t n = 1ull << 28;
    T *d_in, *d_out;
    CK(cudaMalloc(&d_in, n * sizeof(T)));
    CK(cudaMalloc(&d_out, n * sizeof(T)));
    fill<T><<<1024, 256>>>(d_in, n, 5);
    Compactor<T> c;
    CubSelect<T> cub;
    for (int r = 0; r < 3; ++r) library ? cub.run(d_in, d_out, n) : c.run(d_in, d_out, n);
    CK(cudaDeviceSynchronize());
    cudaFree(d_in), cudaFree(d_out);
}

template <class T>
void compact_time_type(const Device& dev, unsigned max_log2) {
    Compactor<T> c;
    CubSelect<T> cub;
    for (unsigned lg = 16; lg <= max_log2; lg += (lg < 20 ? 4 : lg < 24 ? 2 : 1)) {
        const std::uint64_t n = 1ull << lg;
        TimedSize<T> z(dev, n);
        const double copy = z.copy_ms();
        const double lib = median_ms([&](unsigned k) { cub.run(z.input(k), z.out, n); }, z.inputs);
        int cub_kept = 0;
        CK(cudaMemcpy(&cub_kept, cub.count, sizeof cub_kept, cudaMemcpyDeviceToHost));
        const double ours = median_ms([&](unsigned k) { c.run(z.input(k), z.out, n); }, z.inputs);
        const unsigned long long kept = c.kept(n);
        std::printf(
            "compact %-6s 2^%-2u copy %8.4f ms  cub-select %8.4f ms  ours %8.4f ms  "
            "ours/cub %.3fx  ours of copy %.3f%s\n",
            type_name<T>(), lg, copy, lib, ours, lib / ours, copy / ours,
            kept == (unsigned long long)cub_kept ? "" : "  COUNT DIFFERS");
        std::fflush(stdout);
    }
    c.status.release();
}

// ---- shapes: other stage counts and sizes beside the catalog's, at every size, x CUB -------
// (issue 58: where the catalog's shape falls behind CUB, which shape does not). Inclusive scans
// and compactions, each result checked against CUB's; a CSV line per run.
template <class T>
std::vector<Scanner<T>> shape_scanners(Status<T>& status, unsigned sms) {
    std::vector<Scanner<T>> v;
    v.push_back(pipeline_scanner<T>(status, sms, "6x16K"));
    v.push_back(pipeline_scanner<T, 4, 16384>(status, sms, "4x16K"));
    v.push_back(pipeline_scanner<T, 3, 16384>(status, sms, "3x16K"));
    v.push_back(pipeline_scanner<T, 6, 8192>(status, sms, "6x8K"));
    v.push_back(pipeline_scanner<T, 4, 8192>(status, sms, "4x8K"));
    v.push_back(pipeline_scanner<T, 6, 32768>(status, sms, "6x32K"));
    v.push_back(pipeline_scanner<T, 7, 32768>(status, sms, "7x32K"));
    v.push_back(pipeline_scanner<T, 4, 49152>(status, sms, "4x48K"));
    v.push_back(pipeline_scanner<T, 3, 65536>(status, sms, "3x64K"));
    // Eight consumer warps instead of four (352 threads a block).
    v.push_back(pipeline_scanner<T, 6, 16384, 8>(status, sms, "6x16Kw8"));
    v.push_back(pipeline_scanner<T, 6, 32768, 8>(status, sms, "6x32Kw8"));
    v.push_back(pipeline_scanner<T, 7, 32768, 8>(status, sms, "7x32Kw8"));
    v.push_back(pipeline_scanner<T, 3, 65536, 8>(status, sms, "3x64Kw8"));
    return v;
}

// One compaction shape timed at one size: its time, and whether its count is CUB's.
template <class T, unsigned kStageCount, unsigned kBytesOfStage, unsigned kConsumers = 4>
void time_compact_shape(const TimedSize<T>& z, const char* name, double lib, int cub_kept,
                        unsigned lg, FILE* csv) {
    static Compactor<T, kStageCount, kBytesOfStage, kConsumers> c;
    const double ms = median_ms([&](unsigned k) { c.run(z.input(k), z.out, z.n); }, z.inputs);
    const bool same = c.kept(z.n) == (unsigned long long)cub_kept;
    std::fprintf(csv, "%s,compact,%u,%s,%.5f,%d\n", type_name<T>(), lg, name, ms, same ? 0 : 1);
    std::printf(" | %s %.3fx%s", name, lib / ms, same ? "" : " COUNT DIFFERS");
}

template <class T>
void shapes_type(const Device& dev, FILE* csv, unsigned from_log2, unsigned to_log2) {
    Status<T> status;
    std::vector<Scanner<T>> all = shape_scanners(status, unsigned(dev.prop.multiProcessorCount));
    Cub<T> cub;
    CubSelect<T> select;
    unsigned long long* d_wrong;
    CK(cudaMalloc(&d_wrong, 8));
    for (unsigned lg = from_log2; lg <= to_log2; ++lg) {
        const std::uint64_t n = 1ull << lg;
        TimedSize<T> z(dev, n);
        const double copy = z.copy_ms();
        T* d_ref;
        CK(cudaMalloc(&d_ref, n * sizeof(T)));
        const ScanKind kind = ScanKind::Inclusive;
        const double lib =
            median_ms([&](unsigned k) { cub.run(z.input(k), z.out, n, kind); }, z.inputs);
        cub.run(z.input(0), d_ref, n, kind);
        std::fprintf(csv, "%s,inclusive,%u,copy,%.5f,0\n%s,inclusive,%u,cub,%.5f,0\n",
                     type_name<T>(), lg, copy, type_name<T>(), lg, lib);
        std::printf("shapes %-6s 2^%-2u cub %.3f of copy", type_name<T>(), lg, copy / lib);
        for (auto& s : all) {
            const double ms =
                median_ms([&](unsigned k) { s.run(z.input(k), z.out, n, kind); }, z.inputs);
            s.run(z.input(0), z.out, n, kind);
            CK(cudaMemset(d_wrong, 0, 8));
            count_differences<T><<<1024, 256>>>(z.out, d_ref, n, d_wrong);
            unsigned long long wrong = 0;
            CK(cudaMemcpy(&wrong, d_wrong, 8, cudaMemcpyDeviceToHost));
            std::fprintf(csv, "%s,inclusive,%u,%s,%.5f,%llu\n", type_name<T>(), lg, s.name.c_str(),
                         ms, wrong);
            std::printf(" | %s %.3fx %.3f%s", s.name.c_str(), lib / ms, copy / ms,
                        wrong ? " WRONG" : "");
        }
        std::printf("\n");
        cudaFree(d_ref);
        // The compaction of the same input (integer values in [-8, 8]: keeps about 47 %).
        const double sel =
            median_ms([&](unsigned k) { select.run(z.input(k), z.out, n); }, z.inputs);
        int cub_kept = 0;
        CK(cudaMemcpy(&cub_kept, select.count, sizeof cub_kept, cudaMemcpyDeviceToHost));
        std::fprintf(csv, "%s,compact,%u,cub-select,%.5f,0\n", type_name<T>(), lg, sel);
        std::printf("shapes %-6s 2^%-2u compact", type_name<T>(), lg);
        time_compact_shape<T, 6, 16384>(z, "6x16K", sel, cub_kept, lg, csv);
        time_compact_shape<T, 4, 16384>(z, "4x16K", sel, cub_kept, lg, csv);
        time_compact_shape<T, 3, 16384>(z, "3x16K", sel, cub_kept, lg, csv);
        time_compact_shape<T, 6, 8192>(z, "6x8K", sel, cub_kept, lg, csv);
        time_compact_shape<T, 6, 32768>(z, "6x32K", sel, cub_kept, lg, csv);
        time_compact_shape<T, 7, 32768>(z, "7x32K", sel, cub_kept, lg, csv);
        time_compact_shape<T, 4, 49152>(z, "4x48K", sel, cub_kept, lg, csv);
        time_compact_shape<T, 3, 65536>(z, "3x64K", sel, cub_kept, lg, csv);
        time_compact_shape<T, 6, 16384, 8>(z, "6x16Kw8", sel, cub_kept, lg, csv);
        time_compact_shape<T, 7, 32768, 8>(z, "7x32Kw8", sel, cub_kept, lg, csv);
        std::printf("\n");
        std::fflush(stdout);
        std::fflush(csv);
    }
    cudaFree(d_wrong);
    status.release();
}

// Each shape checked element by element against the CPU at odd sizes around its tiles.
template <class T>
unsigned shapes_check_type(unsigned sms) {
    Status<T> status;
    std::vector<Scanner<T>> all = shape_scanners(status, sms);
    const std::uint64_t most = 1000003 + 16;
    T *d_in, *d_out;
    CK(cudaMalloc(&d_in, (most + 4) * sizeof(T)));
    CK(cudaMalloc(&d_out, (most + 8) * sizeof(T)));
    unsigned failed = 0, runs = 0;
    std::uint64_t seed = 3;
    for (auto& s : all) {
        unsigned wrong_here = 0;
        const std::uint64_t t = s.tile;
        for (std::uint64_t n : {std::uint64_t(1), std::uint64_t(1000), t - 1, t + 1, 7 * t + 3,
                                std::uint64_t(65537), std::uint64_t(1000003)})
            for (ScanKind kind : {ScanKind::Inclusive, ScanKind::Exclusive}) {
                const unsigned offset = (n % 5 == 3) ? 1u : 0u;
                wrong_here += check_one(s, n, kind, seed++ * 7919, false, d_in, d_out, offset) != 0;
                ++runs;
            }
        failed += wrong_here;
        std::printf("shapes-check %-7s %-8s %s\n", type_name<T>(), s.name.c_str(),
                    wrong_here ? "WRONG" : "ok");
    }
    std::printf("shapes-check %-7s %u runs, %u wrong\n", type_name<T>(), runs, failed);
    cudaFree(d_in), cudaFree(d_out);
    status.release();
    return failed;
}

// Small runs of every shape the launcher may choose (scans in both kinds, aligned and not; the
// compaction's shapes), for compute-sanitizer's tools.
template <class T, unsigned kStageCount, unsigned kBytesOfStage, unsigned kConsumers = 4>
void sanitize_compact_shape(const T* d_in, T* d_out) {
    Compactor<T, kStageCount, kBytesOfStage, kConsumers> c;
    const std::uint64_t tile = kBytesOfStage / sizeof(T);
    c.run(d_in, d_out, 2 * tile + 5);
    CK(cudaDeviceSynchronize());
    c.status.release();
}

template <class T>
unsigned sanitize_shapes_type(unsigned sms) {
    Status<T> status;
    std::vector<Scanner<T>> all = shape_scanners(status, sms);
    const std::uint64_t most = 3 * (65536 / sizeof(T)) + 16;
    T *d_in, *d_out;
    CK(cudaMalloc(&d_in, (most + 4) * sizeof(T)));
    CK(cudaMalloc(&d_out, (most + 8) * sizeof(T)));
    fill<T><<<64, 256>>>(d_in, most, 11);
    for (auto& s : all)
        for (ScanKind kind : {ScanKind::Inclusive, ScanKind::Exclusive}) {
            s.run(d_in, d_out, 2 * s.tile + 5, kind);
            s.run(d_in + 1, d_out, s.tile + 3, kind);  // misaligned: the producer's lanes copy
        }
    CK(cudaDeviceSynchronize());
    sanitize_compact_shape<T, 6, 32768>(d_in, d_out);
    sanitize_compact_shape<T, 7, 32768>(d_in, d_out);
    sanitize_compact_shape<T, 4, 49152>(d_in, d_out);
    sanitize_compact_shape<T, 3, 65536>(d_in, d_out);
    sanitize_compact_shape<T, 6, 16384, 8>(d_in, d_out);
    sanitize_compact_shape<T, 7, 32768, 8>(d_in, d_out);
    cudaFree(d_in), cudaFree(d_out);
    status.release();
    std::printf("sanitize-shapes %-7s %zu shapes\n", type_name<T>(), all.size());
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "check";
    const Device dev = device();
    std::printf("%s, %d SMs, L2 %llu MB, %d KB shared an SM\n", dev.prop.name,
                dev.prop.multiProcessorCount, (unsigned long long)(dev.l2 >> 20),
                int(dev.prop.sharedMemPerMultiprocessor >> 10));
    unsigned failed = 0;
    if (mode == "check") {
        failed += check_type<int>() + check_type<float>() + check_type<double>();
    } else if (mode == "stress") {
        const unsigned runs = argc > 2 ? unsigned(std::atoi(argv[2])) : 3000;
        failed +=
            stress_type<int>(runs) + stress_type<float>(runs / 3) + stress_type<double>(runs / 3);
    } else if (mode == "time") {
        const unsigned max_log2 = argc > 2 ? unsigned(std::atoi(argv[2])) : 28;
        const char* path = argc > 3 ? argv[3] : "times.csv";
        FILE* csv = std::fopen(path, "w");
        if (!csv) return 2;
        std::fprintf(csv, "type,kind,log2n,algo,ms,wrong\n");
        time_type<int>(dev, max_log2, csv);
        time_type<float>(dev, max_log2, csv);
        time_type<double>(dev, max_log2, csv);
        std::fclose(csv);
    } else if (mode == "compact") {
        const unsigned max_log2 = argc > 2 ? unsigned(std::atoi(argv[2])) : 28;
        failed +=
            compact_check_type<int>() + compact_check_type<float>() + compact_check_type<double>();
        compact_time_type<int>(dev, max_log2);
        compact_time_type<float>(dev, max_log2);
        compact_time_type<double>(dev, max_log2);
    } else if (mode == "shapes") {
        const unsigned sms = unsigned(dev.prop.multiProcessorCount);
        failed += shapes_check_type<int>(sms) + shapes_check_type<float>(sms) +
                  shapes_check_type<double>(sms);
        FILE* csv = std::fopen(argc > 2 ? argv[2] : "shapes.csv", "w");
        if (!csv) return 2;
        std::fprintf(csv, "type,kind,log2n,algo,ms,wrong\n");
        const unsigned from = argc > 3 ? unsigned(std::atoi(argv[3])) : 16;
        const unsigned to = argc > 4 ? unsigned(std::atoi(argv[4])) : 28;
        shapes_type<int>(dev, csv, from, to);
        shapes_type<float>(dev, csv, from, to);
        shapes_type<double>(dev, csv, from, to);
        std::fclose(csv);
    } else if (mode == "sanitize-shapes") {
        const unsigned sms = unsigned(dev.prop.multiProcessorCount);
        failed += sanitize_shapes_type<int>(sms) + sanitize_shapes_type<float>(sms) +
                  sanitize_shapes_type<double>(sms);
    } else if (mode == "sanitize") {
        failed += sanitize_type<int>() + sanitize_type<float>() + sanitize_type<double>();
        failed += compact_sanitize<int>() + compact_sanitize<double>();
    } else if (mode == "profile") {
        const std::string type = argc > 2 ? argv[2] : "int";
        const std::string shape = argc > 3 ? argv[3] : "pipeline";
        if (shape == "compact" || shape == "cub-select") {
            if (type == "int") compact_profile<int>(shape == "cub-select");
            if (type == "float") compact_profile<float>(shape == "cub-select");
            if (type == "double") compact_profile<double>(shape == "cub-select");
        }
        if (type == "int") profile_type<int>(shape);
        if (type == "float") profile_type<float>(shape);
        if (type == "double") profile_type<double>(shape);
    } else {
        std::fprintf(stderr, "usage: %s check|stress N|time [max_log2] [csv]|sanitize|profile\n",
                     argv[0]);
        return 2;
    }
    CK(cudaDeviceSynchronize());
    std::printf("%s: %s\n", mode.c_str(), failed ? "FAILED" : "passed");
    return failed ? 1 : 0;
}
