#include "mini/native/output_meta.h"

#include <stdexcept>

#include "mini/core/type_promotion.h"
#include "mini/util/operator_error.h"

namespace mini {
inline namespace ch06 {

void checkSameDevice(std::string_view op, std::initializer_list<const Tensor*> tensors) {
  const Device first = (*tensors.begin())->device();
  for (const Tensor* tensor : tensors) {
    if (tensor->device() != first) {
      throw OperatorInvalidArgument(
          op, fmt::format("Expected all tensors to be on the same device, but found at least two devices, {} and {}!",
                          tensor->device(), first));
    }
  }
}

namespace {

PromotionOperand operandOf(const Tensor& tensor) {
  return {tensor.dtype(), tensor.dim() == 0, tensor.unsafeGetTensorImpl()->wrappedNumber};
}

}  // namespace

ScalarType commonDtype(const Tensor& a, const Tensor& b, IntegerInputs integers) {
  const ScalarType dtype = resultType({operandOf(a), operandOf(b)});
  return integers == IntegerInputs::PromoteToFloat ? toFloatingResult(dtype) : dtype;
}

ScalarType commonDtype(const Tensor& a, IntegerInputs integers) {
  return integers == IntegerInputs::PromoteToFloat ? toFloatingResult(a.dtype()) : a.dtype();
}

OutputMeta binaryMeta(const Tensor& a, const Tensor& b, std::string_view op, IntegerInputs integers) {
  // A CPU scalar (0-d, as a Python number becomes) may join a CUDA tensor, as
  // 1.13's TensorIterator allows; the course takes it as the second operand
  // only, since the result goes on the first one's device.
  const bool cpuScalarBesideCuda = a.device().isCuda() && b.device().isCpu() && b.dim() == 0;
  if (!cpuScalarBesideCuda) {
    checkSameDevice(op, {&a, &b});
  }
  return {broadcastShapes(a.sizes(), b.sizes(), op), commonDtype(a, b, integers)};
}

void alphaCheck(ScalarType dtype, const Scalar& alpha) {
  if (alpha.isBoolean() && dtype != ScalarType::Bool) {
    throw std::invalid_argument("Boolean alpha only supported for Boolean results.");
  }
  if (!isFloatingType(dtype) && !alpha.isIntegral(/*includeBool=*/true)) {
    throw std::invalid_argument("For integral input tensors, argument alpha must not be a floating point number.");
  }
}

void subCheck(const Tensor& self, const Tensor& other) {
  if (self.dtype() == ScalarType::Bool && other.dtype() == ScalarType::Bool) {
    throw std::invalid_argument(
        "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` "
        "operator instead.");
  }
  if (self.dtype() == ScalarType::Bool || other.dtype() == ScalarType::Bool) {
    throw std::invalid_argument(
        "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use "
        "the `~` or `logical_not()` operator instead.");
  }
}

OutputMeta unaryMeta(const Tensor& a, IntegerInputs integers) { return {a.sizes(), commonDtype(a, integers)}; }

OutputMeta sumMeta(const Tensor& a, std::optional<std::int64_t> dim, bool keepdim) {
  const ScalarType dtype = isFloatingType(a.dtype()) ? a.dtype() : ScalarType::Long;
  if (!dim) {
    return {{}, dtype};
  }
  const auto reduced = static_cast<std::size_t>(wrapDim(*dim, a.dim()));
  Sizes sizes = a.sizes();
  if (sizes.empty()) {
    return {{}, dtype};
  }
  if (keepdim) {
    sizes[reduced] = 1;
  } else {
    sizes.erase(sizes.begin() + static_cast<std::ptrdiff_t>(reduced));
  }
  return {sizes, dtype};
}

OutputMeta matmulMeta(const Tensor& a, const Tensor& b) {
  checkSameDevice("matmul", {&a, &b});
  if (a.dim() != 2 || b.dim() != 2) {
    throw OperatorNotImplemented("matmul",
                                 fmt::format("this chapter multiplies 2-D tensors only, got {}-D and {}-D: a "
                                             "product of other ranks is not in mini_torch, the course's module",
                                             a.dim(), b.dim()));
  }
  if (a.sizes()[1] != b.sizes()[0]) {
    throw std::invalid_argument(fmt::format("mat1 and mat2 shapes cannot be multiplied ({}x{} and {}x{})", a.sizes()[0],
                                            a.sizes()[1], b.sizes()[0], b.sizes()[1]));
  }
  // 1.13's mm checks no dtype in its meta(): its CPU kernel picks a loop by
  // self's dtype, then reads `other` as that type ("expected scalar type").
  // It has no loop for Bool or Half, so for such a CPU self the loop's
  // refusal comes first (bool @ float32 names Bool), after the out= checks:
  // the check here waits for it.
  const bool cpuLoopRefusesSelf =
      a.device().isCpu() && (a.dtype() == ScalarType::Bool || a.dtype() == ScalarType::Half);
  if (a.dtype() != b.dtype() && !cpuLoopRefusesSelf) {
    throw std::invalid_argument(
        fmt::format("expected scalar type {} but found {}", scalarTypeCName(a.dtype()), scalarTypeCName(b.dtype())));
  }
  return {{a.sizes()[0], b.sizes()[1]}, a.dtype()};
}

Tensor emptyLike(const OutputMeta& meta, Device device) { return emptyTensor(meta.sizes, {meta.dtype, device}); }

}  // namespace ch06
}  // namespace mini
