#include "kernels/io/data_file.hpp"

#include <algorithm>
#include <filesystem>

#include "kernels/io/memory.hpp"
#include "kernels/io/regular_file.hpp"

namespace ws::io {
namespace {

struct KindRow {
    DataKind kind;
    const char* name;  // as the refusal says it: "a lesson"
    std::uint64_t max_bytes;
};

constexpr std::uint64_t kMiB = std::uint64_t(1) << 20;

// Every data file is small: the largest shipped is a 420 kB measurement file.
constexpr KindRow kKinds[] = {
    {DataKind::Lesson, "a lesson", kMiB},
    {DataKind::HardwareCounts, "a hardware-counts file", 64 * kMiB},
    {DataKind::Measurements, "a measurement file", 64 * kMiB},
    {DataKind::Sass, "a SASS listing", 16 * kMiB},
    {DataKind::Reference, "a reference table", kMiB},
    {DataKind::Puzzle, "a puzzle", kMiB},
    {DataKind::KernelFile, "a kernel file", kMiB},
    {DataKind::Settings, "a settings file", kMiB},
};

const KindRow& row(DataKind kind) {
    for (const KindRow& r : kKinds)
        if (r.kind == kind) return r;
    return kKinds[0];
}

}  // namespace

std::uint64_t max_bytes(DataKind kind) {
    return row(kind).max_bytes;
}

const char* kind_name(DataKind kind) {
    return row(kind).name;
}

std::string read_data_file(const std::string& path, DataKind kind, std::string& error) {
    RegularFile f(path);
    error.clear();
    if (!f.ok()) {
        error = f.error();
        return {};
    }
    if (f.size() > max_bytes(kind)) {
        const std::string size = bytes_text(f.size()), most = bytes_text(max_bytes(kind));
        error = "cannot read " + path + ": it " +
                (size == most ? "is larger than" : "has " + size + ", more than") + " the " + most +
                " " + kind_name(kind) + " can have";
        return {};
    }
    std::string bytes = f.read_all(max_bytes(kind));
    error = f.error();
    return bytes;
}

std::vector<std::string> data_files(const std::string& folder, const std::string& extension,
                                    const std::string& prefix) {
    namespace fs = std::filesystem;
    std::vector<std::string> out;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.empty() || name[0] == '.') continue;
        if (name.size() < extension.size() ||
            name.compare(name.size() - extension.size(), extension.size(), extension) != 0)
            continue;
        if (name.rfind(prefix, 0) != 0) continue;
        out.push_back(it->path().string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace ws::io
