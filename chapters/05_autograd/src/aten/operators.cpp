// The schemas of the chapter's operators, their handles, and the public API.
#include "mini/aten/operators.h"

#include "mini/op_registration/library.h"

// [schemas]
// PyTorch's names and overloads (add.Tensor, mul_.Tensor), so a trace line
// reads as TORCH_SHOW_DISPATCH_TRACE's would. `Tensor(a!)` marks the
// argument an in-place operator writes and returns; `Tensor(a)` a view.
MINI_LIBRARY(aten, m) {
  m.def("add.Tensor(Tensor self, Tensor other) -> Tensor");
  m.def("sub.Tensor(Tensor self, Tensor other) -> Tensor");
  m.def("mul.Tensor(Tensor self, Tensor other) -> Tensor");
  m.def("div.Tensor(Tensor self, Tensor other) -> Tensor");
  m.def("neg(Tensor self) -> Tensor");
  m.def("sum(Tensor self) -> Tensor");
  m.def("matmul(Tensor self, Tensor other) -> Tensor");
  m.def("relu(Tensor self) -> Tensor");
  m.def("exp(Tensor self) -> Tensor");
  m.def("t(Tensor self) -> Tensor");  // a copy here: no strides yet
  m.def("view(Tensor(a) self, int[] size) -> Tensor(a)");
  m.def("add_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)");
  m.def("mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)");
  m.def("sin(Tensor self) -> Tensor");
}
// [schemas]

namespace mini {
inline namespace ch05 {

namespace {

template <class FunctionType>
TypedOperatorHandle<FunctionType> findOperator(std::string_view name, std::string_view overload) {
  return Dispatcher::singleton().findSchemaOrThrow(name, overload).typed<FunctionType>();
}

}  // namespace

// [add_handle]
const TypedOperatorHandle<BinaryOp>& addOp() {
  static const auto handle = findOperator<BinaryOp>("aten::add", "Tensor");
  return handle;
}
// [add_handle]

const TypedOperatorHandle<BinaryOp>& subOp() {
  static const auto handle = findOperator<BinaryOp>("aten::sub", "Tensor");
  return handle;
}

const TypedOperatorHandle<BinaryOp>& mulOp() {
  static const auto handle = findOperator<BinaryOp>("aten::mul", "Tensor");
  return handle;
}

const TypedOperatorHandle<BinaryOp>& divOp() {
  static const auto handle = findOperator<BinaryOp>("aten::div", "Tensor");
  return handle;
}

const TypedOperatorHandle<UnaryOp>& negOp() {
  static const auto handle = findOperator<UnaryOp>("aten::neg", "");
  return handle;
}

const TypedOperatorHandle<UnaryOp>& sumOp() {
  static const auto handle = findOperator<UnaryOp>("aten::sum", "");
  return handle;
}

const TypedOperatorHandle<BinaryOp>& matmulOp() {
  static const auto handle = findOperator<BinaryOp>("aten::matmul", "");
  return handle;
}

const TypedOperatorHandle<UnaryOp>& reluOp() {
  static const auto handle = findOperator<UnaryOp>("aten::relu", "");
  return handle;
}

const TypedOperatorHandle<UnaryOp>& expOp() {
  static const auto handle = findOperator<UnaryOp>("aten::exp", "");
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

const TypedOperatorHandle<InplaceBinaryOp>& addInplaceOp() {
  static const auto handle = findOperator<InplaceBinaryOp>("aten::add_", "Tensor");
  return handle;
}

const TypedOperatorHandle<InplaceBinaryOp>& mulInplaceOp() {
  static const auto handle = findOperator<InplaceBinaryOp>("aten::mul_", "Tensor");
  return handle;
}

const TypedOperatorHandle<UnaryOp>& sinOp() {
  static const auto handle = findOperator<UnaryOp>("aten::sin", "");
  return handle;
}

// [public_api_impl]
Tensor add(const Tensor& self, const Tensor& other) { return addOp().call(self, other); }
// [public_api_impl]
Tensor sub(const Tensor& self, const Tensor& other) { return subOp().call(self, other); }
Tensor mul(const Tensor& self, const Tensor& other) { return mulOp().call(self, other); }
Tensor div(const Tensor& self, const Tensor& other) { return divOp().call(self, other); }
Tensor neg(const Tensor& self) { return negOp().call(self); }
Tensor sum(const Tensor& self) { return sumOp().call(self); }
Tensor matmul(const Tensor& self, const Tensor& other) { return matmulOp().call(self, other); }
Tensor relu(const Tensor& self) { return reluOp().call(self); }
Tensor exp(const Tensor& self) { return expOp().call(self); }
Tensor t(const Tensor& self) { return tOp().call(self); }
Tensor view(const Tensor& self, const Sizes& sizes) { return viewOp().call(self, sizes); }
Tensor& add_(Tensor& self, const Tensor& other) { return addInplaceOp().call(self, other); }
Tensor& mul_(Tensor& self, const Tensor& other) { return mulInplaceOp().call(self, other); }
Tensor sin(const Tensor& self) { return sinOp().call(self); }

}  // namespace ch05
}  // namespace mini
