#pragma once
/// \file
/// \brief Scalar: one number of any dtype, as an argument (`Scalar alpha=1`).
///
/// An operator such as add takes `Scalar alpha`: a number the caller may
/// write as 2, 2.5 or True. Scalar keeps which of the three it was, because
/// the kernel's checks depend on it (an integer tensor refuses alpha=2.5, only
/// a Bool result takes alpha=True), and converts it to the loop's dtype only
/// there, refusing a value the dtype cannot hold. c10::Scalar also holds
/// complex and symbolic numbers; the course has neither.

#include <cstdint>
#include <string_view>

#include <fmt/format.h>

#include "mini/core/reduced_float.h"
#include "mini/core/scalar_type.h"
#include "mini/util/checked_convert.h"

namespace mini {
inline namespace ch06 {

// [scalar]
class Scalar {
 public:
  Scalar() : Scalar(std::int64_t{0}) {}
  Scalar(double value) : tag_(Tag::Double) { value_.asDouble = value; }  // NOLINT: 2.5 is a Scalar, as in c10
  Scalar(std::int64_t value) : tag_(Tag::Int) { value_.asInt = value; }  // NOLINT
  Scalar(int value) : Scalar(std::int64_t{value}) {}                     // NOLINT
  Scalar(bool value) : tag_(Tag::Bool) { value_.asBool = value; }        // NOLINT

  bool isFloatingPoint() const { return tag_ == Tag::Double; }
  /// An int, or also a bool when `includeBool`: c10's isIntegral(bool).
  bool isIntegral(bool includeBool) const { return tag_ == Tag::Int || (includeBool && tag_ == Tag::Bool); }
  bool isBoolean() const { return tag_ == Tag::Bool; }
  /// The dtype a tensor made from it would have: Double, Long or Bool.
  ScalarType type() const;

  double toDouble() const;
  std::int64_t toLong() const;
  bool toBool() const;

  /// The value in a loop's element type, refused when that type cannot hold
  /// it ("value cannot be converted to type at::Half without overflow"), as
  /// c10's Scalar::to<T> refuses through checked_convert; `op` begins the
  /// message, as the course's errors name their operator.
  template <class T>
  T to(std::string_view op = "Scalar") const;

  /// The negated number, of the same kind, as c10's: sub runs as add with
  /// -alpha. A bool has no negative (c10: "torch boolean negative, the `-`
  /// operator, is not supported."; this course's message is shorter).
  Scalar operator-() const;

  /// Same kind and same value: Scalar(1) is not Scalar(1.0). (c10's Scalar
  /// has no ==; its equal(number) compares values, so 1 equals 1.0 there.)
  bool operator==(const Scalar& other) const;

 private:
  enum class Tag : std::uint8_t { Double, Int, Bool };
  union Value {
    double asDouble;
    std::int64_t asInt;
    bool asBool;
  };
  Value value_{.asInt = 0};
  Tag tag_ = Tag::Int;
};
// [scalar]

template <class T>
T Scalar::to(std::string_view op) const {
  if constexpr (std::is_same_v<T, bool>) {
    return toBool();
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    // An int64 keeps all 64 bits; through a double it would lose the low ones.
    if (tag_ == Tag::Double) {
      checkConvertible(value_.asDouble, ScalarType::Long, op);
      return static_cast<std::int64_t>(value_.asDouble);
    }
    return toLong();
  } else {
    checkConvertible(toDouble(), scalarTypeOf<T>(), op);
    if constexpr (isReducedFloat<T>) {
      return T(static_cast<float>(toDouble()));  // a two-byte float is made from a float, as c10's is
    } else {
      return static_cast<T>(toDouble());
    }
  }
}

}  // namespace ch06
}  // namespace mini

/// Prints as c10's operator<< does: 2, 2.5, true.
template <>
struct fmt::formatter<mini::Scalar> : fmt::formatter<std::string_view> {
  fmt::format_context::iterator format(const mini::Scalar& scalar, fmt::format_context& ctx) const;
};
