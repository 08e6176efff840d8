// Mutant: redispatches to the CPU whatever device was asked for
// Must fail: Exercise06_1.ABackendsOwnKernelIsTheOneItsDeviceReaches
// Exercise 06.1: the BackendSelect kernel of a factory (torch.eye).
// The lesson: chapters/06_backends/README.md#exercise-61
// Declared in: mini/exercises/eye_backend_select.h
#include "mini/exercises/eye_backend_select.h"
#include "mini/native/factories.h"
#include "mini/op_registration/library.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {

namespace {

const TypedOperatorHandle<Tensor(std::int64_t, ScalarType, Device)>& eyeOp() {
  static const auto handle =
      Dispatcher::singleton().findSchemaOrThrow("aten::eye", "").typed<Tensor(std::int64_t, ScalarType, Device)>();
  return handle;
}

}  // namespace

// eye has no tensor argument, so its call lands here: the device argument
// stands in for a tensor's key set, and the redispatch uses it alone.
Tensor eyeBackendSelect(std::int64_t n, ScalarType dtype, Device device) {
  return eyeOp().redispatch(DispatchKeySet(DispatchKey::CPU), n, dtype, device);
}

Tensor eye(std::int64_t n, const TensorOptions& options) { return eyeOp().call(n, options.dtype, options.device); }

}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_IMPL(aten, BackendSelect, m) { m.impl("eye", &mini::eyeBackendSelect); }
