// The memory family's CPU references and checks (declared in kernels/run/input_data.hpp): what
// each kernel must have written, from the same rules (kernels/algorithms/memory/memory_rules.hpp).
#include <cstring>
#include <sstream>

#include "kernels/algorithms/memory/memory_rules.hpp"
#include "kernels/run/input_data.hpp"

namespace ws::run {
namespace {

template <class T>
void wrong(ScanCheck<T>& c, const std::string& what, T got, T want) {
    std::ostringstream msg;
    msg.precision(17);
    msg << what << ": got " << got << ", expected " << want;
    c.ok = false;
    c.why = msg.str();
}

}  // namespace

template <class T>
ScanCheck<T> check_copy(const std::vector<T>& input, const T* output) {
    ScanCheck<T> c;
    if (!input.empty()) c.expected_last = input.back();
    for (std::size_t i = 0; i < input.size(); ++i)
        if (std::memcmp(&output[i], &input[i], sizeof(T)) != 0) {
            wrong(c, "element " + std::to_string(i), output[i], input[i]);
            break;
        }
    return c;
}

template <class T>
ScanCheck<T> check_field_sums(const std::vector<T>& input, const T* output) {
    ScanCheck<T> c;
    const std::size_t structs = input.size() / memory::kStructFields;
    std::vector<T> aos(structs), soa(structs);
    for (std::size_t j = 0; j < structs; ++j) {
        aos[j] = input[memory::kStructFields * j];
        soa[j] = input[j];
    }
    const Reference want_aos = reference_sum(aos), want_soa = reference_sum(soa);
    c.expected_last = T(want_aos.sum);
    c.tolerance_last = sum_tolerance<T>(structs, want_aos.abs_sum);
    std::string why;
    if (!matches_reference(output[0], want_aos, structs, &why)) {
        c.ok = false;
        c.why = "the sum of x read as an array of structures (out[0]): " + why;
    } else if (!matches_reference(output[1], want_soa, structs, &why)) {
        c.ok = false;
        c.why = "the sum of x read as a structure of arrays (out[1]): " + why;
    }
    return c;
}

template <class T>
ScanCheck<T> check_loop_sums(const std::vector<T>& input, const T* output) {
    ScanCheck<T> c;
    const std::size_t n = input.size();
    for (std::size_t i = 0; i < n; ++i) {
        T sum = T(0);  // in the kernel's order, so floating point agrees bit for bit
        const unsigned trips = memory::loop_trips(input[i]);
        std::size_t j = i;
        for (unsigned k = 1; k <= trips; ++k) {
            j = j + 1 == n ? 0 : j + 1;
            sum += input[j];
        }
        if (i + 1 == n) c.expected_last = sum;
        if (c.ok && std::memcmp(&output[i], &sum, sizeof(T)) != 0)
            wrong(c, "element " + std::to_string(i) + " (" + std::to_string(trips) + " trips)",
                  output[i], sum);
    }
    return c;
}

#define WS_INSTANTIATE(T)                                                       \
    template ScanCheck<T> check_copy<T>(const std::vector<T>&, const T*);       \
    template ScanCheck<T> check_field_sums<T>(const std::vector<T>&, const T*); \
    template ScanCheck<T> check_loop_sums<T>(const std::vector<T>&, const T*);
WS_INSTANTIATE(int)
WS_INSTANTIATE(float)
WS_INSTANTIATE(double)
#undef WS_INSTANTIATE

}  // namespace ws::run
