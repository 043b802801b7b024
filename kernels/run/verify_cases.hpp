// The cases `warpscope verify` runs for an algorithm: sizes (1, primes, non-powers of two, 2^20
// and more) on every type with random data, and every block size on two odd sizes.
#pragma once
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::run {

std::vector<trace::Request> verify_cases(const VariantInfo& v);

// One line for a finished case: "ok   reduce-sequential  int    n=1000 block=256  ..."
std::string verify_line(const trace::Request& r, const trace::Trace& t);

}  // namespace ws::run
