// The for-loop fallback on the Batched key (functorch's BatchedFallback.cpp,
// chapter 04's Batched fallback on this chapter's tensors): every operator
// on a batched tensor runs once per sample, and the results are stacked.
#include "mini/functorch/batched_fallback.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "mini/core/grad_mode.h"
#include "mini/dispatch/dispatch_trace.h"
#include "mini/functorch/batched_tensor_impl.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch05 {

namespace {

/// Sample `row` of a physical tensor: a copy of its row, made here, not by
/// an operator (this chapter's tensors have no offset to make a view with).
Tensor selectRow(const Tensor& physical, std::int64_t row) {
  const Sizes sizes(physical.sizes().begin() + 1, physical.sizes().end());
  const auto rowLength = static_cast<std::size_t>(numelOf(sizes));
  const auto first = physical.data().begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(row) * rowLength);
  return fromValues(std::vector<double>(first, first + static_cast<std::ptrdiff_t>(rowLength)), sizes);
}

/// Why the loop cannot run `op` on these arguments, or nothing.
std::optional<std::string> whyNotLoopable(const FunctionSchema& schema, const std::vector<IValue>& arguments,
                                          std::int64_t level) {
  for (const Argument& argument : schema.arguments) {
    if (argument.alias && argument.alias->is_write) {
      return fmt::format("The fallback path doesn't work on in-place or out= operators: it writes to '{}'.",
                         argument.name);
    }
  }
  if (schema.returns.size() != 1 || schema.returns[0].type.kind() != SchemaType::Kind::Tensor) {
    return std::string("We could not generate a fallback: only operators returning one tensor are looped here.");
  }
  for (const IValue& argument : arguments) {
    if (argument.isTensor() && isBatchedAtLevel(argument.toTensor(), level) && GradMode::isEnabled() &&
        maybeGetBatchedImpl(argument.toTensor())->value.requiresGrad()) {
      return std::string(
          "Its samples would be copies made outside the dispatcher, which autograd does not see; "
          "this chapter has no select or stack operator.");
    }
  }
  return std::nullopt;
}

}  // namespace

// [for_loop_fallback]
void batchedTensorForLoopFallback(const OperatorHandle& op, DispatchKeySet /*dispatchKeySet*/, Stack* stack) {
  const FunctionSchema& schema = op.schema();
  std::vector<IValue> arguments = popN(*stack, schema.arguments.size());
  std::int64_t level = 0;
  std::int64_t batchSize = 0;
  for (const IValue& argument : arguments) {
    if (argument.isTensor()) {
      if (const BatchedTensorImpl* batched = maybeGetBatchedImpl(argument.toTensor());
          batched && batched->level > level) {
        level = batched->level;
        batchSize = batched->value.sizes()[0];
      }
    }
  }
  if (const std::optional<std::string> reason = whyNotLoopable(schema, arguments, level)) {
    throw std::invalid_argument(fmt::format("Batching rule not implemented for {}. {}", op.operatorName(), *reason));
  }
  // Said in the trace, as functorch warns of it: this runs B calls, not one.
  const DispatchTraceScope loop("vmap: no batching rule, one call per sample", op.operatorName(), DispatchKey::Batched);
  std::vector<double> stacked;
  Sizes sampleSizes;
  for (std::int64_t row = 0; row < batchSize; ++row) {
    Stack rowStack;
    for (const IValue& argument : arguments) {
      const bool batched = argument.isTensor() && isBatchedAtLevel(argument.toTensor(), level);
      push(rowStack, batched ? IValue(selectRow(maybeGetBatchedImpl(argument.toTensor())->value, row)) : argument);
    }
    // A fresh call, not a redispatch: the sample's own key set decides, so
    // the layers below (Tracer, Autograd, a mode) see one call per sample.
    op.callBoxed(&rowStack);
    const Tensor result = pop(rowStack).toTensor();
    if (result.requiresGrad()) {
      throw std::invalid_argument(fmt::format(
          "Batching rule not implemented for {}. Its result requires grad, and this chapter has no stack operator "
          "that autograd sees.",
          op.operatorName()));
    }
    sampleSizes = result.sizes();
    stacked.insert(stacked.end(), result.data().begin(), result.data().end());
  }
  Sizes sizes{batchSize};
  sizes.insert(sizes.end(), sampleSizes.begin(), sampleSizes.end());
  push(*stack, makeBatched(fromValues(std::move(stacked), sizes), level));
}
// [for_loop_fallback]

}  // namespace ch05
}  // namespace mini

MINI_LIBRARY_IMPL(_, Batched, m) {
  m.fallback(mini::KernelFunction::makeFromBoxedFunction<&mini::batchedTensorForLoopFallback>());
}
