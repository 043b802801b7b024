// Element types by name and size, and the text of a raw value (shortest round-trip form).
#include "kernels/trace/dtype.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ws::trace {

const char* dtype_name(DType t) {
    switch (t) {
        case DType::Int32:
            return "int";
        case DType::Float32:
            return "float";
        case DType::Float64:
            return "double";
    }
    return "?";
}

std::optional<DType> parse_dtype(std::string_view name) {
    for (DType t : kAllDTypes)
        if (name == dtype_name(t)) return t;
    return std::nullopt;
}

unsigned dtype_size(DType t) {
    return t == DType::Float64 ? 8u : 4u;
}

namespace {

std::int32_t as_int32(std::uint64_t bits) {
    auto low = static_cast<std::uint32_t>(bits);
    std::int32_t v;
    std::memcpy(&v, &low, sizeof v);
    return v;
}

float as_float(std::uint64_t bits) {
    auto low = static_cast<std::uint32_t>(bits);
    float v;
    std::memcpy(&v, &low, sizeof v);
    return v;
}

double as_double_bits(std::uint64_t bits) {
    double v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

// std::to_chars without a precision gives the shortest text that reads back to the same value.
template <class T>
std::string shortest(T v) {
    char buf[64];
#if defined(__EMSCRIPTEN__)
    // The web page's libc++ has no to_chars for floating point: the fewest %g digits that read
    // back to the same value (the same digits; 1e-04 may read 0.0001).
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, static_cast<double>(v));
        if (static_cast<T>(std::strtod(buf, nullptr)) == v) break;
    }
    return buf;
#else
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    if (ec != std::errc()) return "?";
    return std::string(buf, end);
#endif
}

}  // namespace

double decode_value(std::uint64_t bits, DType type) {
    return Value{type, bits}.as_double();
}

std::string format_value(double v, DType type) {
    char buf[32];
    if (type == DType::Int32)
        std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(std::llround(v)));
    else
        std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

double Value::as_double() const {
    switch (type) {
        case DType::Int32:
            return as_int32(bits);
        case DType::Float32:
            return as_float(bits);
        case DType::Float64:
            return as_double_bits(bits);
    }
    return 0.0;
}

std::string Value::to_string() const {
    switch (type) {
        case DType::Int32:
            return std::to_string(as_int32(bits));
        case DType::Float32:
            return shortest(as_float(bits));
        case DType::Float64:
            return shortest(as_double_bits(bits));
    }
    return "?";
}

}  // namespace ws::trace
