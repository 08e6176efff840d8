#include "mini/functorch/batching_rules.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include "mini/core/shape.h"
#include "mini/functorch/batched_tensor_impl.h"
#include "mini/functorch/vmap.h"
#include "mini/generated/Functions.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch06 {

namespace {

/// The level this call is vmapped at: the highest among its batched tensors.
std::int64_t levelOf(const std::vector<IValue>& arguments) {
  std::int64_t level = 0;
  for (const IValue& argument : arguments) {
    if (argument.isTensor()) {
      if (const BatchedTensorImpl* batched = maybeGetBatchedImpl(argument.toTensor())) {
        level = std::max(level, batched->level);
      }
    }
  }
  return level;
}

/// The physical value of a tensor batched at `level`, its batch dimension
/// first; nothing for any other tensor.
std::optional<Tensor> physicalAt(const Tensor& tensor, std::int64_t level) {
  if (!isBatchedAtLevel(tensor, level)) {
    return std::nullopt;
  }
  return maybeGetBatchedImpl(tensor)->value;
}

/// Sizes with the batch size in front.
Sizes batchedSizes(std::int64_t batchSize, const Sizes& sizes) {
  Sizes out{batchSize};
  out.insert(out.end(), sizes.begin(), sizes.end());
  return out;
}

/// The physical tensor viewed as [B, ones..., logical sizes] with `rank`
/// logical dimensions, so that broadcasting lines its sample dimensions up
/// with the other arguments' and the batch dimension stays in front.
Tensor padLogicalRank(const Tensor& physical, std::int64_t rank) {
  const auto logicalRank = physical.dim() - 1;
  if (logicalRank >= rank) {
    return physical;
  }
  Sizes sizes{physical.sizes()[0]};
  sizes.insert(sizes.end(), static_cast<std::size_t>(rank - logicalRank), 1);
  sizes.insert(sizes.end(), physical.sizes().begin() + 1, physical.sizes().end());
  return physical.view(sizes);
}

/// Calls `op` on `arguments` and returns its one result.
Tensor callWith(const OperatorHandle& op, const std::vector<IValue>& arguments) {
  Stack stack(arguments.begin(), arguments.end());
  op.callBoxed(&stack);
  return pop(stack).toTensor();
}

}  // namespace

// [binary_pointwise_batch_rule]
void unaryPointwiseBatchRule(const OperatorHandle& op, DispatchKeySet /*dispatchKeySet*/, Stack* stack) {
  std::vector<IValue> arguments = popN(*stack, op.schema().arguments.size());
  const std::int64_t level = levelOf(arguments);
  arguments[0] = *physicalAt(arguments[0].toTensor(), level);
  push(*stack, makeBatched(callWith(op, arguments), level));
}

void binaryPointwiseBatchRule(const OperatorHandle& op, DispatchKeySet /*dispatchKeySet*/, Stack* stack) {
  std::vector<IValue> arguments = popN(*stack, op.schema().arguments.size());
  const std::int64_t level = levelOf(arguments);
  std::int64_t rank = 0;
  for (const IValue& argument : arguments) {
    rank = argument.isTensor() ? std::max(rank, argument.toTensor().dim()) : rank;
  }
  // An unbatched argument needs nothing: broadcasting aligns sizes from the
  // right, so the batch dimension in front of the others meets no size of it.
  for (IValue& argument : arguments) {
    if (argument.isTensor()) {
      if (const std::optional<Tensor> physical = physicalAt(argument.toTensor(), level)) {
        argument = padLogicalRank(*physical, rank);
      }
    }
  }
  push(*stack, makeBatched(callWith(op, arguments), level));
}
// [binary_pointwise_batch_rule]

void viewBatchRule(const OperatorHandle& op, DispatchKeySet /*dispatchKeySet*/, Stack* stack) {
  std::vector<IValue> arguments = popN(*stack, op.schema().arguments.size());
  const std::int64_t level = levelOf(arguments);
  Tensor physical = *physicalAt(arguments[0].toTensor(), level);
  const std::vector<std::int64_t> size = arguments[1].toIntList();
  push(*stack, makeBatched(physical.view(batchedSizes(physical.sizes()[0], size)), level));
}

/// sum(x) and sum(x, dims, keepdim): the sample's dimensions are the
/// physical tensor's from 1 on, so each dimension moves up by one; an empty
/// list means every dimension, as in 1.13.
void sumBatchRule(const OperatorHandle& op, DispatchKeySet /*dispatchKeySet*/, Stack* stack) {
  std::vector<IValue> arguments = popN(*stack, op.schema().arguments.size());
  const std::int64_t level = levelOf(arguments);
  const Tensor physical = *physicalAt(arguments[0].toTensor(), level);
  const std::int64_t logicalRank = physical.dim() - 1;
  std::vector<std::int64_t> dims;
  if (arguments.size() > 1) {
    // Each dimension is checked against the sample's rank, as sum checks it
    // outside vmap: a -2 of a 1-D sample must not reach the batch. A 0-d
    // sample takes 0 and -1 and sums over nothing.
    for (const std::int64_t dim : arguments[1].toIntList()) {
      const std::int64_t wrapped = mini::wrapDim(dim, logicalRank);
      if (logicalRank > 0) {
        dims.push_back(wrapped + 1);
      }
    }
    if (logicalRank == 0) {
      push(*stack, makeBatched(clone(physical), level));
      return;
    }
  }
  if (dims.empty()) {
    dims.resize(static_cast<std::size_t>(logicalRank));
    std::iota(dims.begin(), dims.end(), 1);
  }
  const bool keepdim = arguments.size() > 2 && arguments[2].toBool();
  // A sum over no dimension (a 0-d sample) is the sample itself: a copy,
  // as torch.sum of a 0-d tensor returns a new tensor.
  push(*stack, makeBatched(dims.empty() ? clone(physical) : sum(physical, dims, keepdim), level));
}

/// _log_softmax(x, dim, half_to_float) and argmax(x, dim, keepdim), 1.13's
/// REDUCTION_BOXED (BatchRulesReduceOps.cpp): the sample's dimension `dim`
/// is the physical tensor's dim + 1. A 0-d sample is seen as one element,
/// [B] as [B, 1], and its result viewed back; argmax with no dim flattens
/// each sample, [B, ...] as [B, numel], and gives [B] (or [B, 1, ...] with
/// keepdim).
void reduceOneDimBatchRule(const OperatorHandle& op, DispatchKeySet /*dispatchKeySet*/, Stack* stack) {
  std::vector<IValue> arguments = popN(*stack, op.schema().arguments.size());
  const std::int64_t level = levelOf(arguments);
  const Tensor physical = *physicalAt(arguments[0].toTensor(), level);
  const std::int64_t batchSize = physical.sizes()[0];
  const std::int64_t logicalRank = physical.dim() - 1;
  const bool keepdim = arguments[2].toBool();  // argmax's keepdim; _log_softmax's half_to_float is not read
  Sizes resultSizes;
  if (arguments[1].isNone()) {  // argmax over every element of each sample
    const Tensor rows = physical.isContiguous() ? physical : clone(physical);
    arguments[0] = rows.view({batchSize, physical.numel() / std::max<std::int64_t>(batchSize, 1)});
    arguments[1] = IValue(std::int64_t{1});
    arguments[2] = IValue(false);
    resultSizes = batchedSizes(batchSize, keepdim ? Sizes(static_cast<std::size_t>(logicalRank), 1) : Sizes{});
  } else if (logicalRank == 0) {
    static_cast<void>(wrapDim(arguments[1].toInt(), 0));  // a 0-d sample takes 0 and -1 only
    arguments[0] = physical.view({batchSize, 1});
    arguments[1] = IValue(std::int64_t{1});
    resultSizes = {batchSize};  // [B, 1] back to [B], whatever keepdim was
  } else {
    arguments[0] = physical;
    arguments[1] = IValue(wrapDim(arguments[1].toInt(), logicalRank) + 1);  // the sample's dimension, past the batch
  }
  const Tensor result = callWith(op, arguments);
  push(*stack, makeBatched(resultSizes.empty() ? result : result.view(resultSizes), level));
}

/// slice(x, dim, start, end, step): the same slice of the physical tensor,
/// one dimension further in (1.13's slice_batch_rule, BatchRulesViews.cpp).
void sliceBatchRule(const OperatorHandle& op, DispatchKeySet /*dispatchKeySet*/, Stack* stack) {
  std::vector<IValue> arguments = popN(*stack, op.schema().arguments.size());
  const std::int64_t level = levelOf(arguments);
  const Tensor physical = *physicalAt(arguments[0].toTensor(), level);
  const std::int64_t logicalRank = physical.dim() - 1;
  if (logicalRank == 0) {
    throw std::out_of_range("slice() cannot be applied to a 0-dim tensor.");
  }
  arguments[0] = physical;
  arguments[1] = IValue(wrapDim(arguments[1].toInt(), logicalRank) + 1);
  push(*stack, makeBatched(callWith(op, arguments), level));
}

// [matmul_batch_rule]
/// matmul of two 2-D samples, [n, k] @ [k, m]. With only the left side
/// batched, the batch folds into its rows: one [B·n, k] @ [k, m] product.
/// With only the right side batched, the transposes fold it the same way,
/// A·B_b = (B_bᵀ·Aᵀ)ᵀ: one [B·m, k] @ [k, n] product between two copies,
/// which is a backward pass's x.t() @ grad under vmap. The transposes are
/// moveDim's views, made outside the dispatcher (this chapter has no
/// permute), which autograd would not see, so a tensor that requires grad,
/// or one batched by an outer vmap, takes the general way: broadcast a product and sum over k,
/// [B|1, n, k, 1] * [B|1, 1, k, m] summed over dimension 2, which costs
/// B·n·k·m memory where functorch's bmm costs none.
void matmulBatchRule(const OperatorHandle& op, DispatchKeySet /*dispatchKeySet*/, Stack* stack) {
  std::vector<IValue> arguments = popN(*stack, 2);
  const std::int64_t level = levelOf(arguments);
  const Tensor& self = arguments[0].toTensor();
  const Tensor& other = arguments[1].toTensor();
  if (self.dim() != 2 || other.dim() != 2) {
    throw std::invalid_argument(
        fmt::format("{}: this chapter multiplies 2-D tensors only, got {}-D and {}-D (under vmap, per sample)",
                    op.operatorName(), self.dim(), other.dim()));
  }
  const std::optional<Tensor> selfPhysical = physicalAt(self, level);
  const std::optional<Tensor> otherPhysical = physicalAt(other, level);
  const std::int64_t n = self.sizes()[0], k = self.sizes()[1], m = other.sizes()[1];
  if (other.sizes()[0] != k) {
    // Checked on the samples, as matmul checks them: the folded products
    // below would name the batch's sizes instead, or fail in a view.
    throw std::runtime_error(
        fmt::format("mat1 and mat2 shapes cannot be multiplied ({}x{} and {}x{})", n, k, other.sizes()[0], m));
  }
  if (!otherPhysical) {
    const std::int64_t batchSize = selfPhysical->sizes()[0];
    const Tensor rows = (selfPhysical->isContiguous() ? *selfPhysical : clone(*selfPhysical)).view({batchSize * n, k});
    push(*stack, makeBatched(matmul(rows, other).view({batchSize, n, m}), level));
    return;
  }
  const std::int64_t batchSize = otherPhysical->sizes()[0];
  if (!selfPhysical && !self.requiresGrad() && !otherPhysical->requiresGrad() && maybeGetBatchedImpl(self) == nullptr &&
      maybeGetBatchedImpl(*otherPhysical) == nullptr) {
    const Tensor otherT = clone(moveDim(*otherPhysical, 2, 1));  // [B, m, k], contiguous
    const Tensor product = matmul(otherT.view({batchSize * m, k}), t(self)).view({batchSize, m, n});
    push(*stack, makeBatched(clone(moveDim(product, 2, 1)), level));
    return;
  }
  const Tensor left = selfPhysical ? selfPhysical->view({batchSize, n, k, 1}) : self.view({1, n, k, 1});
  const Tensor right = otherPhysical->view({batchSize, 1, k, m});
  push(*stack, makeBatched(sum(mul(left, right), {2}), level));
}
// [matmul_batch_rule]

}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_IMPL(aten, Batched, m) {
  using mini::KernelFunction;
  for (const char* name : {"neg", "relu", "exp", "sigmoid", "sin", "cos"}) {
    m.impl(name, KernelFunction::makeFromBoxedFunction<&mini::unaryPointwiseBatchRule>());
  }
  for (const char* name :
       {"add.Tensor", "sub.Tensor", "mul.Tensor", "div.Tensor", "atan2", "threshold_backward", "sigmoid_backward"}) {
    m.impl(name, KernelFunction::makeFromBoxedFunction<&mini::binaryPointwiseBatchRule>());
  }
  // The comparisons, as 1.13's BatchRulesBinaryOps.cpp has them: the
  // binary rule for both overloads (a Scalar `other` passes through as it is).
  for (const char* name : {"eq.Tensor", "eq.Scalar", "ne.Tensor", "ne.Scalar", "lt.Tensor", "lt.Scalar", "le.Tensor",
                           "le.Scalar", "gt.Tensor", "gt.Scalar", "ge.Tensor", "ge.Scalar"}) {
    m.impl(name, KernelFunction::makeFromBoxedFunction<&mini::binaryPointwiseBatchRule>());
  }
  m.impl("view", KernelFunction::makeFromBoxedFunction<&mini::viewBatchRule>());
  m.impl("sum", KernelFunction::makeFromBoxedFunction<&mini::sumBatchRule>());
  m.impl("sum.dim_IntList", KernelFunction::makeFromBoxedFunction<&mini::sumBatchRule>());
  m.impl("matmul", KernelFunction::makeFromBoxedFunction<&mini::matmulBatchRule>());
  m.impl("argmax", KernelFunction::makeFromBoxedFunction<&mini::reduceOneDimBatchRule>());
  m.impl("_log_softmax", KernelFunction::makeFromBoxedFunction<&mini::reduceOneDimBatchRule>());
  m.impl("slice.Tensor", KernelFunction::makeFromBoxedFunction<&mini::sliceBatchRule>());
}
