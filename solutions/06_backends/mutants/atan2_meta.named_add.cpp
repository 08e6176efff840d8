// Mutant: copies add's meta() whole, operator name included
// Must fail: Exercise06_5.InplaceAndOutUseTheOutputsDtype
// Exercise 06.5: the meta() of a structured operator (torch.atan2).
// The lesson: chapters/06_backends/README.md#exercise-65
// Declared in: mini/generated/MetaFunctions.h
#include "mini/generated/MetaFunctions.h"
#include "mini/native/output_meta.h"

namespace mini {
inline namespace ch06 {
namespace meta {

// atan2 broadcasts and promotes like add, and like div it makes integers
// float: then the output, on the inputs' device.
void structured_atan2::meta(const Tensor& self, const Tensor& other) {
  setElementwiseOutput(*this, "add", binaryMeta(self, other, "add", IntegerInputs::PromoteToFloat), self);
}

}  // namespace meta
}  // namespace ch06
}  // namespace mini
