// The schemas of the chapter's operators, their handles, and the public API.
#include "mini/operators.h"

#include "mini/library.h"

// [schemas]
// PyTorch's names and overloads (add.Tensor, mul_.Tensor), so a trace line
// reads as TORCH_SHOW_DISPATCH_TRACE's would. `Tensor(a!)` marks the
// argument an in-place operator writes and returns; `Tensor(a)` a view.
MINI_LIBRARY(aten, m) {
  m.def("sum(Tensor self) -> Tensor");
  // add, sub, mul, div, neg, relu, exp, sum.dim_IntList, matmul and sin,
  // with their in-place and out= variants, are defined by ops.yaml (the
  // generated RegisterSchema.cpp).
  m.def("t(Tensor(a) self) -> Tensor(a)");  // a view now: strides swapped
  m.def("view(Tensor(a) self, int[] size) -> Tensor(a)");
  m.def("clone(Tensor self) -> Tensor");
  m.def("threshold_backward(Tensor grad_output, Tensor self) -> Tensor");
  m.def("_to_copy(Tensor self, ScalarType dtype, Device device) -> Tensor");
  m.def("copy_(Tensor(a!) self, Tensor src) -> Tensor(a!)");
  // Factories: no tensor argument, so no key set to read. The dtype and
  // device arguments are what their BackendSelect kernels read instead.
  m.def("empty(int[] size, ScalarType dtype, Device device) -> Tensor");
  m.def("full(int[] size, float fill_value, ScalarType dtype, Device device) -> Tensor");
  m.def("zeros(int[] size, ScalarType dtype, Device device) -> Tensor");
  m.def("ones(int[] size, ScalarType dtype, Device device) -> Tensor");
  m.def("arange(float start, float end, float step, ScalarType dtype, Device device) -> Tensor");
  m.def("randn(int[] size, ScalarType dtype, Device device) -> Tensor");
  m.def("fill_(Tensor(a!) self, float value) -> Tensor(a!)");
  // Its BackendSelect kernel is exercise 06.1's.
  m.def("eye(int n, ScalarType dtype, Device device) -> Tensor");
}
// [schemas]

namespace mini {
inline namespace ch06 {

namespace {

template <class FunctionType>
TypedOperatorHandle<FunctionType> findOperator(std::string_view name, std::string_view overload) {
  return Dispatcher::singleton().findSchemaOrThrow(name, overload).typed<FunctionType>();
}

}  // namespace

const TypedOperatorHandle<UnaryOp>& sumOp() {
  static const auto handle = findOperator<UnaryOp>("aten::sum", "");
  return handle;
}

const TypedOperatorHandle<UnaryOp>& tOp() {
  static const auto handle = findOperator<UnaryOp>("aten::t", "");
  return handle;
}

const TypedOperatorHandle<ViewOp>& viewOp() {
  static const auto handle = findOperator<ViewOp>("aten::view", "");
  return handle;
}

const TypedOperatorHandle<UnaryOp>& cloneOp() {
  static const auto handle = findOperator<UnaryOp>("aten::clone", "");
  return handle;
}
const TypedOperatorHandle<BinaryOp>& thresholdBackwardOp() {
  static const auto handle = findOperator<BinaryOp>("aten::threshold_backward", "");
  return handle;
}
const TypedOperatorHandle<ToCopyOp>& toCopyOp() {
  static const auto handle = findOperator<ToCopyOp>("aten::_to_copy", "");
  return handle;
}
const TypedOperatorHandle<InplaceBinaryOp>& copyInplaceOp() {
  static const auto handle = findOperator<InplaceBinaryOp>("aten::copy_", "");
  return handle;
}

Tensor sum(const Tensor& self) { return sumOp().call(self); }
Tensor t(const Tensor& self) { return tOp().call(self); }
Tensor view(const Tensor& self, const Sizes& sizes) { return viewOp().call(self, sizes); }
Tensor clone(const Tensor& self) { return cloneOp().call(self); }
Tensor thresholdBackward(const Tensor& grad, const Tensor& result) { return thresholdBackwardOp().call(grad, result); }
Tensor toCopy(const Tensor& self, ScalarType dtype, Device device) { return toCopyOp().call(self, dtype, device); }
Tensor& copy_(Tensor& self, const Tensor& src) { return copyInplaceOp().call(self, src); }

}  // namespace ch06
}  // namespace mini
