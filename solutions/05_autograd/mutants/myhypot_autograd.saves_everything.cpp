// Mutant: saves both inputs whatever is wanted, keeping alive what no gradient reads
// Must fail: Exercise05_1.SavesOnlyWhatAWantedGradientReads
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

// derivatives.yaml: self: grad * self / result, other: grad * other / result.
// Each saved tensor is unpacked (its version checked) only for a wanted
// gradient: an unwanted input was not saved.
TensorList HypotBackward0::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  const Tensor hypot = result.unpack(name());
  return {needsInputGrad(0) ? div(mul(grad, self.unpack(name())), hypot) : Tensor(),
          needsInputGrad(1) ? div(mul(grad, other.unpack(name())), hypot) : Tensor()};
}

// Each input's gradient reads that input itself (mul's reads the other one)
// and the result, which exists only after the call: it is saved last, after
// setHistory, so that a stale result is reported as "output 0 of
// HypotBackward0".
Tensor myhypotAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other) {
  std::shared_ptr<HypotBackward0> node = recordIfNeeded<HypotBackward0>({self, other});
  if (node != nullptr) {
    node->self = SavedVariable(self, false);
    node->other = SavedVariable(other, false);
  }
  Tensor result = redispatchBelowAutograd(myhypotOp(), dispatchKeySet, self, other);
  if (node != nullptr) {
    setHistory(result, node);
    node->result = SavedVariable(result, true);
  }
  return result;
}

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
