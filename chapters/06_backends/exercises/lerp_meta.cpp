// Exercise 06.5: the meta() of a structured operator with three inputs (torch.lerp).
// The lesson: chapters/06_backends/part3_structured_kernels.md#exercise-65
// Declared in: mini/generated/MetaFunctions.h
//
// ops.yaml declares lerp.Tensor_out structured, with lerp.Tensor and
// lerp_.Tensor made from it, and its CPU impl() is written
// (src/native/cpu/cpu_kernels.cpp). What it lacks is meta(): the checks,
// the result's shape and dtype, and the call that hands them to the wrapper.
#include "mini/generated/MetaFunctions.h"
#include "mini/native/output_meta.h"
#include "mini/native/structured.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {
namespace meta {

void structured_lerp_Tensor::meta(const Tensor& self, const Tensor& end, const Tensor& weight) {
  // TODO: lerp computes self + weight * (end - self) in self's dtype, and
  // promotes nothing:
  //   - an `end` or a `weight` of another dtype than self's is refused, in
  //     1.13's words: "expected dtype float for `end` but got dtype double"
  //     (dtypes as a tensor's .dtype() prints them: typeMetaName);
  //   - the three tensors on one device;
  //   - the result has the broadcast shape of all three;
  //   - an out= tensor of another dtype is refused, as neg's is: "Found
  //     dtype Double but expected Float" (it is not cast into, as add's is);
  //   - then the output, on the inputs' device.
  // Give "lerp" wherever a helper asks for the operator's name.
  (void)self;
  (void)end;
  (void)weight;
  throw ExerciseNotDone("06.5");
}

}  // namespace meta
}  // namespace ch06
}  // namespace mini
