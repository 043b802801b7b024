// The one dispatch from a catalog id to a variant's kernels: visit_variant<List>(id, f) calls
// f(static_cast<V*>(nullptr)) for the variant V of the family's list (reduce::AllVariants,
// scan::AllVariants) whose V::id is `id`, and returns whether there was one. Each id is
// written once, in its kernel file's struct; the catalog's rows take it from there.
#pragma once
#include <string_view>
#include <tuple>

namespace ws {

namespace detail {
template <class... Variants, class F>
bool visit_variant_in(std::tuple<Variants...>*, std::string_view id, F& f) {
    return ((id == std::string_view(Variants::id) ? (f(static_cast<Variants*>(nullptr)), true)
                                                  : false) ||
            ...);
}
}  // namespace detail

template <class List, class F>
bool visit_variant(std::string_view id, F&& f) {
    return detail::visit_variant_in(static_cast<List*>(nullptr), id, f);
}

// How many variants a family's list holds (the catalog checks it has a row for each).
template <class List>
inline constexpr std::size_t variant_count = std::tuple_size_v<List>;

}  // namespace ws
