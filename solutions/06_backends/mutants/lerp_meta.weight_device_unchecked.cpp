// Mutant: checks the devices of self and end but leaves the weight out
// Must fail: Exercise06_5.RefusesAWeightOnAnotherDevice
// Exercise 06.5: the meta() of a structured operator with three inputs (torch.lerp).
// The lesson: chapters/06_backends/part3_structured_kernels.md#exercise-65
// Declared in: mini/generated/MetaFunctions.h
#include "mini/generated/MetaFunctions.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/core/shape.h"
#include "mini/native/output_meta.h"
#include "mini/native/structured.h"

namespace mini {
inline namespace ch06 {
namespace meta {

namespace {

// 1.13's TORCH_CHECK(self.dtype() == end.dtype(), ...): lerp has no common
// dtype to promote to, so a second dtype is the caller's mistake.
void checkSameDtypeAsSelf(const Tensor& self, const Tensor& input, std::string_view name) {
  if (input.dtype() != self.dtype()) {
    throw std::invalid_argument(fmt::format("expected dtype {} for `{}` but got dtype {}", typeMetaName(self.dtype()),
                                            name, typeMetaName(input.dtype())));
  }
}

}  // namespace

// The dtypes first, as 1.13 checks them before TensorIterator's build; then
// what the build finds: one device, one shape for three inputs, and an
// output that must already have the inputs' dtype (no casting into it).
void structured_lerp_Tensor::meta(const Tensor& self, const Tensor& end, const Tensor& weight) {
  checkSameDtypeAsSelf(self, end, "end");
  checkSameDtypeAsSelf(self, weight, "weight");
  checkSameDevice("lerp", {&self, &end});
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
