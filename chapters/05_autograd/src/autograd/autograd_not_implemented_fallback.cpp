#include "mini/autograd/autograd_not_implemented_fallback.h"

#include "mini/autograd/autograd_kernels.h"
#include "mini/autograd/backward_nodes.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch05 {

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
    node = std::shared_ptr<NotImplemented>(new NotImplemented(op.operatorName(), collectNextEdges(inputs)), deleteNode);
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
    if (result.isTensor()) {
      setHistory(result.toTensor(), node);
    }
  }
}
// [not_implemented_fallback_impl]

}  // namespace ch05
}  // namespace mini

// [not_implemented_registration]
// Per operator, as PyTorch's codegen registers
// torch::autograd::autogradNotImplementedFallback() for each operator without
// a formula: a backend fallback on AutogradCPU is taken (the global fallthrough).
MINI_LIBRARY_IMPL(aten, Autograd, m) {
  m.impl("sin", mini::KernelFunction::makeFromBoxedFunction<&mini::autogradNotImplementedFallback>());
}
// [not_implemented_registration]
