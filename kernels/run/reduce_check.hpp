// A whole reduction's result checked against the CPU, the same for every backend: the sum
// (Trace::result, expected, tolerance, ok), and for a variant whose blocks write several values
// (reduce-minmax-avg) each of them (Trace::results): min and max exactly, the sum within the
// tree-summation bound, the average against a CPU model of the same average of averages, with
// the true average (sum / n) beside it.
#pragma once
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::run {

// `output`: the run's output buffer, one value a result (result_names(v.reduce_op)); `block`: the
// request's. Sets out.result, expected, tolerance, results, ok, and error when wrong.
template <class T>
void check_reduction(const VariantInfo& v, const std::vector<T>& input, const T* output,
                     unsigned block, trace::Trace& out);

// The wiki's average of averages over `input`, as the variant's plan runs it: every block of
// every pass halves its tree from blockDim.x rounded up to a power of two, each level setting
// avg = (avg + avg2) / 2 where the second thread holds a value.
template <class T>
T average_of_averages(const VariantInfo& v, const std::vector<T>& input, unsigned block);

// "min -5, max 9, sum 120, avg 3.75" (or "sum 120"); with `exact`, the true average after the
// avg it differs from: "avg 3.5 (true average 3.75)".
std::string results_text(const trace::Trace& t, bool exact = false);

}  // namespace ws::run
