// Counters: adding per-step counters into totals, and comparing them field by field.
#include "kernels/trace/counter_fields.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::trace {

Counters& Counters::operator+=(const Counters& o) {
    for (const CounterField& f : kCounterFields) this->*f.member += o.*f.member;
    return *this;
}

bool operator==(const Counters& a, const Counters& b) {
    for (const CounterField& f : kCounterFields)
        if (a.*f.member != b.*f.member) return false;
    return true;
}

}  // namespace ws::trace
