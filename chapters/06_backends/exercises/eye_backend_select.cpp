// Exercise 06.1: the BackendSelect kernel of a factory (torch.eye).
// The lesson: chapters/06_backends/README.md#exercise-61
// Declared in: mini/exercises/eye_backend_select.h
#include "mini/exercises/eye_backend_select.h"
#include "mini/native/factories.h"
#include "mini/op_registration/library.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {

// TODO(06.1): eye has no tensor argument, so its call lands here. Turn
// `dtype` and `device` into a key set with backendSelectKeySet() (as
// src/native/backend_select_kernels.cpp does for empty), find the operator with
// Dispatcher::singleton().findSchemaOrThrow("aten::eye", "").typed<...>(),
// and redispatch with that key set.
Tensor eyeBackendSelect(std::int64_t n, ScalarType dtype, Device device) {
  (void)n;
  (void)dtype;
  (void)device;
  throw ExerciseNotDone("06.1");
}

Tensor eye(std::int64_t n, const TensorOptions& options) {
  static const auto handle =
      Dispatcher::singleton().findSchemaOrThrow("aten::eye", "").typed<Tensor(std::int64_t, ScalarType, Device)>();
  return handle.call(n, options.dtype, options.device);
}

}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_IMPL(aten, BackendSelect, m) { m.impl("eye", &mini::eyeBackendSelect); }
