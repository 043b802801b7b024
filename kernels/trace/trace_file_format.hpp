// The trace file format, shared by the writer and the reader.
//
// Layout, version 4 (all integers little-endian):
//   "WSTRACE\n"                      8-byte magic
//   u32 format version               4
//   u64 header length, header        JSON: request, backend, device, source, sizes, totals, result
//   u32 block count, then per block:
//     u32 block id, u8 truncated
//     u64 event count, events        32 bytes each, fields in the order of struct Event
//     u32 snapshot count, then per snapshot: u16 phase, u64 byte count, bytes
//     u64 order count, u32 each      the order events ran in (0, or the event count)    [v2]
//     u64 landing count, then per landing: u32 BulkCopy event, u32 order entries before [v4]
//   u64 FNV-1a 64 of every byte before it
// Version 1 had no order, and its totals' "divergent_warps" counted what version 2 calls
// "idle_lane_warps" (trace_file_read.cpp upgrades it). Version 3 added the AtomicWrite event
// kind; version 4 the pipeline's kinds (TxInit..Mark) and the landings.
#pragma once
#include <cstddef>
#include <cstdint>

namespace ws::trace::file_format {

inline constexpr char kMagic[8] = {'W', 'S', 'T', 'R', 'A', 'C', 'E', '\n'};
inline constexpr std::size_t kEventBytes = 32;
inline constexpr std::size_t kChecksumBytes = 8;

inline constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ull;
// `h`: the hash of what came before, to hash a file in pieces.
inline std::uint64_t fnv1a64(const char* data, std::size_t size, std::uint64_t h = kFnvOffset) {
    for (std::size_t i = 0; i < size; ++i) {
        h ^= static_cast<unsigned char>(data[i]);
        h *= 0x100000001b3ull;
    }
    return h;
}

}  // namespace ws::trace::file_format
