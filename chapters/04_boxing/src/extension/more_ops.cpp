// The operators of the boxing lesson: plain CPU kernels written unboxed.
// None of them knows about IValue, the stack or any fallback, which is the
// point: the boxed call path and the fallbacks reach them all the same.
#include <algorithm>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include "mini/extension/myops.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch04 {

Tensor elementwise(const Tensor& self, const Tensor& other, double (*f)(double, double)) {
  const std::size_t n = std::max(self.numel(), other.numel());
  if ((self.numel() != n && self.numel() != 1) || (other.numel() != n && other.numel() != 1)) {
    throw std::invalid_argument(
        fmt::format("The size of tensor a ({}) must match the size of tensor b ({})", self.numel(), other.numel()));
  }
  std::vector<double> values(n);
  for (std::size_t i = 0; i < n; ++i) {
    values[i] = f(self.values()[self.numel() == 1 ? 0 : i], other.values()[other.numel() == 1 ? 0 : i]);
  }
  return makeTensor(std::move(values), BackendComponent::CPUBit);
}

Tensor mymul_cpu(const Tensor& self, const Tensor& other) {
  return elementwise(self, other, [](double a, double b) { return a * b; });
}

Tensor mysum_cpu(const Tensor& self) {
  return makeTensor(std::accumulate(self.values().begin(), self.values().end(), 0.0), BackendComponent::CPUBit);
}

Tensor myscale_cpu(const Tensor& self, double factor) {
  return elementwise(self, makeTensor(factor), [](double a, double b) { return a * b; });
}

Tensor& myadd__cpu(Tensor& self, const Tensor& other) {
  self.mutableValues() = elementwise(self, other, [](double a, double b) { return a + b; }).values();
  return self;
}

std::int64_t mynumel_cpu(const Tensor& self) { return static_cast<std::int64_t>(self.numel()); }

namespace {

/// The operator `name`, typed: found once, then every call goes straight in.
template <class FunctionType>
TypedOperatorHandle<FunctionType> typedOp(std::string_view name) {
  return Dispatcher::singleton().findSchemaOrThrow(name, "").typed<FunctionType>();
}

}  // namespace

Tensor mymul(const Tensor& self, const Tensor& other) {
  static const auto op = typedOp<Tensor(const Tensor&, const Tensor&)>("myops::mymul");
  return op.call(self, other);
}

Tensor mysum(const Tensor& self) {
  static const auto op = typedOp<Tensor(const Tensor&)>("myops::mysum");
  return op.call(self);
}

Tensor myscale(const Tensor& self, double factor) {
  static const auto op = typedOp<Tensor(const Tensor&, double)>("myops::myscale");
  return op.call(self, factor);
}

Tensor& myadd_(Tensor& self, const Tensor& other) {
  static const auto op = typedOp<Tensor&(Tensor&, const Tensor&)>("myops::myadd_");
  return op.call(self, other);
}

std::int64_t mynumel(const Tensor& self) {
  static const auto op = typedOp<std::int64_t(const Tensor&)>("myops::mynumel");
  return op.call(self);
}

}  // namespace ch04
}  // namespace mini

MINI_LIBRARY_FRAGMENT(myops, m) {
  m.def("mymul(Tensor self, Tensor other) -> Tensor");
  m.def("mysum(Tensor self) -> Tensor");
  m.def("myscale(Tensor self, float factor) -> Tensor");
  m.def("myadd_(Tensor(a!) self, Tensor other) -> Tensor(a!)");
  m.def("mynumel(Tensor self) -> int");
}

MINI_LIBRARY_IMPL(myops, CPU, m) {
  m.impl("mymul", &mini::mymul_cpu);
  m.impl("mysum", &mini::mysum_cpu);
  m.impl("myscale", &mini::myscale_cpu);
  m.impl("myadd_", &mini::myadd__cpu);
  m.impl("mynumel", &mini::mynumel_cpu);
}
