// Generates a plain kernel's translation unit (plain_wrapper.hpp).
#include "kernels/user/plain_wrapper.hpp"

#include <algorithm>
#include <sstream>

#include "kernels/user/plain_source.hpp"
#include "kernels/user/toolchain.hpp"

namespace ws::user {
namespace {

std::string value_of(const PlainSpec& p, const std::string& name) {
    for (const auto& [n, v] : p.values)
        if (n == name) return v;
    return "";
}

std::string names_of(const KernelSignature& sig) {
    std::string list;
    for (const KernelParam& k : sig.params) list += (list.empty() ? "" : ", ") + k.name;
    return list;
}

// What the generated call passes for each parameter, in order; "" and `error` when the header
// leaves one unnamed.
struct Call {
    std::vector<std::string> template_args;  // "WS_BLOCK" where --block goes
    bool block_template = false;
    std::vector<std::string> args;
    bool writes_totals = false;
    std::string error;
};

Call plan_call(const KernelSignature& sig, const PlainSpec& p, const std::string& where) {
    Call c;
    auto fail = [&](const std::string& why) {
        c.error = where + why;
        return c;
    };
    // Every name the header gives must be the kernel's.
    auto has_param = [&](const std::string& name) {
        return std::any_of(sig.params.begin(), sig.params.end(),
                           [&](const KernelParam& k) { return k.name == name; });
    };
    auto has_template = [&](const std::string& name) {
        return std::any_of(sig.template_params.begin(), sig.template_params.end(),
                           [&](const TemplateParam& t) { return t.name == name; });
    };
    for (const auto& [key, name] : {std::pair<const char*, const std::string&>{"in", p.in},
                                    {"out", p.out},
                                    {"n", p.n},
                                    {"totals", p.totals}})
        if (!name.empty() && !has_param(name))
            return fail(std::string(key) + "=" + name + ": " + p.kernel + " has no parameter " +
                        name + " (it has: " + names_of(sig) + ")");
    if (!p.block_size.empty() && !has_param(p.block_size) && !has_template(p.block_size))
        return fail("block-size=" + p.block_size + ": " + p.kernel +
                    " has no template or function parameter " + p.block_size);
    for (const auto& [name, value] : p.values)
        if (!has_param(name) && !has_template(name))
            return fail(name + "=" + value + ": " + p.kernel +
                        " has no template or function parameter " + name);

    bool defaults_from_here = false;
    for (const TemplateParam& t : sig.template_params) {
        std::string arg;
        if (t.is_type)
            arg = "T";
        else if (t.name == p.block_size) {
            arg = "WS_BLOCK";
            c.block_template = true;
        } else if (!value_of(p, t.name).empty())
            arg = value_of(p, t.name);
        else if (!t.default_value.empty()) {
            defaults_from_here = true;
            continue;
        } else
            return fail("template parameter " + t.name + " of " + p.kernel +
                        " needs a value: add " + t.name + "=VALUE to the header");
        if (defaults_from_here)
            return fail("template parameter " + t.name + " of " + p.kernel +
                        " follows one left to its default: give that one a value too");
        c.template_args.push_back(arg);
    }
    for (const KernelParam& k : sig.params) {
        if (k.name == p.in)
            c.args.push_back("ws::plain::In{in}");
        else if (k.name == p.out)
            c.args.push_back("ws::plain::Out{out}");
        else if (!p.totals.empty() && k.name == p.totals) {
            c.args.push_back("ws::plain::Totals{totals}");
            c.writes_totals = true;
        } else if (k.name == p.n)
            c.args.push_back("ws::plain::Count{n}");
        else if (k.name == p.block_size)
            c.args.push_back("ws::plain::Count{blockDim.x}");
        else if (!value_of(p, k.name).empty())
            c.args.push_back("ws::plain::given(" + value_of(p, k.name) + ")");
        else
            return fail("parameter " + k.name + " of " + p.kernel +
                        " is not named by the header: name it (in=, out=, n=" +
                        std::string(p.totals.empty() ? ", totals=" : "") + ") or give " + k.name +
                        "=VALUE");
    }
    return c;
}

std::string joined(const std::vector<std::string>& items) {
    std::string s;
    for (const std::string& i : items) s += (s.empty() ? "" : ", ") + i;
    return s;
}

// `&KERNEL<ARGS>` for one block size (or none).
std::string kernel_address(const std::string& kernel, const KernelSignature& sig, const Call& c,
                           unsigned block) {
    if (sig.template_params.empty()) return "&" + kernel;
    std::vector<std::string> args = c.template_args;
    for (std::string& a : args)
        if (a == "WS_BLOCK") a = std::to_string(block) + "u";
    return "&" + kernel + "<" + joined(args) + ">";
}

std::vector<unsigned> block_sizes(const KernelHeader& h) {
    if (!h.blocks.empty()) return h.blocks;
    return {32, 64, 128, 256, 512, 1024};
}

}  // namespace

namespace {

// What both translation units need: the kernel's signature and the call the header makes.
struct PlainPlan {
    KernelSignature sig;
    Call call;
    std::string error;
};
PlainPlan plan_plain(const std::string& source, const std::string& display,
                     const KernelHeader& header) {
    PlainPlan plan;
    const PlainSpec& p = header.plain;
    const std::string where = display + ":1: ";
    plan.sig = find_kernel(source, p.kernel, display);
    if (!plan.sig.ok()) {
        plan.error = plan.sig.error;
        return plan;
    }
    plan.call = plan_call(plan.sig, p, where);
    if (!plan.call.error.empty()) {
        plan.error = plan.call.error;
        return plan;
    }
    if (plan.call.block_template && header.blocks.empty() &&
        header.info.block_rule != BlockRule::PowerOfTwo32To1024)
        plan.error = where + "block-size=" + p.block_size +
                     " is a template parameter and block=any: list the sizes to build with blocks=";
    return plan;
}

// ws_plain_call<T>(in, out, totals, n): the kernel called with its parameters in their places
// (`device`: a __device__ function, for NVRTC).
std::string call_function(const PlainPlan& plan, const KernelHeader& header, bool device) {
    const Call& c = plan.call;
    const std::string& kernel = header.plain.kernel;
    std::ostringstream s;
    s << "template <class T>\n"
      << (device ? "__device__ " : "")
      << "void ws_plain_call(const T* in, T* out, T* totals, unsigned n) {\n"
      << "    (void)in; (void)out; (void)totals; (void)n;\n";
    const std::string args = joined(c.args);
    if (c.block_template) {
        s << "    switch (blockDim.x) {\n";
        for (unsigned b : block_sizes(header))
            s << "        case " << b << ": ws::plain::call("
              << kernel_address(kernel, plan.sig, c, b) << ", " << args << "); return;\n";
        if (device)
            s << "        default: return;\n";
        else
            s << "        default: ws::sim::fail(\"" << kernel
              << " is built for the header's block sizes only\", 0);\n";
        s << "    }\n";
    } else {
        s << "    ws::plain::call(" << kernel_address(kernel, plan.sig, c, 0) << ", " << args
          << ");\n";
    }
    s << "}\n";
    // Whether the kernel takes elements of T (a kernel written for float* takes only float).
    const std::string dummies = c.args.empty() ? "" : ", " + joined(c.args);
    s << "template <class T>\n"
      << "constexpr bool ws_plain_fits() {\n"
      << "    const T* in = nullptr; T* out = nullptr; T* totals = nullptr; unsigned n = 0;\n"
      << "    (void)in; (void)out; (void)totals; (void)n;\n"
      << "    return decltype(ws::plain::fits<T>("
      << kernel_address(kernel, plan.sig, c, block_sizes(header).front()) << dummies
      << "))::value;\n"
      << "}\n";
    return s.str();
}

}  // namespace

PlainWrapper plain_wrapper_source(const std::string& source, const std::string& display,
                                  const KernelHeader& header) {
    PlainWrapper w;
    const PlainSpec& p = header.plain;
    const SharedRewrite rewritten = rewrite_shared(source, display);
    if (!rewritten.error.empty()) {
        w.error = rewritten.error;
        return w;
    }
    const PlainPlan plan = plan_plain(source, display, header);
    if (!plan.error.empty()) {
        w.error = plan.error;
        return w;
    }
    const Call& c = plan.call;
    const bool scan = header.info.family == Family::Scan;

    std::ostringstream s;
    s << "// Generated by warpscope run-kernel: a plain CUDA kernel for the CPU emulator.\n"
      << "#include \"kernels/user/plain_prelude.hpp\"\n";
    s << "#line 1 \"" << display << "\"\n" << rewritten.text;
    if (!rewritten.text.empty() && rewritten.text.back() != '\n') s << '\n';
    s << "#line 1 \"" << kGenerated << "\"\n"
      << "#pragma clang attribute push(__attribute__((no_sanitize(\"coverage\"))), apply_to = "
         "function)\n"
      << "namespace {\n"
      << call_function(plan, header, false);
    if (scan) {
        s << "template <class T>\n"
          << "void ws_plain_entry(const T* in, T* out, T* totals, unsigned n, "
             "ws::trace::ScanKind kind, ws::sim::SimProbe probe) {\n"
          << "    {\n"
          << "        ws::sim::PlainThread self(probe, {{in, std::size_t(n) * sizeof(T)}, {out, "
             "std::size_t(n) * sizeof(T)}, {totals, std::size_t(gridDim.x) * sizeof(T)}});\n"
          << "        ws_plain_call<T>(in, out, totals, n);\n"
          << "    }\n"
          << "    ws::plain::finish_tile(in, out, totals, n, " << header.info.elems_per_thread
          << "u * blockDim.x, " << (p.exclusive ? "true" : "false")
          << ", kind == ws::trace::ScanKind::Exclusive, " << (c.writes_totals ? "false" : "true")
          << ");\n";
        s << "}\n"
          << "template <class T> using WarpscopeEntry = void (*)(const T*, T*, T*, unsigned, "
             "ws::trace::ScanKind, ws::sim::SimProbe);\n";
    } else {
        s << "template <class T>\n"
          << "void ws_plain_entry(const T* in, T* out, unsigned n, ws::sim::SimProbe probe) {\n"
          << "    ws::sim::PlainThread self(probe, {{in, std::size_t(n) * sizeof(T)}, {out, "
             "std::size_t(gridDim.x) * sizeof(T)}});\n"
          << "    ws_plain_call<T>(in, out, nullptr, n);\n"
          << "}\n"
          << "template <class T> using WarpscopeEntry = void (*)(const T*, T*, unsigned, "
             "ws::sim::SimProbe);\n";
    }
    s << "}  // namespace\n";
    const char* const reduce_names[] = {kExportInt, kExportFloat, kExportDouble};
    const char* const scan_names[] = {kExportScanInt, kExportScanFloat, kExportScanDouble};
    const char* const types[] = {"int", "float", "double"};
    for (int i = 0; i < 3; ++i)
        s << "extern \"C\" WarpscopeEntry<" << types[i] << "> "
          << (scan ? scan_names[i] : reduce_names[i]) << "() {\n"
          << "    if constexpr (ws_plain_fits<" << types[i] << ">()) return &ws_plain_entry<"
          << types[i] << ">;\n"
          << "    else return nullptr;\n"
          << "}\n";
    s << "#pragma clang attribute pop\n";
    w.text = s.str();
    return w;
}

PlainWrapper plain_nvrtc_source(const std::string& source, const std::string& display,
                                const KernelHeader& header) {
    PlainWrapper w;
    const PlainPlan plan = plan_plain(source, display, header);
    if (!plan.error.empty()) {
        w.error = plan.error;
        return w;
    }
    const bool scan = header.info.family == Family::Scan;
    const PlainSpec& p = header.plain;
    std::ostringstream s;
    s << "// Generated by warpscope run-kernel: a plain CUDA kernel for the GPU (NVRTC).\n";
    for (const char* h : {"kernels/probe/vocabulary.cuh", "kernels/cuda/gpu_probe.cuh",
                          "kernels/trace/scan_kind.hpp", "kernels/user/plain_call.hpp"})
        s << "#include \"" << h << "\"\n";
    // The student's kernels become __device__ functions that the entry below calls.
    s << "#undef __global__\n#define __global__ __device__\n"
      << "#undef __launch_bounds__\n#define __launch_bounds__(...)\n";
    s << "#line 1 \"" << display << "\"\n" << source;
    if (!source.empty() && source.back() != '\n') s << '\n';
    s << "#line 1 \"" << kGenerated
      << "\"\n"
      // CUDA's own definitions back (crt/host_defines.h; NVRTC has no push_macro).
      << "#undef __global__\n#define __global__ __location__(global)\n"
      << "#undef __launch_bounds__\n"
      << "#define __launch_bounds__(...) __annotate__(launch_bounds(__VA_ARGS__))\n"
      << call_function(plan, header, true);
    if (scan) {
        s << "template <class T, class Probe>\n"
          << "__global__ void " << kPlainEntry
          << "(const T* in, T* out, T* totals, unsigned n, ws::trace::ScanKind kind, Probe) {\n"
          << "    static_assert(ws_plain_fits<T>(), \"the kernel takes this element type\");\n"
          << "    ws_plain_call<T>(in, out, totals, n);\n"
          << "    const bool computes_exclusive = " << (p.exclusive ? "true" : "false") << ";\n"
          << "    const bool wanted_exclusive = kind == ws::trace::ScanKind::Exclusive;\n"
          << "    const bool write_total = " << (plan.call.writes_totals ? "false" : "true")
          << ";\n"
          << "    if (!write_total && computes_exclusive == wanted_exclusive) return;\n"
          << "    __syncthreads();\n"
          << "    if (threadIdx.x != 0) return;\n"
          << "    const unsigned tile = " << header.info.elems_per_thread << "u * blockDim.x;\n"
          << "    const unsigned long long first = 1ull * blockIdx.x * tile;\n"
          << "    if (first >= n) return;\n"
          << "    const unsigned long long last = (first + tile < n ? first + tile : n) - 1;\n"
          << "    if (write_total) totals[blockIdx.x] = computes_exclusive ? T(out[last] + "
             "in[last]) : out[last];\n"
          << "    if (computes_exclusive == wanted_exclusive) return;\n"
          << "    if (wanted_exclusive) {\n"
          << "        for (unsigned long long j = last; j > first; --j) out[j] = out[j - 1];\n"
          << "        out[first] = T(0);\n"
          << "    } else {\n"
          << "        for (unsigned long long j = first; j <= last; ++j) out[j] = T(out[j] + "
             "in[j]);\n"
          << "    }\n"
          << "}\n";
    } else {
        s << "template <class T, class Probe>\n"
          << "__global__ void " << kPlainEntry << "(const T* in, T* out, unsigned n, Probe) {\n"
          << "    static_assert(ws_plain_fits<T>(), \"the kernel takes this element type\");\n"
          << "    ws_plain_call<T>(in, out, nullptr, n);\n"
          << "}\n";
    }
    w.text = s.str();
    return w;
}

std::string plain_type_refusal(const std::string& source, const std::string& display,
                               const KernelHeader& header, const std::string& type) {
    const KernelSignature sig = find_kernel(source, header.plain.kernel, display);
    if (!sig.ok()) return "";  // the compile says what is wrong
    for (const KernelParam& k : sig.params) {
        if (k.name != header.plain.in) continue;
        std::istringstream words(k.type);
        std::string fixed;
        for (std::string w; words >> w;) {
            while (!w.empty() && (w.back() == '*' || w.back() == '&' || w.back() == ']'))
                w.pop_back();
            while (!w.empty() && (w.front() == '*' || w.front() == '[')) w.erase(0, 1);
            for (const TemplateParam& t : sig.template_params)
                if (t.is_type && w == t.name) return "";
            if (w == "int" || w == "float" || w == "double") fixed = w;
        }
        if (!fixed.empty() && fixed != type)
            return display + ":" + std::to_string(sig.line) + ": " + header.plain.kernel +
                   " takes " + fixed + " (its " + k.name + " is " + k.type +
                   "): run it with --type " + fixed +
                   ", or make the element type a template "
                   "parameter";
    }
    return "";
}

}  // namespace ws::user
