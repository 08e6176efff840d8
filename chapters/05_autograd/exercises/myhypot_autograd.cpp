// Exercise 05.1: the backward node and the Autograd kernel of hypot.
// The lesson: chapters/05_autograd/part1_autograd_key.md#exercise-51
// Declared in: mini/exercises/myhypot_autograd.h
#include <cmath>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/aten/operators.h"
#include "mini/autograd/autograd_kernels.h"
#include "mini/exercises/myhypot_autograd.h"
#include "mini/op_registration/library.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

// TODO(05.1): the gradients {for self, for other} of hypot, given the
// gradient of its result: grad * self / result and grad * other / result,
// built from mul and div. Compute (and unpack, with name()) only what
// needsInputGrad(i) asks for; an unwanted gradient is an undefined Tensor().
TensorList HypotBackward0::apply(TensorList&& grads) {
  (void)grads;
  throw ExerciseNotDone("05.1");
}

// TODO(05.1): myhypot's Autograd kernel: record a HypotBackward0 when needed,
// save in it what each wanted gradient reads (and only that), compute the
// result below autograd, hang the node on the result, and save the result
// in the node.
Tensor myhypotAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other) {
  (void)dispatchKeySet;
  (void)self;
  (void)other;
  throw ExerciseNotDone("05.1");
}

// Given: the CPU kernel, the handle, the public function and the registrations.
Tensor myhypotCpu(const Tensor& self, const Tensor& other) {
  if (self.sizes() != other.sizes()) {
    throw std::runtime_error(fmt::format("myhypot: the sizes of self ({}) and other ({}) must match",
                                         fmt::join(self.sizes(), ", "), fmt::join(other.sizes(), ", ")));
  }
  std::vector<double> values(self.data().begin(), self.data().end());
  for (std::size_t i = 0; i < values.size(); ++i) {
    values[i] = std::hypot(values[i], other.data()[i]);
  }
  return fromValues(std::move(values), self.sizes());
}

const TypedOperatorHandle<Tensor(const Tensor&, const Tensor&)>& myhypotOp() {
  static const auto handle =
      Dispatcher::singleton().findSchemaOrThrow("myops::myhypot", "").typed<Tensor(const Tensor&, const Tensor&)>();
  return handle;
}

Tensor myhypot(const Tensor& self, const Tensor& other) { return myhypotOp().call(self, other); }

}  // namespace ch05
}  // namespace mini

// myops::myhypot: the CPU kernel and the Autograd kernel above.
MINI_LIBRARY_FRAGMENT(myops, m) { m.def("myhypot(Tensor self, Tensor other) -> Tensor"); }

MINI_LIBRARY_IMPL(myops, CPU, m) { m.impl("myhypot", &mini::myhypotCpu); }

MINI_LIBRARY_IMPL(myops, Autograd, m) { m.impl("myhypot", &mini::myhypotAutograd); }
