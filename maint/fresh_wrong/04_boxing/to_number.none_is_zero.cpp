// Mistake: An empty IValue (None) reads as 0, like a missing number

// Exercise 04.1: an IValue accessor for any number.
#include <fmt/format.h>

#include "mini/exercises/to_number.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

double toNumber(const IValue& value) {
  switch (value.tag()) {
    case IValue::Tag::Int: return static_cast<double>(value.toInt());
    case IValue::Tag::Double: return value.toDouble();
    case IValue::Tag::Bool: return value.toBool() ? 1.0 : 0.0;
    case IValue::Tag::None: return 0.0;
    default: throw IValueTagError(fmt::format("Expected a number (Int, Double or Bool) but got {}", value.tagKind()));
  }
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
