#include "mini/fallbacks/batched_fallback.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch04 {

namespace {

// [batchable]
/// Why the loop cannot batch `schema`, or nothing if it can.
std::optional<std::string> whyNotBatchable(const FunctionSchema& schema) {
  if (schema.returns.empty()) {
    return "The fallback path does not support operations with no returns.";
  }
  for (const Argument& argument : schema.arguments) {
    if (argument.alias && argument.alias->is_write) {
      return fmt::format("The fallback path doesn't work on in-place or out= operators: it writes to '{}'.",
                         argument.name);
    }
  }
  for (const Argument& result : schema.returns) {
    if (result.type.kind() != SchemaType::Kind::Tensor) {
      return fmt::format("We could not generate a fallback: it returns {}, and only tensors can be stacked.",
                         result.type.toString());
    }
  }
  return std::nullopt;
}
// [batchable]

/// The batch size of the call: every batched argument must agree.
std::size_t batchSizeOf(const OperatorHandle& op, const std::vector<IValue>& arguments) {
  std::vector<std::size_t> sizes;
  for (const IValue& argument : arguments) {
    if (argument.isTensor() && argument.toTensor().batchSize() > 0) {
      sizes.push_back(argument.toTensor().batchSize());
    }
    if (argument.isTensorList()) {
      const auto& list = argument.toTensorList();
      if (std::any_of(list.begin(), list.end(), [](const Tensor& t) { return t.batchSize() > 0; })) {
        throw std::invalid_argument(fmt::format(
            "Batching rule not implemented for {}. We could not generate a fallback: a batched tensor inside "
            "a Tensor[] argument.",
            op.operatorName()));
      }
    }
  }
  if (sizes.empty() || std::adjacent_find(sizes.begin(), sizes.end(), std::not_equal_to<>()) != sizes.end()) {
    throw std::invalid_argument(fmt::format(
        "vmap: Expected all tensors to have the same size in the mapped dimension, got sizes {} for the mapped "
        "dimension (calling {})",
        sizes, op.operatorName()));
  }
  return sizes.front();
}

}  // namespace

// [batched_fallback]
void batchedFallback(const OperatorHandle& op, DispatchKeySet /*dispatchKeySet*/, Stack* stack) {
  const FunctionSchema& schema = op.schema();
  if (auto reason = whyNotBatchable(schema)) {
    throw std::invalid_argument(fmt::format("Batching rule not implemented for {}. {}", op.operatorName(), *reason));
  }
  const std::vector<IValue> arguments = popN(*stack, schema.arguments.size());
  const std::size_t batchSize = batchSizeOf(op, arguments);

  // results[r][i]: return r of the call on row i.
  std::vector<std::vector<Tensor>> results(schema.returns.size());
  // The rows are plain tensors, but a batched tensor could also arrive
  // inside another argument's kernel: keep Batched off below this point.
  ExcludeDispatchKeyGuard noBatching(DispatchKey::Batched);
  for (std::size_t row = 0; row < batchSize; ++row) {
    Stack rowStack;
    for (const IValue& argument : arguments) {
      const bool batched = argument.isTensor() && argument.toTensor().batchSize() > 0;
      push(rowStack, batched ? IValue(batchSlice(argument.toTensor(), row)) : argument);
    }
    // A fresh call, not a redispatch: the row's own key set decides, so the
    // keys below (Tracer, Autograd, the backend) see one call per row.
    op.callBoxed(&rowStack);
    for (std::size_t r = 0; r < results.size(); ++r) {
      results[r].push_back(rowStack[r].toTensor());
    }
  }
  for (const std::vector<Tensor>& rows : results) {
    push(*stack, stackBatch(rows));
  }
}
// [batched_fallback]

}  // namespace ch04
}  // namespace mini

MINI_LIBRARY_IMPL(_, Batched, m) { m.fallback(mini::KernelFunction::makeFromBoxedFunction<&mini::batchedFallback>()); }
