#pragma once
/// \file
/// \brief Exercise 04.2's declaration: it mirrors a piece of the boxing machinery
///        and is tested against the real one. The dispatcher never calls it.

#include <utility>

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

/// Exercise 04.2 (exercises/pop_scale_arguments.cpp): pops the arguments of
/// `myscale(Tensor self, float factor)` off the stack, typed, and returns
/// them in schema order. The stack below them is left as it was; a value of
/// the wrong type is IValue's "Expected ... but got ..." error.
std::pair<Tensor, double> popScaleArguments(Stack& stack);

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
