// The call of a plain CUDA kernel of any signature, with its parameters in their places (the
// header names them: kernel_header.hpp): its buffers, its element count, the values the header
// gives. One header for the emulator (plain_prelude.hpp) and NVRTC (plain_wrapper.cpp), which
// has no <tuple>: the type lists are its own.
#pragma once
#include <type_traits>

#if defined(__CUDACC__)
#define WS_PLAIN_HD __host__ __device__
#else
#define WS_PLAIN_HD
#endif

namespace ws::plain {

struct In {
    const void* p;
};
struct Out {
    void* p;
};
struct Totals {
    void* p;
};
struct Count {
    unsigned n;
};
template <class V>
struct Given {
    V v;
};
template <class V>
WS_PLAIN_HD Given<V> given(V v) {
    return {v};
}

template <class P>
WS_PLAIN_HD P as(In a) {
    return reinterpret_cast<P>(const_cast<void*>(a.p));
}
template <class P>
WS_PLAIN_HD P as(Out a) {
    return reinterpret_cast<P>(a.p);
}
template <class P>
WS_PLAIN_HD P as(Totals a) {
    return reinterpret_cast<P>(a.p);
}
template <class P>
WS_PLAIN_HD P as(Count a) {
    return P(a.n);
}
template <class P, class V>
WS_PLAIN_HD P as(Given<V> a) {
    return P(a.v);
}

// Whether parameter type P takes argument R for elements of type T: a buffer is a pointer to
// T, a count an integer, a given value converts.
template <class R>
inline constexpr bool kIsBuffer =
    std::is_same<R, In>::value || std::is_same<R, Out>::value || std::is_same<R, Totals>::value;
template <class T, class P, class R>
constexpr bool fits_one() {
    if constexpr (kIsBuffer<R>)
        return std::is_pointer<P>::value &&
               std::is_same<typename std::remove_cv<typename std::remove_pointer<P>::type>::type,
                            T>::value;
    else if constexpr (std::is_same<R, Count>::value)
        return std::is_integral<P>::value;
    else
        return std::is_convertible<decltype(R::v), P>::value;
}
template <class... X>
struct List {};
template <class T, class Params, class Args, class = void>
struct Fits {
    static constexpr bool value = false;
};
template <class T, class... P, class... R>
struct Fits<T, List<P...>, List<R...>,
            typename std::enable_if<sizeof...(P) == sizeof...(R)>::type> {
    static constexpr bool value = (fits_one<T, P, R>() && ...);
};
// Only its type is used: decltype(fits<T>(&kernel, args...))::value.
template <class T, class... P, class... R>
Fits<T, List<P...>, List<R...>> fits(void (*)(P...), R...);

template <class... P, class... R>
WS_PLAIN_HD void call(void (*kernel)(P...), R... args) {
    kernel(as<P>(args)...);
}

}  // namespace ws::plain
