// Reads never block and never explode: a FIFO, a device, a folder or a socket is refused in one
// line wherever a file is read (traces, settings, measurements), a file that is no trace is
// refused on its first bytes, and no size read from a file is believed beyond the file's size.
#include <sys/socket.h>
#include <sys/un.h>

#include <catch2/catch.hpp>

#include "kernels/io/regular_file.hpp"
#include "kernels/trace/trace_file.hpp"
#include "tests/reliability/reliability_kit.hpp"
#include "ui/model/lab/lab_data.hpp"
#include "ui/session.hpp"
#include "ui/settings.hpp"

using namespace reliability;

namespace {

// Loads `path` in a child (a blocking read there fails the test instead of hanging it); the
// child's exit code is 0 when load_trace returned an error containing `expected`.
Ended load_expecting(const std::string& path, const std::string& expected) {
    return in_child(
        [&] {
            const ws::trace::LoadResult r = ws::trace::load_trace(path);
            return !r.ok && r.error.find(expected) != std::string::npos ? 0 : 1;
        },
        10);
}

std::string le(std::uint64_t v, int bytes) {
    std::string s;
    for (int i = 0; i < bytes; ++i) s.push_back(char((v >> (8 * i)) & 0xff));
    return s;
}

}  // namespace

TEST_CASE("reliability: special files are refused as traces, in one line", "[reliability]") {
    ScratchDir d;
    ::mkfifo((d / "fifo").c_str(), 0644);
    const Ended fifo = load_expecting(d / "fifo", "it is a FIFO, not a regular file");
    CHECK_FALSE(fifo.timed_out);
    CHECK(fifo.exit_code == 0);
    CHECK(load_expecting("/dev/zero", "a character device, not a regular file").exit_code == 0);
    CHECK(load_expecting("/dev/null", "a character device, not a regular file").exit_code == 0);
    CHECK(load_expecting(d.path, "a folder, not a regular file").exit_code == 0);
    CHECK(load_expecting(d / "missing", "No such file or directory").exit_code == 0);
    // A socket cannot even be opened as a file.
    const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const std::string sock_path = d / "sock";
    std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", sock_path.c_str());
    REQUIRE(::bind(sock, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    CHECK(load_expecting(sock_path, "cannot open").exit_code == 0);
    ::close(sock);
}

TEST_CASE("reliability: a large file is refused on its first bytes, not read", "[reliability]") {
    ScratchDir d;
    // Sparse gigabyte files: reading one whole would take a gigabyte of memory.
    const std::uint64_t gigabyte = std::uint64_t(1) << 30;
    auto sparse = [&](const std::string& name, const std::string& start) {
        write_bytes(d / name, start);
        REQUIRE(::truncate((d / name).c_str(), off_t(gigabyte)) == 0);
        return d / name;
    };
    struct Case {
        std::string start, expected;
    };
    const std::string magic = "WSTRACE\n";
    for (const Case& c : std::vector<Case>{
             {"", "bad magic"},
             {"PNG whatever", "bad magic"},
             {magic + le(0, 4), "format version 0"},
             {magic + le(7, 4), "format version 7 is newer"},
             {magic + le(2, 4) + le(gigabyte * 4, 8), "the file ends inside the header"},
         }) {
        const std::string path = sparse("big", c.start);
        const auto start = std::chrono::steady_clock::now();
        const ws::trace::LoadResult r = ws::trace::load_trace(path);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        CHECK_FALSE(r.ok);
        CHECK(r.error.find(c.expected) != std::string::npos);
        // Reading a gigabyte and hashing it takes seconds; refusing on 20 bytes, microseconds.
        CHECK(seconds < 0.5);
    }
}

TEST_CASE("reliability: the reader holds a file to its own size and the memory free",
          "[reliability]") {
    ScratchDir d;
    write_bytes(d / "small", "0123456789");
    ws::io::RegularFile f(d / "small");
    REQUIRE(f.ok());
    CHECK(f.size() == 10);
    CHECK(f.read_prefix(4) == "0123");
    CHECK(f.read_prefix(100) == "0123456789");
    CHECK(f.read_all(5).empty());
    CHECK(f.error().find("more than the 5 bytes such a file can have") != std::string::npos);
    std::string error;
    CHECK(ws::io::read_regular_file(d / "small", 100, error) == "0123456789");
    CHECK(error.empty());
}

TEST_CASE("reliability: a FIFO as the settings file or among measurements is not waited on",
          "[reliability]") {
    ScratchDir d;
    ::mkfifo((d / "settings.json").c_str(), 0644);
    const Ended settings = in_child(
        [&] {
            std::string problem;
            ws::ui::load_settings(d / "settings.json", &problem);
            return problem.find("a FIFO, not a regular file") != std::string::npos ? 0 : 1;
        },
        10);
    CHECK_FALSE(settings.timed_out);
    CHECK(settings.exit_code == 0);

    std::filesystem::create_directories(d / "assets/measurements");
    ::mkfifo((d / "assets/measurements/live.json").c_str(), 0644);
    const Ended lab = in_child(
        [&] {
            const ws::ui::LabData data = ws::ui::load_lab_data(d.path);
            return data.problems.size() == 1 &&
                           data.problems[0].find("a FIFO, not a regular file") != std::string::npos
                       ? 0
                       : 1;
        },
        10);
    CHECK_FALSE(lab.timed_out);
    CHECK(lab.exit_code == 0);
}

TEST_CASE("reliability: a corrupted settings file is kept beside and said", "[reliability]") {
    ScratchDir d;
    const std::string path = d / "settings.json";
    write_bytes(path, "{\"theme\": \"dark\", \"font_sc");
    std::string problem;
    const ws::ui::Settings s = ws::ui::load_settings(path, &problem);
    CHECK(s.theme == "dark");  // the defaults
    CHECK(problem.find("kept as " + path + ".bad") != std::string::npos);
    CHECK(read_bytes(path + ".bad") == "{\"theme\": \"dark\", \"font_sc");
    // Saving over it afterwards loses nothing: the damaged text is in the copy.
    CHECK(ws::ui::save_settings(s, path).empty());
    CHECK(read_bytes(path + ".bad") == "{\"theme\": \"dark\", \"font_sc");
    problem.clear();
    ws::ui::load_settings(path, &problem);
    CHECK(problem.empty());
    // No file yet is not a problem.
    ws::ui::load_settings(d / "none.json", &problem);
    CHECK(problem.empty());
}

TEST_CASE("reliability: the window's --trace refuses special files and keeps working",
          "[reliability]") {
    ScratchDir d;
    ::mkfifo((d / "fifo").c_str(), 0644);
    const Ended e = in_child(
        [&] {
            ws::ui::Session s(false);
            const std::string zero = s.open_trace("/dev/zero");
            const std::string fifo = s.open_trace(d / "fifo");
            // The session still runs requests afterwards.
            s.ui.form.algo = "reduce-sequential";
            s.ui.form.n = "64";
            s.ui.form.block = 32;
            s.run_form();
            return zero.find("a character device, not a regular file") != std::string::npos &&
                           fifo.find("a FIFO, not a regular file") != std::string::npos &&
                           s.view().step_count() > 0
                       ? 0
                       : 1;
        },
        20);
    CHECK_FALSE(e.timed_out);
    CHECK(e.signal == 0);  // no abort (the window died with SIGABRT on /dev/zero)
    CHECK(e.exit_code == 0);
}
