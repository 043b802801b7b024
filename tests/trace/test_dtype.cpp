// Element types by name, and values printed in their shortest round-trip text.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

#include "kernels/trace/dtype.hpp"

using namespace ws::trace;

TEST_CASE("types by name and size", "[trace][dtype]") {
    for (DType t : kAllDTypes) CHECK(parse_dtype(dtype_name(t)) == t);
    CHECK(std::string(dtype_name(DType::Int32)) == "int");
    CHECK(std::string(dtype_name(DType::Float64)) == "double");
    CHECK_FALSE(parse_dtype("half").has_value());
    CHECK_FALSE(parse_dtype("").has_value());
    CHECK(dtype_size(DType::Int32) == 4);
    CHECK(dtype_size(DType::Float32) == 4);
    CHECK(dtype_size(DType::Float64) == 8);
}

TEST_CASE("values print as integers or shortest round-trip floats", "[trace][dtype]") {
    CHECK(Value::of(std::int32_t{-5}).to_string() == "-5");
    CHECK(Value::of(std::int32_t{-5}).as_double() == -5.0);
    CHECK(Value::of(std::numeric_limits<std::int32_t>::min()).to_string() == "-2147483648");
    CHECK(Value::of(0.1f).to_string() == "0.1");
    CHECK(Value::of(0.1).to_string() == "0.1");
    CHECK(Value::of(1.5f).as_double() == 1.5);
    CHECK(Value::of(8256.0f).to_string() == "8256");

    double third = 1.0 / 3.0;
    CHECK(std::stod(Value::of(third).to_string()) == third);
    float f = 1.0f / 3.0f;
    CHECK(std::stof(Value::of(f).to_string()) == f);
    CHECK(Value::of(std::nanf("")).to_string() == "nan");
    CHECK(Value::of(-std::numeric_limits<double>::infinity()).to_string() == "-inf");
}

TEST_CASE("an int or float value reads only its low 4 bytes", "[trace][dtype]") {
    Value v = Value::of(std::int32_t{7});
    v.bits |= 0xdead'0000'0000ull << 8;
    CHECK(v.to_string() == "7");
    Value f = Value::of(2.0f);
    f.bits |= 1ull << 40;
    CHECK(f.as_double() == 2.0);
}
