// Whether a student's kernel's result is right, decided by the parent (issue 57). On the
// emulator the student's code runs in the same process as the check, and may change what the
// check says; the parent checks again, in its own memory, the output values the child sent (the
// reduction's result, a scan's every element) against its own reference made from the request
// (the same input: pattern, n and seed). Writing the right values is then the only way to be
// right. The counters a grade also rests on are counted inside the child and stay its word.
#pragma once
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::user {

// Checks `output` (run::RunOptions::checked_output's bytes) for `t`'s request and sets t.ok,
// t.error, t.result and t.expected as the parent finds them; false (t unchanged) when there is
// nothing to check (no bytes: a kernel that did not finish, a scan past run::kMaxCheckedScan) or
// the bytes are not what the request makes (then the run is not right either: t.ok false).
bool check_in_parent(const VariantInfo& info, const std::string& output, trace::Trace& t);

}  // namespace ws::user
