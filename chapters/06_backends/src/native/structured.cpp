#include "mini/native/structured.h"

#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/core/shape.h"
#include "mini/core/storage.h"
#include "mini/core/type_promotion.h"
#include "mini/util/operator_error.h"
#include "mini/util/warning.h"

namespace mini {
inline namespace ch06 {

// caffe2's TypeMeta names, which PyTorch prints wherever a message shows a
// tensor's .dtype() rather than its ScalarType.
std::string_view typeMetaName(ScalarType dtype) {
  switch (dtype) {
    case ScalarType::Bool: return "bool";
    case ScalarType::Long: return "long int";
    case ScalarType::Float: return "float";
    case ScalarType::Double: return "double";
    case ScalarType::Half: return "c10::Half";
    case ScalarType::BFloat16: return "c10::BFloat16";
  }
  return "unknown";
}

// [set_elementwise_output]
void setElementwiseOutput(MetaBase& meta, std::string_view op, const OutputMeta& result, const Tensor& self) {
  const Tensor& existing = meta.maybe_get_output(0);
  ScalarType dtype = result.dtype;
  if (existing.defined()) {
    if (existing.is_same(self)) {
      checkInplaceShape(self, result.sizes);
    }
    if (!canCast(result.dtype, existing.dtype())) {
      throw OperatorInvalidArgument(op, fmt::format("result type {} can't be cast to the desired output type {}",
                                                    scalarTypeCName(result.dtype), scalarTypeCName(existing.dtype())));
    }
    dtype = existing.dtype();
  }
  meta.set_output(0, result.sizes, {dtype, self.device()});
}
// [set_elementwise_output]

Tensor createOut(const Sizes& sizes, const TensorOptions& options) { return emptyTensor(sizes, options); }

// [check_inplace]
void checkInplace(std::string_view op, const Tensor& self, const Sizes& sizes, const TensorOptions& options) {
  if (options.dtype != self.dtype()) {
    throw OperatorInvalidArgument(
        op, fmt::format("Bad in-place call: input tensor dtype {} and output tensor dtype {} should match",
                        typeMetaName(self.dtype()), typeMetaName(options.dtype)));
  }
  if (options.device != self.device()) {
    throw OperatorInvalidArgument(
        op, fmt::format("Bad in-place call: input tensor device {} and output tensor device {} should match",
                        self.device(), options.device));
  }
  checkInplaceShape(self, sizes);
}
// [check_inplace]

void checkInplaceShape(const Tensor& self, const Sizes& sizes) {
  // Only a broadcast can make the size differ, and PyTorch's TensorIterator
  // refuses that before check_inplace is reached, in these words.
  if (sizes != self.sizes()) {
    throw std::invalid_argument(fmt::format("output with shape [{}] doesn't match the broadcast shape [{}]",
                                            fmt::join(self.sizes(), ", "), fmt::join(sizes, ", ")));
  }
}

// [resize_out]
void resizeOut(std::string_view op, const Tensor& out, const Sizes& sizes, const TensorOptions& options) {
  if (options.dtype != out.dtype()) {
    throw OperatorInvalidArgument(op, fmt::format("Expected out tensor to have dtype {}, but got {} instead",
                                                  typeMetaName(options.dtype), typeMetaName(out.dtype())));
  }
  if (options.device != out.device()) {
    throw OperatorInvalidArgument(
        op, fmt::format("Expected out tensor to have device {}, but got {} instead", options.device, out.device()));
  }
  if (out.sizes() == sizes) {
    return;
  }
  // 1.13 still resizes a non-empty out= tensor, and warns that it will stop.
  if (out.numel() != 0) {
    warn(op, fmt::format("An output with one or more elements was resized since it had shape [{}], which does not "
                         "match the required output shape [{}]. This behavior is deprecated, and in a future PyTorch "
                         "release outputs will not be resized unless they have zero elements. You can explicitly "
                         "reuse an out tensor t by resizing it, inplace, to zero elements with t.resize_(0).",
                         fmt::join(out.sizes(), ", "), fmt::join(sizes, ", ")));
  }
  resizeInPlace(out, sizes);
}
// [resize_out]

void resizeInPlace(const Tensor& tensor, const Sizes& sizes) {
  TensorImpl& impl = *tensor.unsafeGetTensorImpl();
  const auto needed = static_cast<std::size_t>(impl.storageOffset + numelOf(sizes)) * itemSize(impl.dtype);
  if (needed > impl.storage->nbytes) {
    // The storage object stays (views of it, its version counter); its bytes
    // are replaced by a larger block, as StorageImpl::set_data_ptr does.
    Storage larger(needed, impl.storage->device());
    impl.storage->dataPtr = std::move(larger.dataPtr);
    impl.storage->nbytes = needed;
  }
  impl.sizes = sizes;
  impl.strides = contiguousStrides(sizes);
}

}  // namespace ch06
}  // namespace mini
