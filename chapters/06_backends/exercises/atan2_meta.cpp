// Exercise 06.5: the meta() of a structured operator (torch.atan2).
// The lesson: chapters/06_backends/README.md#exercise-65
// Declared in: mini/generated/MetaFunctions.h
//
// ops.yaml declares atan2.out structured, with a CPU impl() that is already
// written (src/native/cpu/cpu_kernels.cpp). What it lacks is meta(): the checks, the
// result's shape and dtype, and the call that hands them to the wrapper.
#include "mini/generated/MetaFunctions.h"
#include "mini/native/output_meta.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {
namespace meta {

void structured_atan2::meta(const Tensor& self, const Tensor& other) {
  // TODO: the broadcast shape of self and other, their promoted dtype made
  // floating (atan2 of two int64 tensors is float32), then set_output. Give
  // "atan2" wherever a helper asks for the operator's name: its errors say
  // so ("atan2: result type Float can't be cast to the desired output type Long").
  (void)self;
  (void)other;
  throw ExerciseNotDone("06.5");
}

}  // namespace meta
}  // namespace ch06
}  // namespace mini
