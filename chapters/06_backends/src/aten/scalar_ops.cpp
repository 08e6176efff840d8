// 1.13's aten/src/ATen/ScalarOps.h: scalar_to_tensor, then set_wrapped_number.
#include "mini/aten/scalar_ops.h"

#include <cstdint>

namespace mini {
inline namespace ch06 {

Tensor wrappedScalarTensor(const Scalar& value) {
  Tensor tensor = emptyTensor({}, {value.type(), kCpu});
  switch (value.type()) {
    case ScalarType::Bool: *tensor.dataPtr<bool>() = value.toBool(); break;
    case ScalarType::Long: *tensor.dataPtr<std::int64_t>() = value.toLong(); break;
    default: *tensor.dataPtr<double>() = value.toDouble(); break;
  }
  tensor.unsafeGetTensorImpl()->wrappedNumber = true;
  return tensor;
}

}  // namespace ch06
}  // namespace mini
