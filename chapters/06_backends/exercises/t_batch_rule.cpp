// Exercise 06.9: a batching rule for t.
// The lesson: chapters/06_backends/part7_vmap.md#exercise-69
// Declared in: mini/exercises/t_batch_rule.h
#include "mini/exercises/t_batch_rule.h"
#include "mini/op_registration/library.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {

// TODO(06.9): compute t of every sample with one view of the physical
// tensor (section 13, "batching rules"), and return it batched at the
// level `self` was batched at.
Tensor tBatchRule(const Tensor& self) {
  (void)self;
  throw ExerciseNotDone("06.9");
}

}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_IMPL(aten, Batched, m) { m.impl("t", &mini::tBatchRule); }
