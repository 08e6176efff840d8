#include "mini/autograd/autograd_not_implemented_fallback.h"

#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "mini/autograd/autograd_meta.h"
#include "mini/autograd/basic_ops.h"
#include "mini/autograd/variable_type_utils.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"

namespace mini {
inline namespace ch06 {

// [not_implemented_fallback_impl]
void autogradNotImplementedFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack) {
  const FunctionSchema& schema = op.schema();
  const std::size_t numArguments = schema.arguments.size();
  TensorList inputs;
  for (std::size_t i = 0; i < numArguments; ++i) {
    const IValue& argument = peek(*stack, i, numArguments);
    if (argument.isTensor()) {
      inputs.push_back(argument.toTensor());
    }
  }
  // An out= overload (a written argument after `*`) has no derivative in
  // PyTorch either: 1.13's VariableType refuses it when any tensor argument,
  // out included, requires grad, rather than record a node on `out`.
  for (std::size_t i = 0; i < numArguments; ++i) {
    const Argument& argument = schema.arguments[i];
    if (argument.kwarg_only && argument.alias && argument.alias->is_write && computeRequiresGrad(inputs)) {
      const std::string& name = schema.name;
      throw std::runtime_error(
          fmt::format("{}(): functions with out=... arguments don't support automatic "
                      "differentiation, but one of the arguments requires grad.",
                      name.substr(name.find("::") == std::string::npos ? 0 : name.find("::") + 2)));
    }
  }
  // A written tensor gets the new node as its history: a leaf that requires
  // grad would then point back at itself through its AccumulateGrad edge
  // (a cycle that never frees), so it is refused as in the kernels with a
  // formula.
  for (std::size_t i = 0; i < numArguments; ++i) {
    const Argument& argument = schema.arguments[i];
    const IValue& value = peek(*stack, i, numArguments);
    if (argument.alias && argument.alias->is_write && value.isTensor()) {
      checkInplace(value.toTensor(), inputs, op.operatorName());
    }
  }
  std::shared_ptr<NotImplemented> node;
  if (computeRequiresGrad(inputs)) {
    node = std::make_shared<NotImplemented>(op.operatorName(), collectNextEdges(inputs));
  }
  {
    AutoDispatchBelowADInplaceOrView guard;
    op.redispatchBoxed(dispatchKeySet & kAfterAutogradKeySet, stack);
  }
  if (node == nullptr) {
    return;
  }
  const std::size_t numReturns = schema.returns.size();
  for (std::size_t i = 0; i < numReturns; ++i) {
    const IValue& result = peek(*stack, i, numReturns);
    // An integer or bool result never requires grad (1.13 skips it the same way).
    if (result.isTensor() && isDifferentiableType(result.toTensor().dtype())) {
      setHistory(result.toTensor(), node);
    }
  }
}
// [not_implemented_fallback_impl]

}  // namespace ch06
}  // namespace mini
