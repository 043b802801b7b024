// Saving and loading traces as a versioned binary file.
//
// Layout: the 8-byte magic "WSTRACE\n", a little-endian u32 format version, a u64 header
// length and a JSON header (request, backend, source, sizes, totals, result), then for each
// block its events and snapshots as length-prefixed binary arrays, and last an FNV-1a 64-bit
// checksum of everything before it. Loading checks each of these and says what is wrong.
#pragma once
#include <string>

#include "kernels/trace/trace.hpp"

namespace ws::trace {

struct LoadResult {
    bool ok = false;
    std::string error;  // one line: "not a warpscope trace", "written by a newer version (3)", ...
    Trace trace;
};

// Returns an empty string on success, else a one-line error.
std::string save_trace(const Trace& t, const std::string& path);
LoadResult load_trace(const std::string& path);

// The same on memory, for tests and for sending traces around.
std::string encode_trace(const Trace& t);
LoadResult decode_trace(const std::string& bytes);

}  // namespace ws::trace
