#include "mini/core/scalar.h"

#include <stdexcept>

namespace mini {
inline namespace ch06 {

ScalarType Scalar::type() const {
  switch (tag_) {
    case Tag::Double: return ScalarType::Double;
    case Tag::Int: return ScalarType::Long;
    case Tag::Bool: return ScalarType::Bool;
  }
  return ScalarType::Long;
}

double Scalar::toDouble() const {
  switch (tag_) {
    case Tag::Double: return value_.asDouble;
    case Tag::Int: return static_cast<double>(value_.asInt);
    case Tag::Bool: return value_.asBool ? 1.0 : 0.0;
  }
  return 0.0;
}

std::int64_t Scalar::toLong() const {
  switch (tag_) {
    case Tag::Double:
      checkConvertible(value_.asDouble, ScalarType::Long, "Scalar");  // NaN and 1e300 hold no int64
      return static_cast<std::int64_t>(value_.asDouble);
    case Tag::Int: return value_.asInt;
    case Tag::Bool: return value_.asBool ? 1 : 0;
  }
  return 0;
}

bool Scalar::toBool() const {
  switch (tag_) {
    case Tag::Double: return value_.asDouble != 0.0;
    case Tag::Int: return value_.asInt != 0;
    case Tag::Bool: return value_.asBool;
  }
  return false;
}

Scalar Scalar::operator-() const {
  switch (tag_) {
    case Tag::Double: return -value_.asDouble;
    case Tag::Int:
      // Negated in the unsigned type, where -(-2^63) wraps to itself instead
      // of being undefined.
      return static_cast<std::int64_t>(0ULL - static_cast<std::uint64_t>(value_.asInt));
    case Tag::Bool: break;
  }
  throw std::invalid_argument("torch boolean negative is not supported.");
}

bool Scalar::operator==(const Scalar& other) const {
  if (tag_ != other.tag_) {
    return false;
  }
  switch (tag_) {
    case Tag::Double: return value_.asDouble == other.value_.asDouble;
    case Tag::Int: return value_.asInt == other.value_.asInt;
    case Tag::Bool: return value_.asBool == other.value_.asBool;
  }
  return false;
}

}  // namespace ch06
}  // namespace mini

fmt::format_context::iterator fmt::formatter<mini::Scalar>::format(const mini::Scalar& scalar,
                                                                   fmt::format_context& ctx) const {
  if (scalar.isFloatingPoint()) {
    return fmt::format_to(ctx.out(), "{}", scalar.toDouble());
  }
  if (scalar.isBoolean()) {
    return fmt::format_to(ctx.out(), "{}", scalar.toBool() ? "true" : "false");
  }
  return fmt::format_to(ctx.out(), "{}", scalar.toLong());
}
