// Element types a request can ask for, and a raw value that knows its type.
#pragma once
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace ws::trace {

enum class DType : std::uint8_t { Int32 = 0, Float32 = 1, Float64 = 2 };

inline constexpr DType kAllDTypes[] = {DType::Int32, DType::Float32, DType::Float64};

const char* dtype_name(DType t);                          // "int", "float", "double"
std::optional<DType> parse_dtype(std::string_view name);  // accepts the names above
unsigned dtype_size(DType t);

// The first 8 bytes of a value, interpreted by its type.
struct Value {
    DType type = DType::Int32;
    std::uint64_t bits = 0;

    template <class T>
    static Value of(T v);
    double as_double() const;
    std::string to_string() const;  // shortest text that reads back to the same value
};

template <class T>
inline Value Value::of(T v) {
    Value out;
    if constexpr (sizeof(T) == 4 && std::is_integral_v<T>)
        out.type = DType::Int32;
    else if constexpr (sizeof(T) == 4)
        out.type = DType::Float32;
    else
        out.type = DType::Float64;
    std::memcpy(&out.bits, &v, sizeof(T));
    return out;
}

}  // namespace ws::trace
