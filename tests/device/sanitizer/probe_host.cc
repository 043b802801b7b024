// What the Sanitizer API tells of a plain kernel, on this machine's GPU (probe.sh runs it): loaded
// in-process with dlopen, a kernel compiled by NVRTC with -lineinfo is patched at its shared and
// global accesses, barriers, warp syncs, shuffles and block entry/exit; block 0's records are
// printed, with the kernel's own view of its shared addresses, then the traced and untraced
// launches are timed.
#include <cuda.h>
#include <dlfcn.h>
#include <nvrtc.h>
#include <sanitizer.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

struct ProbeRecord {
    uint64_t pc, address, value;
    uint16_t thread;
    uint8_t kind, size;
    uint32_t extra;
};
struct ProbeControl {
    ProbeRecord* records;
    uint32_t* counts;
    uint32_t capacity;
};

#define CK(x)                                                                    \
    do {                                                                         \
        CUresult r_ = (x);                                                       \
        if (r_ != CUDA_SUCCESS) {                                                \
            const char* s_ = nullptr;                                            \
            cuGetErrorString(r_, &s_);                                           \
            std::printf("FAIL %s: %s (line %d)\n", #x, s_ ? s_ : "?", __LINE__); \
            return 1;                                                            \
        }                                                                        \
    } while (0)

namespace {
#define SAN_FNS(X)                   \
    X(sanitizerSubscribe)            \
    X(sanitizerEnableDomain)         \
    X(sanitizerAddPatches)           \
    X(sanitizerPatchInstructions)    \
    X(sanitizerPatchModule)          \
    X(sanitizerSetCallbackData)      \
    X(sanitizerGetFunctionPcAndSize) \
    X(sanitizerGetResultString)
#define DECL(n) decltype(&::n) p_##n = nullptr;
SAN_FNS(DECL)
#undef DECL

std::vector<char> g_patches;
bool g_patch_next = false;
CUdeviceptr g_control = 0;
int g_loaded = 0, g_patched = 0, g_launches = 0;
std::string g_errors;
CUmodule g_patched_module = nullptr;

void note(const char* what, SanitizerResult r) {
    if (r == SANITIZER_SUCCESS) return;
    const char* s = nullptr;
    if (p_sanitizerGetResultString) p_sanitizerGetResultString(r, &s);
    g_errors += std::string(what) + ": " + (s ? s : "?") + " (" + std::to_string(int(r)) + "); ";
}

void SANITIZERAPI callback(void*, Sanitizer_CallbackDomain domain, Sanitizer_CallbackId cbid,
                           const void* data) {
    if (domain == SANITIZER_CB_DOMAIN_RESOURCE && cbid == SANITIZER_CBID_RESOURCE_MODULE_LOADED) {
        ++g_loaded;
        auto* m = static_cast<const Sanitizer_ResourceModuleData*>(data);
        if (!g_patch_next) return;
        note("addPatches", p_sanitizerAddPatches(g_patches.data(), m->context));
        note("shared", p_sanitizerPatchInstructions(SANITIZER_INSTRUCTION_SHARED_MEMORY_ACCESS,
                                                    m->module, "ProbeShared"));
        note("global", p_sanitizerPatchInstructions(SANITIZER_INSTRUCTION_GLOBAL_MEMORY_ACCESS,
                                                    m->module, "ProbeGlobal"));
        note("barrier", p_sanitizerPatchInstructions(SANITIZER_INSTRUCTION_BARRIER, m->module,
                                                     "ProbeBarrier"));
        note("syncwarp", p_sanitizerPatchInstructions(SANITIZER_INSTRUCTION_SYNCWARP, m->module,
                                                      "ProbeSyncwarp"));
        note("shfl",
             p_sanitizerPatchInstructions(SANITIZER_INSTRUCTION_SHFL, m->module, "ProbeShfl"));
        note("exit", p_sanitizerPatchInstructions(SANITIZER_INSTRUCTION_BLOCK_EXIT, m->module,
                                                  "ProbeExit"));
        note("enter", p_sanitizerPatchInstructions(SANITIZER_INSTRUCTION_BLOCK_ENTER, m->module,
                                                   "ProbeEnter"));
        note("patchModule", p_sanitizerPatchModule(m->module));
        g_patched_module = m->module;
        ++g_patched;
    }
    if (domain == SANITIZER_CB_DOMAIN_LAUNCH && cbid == SANITIZER_CBID_LAUNCH_BEGIN) {
        ++g_launches;
        auto* l = static_cast<const Sanitizer_LaunchData*>(data);
        if (g_control && l->module == g_patched_module)
            note("setCallbackData",
                 p_sanitizerSetCallbackData(l->function, reinterpret_cast<void*>(g_control)));
    }
}

const char* kSource = R"(
extern "C" __global__ void red(const int* in, int* out, unsigned n, unsigned long long* where) {
    __shared__ int s[256];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * 256 + t;
    s[t] = i < n ? in[i] : 0;
    __syncthreads();
    for (unsigned k = 128; k >= 32; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t < 32) {
        int v = s[t];
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
        __syncwarp();
        if (t == 0) out[blockIdx.x] = v;
    }
    if (t == 0 && blockIdx.x == 0) where[0] = __cvta_generic_to_shared(&s[0]);
}
extern "C" __global__ void dyn(const double* in, double* out, unsigned n, unsigned long long* where) {
    extern __shared__ double d[];
    unsigned t = threadIdx.x;
    d[t] = in[t] * 2.0;
    __syncthreads();
    out[t] = d[(t + 1) % blockDim.x];
    if (t == 0) where[1] = __cvta_generic_to_shared(&d[0]);
}
)";

std::vector<char> read_file(const char* path) {
    std::ifstream f(path, std::ios::binary);
    return std::vector<char>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}
const char* kind_name(int k) {
    static const char* n[] = {"?",        "shared", "global", "barrier",
                              "syncwarp", "shfl",   "exit",   "enter"};
    return k >= 0 && k < 8 ? n[k] : "??";
}
}  // namespace

int main(int argc, char** argv) {
    const char* lib = argc > 1 ? argv[1] : "libsanitizer-public.so";
    const char* fatbin = argc > 2 ? argv[2] : "probe_patches.fatbin";
    const char* cubin_out = argc > 3 ? argv[3] : "probe.cubin";
    void* h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        std::printf("FAIL dlopen %s: %s\n", lib, dlerror());
        return 1;
    }
#define LOAD(n)                                              \
    p_##n = reinterpret_cast<decltype(p_##n)>(dlsym(h, #n)); \
    if (!p_##n) std::printf("missing %s\n", #n);
    SAN_FNS(LOAD)
#undef LOAD
    g_patches = read_file(fatbin);
    std::printf("patches fatbin %zu bytes\n", g_patches.size());
    Sanitizer_SubscriberHandle sub;
    SanitizerResult sr = p_sanitizerSubscribe(&sub, callback, nullptr);
    std::printf("subscribe before cuInit: %d\n", int(sr));
    note("enable resource", p_sanitizerEnableDomain(1, sub, SANITIZER_CB_DOMAIN_RESOURCE));
    note("enable launch", p_sanitizerEnableDomain(1, sub, SANITIZER_CB_DOMAIN_LAUNCH));
    CK(cuInit(0));
    CUdevice dev;
    CK(cuDeviceGet(&dev, 0));
    int major = 0, minor = 0;
    cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
    cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
    char name[256];
    cuDeviceGetName(name, sizeof name, dev);
    int reserved = 0;
    cuDeviceGetAttribute(&reserved, CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK, dev);
    std::printf("device %s sm_%d%d reserved smem %d\n", name, major, minor, reserved);
    CUcontext ctx;
    CK(cuDevicePrimaryCtxRetain(&ctx, dev));
    CK(cuCtxSetCurrent(ctx));

    nvrtcProgram prog;
    nvrtcCreateProgram(&prog, kSource, "probe_kernel.cu", 0, nullptr, nullptr);
    std::string arch = "-arch=sm_" + std::to_string(major) + std::to_string(minor);
    const char* opts[] = {arch.c_str(), "-lineinfo"};
    nvrtcResult nr = nvrtcCompileProgram(prog, 2, opts);
    size_t logn = 0;
    nvrtcGetProgramLogSize(prog, &logn);
    std::string log(logn, 0);
    nvrtcGetProgramLog(prog, log.data());
    std::printf("nvrtc %d %s\n", int(nr), log.c_str());
    size_t cn = 0;
    nvrtcGetCUBINSize(prog, &cn);
    std::vector<char> cubin(cn);
    nvrtcGetCUBIN(prog, cubin.data());
    std::ofstream(cubin_out, std::ios::binary).write(cubin.data(), cubin.size());

    CUmodule plain_mod, patched_mod;
    g_patch_next = false;
    CK(cuModuleLoadData(&plain_mod, cubin.data()));
    g_patch_next = true;
    CK(cuModuleLoadData(&patched_mod, cubin.data()));
    std::printf("modules loaded %d patched %d errors [%s]\n", g_loaded, g_patched,
                g_errors.c_str());

    const unsigned block = 256, threads = 256, cap = 64;
    CUdeviceptr recs, counts, ctl, in, out, where;
    CK(cuMemAlloc(&recs, sizeof(ProbeRecord) * threads * cap));
    CK(cuMemAlloc(&counts, 4 * threads));
    CK(cuMemAlloc(&ctl, sizeof(ProbeControl)));
    CK(cuMemsetD8(counts, 0, 4 * threads));
    ProbeControl hc{reinterpret_cast<ProbeRecord*>(recs), reinterpret_cast<uint32_t*>(counts), cap};
    CK(cuMemcpyHtoD(ctl, &hc, sizeof hc));
    g_control = ctl;
    const unsigned big = 1u << 24;
    std::vector<int> hin(big);
    for (unsigned i = 0; i < big; ++i) hin[i] = int(i % 7) - 3 + int(i % 1000);
    CK(cuMemAlloc(&in, size_t(big) * 4));
    CK(cuMemAlloc(&out, size_t(big / block) * 8));
    CK(cuMemAlloc(&where, 16));
    CK(cuMemcpyHtoD(in, hin.data(), size_t(big) * 4));
    std::printf("in=%llx out=%llx\n", (unsigned long long)in, (unsigned long long)out);

    CUfunction fp, fu, dp;
    CK(cuModuleGetFunction(&fp, patched_mod, "red"));
    CK(cuModuleGetFunction(&fu, plain_mod, "red"));
    CK(cuModuleGetFunction(&dp, patched_mod, "dyn"));
    uint64_t fpc = 0, fsize = 0, dpc = 0, dsize = 0;
    note("pcAndSize", p_sanitizerGetFunctionPcAndSize(patched_mod, "red", &fpc, &fsize));
    p_sanitizerGetFunctionPcAndSize(patched_mod, "dyn", &dpc, &dsize);
    std::printf("red pc %llx size %llu; dyn pc %llx size %llu\n", (unsigned long long)fpc,
                (unsigned long long)fsize, (unsigned long long)dpc, (unsigned long long)dsize);

    unsigned n = 512;  // two blocks
    void* args[] = {&in, &out, &n, &where};
    CK(cuLaunchKernel(fp, 2, 1, 1, block, 1, 1, 0, nullptr, args, nullptr));
    CK(cuCtxSynchronize());
    std::vector<uint32_t> hcounts(threads);
    std::vector<ProbeRecord> hrecs(threads * cap);
    CK(cuMemcpyDtoH(hcounts.data(), counts, 4 * threads));
    CK(cuMemcpyDtoH(hrecs.data(), recs, sizeof(ProbeRecord) * threads * cap));
    unsigned long long hwhere[2] = {0, 0};
    CK(cuMemcpyDtoH(hwhere, where, 8));
    int hout[2];
    CK(cuMemcpyDtoH(hout, out, 8));
    long long ref = 0;
    for (int i = 0; i < 256; ++i) ref += hin[i];
    std::printf("launches %d, out[0]=%d (want %lld), kernel's own &s[0] = %llu, errors [%s]\n",
                g_launches, hout[0], ref, hwhere[0], g_errors.c_str());
    for (unsigned t : {0u, 1u, 31u, 32u, 128u, 255u}) {
        std::printf("thread %u: %u records\n", t, hcounts[t]);
        for (unsigned k = 0; k < hcounts[t] && k < cap && (t <= 1 || k < 12); ++k) {
            const ProbeRecord& r = hrecs[t * cap + k];
            std::printf("  %-8s pc+%-5llx addr %llx size %u extra %x value %llx (%lld)\n",
                        kind_name(r.kind), (unsigned long long)(r.pc - fpc),
                        (unsigned long long)r.address, r.size, r.extra, (unsigned long long)r.value,
                        (long long)(int)r.value);
        }
    }
    // The dynamic-shared kernel, doubles.
    CK(cuMemsetD8(counts, 0, 4 * threads));
    std::vector<double> dd(64);
    for (int i = 0; i < 64; ++i) dd[i] = 0.5 * i;
    CK(cuMemcpyHtoD(in, dd.data(), 64 * 8));
    void* dargs[] = {&in, &out, &n, &where};
    CK(cuLaunchKernel(dp, 1, 1, 1, 64, 1, 1, 64 * 8, nullptr, dargs, nullptr));
    CK(cuCtxSynchronize());
    CK(cuMemcpyDtoH(hcounts.data(), counts, 4 * 64));
    CK(cuMemcpyDtoH(hrecs.data(), recs, sizeof(ProbeRecord) * 64 * cap));
    CK(cuMemcpyDtoH(hwhere, where, 16));
    std::printf("dyn: kernel's own &d[0] = %llu\n", hwhere[1]);
    for (unsigned t : {0u, 5u}) {
        std::printf("thread %u: %u records\n", t, hcounts[t]);
        for (unsigned k = 0; k < hcounts[t] && k < cap; ++k) {
            const ProbeRecord& r = hrecs[t * cap + k];
            double v;
            std::memcpy(&v, &r.value, 8);
            std::printf("  %-8s pc+%-5llx addr %llx size %u extra %x value %g\n", kind_name(r.kind),
                        (unsigned long long)(r.pc - dpc), (unsigned long long)r.address, r.size,
                        r.extra, v);
        }
    }
    // Cost: the patched kernel (block 0 recorded, every block calls back) against the plain.
    unsigned nbig = big;
    void* bargs[] = {&in, &out, &nbig, &where};
    CUevent e0, e1;
    cuEventCreate(&e0, 0);
    cuEventCreate(&e1, 0);
    for (CUfunction f : {fu, fp, fu, fp}) {
        CK(cuMemsetD8(counts, 0, 4 * threads));
        CK(cuLaunchKernel(f, big / block, 1, 1, block, 1, 1, 0, nullptr, bargs, nullptr));
        cuCtxSynchronize();
        std::vector<float> ms;
        for (int rep = 0; rep < 9; ++rep) {
            CK(cuMemsetD8(counts, 0, 4 * threads));
            cuEventRecord(e0, nullptr);
            CK(cuLaunchKernel(f, big / block, 1, 1, block, 1, 1, 0, nullptr, bargs, nullptr));
            cuEventRecord(e1, nullptr);
            cuEventSynchronize(e1);
            float m = 0;
            cuEventElapsedTime(&m, e0, e1);
            ms.push_back(m);
        }
        std::sort(ms.begin(), ms.end());
        std::printf("TIME %s n=2^24 block 256: median %.4f ms\n", f == fu ? "untraced" : "traced  ",
                    ms[ms.size() / 2]);
    }
    std::printf("errors at end [%s]\n", g_errors.c_str());
    return 0;
}
