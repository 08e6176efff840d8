// The for-loop fallback on the Batched key (functorch's BatchedFallback.cpp,
// chapter 05's on this chapter's strided tensors): an operator without a
// batching rule runs once per sample, and the results are stacked.
#include "mini/functorch/batched_fallback.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/core/grad_mode.h"
#include "mini/dispatch/dispatch_trace.h"
#include "mini/functorch/batched_tensor_impl.h"
#include "mini/generated/Functions.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch06 {

namespace {

/// Sample `row` of a physical tensor: a view without the batch dimension.
Tensor selectRow(const Tensor& physical, std::int64_t row) {
  const Sizes sizes(physical.sizes().begin() + 1, physical.sizes().end());
  const Strides strides(physical.strides().begin() + 1, physical.strides().end());
  return makeView(physical, sizes, strides, physical.storageOffset() + row * physical.strides()[0]);
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
    if (!argument.isTensor() || !isBatchedAtLevel(argument.toTensor(), level)) {
      continue;
    }
    const Tensor& physical = maybeGetBatchedImpl(argument.toTensor())->value;
    if (maybeGetBatchedImpl(physical) != nullptr) {
      return std::string("The loop slices plain tensors only, and this one is batched by an outer vmap too.");
    }
    if (physical.requiresGrad() && GradMode::isEnabled()) {
      return std::string(
          "Its samples would be views made outside the dispatcher, which autograd does not see; "
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
  if (batchSize == 0) {
    // No sample to call it on, so no result to learn the sizes from (1.13's
    // fallback refuses this too, in these words).
    throw std::invalid_argument(fmt::format(
        "Batching rule not implemented for {}. The fallback path does not support vmap over dims of size 0.",
        op.operatorName()));
  }
  // Said in the trace, as functorch warns of it: this runs B calls, not one.
  const DispatchTraceScope loop("vmap: no batching rule, one call per sample", op.operatorName(), DispatchKey::Batched);
  Tensor stacked;
  for (std::int64_t row = 0; row < batchSize; ++row) {
    Stack rowStack;
    for (const IValue& argument : arguments) {
      const bool batched = argument.isTensor() && isBatchedAtLevel(argument.toTensor(), level);
      push(rowStack, batched ? IValue(selectRow(maybeGetBatchedImpl(argument.toTensor())->value, row)) : argument);
    }
    op.callBoxed(&rowStack);
    const Tensor result = pop(rowStack).toTensor();
    if (!stacked.defined()) {
      Sizes sizes{batchSize};
      sizes.insert(sizes.end(), result.sizes().begin(), result.sizes().end());
      stacked = emptyTensor(sizes, result.options());
    }
    Tensor slot = selectRow(stacked, row);
    slot.copy_(result);
  }
  push(*stack, makeBatched(stacked, level));
}
// [for_loop_fallback]

}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_IMPL(_, Batched, m) {
  m.fallback(mini::KernelFunction::makeFromBoxedFunction<&mini::batchedTensorForLoopFallback>());
}
