// Mutant: leaves the Bool refusal out of meta(), trusting the CPU kernel to refuse it
// Must fail: Exercise06_6.ABoolInputIsRefusedWhateverTheOutput
// Exercise 06.6: an operator added to ops.yaml, end to end (torch.abs): its
// meta() and its CPU impl(). The entries are in ops_exercise.yaml.
// The lesson: chapters/06_backends/part4_code_generator.md#exercise-66
// Declared in: mini/generated/ExerciseNativeFunctions.h
#include "mini/aten/dispatch_scalar_type.h"
#include "mini/generated/ExerciseNativeFunctions.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/native/cpu/cpu_loops.h"
#include "mini/native/output_meta.h"

namespace mini {
inline namespace ch06 {

// Same shape, same dtype; bool has no abs in torch.
void meta::structured_abs::meta(const Tensor& self) { setElementwiseOutput(*this, "abs", unaryMeta(self), self); }

void structured_abs_out_cpu::impl(const Tensor& self, const Tensor& out) {
  const Tensor input = toDtypeCpu(self, out.dtype());
  MINI_DISPATCH_ALL_TYPES(out.dtype(), "abs", [&] {
    cpuElementwiseLoop(
        out.sizes(), StridedPointer<scalar_t>{out.dataPtr<scalar_t>(), out.strides()},
        [](scalar_t x) { return x < 0 ? -x : x; },
        StridedPointer<const scalar_t>{input.dataPtr<const scalar_t>(),
                                       expandedStrides(input.sizes(), input.strides(), out.sizes())});
  });
}

}  // namespace ch06
}  // namespace mini
