// Mutant: reads a Tensor as its item, as if a one-element tensor were a number
// Must fail: Exercise04_1.OtherTagsAreNamedInTheError
// Exercise 04.1: an IValue accessor for any number.
// The lesson: chapters/04_boxing/part1_ivalue_and_stack.md#exercise-41
// Declared in: mini/exercises/to_number.h
#include <fmt/format.h>

#include "mini/exercises/to_number.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

double toNumber(const IValue& value) {
  switch (value.tag()) {
    case IValue::Tag::Int: return static_cast<double>(value.toInt());
    case IValue::Tag::Double: return value.toDouble();
    case IValue::Tag::Bool: return value.toBool() ? 1.0 : 0.0;
    case IValue::Tag::Tensor: return value.toTensor().item();
    default: throw IValueTagError(fmt::format("Expected a number (Int, Double or Bool) but got {}", value.tagKind()));
  }
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
