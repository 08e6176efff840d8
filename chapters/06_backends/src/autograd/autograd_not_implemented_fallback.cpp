#include "mini/autograd/autograd_not_implemented_fallback.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "mini/autograd/ad_inplace_or_view_kernels.h"
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
      checkInplace(value.toTensor(), inputs);
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
    // An integer or bool result never requires grad (1.13 skips it the same way).
    if (result.isTensor() && isDifferentiableType(result.toTensor().dtype())) {
      // A written argument returned (lerp_'s self) is rebased, as a kernel
      // with a formula rebases it: through a view, its base's history
      // becomes a CopySlices wrapping the node.
      const bool written = schema.returns[i].alias && schema.returns[i].alias->is_write;
      if (written) {
        rebaseHistory(result.toTensor(), node);
      } else {
        setHistory(result.toTensor(), node);
      }
    }
  }
}
// [not_implemented_fallback_impl]

namespace {

// 1.13's schema.is_aliasing() && !schema.is_mutable(): `Tensor(a)`, the
// annotation of a view, as against `Tensor(a!)`, that of a write.
bool isViewAlias(const Argument& argument) { return argument.alias && !argument.alias->is_write; }

// The one argument or result that is a view's alias, or none; a second one
// is refused, as in 1.13: which of the two would the result be a view of?
std::optional<std::size_t> onlyViewAlias(const std::vector<Argument>& arguments, std::string_view what) {
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    if (!isViewAlias(arguments[i])) {
      continue;
    }
    if (found) {
      throw std::runtime_error(fmt::format(
          "Fallback ADInplaceOrView kernel expects only a single {0} in the operator schema to have a non-write "
          "alias annotation (i.e., 'Tensor(a)'). Non-composite functions where multiple {0}s are aliased with "
          "{1}s aren't supported. Please rewrite your function as a composite function.",
          what, what == "input" ? "output" : "input"));
    }
    found = i;
  }
  return found;
}

}  // namespace

// [inplace_or_view_fallback_impl]
void autogradNotImplementedInplaceOrViewFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet,
                                                 Stack* stack) {
  const FunctionSchema& schema = op.schema();
  const std::size_t numReturns = schema.returns.size();
  const std::optional<std::size_t> aliasedOutput = onlyViewAlias(schema.returns, "output");
  const std::optional<std::size_t> aliasedInput = onlyViewAlias(schema.arguments, "input");
  // The generated view kernels pair the first argument with the first
  // result, and so does this one: a custom operator whose view is of
  // another argument is asked to reorder its parameters.
  if (!((!aliasedInput && !aliasedOutput) || (aliasedInput == 0 && aliasedOutput == 0))) {
    throw std::runtime_error(
        "Fallback ADInplaceOrView kernel can only create view relationships between the first input and the first "
        "output (the output can be a vector of tensors). Please change the order of your operator's parameters so "
        "that this is the case.");
  }
  // A view's base is the first argument, which the call pops: keep it.
  const Tensor base = aliasedOutput ? peek(*stack, 0, schema.arguments.size()).toTensor() : Tensor();
  {
    AutoDispatchBelowADInplaceOrView guard;
    op.redispatchBoxed(dispatchKeySet & kAfterADInplaceOrViewKeySet, stack);
  }
  for (std::size_t i = 0; i < numReturns; ++i) {
    const Argument& result = schema.returns[i];
    if (result.alias && result.alias->is_write) {
      bumpVersion(peek(*stack, i, numReturns).toTensor());
    }
  }
  if (aliasedOutput) {
    const IValue& view = peek(*stack, *aliasedOutput, numReturns);
    if (view.isTensorList()) {
      for (const Tensor& each : view.toTensorList()) {
        markAsView(each, base);
      }
    } else {
      markAsView(view.toTensor(), base);
    }
  }
}
// [inplace_or_view_fallback_impl]

}  // namespace ch06
}  // namespace mini
