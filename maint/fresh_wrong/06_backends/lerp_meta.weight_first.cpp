// Mistake: I checked the weight's dtype before end's (it is the odd one out, so it came first to mind)

// Exercise 06.5: the meta() of a structured operator with three inputs (torch.lerp).
// The lesson: chapters/06_backends/part3_structured_kernels.md#exercise-65
// Declared in: mini/generated/MetaFunctions.h
//
// ops.yaml declares lerp.Tensor_out structured, with lerp.Tensor and
// lerp_.Tensor made from it, and its CPU impl() is written
// (src/native/cpu/cpu_kernels.cpp). What it lacks is meta(): the checks,
// the result's shape and dtype, and the call that hands them to the wrapper.
#include "mini/generated/MetaFunctions.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/core/shape.h"
#include "mini/native/output_meta.h"
#include "mini/native/structured.h"

namespace mini {
inline namespace ch06 {
namespace meta {

void structured_lerp_Tensor::meta(const Tensor& self, const Tensor& end, const Tensor& weight) {
  if (weight.dtype() != self.dtype()) {
    throw std::invalid_argument(fmt::format("expected dtype {} for `weight` but got dtype {}",
                                            typeMetaName(self.dtype()), typeMetaName(weight.dtype())));
  }
  if (end.dtype() != self.dtype()) {
    throw std::invalid_argument(fmt::format("expected dtype {} for `end` but got dtype {}", typeMetaName(self.dtype()),
                                            typeMetaName(end.dtype())));
  }
  checkSameDevice("lerp", {&self, &end, &weight});
  const Sizes sizes = broadcastShapes(broadcastShapes(self.sizes(), end.sizes(), "lerp"), weight.sizes(), "lerp");
  const Tensor& out = maybe_get_output(0);
  if (out.defined() && out.dtype() != self.dtype()) {
    throw std::invalid_argument(
        fmt::format("Found dtype {} but expected {}", scalarTypeCName(out.dtype()), scalarTypeCName(self.dtype())));
  }
  setElementwiseOutput(*this, "lerp", {sizes, self.dtype()}, self);
}

}  // namespace meta
}  // namespace ch06
}  // namespace mini
