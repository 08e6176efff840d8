#pragma once
/// \file
/// \brief This chapter's exercises: each mirrors a piece of the boxing
///        machinery and is tested on its own. The dispatcher never calls them.

#include <utility>

#include "mini/dispatcher.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

/// Exercise 04.1 (exercises/to_number.cpp): an accessor in the manner of
/// IValue::toDouble() that takes any number: an Int, a Double or a Bool (as
/// 0 or 1) as a double. Anything else throws IValueTagError
/// "Expected a number (Int, Double or Bool) but got String".
double toNumber(const IValue& value);

/// Exercise 04.2 (exercises/pop_scale_arguments.cpp): pops the arguments of
/// `myscale(Tensor self, float factor)` off the stack, typed, and returns
/// them in schema order. The stack below them is left as it was; a value of
/// the wrong type is IValue's "Expected ... but got ..." error.
std::pair<Tensor, double> popScaleArguments(Stack& stack);

/// Exercise 04.3 (exercises/call_boxed_binary.cpp): BoxedKernelWrapper by
/// hand for one signature, `Tensor(const Tensor&, const Tensor&)`: box the
/// two arguments, run the kernel's boxed entry, return its one result. A
/// kernel that leaves another number of values is an error (std::logic_error
/// "Boxed kernel was expected to return one value on the stack, but instead
/// pushed 2 values.").
Tensor callBoxedBinary(const KernelFunction& kernel, const OperatorHandle& op, DispatchKeySet dispatchKeySet,
                       const Tensor& self, const Tensor& other);

/// Exercise 04.4 (exercises/batch_first_argument.cpp): a Batched fallback
/// for the common case: the first argument is the only batched one and the
/// operator returns one tensor. Pop the arguments, call the operator
/// (callBoxed) once per row of the first argument with that row in its
/// place, push the rows' results stacked into one batched tensor.
void batchFirstArgument(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
