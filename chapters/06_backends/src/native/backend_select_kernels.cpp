// BackendSelect: the key every call carries (it is in every thread's
// included set) and that a call with a tensor argument never reaches,
// because the tensor's backend key ranks above it. A factory has no tensor,
// so its call lands here. Each kernel does what PyTorch's generated
// BackendSelectRegister.cpp does: turn the dtype and device arguments into
// the one dispatch key they mean, and redispatch with it. They are written
// here, not generated, because this is the lesson that shows one; ops.yaml
// names them (`BackendSelect:`) and the generated RegisterBackendSelect.cpp
// registers them.
#include "mini/core/tensor.h"
#include "mini/generated/Operators.h"
#include "mini/native/factories.h"

namespace mini {
inline namespace ch06 {

// [compute_dispatch_key]
/// c10::computeDispatchKey, as a key set: a device means a backend's dense key. (The
/// dtype would matter for quantized tensors, and the layout for sparse ones;
/// this chapter has neither.)
DispatchKeySet backendSelectKeySet(ScalarType /*dtype*/, Device device) {
  return DispatchKeySet(toRuntimePerBackendFunctionalityKey(DispatchKey::Dense, backendComponentOf(device.type)));
}
// [compute_dispatch_key]

// [empty_backend_select]
Tensor emptyBackendSelect(const Sizes& size, ScalarType dtype, Device device) {
  const DispatchKeySet keySet = backendSelectKeySet(dtype, device);
  return _ops::empty::redispatch(keySet, size, dtype, device);
}
// [empty_backend_select]

Tensor fullBackendSelect(const Sizes& size, double value, ScalarType dtype, Device device) {
  return _ops::full::redispatch(backendSelectKeySet(dtype, device), size, value, dtype, device);
}
Tensor zerosBackendSelect(const Sizes& size, ScalarType dtype, Device device) {
  return _ops::zeros::redispatch(backendSelectKeySet(dtype, device), size, dtype, device);
}
Tensor onesBackendSelect(const Sizes& size, ScalarType dtype, Device device) {
  return _ops::ones::redispatch(backendSelectKeySet(dtype, device), size, dtype, device);
}
Tensor arangeBackendSelect(double start, double end, double step, ScalarType dtype, Device device) {
  return _ops::arange::redispatch(backendSelectKeySet(dtype, device), start, end, step, dtype, device);
}
Tensor randnBackendSelect(const Sizes& size, ScalarType dtype, Device device) {
  return _ops::randn::redispatch(backendSelectKeySet(dtype, device), size, dtype, device);
}

}  // namespace ch06
}  // namespace mini
