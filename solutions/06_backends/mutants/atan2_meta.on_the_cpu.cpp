// Mutant: sets the output itself, on the CPU, instead of on the inputs' device
// Must fail: Exercise06_5.MetaComputesTheShapeAlone
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
  const OutputMeta result = binaryMeta(self, other, "atan2", IntegerInputs::PromoteToFloat);
  set_output(0, result.sizes, {result.dtype, kCpu});
}

}  // namespace meta
}  // namespace ch06
}  // namespace mini
