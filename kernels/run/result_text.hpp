// What a run and one of its blocks computed, in words: the one place they are worded, beside the
// result checks (reduce_check.hpp, input_data.hpp's check_scan_output), from the variant's op and
// driver. A new kind of reduction or scan words its results here; the window only shows these.
//   result_line:  "result 32640, expected 32640: ok", "kept 106 of 300, expected 106: ok",
//                 "min -5, max 9, sum 120, avg 3.75: ok"
//   block_result: "sum 32640", "last element 8128", "kept 12 (those > 0)",
//                 "partial 120, finished 3rd of 16", "min -5, max 9, sum 12, avg 3 (sum / 4 = 3)"
#pragma once
#include <cstdint>
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::run {

// "result 32640, expected 32640: ok"; floating point with the bound it was checked against:
// "result 1.2346e+04, expected 1.2346e+04 (within 3.1e-03): ok"; "...: WRONG".
// Several results (reduce-minmax-avg): "min -5, max 9, sum 120, avg 3.75: ok".
std::string result_line(const trace::Trace& t);

// Several results with an average: what the wiki's average of averages gave beside the true
// one: "avg is the average of averages, 3.5; the true average, sum / n = 120 / 32, is 3.75".
// "" for the others.
std::string average_line(const trace::Trace& t);

// What block `b` of `t` computed (the value it wrote to its output array, the last address for a
// scan; a single-pass reduction's block says what it added with its atomic); "" when there is
// nothing to say. `variant`: t's (nullptr: a kernel outside the catalog, worded as a sum);
// `threads`: the block's.
std::string block_result(const trace::Trace& t, const trace::BlockTrace& b, std::uint32_t threads,
                         const VariantInfo* variant);

// "1st", "2nd", "3rd", "11th", "22nd".
std::string ordinal(std::uint64_t n);

}  // namespace ws::run
