#pragma once
/// \file
/// \brief Exercise 04.1's declaration: it mirrors a piece of the boxing machinery
///        and is tested against the real one. The dispatcher never calls it.

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

/// Exercise 04.1 (exercises/to_number.cpp): an accessor in the manner of
/// IValue::toDouble() that takes any number: an Int, a Double or a Bool (as
/// 0 or 1) as a double. Anything else throws IValueTagError
/// "Expected a number (Int, Double or Bool) but got String".
double toNumber(const IValue& value);

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
