// The factory operators' handles and public functions. Their schemas are in
// operators.cpp with the others; their BackendSelect kernels in
// backend_select_kernels.cpp; what runs after that in factory_kernels.cpp.
#include "mini/factories.h"

#include <stdexcept>

#include <fmt/format.h>

namespace mini {
inline namespace ch06 {

namespace {

template <class FunctionType>
TypedOperatorHandle<FunctionType> findOperator(std::string_view name) {
  return Dispatcher::singleton().findSchemaOrThrow(name, "").typed<FunctionType>();
}

// A factory's result is a leaf: requires_grad is set on it afterwards, as
// torch does for `torch.zeros(..., requires_grad=True)`.
Tensor withRequiresGrad(Tensor tensor, const TensorOptions& options) {
  if (options.requiresGrad) {
    tensor.setRequiresGrad(true);
  }
  return tensor;
}

}  // namespace

const TypedOperatorHandle<EmptyOp>& emptyOp() {
  static const auto handle = findOperator<EmptyOp>("aten::empty");
  return handle;
}
const TypedOperatorHandle<FullOp>& fullOp() {
  static const auto handle = findOperator<FullOp>("aten::full");
  return handle;
}
const TypedOperatorHandle<EmptyOp>& zerosOp() {
  static const auto handle = findOperator<EmptyOp>("aten::zeros");
  return handle;
}
const TypedOperatorHandle<EmptyOp>& onesOp() {
  static const auto handle = findOperator<EmptyOp>("aten::ones");
  return handle;
}
const TypedOperatorHandle<ArangeOp>& arangeOp() {
  static const auto handle = findOperator<ArangeOp>("aten::arange");
  return handle;
}
const TypedOperatorHandle<EmptyOp>& randnOp() {
  static const auto handle = findOperator<EmptyOp>("aten::randn");
  return handle;
}
const TypedOperatorHandle<FillOp>& fillOp() {
  static const auto handle = findOperator<FillOp>("aten::fill_");
  return handle;
}

Tensor empty(const Sizes& sizes, const TensorOptions& options) {
  return withRequiresGrad(emptyOp().call(sizes, options.dtype, options.device), options);
}
Tensor zeros(const Sizes& sizes, const TensorOptions& options) {
  return withRequiresGrad(zerosOp().call(sizes, options.dtype, options.device), options);
}
Tensor ones(const Sizes& sizes, const TensorOptions& options) {
  return withRequiresGrad(onesOp().call(sizes, options.dtype, options.device), options);
}
Tensor full(const Sizes& sizes, double value, const TensorOptions& options) {
  return withRequiresGrad(fullOp().call(sizes, value, options.dtype, options.device), options);
}
Tensor arange(double start, double end, double step, const TensorOptions& options) {
  return withRequiresGrad(arangeOp().call(start, end, step, options.dtype, options.device), options);
}
Tensor randn(const Sizes& sizes, const TensorOptions& options) {
  return withRequiresGrad(randnOp().call(sizes, options.dtype, options.device), options);
}
Tensor& fill_(Tensor& self, double value) { return fillOp().call(self, value); }

}  // namespace ch06
}  // namespace mini
