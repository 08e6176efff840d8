// Mistake: I left the bool check to the CPU loop's dtype switch (it refuses Bool with the same words) and made meta()
// only set the output

// Exercise 06.6: an operator added to ops.yaml, end to end (torch.abs): its
// meta() and its CPU impl(). The entries are in ops_exercise.yaml.
// The lesson: chapters/06_backends/part4_code_generator.md#exercise-66
// Declared in: mini/generated/ExerciseNativeFunctions.h
#include "mini/generated/ExerciseNativeFunctions.h"

#include <cmath>
#include <stdexcept>
#include <type_traits>

#include "mini/aten/dispatch_scalar_type.h"
#include "mini/core/shape.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/native/cpu/cpu_loops.h"
#include "mini/native/output_meta.h"
#include "mini/native/structured.h"

namespace mini {
inline namespace ch06 {

void meta::structured_abs::meta(const Tensor& self) { setElementwiseOutput(*this, "abs", unaryMeta(self), self); }

void structured_abs_out_cpu::impl(const Tensor& self, const Tensor& out) {
  const Tensor a = toDtypeCpu(self, out.dtype());
  MINI_DISPATCH_ALL_TYPES(out.dtype(), "abs", [&] {
    cpuElementwiseLoop(
        out.sizes(), StridedPointer<scalar_t>{out.dataPtr<scalar_t>(), out.strides()},
        [](scalar_t x) -> scalar_t {
          if constexpr (std::is_floating_point_v<scalar_t>) {
            return std::abs(x);
          } else {
            return x < 0 ? static_cast<scalar_t>(-x) : x;
          }
        },
        StridedPointer<const scalar_t>{a.dataPtr<const scalar_t>(),
                                       expandedStrides(a.sizes(), a.strides(), out.sizes())});
  });
}

}  // namespace ch06
}  // namespace mini
