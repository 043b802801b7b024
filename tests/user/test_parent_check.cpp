// The parent's own check of a kernel's result (kernels/user/parent_check.hpp): whatever the
// child's trace says, the output values decide, against the parent's reference for the request.
#include <catch2/catch.hpp>
#include <cstring>

#include "kernels/catalog.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/user/parent_check.hpp"

using namespace ws;

namespace {

trace::Trace claimed_right(const std::string& algo, std::uint64_t n, trace::DType type) {
    trace::Trace t;
    t.request.algo = algo;
    t.request.n = n;
    t.request.block = 128;
    t.request.type = type;
    t.request.pattern = "random";
    t.request.seed = 7;
    t.grid = 1;
    t.ok = true;  // what the child said
    return t;
}

template <class T>
std::string bytes_of(const std::vector<T>& v) {
    return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

}  // namespace

TEST_CASE("the parent decides a reduction's result from the values the child sent") {
    const VariantInfo* v = find_variant("reduce-sequential");
    REQUIRE(v);
    const std::vector<int> input = run::make_input<int>("random", 1000, 7);
    int sum = 0;
    for (int x : input) sum += x;
    trace::Trace right = claimed_right("reduce-sequential", 1000, trace::DType::Int32);
    CHECK(user::check_in_parent(*v, bytes_of(std::vector<int>{sum, 0, 0, 0}), right));
    CHECK(right.ok);
    trace::Trace wrong = claimed_right("reduce-sequential", 1000, trace::DType::Int32);
    CHECK(user::check_in_parent(*v, bytes_of(std::vector<int>{sum + 1, 0, 0, 0}), wrong));
    CHECK_FALSE(wrong.ok);  // the child said right; the values say otherwise
    CHECK(wrong.error.find("wrong result") == 0);
    trace::Trace odd = claimed_right("reduce-sequential", 1000, trace::DType::Int32);
    CHECK_FALSE(user::check_in_parent(*v, std::string(5, 'x'), odd));
    CHECK_FALSE(odd.ok);  // bytes the request does not make: not taken as right
    trace::Trace none = claimed_right("reduce-sequential", 1000, trace::DType::Int32);
    CHECK_FALSE(user::check_in_parent(*v, "", none));
    CHECK(none.ok);  // nothing sent: the child's word stands (the caller says so)
}

TEST_CASE("the parent decides a scan's result element by element") {
    const VariantInfo* v = find_variant("scan-kogge-stone");
    REQUIRE(v);
    const std::vector<float> input = run::make_input<float>("random", 333, 7);
    std::vector<float> out(input.size());
    float s = 0;
    for (std::size_t i = 0; i < input.size(); ++i) out[i] = s += input[i];
    trace::Trace right = claimed_right("scan-kogge-stone", 333, trace::DType::Float32);
    CHECK(user::check_in_parent(*v, bytes_of(out), right));
    CHECK(right.ok);
    out[200] += 1.0f;
    trace::Trace wrong = claimed_right("scan-kogge-stone", 333, trace::DType::Float32);
    CHECK(user::check_in_parent(*v, bytes_of(out), wrong));
    CHECK_FALSE(wrong.ok);
    out.pop_back();  // one element short
    trace::Trace cut = claimed_right("scan-kogge-stone", 333, trace::DType::Float32);
    CHECK_FALSE(user::check_in_parent(*v, bytes_of(out), cut));
    CHECK_FALSE(cut.ok);
}
