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

// The first bytes of `bits` read as a value of `type` (an event's or a cell's raw value).
double decode_value(std::uint64_t bits, DType type);
// How a value reads wherever a cell or a block's result is shown: integers exactly, floating
// point to 4 significant digits ("32640", "1.235e+04").
std::string format_value(double v, DType type);

// The DType of a C++ element type, and the C++ type of a DType: visit_dtype(t, f) calls f with a
// zero of that type (f(int{}), f(float{}) or f(double{})) and returns what f returns. The one
// place where the three element types are spelled out; every executor dispatches through it.
template <class T>
constexpr DType dtype_of() {
    static_assert(std::is_same_v<T, int> || std::is_same_v<T, float> || std::is_same_v<T, double>,
                  "an element type is int, float or double");
    if constexpr (std::is_same_v<T, int>) return DType::Int32;
    if constexpr (std::is_same_v<T, float>) return DType::Float32;
    return DType::Float64;
}

template <class F>
decltype(auto) visit_dtype(DType t, F&& f) {
    switch (t) {
        case DType::Float32:
            return f(float{});
        case DType::Float64:
            return f(double{});
        case DType::Int32:
            break;
    }
    return f(int{});
}

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
