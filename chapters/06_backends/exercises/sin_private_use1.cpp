// Exercise 06.4: register a kernel on the out-of-tree backend's key.
// The lesson: chapters/06_backends/README.md#exercise-64
// Declared in: mini/exercises/sin_private_use1.h
#include "mini/exercises/sin_private_use1.h"
#include "mini/op_registration/library.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {

// TODO(06.4): the counted device has no sin kernel. Bring `self` to the
// CPU with self.to(kCpu), compute sinCpu() there (mini/native/cpu/cpu_kernels.h), and
// return the result on self.device() with to(). The registration below is
// already written: it is all a backend needs to gain an operator.
Tensor sinPrivateUse1(const Tensor& self) {
  (void)self;
  throw ExerciseNotDone("06.4");
}

}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_IMPL(aten, PrivateUse1, m) { m.impl("sin", &mini::sinPrivateUse1); }
