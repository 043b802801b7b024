// What a child that compiles or runs a student's kernel tells its parent (issue 33): facts, not
// sentences. The child writes them to the report descriptor its parent gave it; the parent reads
// them after the child has ended and writes every line the teacher reads (outcome.hpp). A fact
// is a kind, its length and its bytes:
//
//   KIND LENGTH\n BYTES
//
// The student's code runs in the child and may write to the same descriptor, so the parent
// trusts nothing here to be well formed: a fact that does not parse ends the reading, and what
// was read before it stands.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ws::user {

// The kinds of fact.
inline constexpr const char* kFactTrace = "trace";    // the run's trace file, whole
inline constexpr const char* kFactTiming = "timing";  // the GPU's times (measurements JSON)
// A plain kernel on the GPU: empty when the GPU recorded it (the Sanitizer API), else why not.
inline constexpr const char* kFactGpuRecorder = "gpu-recorder";
inline constexpr const char* kFactCubin = "cubin";  // NVRTC's device code
// The output the emulator checked, for the parent's own check (parent_check.hpp).
inline constexpr const char* kFactOutput = "output";
inline constexpr const char* kFactNames = "names";  // the two kernels' lowered names, a line each
inline constexpr const char* kFactCompileError = "compile-error";  // NVRTC's log, whole
inline constexpr const char* kFactFailed = "failed";           // warpscope's own reason, one line
inline constexpr const char* kFactMemoryPlan = "memory-plan";  // the request does not fit the limit
inline constexpr const char* kFactOutOfMemory = "out-of-memory";  // std::bad_alloc
inline constexpr const char* kFactThrew = "threw";                // an exception's what()
// A plain kernel's recording left something out of the picture (one line; none when it did not).
inline constexpr const char* kFactNote = "note";
// A vocabulary kernel on the GPU: the GPU's own counters over its traced pass, a grade's witness
// (run/counter_witness.hpp: encode_witness).
inline constexpr const char* kFactWitness = "witness";
// Written by the child's handlers (async-signal-safe, numbers only):
//   signal: "SIGNO PHASE BLOCK THREAD ADDRESS SYSCALL DETAIL FOREIGN"
//   exit:   "STATUS PHASE BLOCK THREAD"   (exit() called before the child's work was done)
// PHASE 0 warpscope's own code, 1 while the compiled kernel was being loaded (its global
// constructors), 2 inside a kernel thread (BLOCK and THREAD then say which), 3 after the run.
inline constexpr const char* kFactSignal = "signal";
inline constexpr const char* kFactExit = "exit";

enum class ChildPhase : int { Own = 0, Loading = 1, InKernel = 2, Finishing = 3 };

struct Fact {
    std::string kind, bytes;
};

// One fact as the child writes it.
std::string encode_fact(const std::string& kind, const std::string& bytes);

// Writes one fact to `fd` with write(2) only: for signal handlers. `bytes` is a C string.
void write_fact_now(int fd, const char* kind, const char* bytes);

struct ReadFacts {
    std::vector<Fact> facts;
    std::string damage;  // "" or where the reading stopped ("a fact's header is not KIND LENGTH")
    // The first fact of `kind`, or nullptr.
    const Fact* first(const char* kind) const;
    // The last fact of `kind`, or nullptr.
    const Fact* last(const char* kind) const;
};
ReadFacts read_facts(const std::string& bytes);

// The facts of the report file at `path`, read fact by fact, keeping at most `max_bytes` of them:
// a child that wrote more (the student's code may fill its descriptor up to the file-size limit)
// ends the reading there, with `damage` saying so, and the parent never holds more.
inline constexpr std::uint64_t kMaxReportBytes = std::uint64_t(1) << 30;
ReadFacts read_facts_file(const std::string& path, std::uint64_t max_bytes = kMaxReportBytes);

}  // namespace ws::user
