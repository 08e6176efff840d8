#pragma once
/// \file
/// \brief The element types a tensor can hold, and the C++ type behind each.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <fmt/format.h>

#include "mini/core/bfloat16.h"
#include "mini/core/half.h"
#include "mini/util/stream_output.h"

namespace mini {
inline namespace ch06 {

// [scalar_type]
/// torch.dtype. Chapter 05 had float64 only; here a tensor says which of
/// six element types its bytes hold, and every kernel must ask. The first
/// four are in the order of the promotion lattice, bool < int64 < float32 <
/// float64; the two-byte floats come after (the lattice is not a line for
/// them: float16 with bfloat16 is float32), with promoteTypes' table saying
/// where they go, and autocast (src/autocast/) as their main user.
enum class ScalarType : std::uint8_t { Bool, Long, Float, Double, Half, BFloat16 };

/// The C++ type of one element of a ScalarType, and back.
template <ScalarType type>
struct CppTypeOf;
template <>
struct CppTypeOf<ScalarType::Bool> {
  using type = bool;
};
template <>
struct CppTypeOf<ScalarType::Long> {
  using type = std::int64_t;
};
template <>
struct CppTypeOf<ScalarType::Float> {
  using type = float;
};
template <>
struct CppTypeOf<ScalarType::Double> {
  using type = double;
};
template <>
struct CppTypeOf<ScalarType::Half> {
  using type = Half;
};
template <>
struct CppTypeOf<ScalarType::BFloat16> {
  using type = BFloat16;
};

template <class T>
constexpr ScalarType scalarTypeOf();
template <>
constexpr ScalarType scalarTypeOf<bool>() {
  return ScalarType::Bool;
}
template <>
constexpr ScalarType scalarTypeOf<std::int64_t>() {
  return ScalarType::Long;
}
template <>
constexpr ScalarType scalarTypeOf<float>() {
  return ScalarType::Float;
}
template <>
constexpr ScalarType scalarTypeOf<double>() {
  return ScalarType::Double;
}
template <>
constexpr ScalarType scalarTypeOf<Half>() {
  return ScalarType::Half;
}
template <>
constexpr ScalarType scalarTypeOf<BFloat16>() {
  return ScalarType::BFloat16;
}
// [scalar_type]

/// Bytes per element: what the allocator multiplies numel by.
std::size_t itemSize(ScalarType type);
/// float16, bfloat16, float32 and float64: the types autograd differentiates.
bool isFloatingType(ScalarType type);
/// float16 and bfloat16: the lower precisions autocast casts to.
bool isReducedFloatingType(ScalarType type);
/// "float32": the name torch prints for torch.float32.
std::string_view scalarTypeName(ScalarType type);
/// "Float": the name c10's toString gives, which dispatch errors use
/// (`"neg" not implemented for 'Bool'`).
std::string_view scalarTypeCName(ScalarType type);

/// The dtype factories use when none is given: torch.get_default_dtype().
inline constexpr ScalarType kDefaultFloatType = ScalarType::Float;

}  // namespace ch06
}  // namespace mini

template <>
struct fmt::formatter<mini::ScalarType> : fmt::formatter<std::string_view> {
  auto format(mini::ScalarType type, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(mini::scalarTypeName(type), ctx);
  }
};
