// Exercise 06.6: an operator added to ops.yaml, end to end (torch.abs): its
// meta() and its CPU impl(). The entries are in ops_exercise.yaml.
// The lesson: chapters/06_backends/part4_code_generator.md#exercise-66
// Declared in: mini/generated/ExerciseNativeFunctions.h
#include <cmath>
#include <stdexcept>
#include <type_traits>

#include <fmt/format.h>

#include "mini/aten/dispatch_scalar_type.h"
#include "mini/generated/ExerciseNativeFunctions.h"
#include "mini/native/cpu/cpu_loops.h"
#include "mini/native/output_meta.h"
#include "mini/util/operator_error.h"

namespace mini {
inline namespace ch06 {

// Same shape, same dtype, and an output of that dtype only: 1.13's abs.out
// builds a unary TensorIterator, whose check_all_same_dtype refuses an out=
// of another dtype (it casts into none, as add's does) before its CPU loop
// sees a bool; bool has no abs in torch.
void meta::structured_abs::meta(const Tensor& self) {
  const Tensor& out = maybe_get_output(0);
  if (out.defined() && out.dtype() != self.dtype()) {
    throw OperatorInvalidArgument("abs", fmt::format("Found dtype {} but expected {}", scalarTypeCName(out.dtype()),
                                                     scalarTypeCName(self.dtype())));
  }
  if (self.dtype() == ScalarType::Bool) {
    throw std::invalid_argument("\"abs\" not implemented for 'Bool'");
  }
  setElementwiseOutput(*this, "abs", unaryMeta(self), self);
}

// meta() saw to it that out has self's dtype: the loop reads self as it is.
void structured_abs_out_cpu::impl(const Tensor& self, const Tensor& out) {
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
        StridedPointer<const scalar_t>{self.dataPtr<const scalar_t>(),
                                       expandedStrides(self.sizes(), self.strides(), out.sizes())});
  });
}

}  // namespace ch06
}  // namespace mini
