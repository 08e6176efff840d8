// Mutant: reads every number with toDouble, as if an Int or a Bool converted itself
// Must fail: Exercise04_1.ReadsEachNumberTag
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
    case IValue::Tag::Int:
    case IValue::Tag::Double:
    case IValue::Tag::Bool: return value.toDouble();
    default: throw IValueTagError(fmt::format("Expected a number (Int, Double or Bool) but got {}", value.tagKind()));
  }
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
