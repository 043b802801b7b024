// Memory, as the machine has it and as the messages say it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace ws::io {

// What the kernel says could be allocated now without swapping (MemAvailable), in bytes; 0 when
// it cannot be known.
std::uint64_t available_memory();

// "512 bytes", "3.2 MB", "15.8 GB" (powers of 1000, one decimal above a kilobyte).
std::string bytes_text(std::uint64_t bytes);

// "4G", "512M", "2000000", "1.5G" (K, M, G, T: powers of 1000; KiB, MiB, GiB, TiB: of 1024):
// the bytes, or nullopt.
std::optional<std::uint64_t> parse_bytes(const std::string& text);

}  // namespace ws::io
