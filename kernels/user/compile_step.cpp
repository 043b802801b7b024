// The compilers' children (compile_step.hpp).
#include "kernels/user/compile_step.hpp"

#include <fcntl.h>
#include <stdlib.h>

#include "kernels/io/regular_file.hpp"
#include "kernels/user/child_protocol.hpp"
#include "kernels/user/nvrtc_compiler.hpp"
#include "kernels/user/outcome.hpp"
#include "kernels/user/plain_wrapper.hpp"
#include "kernels/user/toolchain.hpp"

namespace ws::user {

std::string compile_for_emulator(const Sandbox& sandbox, const WorkDir& work,
                                 const CompileInput& in) {
    const bool plain = in.header && in.header->plain.plain;
    std::vector<std::string> compiler = plain ? find_plain_compiler() : find_compiler();
    if (compiler.empty())
        return "a plain CUDA kernel is compiled by clang++, which is not installed (Debian: apt "
               "install clang)";
    const std::string found = program_path(compiler.front());
    if (found.empty())
        return "compile error: the compiler " + printable_name(compiler.front()) +
               " was not found (install g++, or set CXX)";
    // Its own file, not a link through /etc/alternatives (which the sandbox does not show).
    char real[4096];
    compiler.front() = ::realpath(found.c_str(), real) ? std::string(real) : found;
    // The link's own name (clang-14) would make the driver a C one.
    if (plain) compiler.insert(compiler.begin() + 1, "--driver-mode=g++");
    std::string wrapper;
    if (plain) {
        const PlainWrapper w = plain_wrapper_source(in.source, in.display, *in.header);
        if (!w.error.empty()) return "compile error at " + w.error;
        wrapper = w.text;
    } else {
        wrapper = wrapper_source(in.source, in.display, in.family);
    }
    if (!write_new_file(work.file(kWrapperFile), wrapper))
        return "the wrapper could not be written in " + work.path();
    const std::vector<std::string> standard = standard_include_dirs(compiler);
    ChildView view;
    view.work = work.path();
    view.read = {in.include_dir};
    for (const std::string& d : standard) view.read.push_back(d);
    view.env = {"PATH=/usr/local/bin:/usr/bin:/bin", "LC_ALL=C", "TMPDIR=" + work.path()};
    const Limits limits = compiler_limits();
    SpawnSpec spec = sandboxed_spec(
        sandbox, view,
        plain ? plain_compile_command(compiler, in.include_dir, standard, kWrapperFile, kObjectFile)
              : compile_command(compiler, in.include_dir, standard, kWrapperFile, kObjectFile),
        limits);
    const Descriptor log(work.file(kCompileLog), O_WRONLY | O_CREAT | O_EXCL);
    spec.output_fd = log.get();
    const ChildEnd end = run_walled(spec, "");
    // Its first MiB: the first error is near the start, and a compiler that said more (a
    // constexpr loop's thousands of notes) is not "a compiler that said nothing".
    const std::string said = io::RegularFile(work.file(kCompileLog)).read_prefix(1 << 20);
    return describe_compile_end(end, limits, said, in.display, in.family, false);
}

NvrtcBuild compile_in_nvrtc_child(const Sandbox& sandbox, const WorkDir& work,
                                  const CompileInput& in, trace::DType type,
                                  const std::string& arch) {
    NvrtcBuild b;
    Limits limits = compiler_limits();
    limits.memory_bytes = std::uint64_t(16) << 30;  // NVRTC reserves more than it uses
    ChildView view;
    view.work = work.path();
    view.read = {in.include_dir};
    // A plain kernel's cooperative groups are the toolkit's own headers.
    if (const std::string cuda = cuda_include_dir(); !cuda.empty()) view.read.push_back(cuda);
    view.env = {"TMPDIR=" + work.path()};
    SpawnSpec spec = sandboxed_spec(sandbox, view,
                                    {child_program(), kChildCommand, kJobNvrtc, in.display,
                                     trace::dtype_name(type), arch, in.include_dir},
                                    limits);
    const Descriptor report(work.file(kReportFile), O_WRONLY | O_CREAT | O_TRUNC);
    const Descriptor none("/dev/null", O_RDONLY);
    const Descriptor text(work.file(kSourceFile), O_RDONLY);
    spec.fds = {report.get(), none.get(), text.get()};
    const ChildEnd end = run_walled(spec, work.file(kReportFile));
    b.error = describe_compile_end(end, limits, "", in.display, in.family, true);
    if (!b.error.empty()) return b;
    const std::string names = end.facts.last(kFactNames)->bytes;
    const auto newline = names.find('\n');
    if (newline == std::string::npos ||
        !write_new_file(work.file(kCubinFile), end.facts.last(kFactCubin)->bytes)) {
        b.error = "NVRTC's code could not be kept in " + work.path();
        return b;
    }
    b.fast_name = names.substr(0, newline);
    b.traced_name = names.substr(newline + 1);
    return b;
}

}  // namespace ws::user
