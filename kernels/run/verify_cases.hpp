// The cases `warpscope verify` runs for an algorithm: sizes (1, primes, non-powers of two, 2^20
// and more) on every type with random data, and block sizes on three odd sizes (the powers of
// two; 1, 7, 96, 100, 1000 and 1024 for a variant that takes any size); scans run
// every case inclusive, and exclusive too below 2^20 elements.
#pragma once
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::run {

// quick: small sizes only, for slow checkers such as compute-sanitizer.
std::vector<trace::Request> verify_cases(const VariantInfo& v, bool quick = false);

// The emulator schedule verify uses: `sequential` (each thread runs to its next sync: the
// fewest switches, and the order most likely to expose a race) for race-free variants, and
// `lockstep` for the ones that are racy on purpose (right only in lockstep, as on a GPU).
const char* verify_schedule(const VariantInfo& v);

// One line for a finished case: "ok   reduce-sequential  int    n=1000 block=256  ..."
std::string verify_line(const trace::Request& r, const trace::Trace& t);

}  // namespace ws::run

namespace ws::run {
// Requests that the GPU and the emulator must trace identically: every block size, n not a
// power of two (so the last block is partial), int with random data and float with
// integer-valued data (exact sums), every block of the first pass traced; scans also int
// exclusive. For the look-back scan see normalize_dynamic_tiles (kernels/run/crosscheck.hpp).
std::vector<trace::Request> crosscheck_cases(const VariantInfo& v);

// The GPU recorded twice, by a variant's probe and by the Compute Sanitizer API on its unprobed
// kernel (crosscheck --gpu-recorder sanitizer): crosscheck_cases at the smallest, a middle and the
// largest block, and each int case again in double (integer-valued, as crosscheck's float: a
// look-back that fell back in one run and not the other adds in another order).
std::vector<trace::Request> sanitizer_crosscheck_cases(const VariantInfo& v);
}  // namespace ws::run
