// Mutant: reads self in its own dtype, without converting it to out's (abs.out of a Float into a Double)
// Must fail: Exercise06_6.AnOutOfAnotherDtypeGetsTheValues
// Exercise 06.6: an operator added to ops.yaml, end to end (torch.abs): its
// meta() and its CPU impl(). The entries are in ops_exercise.yaml.
// The lesson: chapters/06_backends/part4_code_generator.md#exercise-66
// Declared in: mini/generated/ExerciseNativeFunctions.h
#include <cmath>
#include <type_traits>

#include "mini/aten/dispatch_scalar_type.h"
#include "mini/generated/ExerciseNativeFunctions.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/native/cpu/cpu_loops.h"
#include "mini/native/output_meta.h"

namespace mini {
inline namespace ch06 {

// Same shape, same dtype; bool has no abs in torch.
void meta::structured_abs::meta(const Tensor& self) {
  if (self.dtype() == ScalarType::Bool) {
    throw std::invalid_argument("\"abs\" not implemented for 'Bool'");
  }
  setElementwiseOutput(*this, "abs", unaryMeta(self), self);
}

void structured_abs_out_cpu::impl(const Tensor& self, const Tensor& out) {
  const Tensor& input = self;
  MINI_DISPATCH_ALL_TYPES(out.dtype(), "abs", [&] {
    cpuElementwiseLoop(
        out.sizes(), StridedPointer<scalar_t>{out.dataPtr<scalar_t>(), out.strides()},
        // std::abs for floats: -0. becomes 0. and NaN stays NaN, as in torch.
        [](scalar_t x) {
          if constexpr (std::is_floating_point_v<scalar_t>) {
            return std::abs(x);
          } else {
            return x < 0 ? static_cast<scalar_t>(-x) : x;
          }
        },
        StridedPointer<const scalar_t>{input.dataPtr<const scalar_t>(),
                                       expandedStrides(input.sizes(), input.strides(), out.sizes())});
  });
}

}  // namespace ch06
}  // namespace mini
