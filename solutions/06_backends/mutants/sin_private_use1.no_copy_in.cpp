// Mutant: hands the device tensor to the CPU kernel without copying it to the CPU first
// Must fail: Exercise06_4.SinRunsOnTheCountedDevice
// Exercise 06.4: register a kernel on the out-of-tree backend's key.
// The lesson: chapters/06_backends/README.md#exercise-64
// Declared in: mini/exercises/sin_private_use1.h
#include "mini/exercises/sin_private_use1.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/op_registration/library.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {

// The simplest kernel a backend can have: move the data to where a kernel
// exists, run it, move the result back. Each to() is a dispatched copy_,
// which reaches the counted device's own copy kernel.
Tensor sinPrivateUse1(const Tensor& self) { return sinCpu(self).to(self.device()); }

}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_IMPL(aten, PrivateUse1, m) { m.impl("sin", &mini::sinPrivateUse1); }
