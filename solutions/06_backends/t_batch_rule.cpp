// Exercise 06.9: a batching rule for t.
// The lesson: chapters/06_backends/part7_vmap.md#exercise-69
// Declared in: mini/exercises/t_batch_rule.h
#include "mini/exercises/t_batch_rule.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/functorch/batched_tensor_impl.h"
#include "mini/functorch/vmap.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch06 {

Tensor tBatchRule(const Tensor& self) {
  const BatchedTensorImpl& batched = *maybeGetBatchedImpl(self);
  const Tensor& physical = batched.value;
  // The sample's rank, not the physical one: dimension 0 is the batch. A
  // sample t() refuses outside vmap is refused in the same words.
  if (physical.dim() - 1 > 2) {
    throw std::invalid_argument(
        fmt::format("t() expects a tensor with <= 2 dimensions, but self is {}D", physical.dim() - 1));
  }
  if (physical.dim() - 1 < 2) {
    return makeBatched(physical, batched.level);
  }
  // The sample's dimensions 0 and 1 are the physical 1 and 2.
  return makeBatched(moveDim(physical, 2, 1), batched.level);
}

}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_IMPL(aten, Batched, m) { m.impl("t", &mini::tBatchRule); }
