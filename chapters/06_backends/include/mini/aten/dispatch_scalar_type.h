#pragma once
/// \file
/// \brief Type dispatch inside a kernel: one runtime dtype, one instantiation
///        of the kernel's loop per C++ element type (ATen's AT_DISPATCH).

#include <string_view>
#include <type_traits>

#include "mini/core/scalar_type.h"

namespace mini {
inline namespace ch06 {

/// The dtypes one dispatch covers, as a compile-time list.
template <ScalarType... types>
struct ScalarTypeList {};

using AllTypes = ScalarTypeList<ScalarType::Long, ScalarType::Float, ScalarType::Double>;
using AllTypesAndBool = ScalarTypeList<ScalarType::Bool, ScalarType::Long, ScalarType::Float, ScalarType::Double>;
using FloatingTypes = ScalarTypeList<ScalarType::Float, ScalarType::Double>;

/// ATen's _AND forms: a base list plus the dtypes a kernel also supports,
/// most often the two-byte floats, which most kernels of 1.13 list one by
/// one (add takes Half and BFloat16 on the CPU, exp only BFloat16: "exp_vml_cpu"
/// not implemented for 'Half').
template <ScalarType... extra>
using AllTypesAnd = ScalarTypeList<ScalarType::Long, ScalarType::Float, ScalarType::Double, extra...>;
template <ScalarType... extra>
using FloatingTypesAnd = ScalarTypeList<ScalarType::Float, ScalarType::Double, extra...>;

/// The error of a dtype the kernel has no loop for, worded as ATen's:
/// `"neg" not implemented for 'Bool'`. Out of line, so that nvcc, which
/// includes this header in the .cu files, never compiles a format string.
[[noreturn]] void throwNotImplementedForType(std::string_view op, ScalarType type);

// [dispatch_scalar_type]
/// The dispatch itself: a function template. The dispatcher picked a kernel
/// by device; inside it, `type` picks which instantiation of `body` runs.
/// `body` is a template lambda `[&]<class scalar_t>() { ... }`; each listed
/// dtype instantiates it once with its C++ type, so every loop is compiled
/// for float, double and int64_t separately and the right one is chosen by
/// one comparison per listed type.
template <ScalarType... types, class Body>
decltype(auto) dispatchScalarType(ScalarTypeList<types...>, ScalarType type, std::string_view op, Body&& body) {
  using Result = decltype(body.template operator()<typename CppTypeOf<ScalarType::Double>::type>());
  if constexpr (std::is_void_v<Result>) {
    const bool matched =
        ((type == types ? (body.template operator()<typename CppTypeOf<types>::type>(), true) : false) || ...);
    if (!matched) {
      throwNotImplementedForType(op, type);
    }
  } else {
    Result result{};
    const bool matched =
        ((type == types ? (result = body.template operator()<typename CppTypeOf<types>::type>(), true) : false) || ...);
    if (!matched) {
      throwNotImplementedForType(op, type);
    }
    return result;
  }
}
// [dispatch_scalar_type]

}  // namespace ch06
}  // namespace mini

// [dispatch_macros]
/// The spelling ATen uses, AT_DISPATCH_ALL_TYPES(dtype, "add", [&] { ... }):
/// a macro only because the lambda's body must see a type named `scalar_t`,
/// and only a macro can wrap the caller's lambda in a template lambda that
/// declares it. Everything else is dispatchScalarType above.
#define MINI_DISPATCH_SWITCH(TYPE_LIST, TYPE, NAME, ...) \
  ::mini::dispatchScalarType(TYPE_LIST{}, TYPE, NAME, [&]<class scalar_t>() { return __VA_ARGS__(); })

#define MINI_DISPATCH_ALL_TYPES(TYPE, NAME, ...) MINI_DISPATCH_SWITCH(::mini::AllTypes, TYPE, NAME, __VA_ARGS__)
#define MINI_DISPATCH_ALL_TYPES_AND_BOOL(TYPE, NAME, ...) \
  MINI_DISPATCH_SWITCH(::mini::AllTypesAndBool, TYPE, NAME, __VA_ARGS__)
#define MINI_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...) \
  MINI_DISPATCH_SWITCH(::mini::FloatingTypes, TYPE, NAME, __VA_ARGS__)
// [dispatch_macros]

// [dispatch_macros_and]
/// AT_DISPATCH_ALL_TYPES_AND2(kHalf, kBFloat16, dtype, "add", [&] { ... }):
/// the extra dtypes first, as ATen spells it. Inside, scalar_t is also
/// mini::Half or mini::BFloat16, whose arithmetic is float's, rounded.
#define MINI_DISPATCH_ALL_TYPES_AND(T1, TYPE, NAME, ...) \
  MINI_DISPATCH_SWITCH(::mini::AllTypesAnd<T1>, TYPE, NAME, __VA_ARGS__)
#define MINI_DISPATCH_ALL_TYPES_AND2(T1, T2, TYPE, NAME, ...) \
  MINI_DISPATCH_SWITCH(::mini::AllTypesAnd<T1 MINI_DISPATCH_COMMA T2>, TYPE, NAME, __VA_ARGS__)
#define MINI_DISPATCH_ALL_TYPES_AND3(T1, T2, T3, TYPE, NAME, ...) \
  MINI_DISPATCH_SWITCH(::mini::AllTypesAnd<T1 MINI_DISPATCH_COMMA T2 MINI_DISPATCH_COMMA T3>, TYPE, NAME, __VA_ARGS__)
#define MINI_DISPATCH_FLOATING_TYPES_AND(T1, TYPE, NAME, ...) \
  MINI_DISPATCH_SWITCH(::mini::FloatingTypesAnd<T1>, TYPE, NAME, __VA_ARGS__)
#define MINI_DISPATCH_FLOATING_TYPES_AND2(T1, T2, TYPE, NAME, ...) \
  MINI_DISPATCH_SWITCH(::mini::FloatingTypesAnd<T1 MINI_DISPATCH_COMMA T2>, TYPE, NAME, __VA_ARGS__)
// A comma the preprocessor does not split the macro's arguments at.
#define MINI_DISPATCH_COMMA ,
// [dispatch_macros_and]
