#include "mini/native/cpu/cpu_kernels.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch05 {

Sizes broadcastSizes(const Tensor& self, const Tensor& other, std::string_view op) {
  if (self.sizes() == other.sizes() || other.numel() == 1) {
    return self.sizes();
  }
  if (self.numel() == 1) {
    return other.sizes();
  }
  throw std::invalid_argument(
      fmt::format("{}: the size of tensor a ([{}]) must match the size of tensor b ([{}]); this chapter "
                  "broadcasts only a one-element tensor",
                  op, fmt::join(self.sizes(), ", "), fmt::join(other.sizes(), ", ")));
}

namespace {

// Element i of a tensor that is either full-sized or a single broadcast value.
double elementAt(std::span<const double> values, std::size_t i) { return values.size() == 1 ? values[0] : values[i]; }

template <class Fn>
Tensor elementwise(const Tensor& self, const Tensor& other, std::string_view op, Fn fn) {
  Sizes sizes = broadcastSizes(self, other, op);
  std::vector<double> values(static_cast<std::size_t>(numelOf(sizes)));
  for (std::size_t i = 0; i < values.size(); ++i) {
    values[i] = fn(elementAt(self.data(), i), elementAt(other.data(), i));
  }
  return fromValues(std::move(values), std::move(sizes));
}

template <class Fn>
Tensor unary(const Tensor& self, Fn fn) {
  std::vector<double> values(self.data().begin(), self.data().end());
  for (double& value : values) {
    value = fn(value);
  }
  return fromValues(std::move(values), self.sizes());
}

template <class Fn>
Tensor& elementwiseInplace(Tensor& self, const Tensor& other, std::string_view op, Fn fn) {
  if (broadcastSizes(self, other, op) != self.sizes()) {
    throw std::invalid_argument(fmt::format("{}: output with shape [{}] doesn't match the broadcast shape [{}]", op,
                                            fmt::join(self.sizes(), ", "), fmt::join(other.sizes(), ", ")));
  }
  std::span<double> values = self.mutableData();
  for (std::size_t i = 0; i < values.size(); ++i) {
    values[i] = fn(values[i], elementAt(other.data(), i));
  }
  return self;
}

void requireMatrix(const Tensor& tensor, std::string_view op) {
  if (tensor.dim() != 2) {
    throw std::invalid_argument(fmt::format("{}: expected a 2-D tensor, got {}-D", op, tensor.dim()));
  }
}

}  // namespace

Tensor addCpu(const Tensor& self, const Tensor& other) {
  return elementwise(self, other, "add", [](double a, double b) { return a + b; });
}

Tensor subCpu(const Tensor& self, const Tensor& other) {
  return elementwise(self, other, "sub", [](double a, double b) { return a - b; });
}

Tensor mulCpu(const Tensor& self, const Tensor& other) {
  return elementwise(self, other, "mul", [](double a, double b) { return a * b; });
}

Tensor divCpu(const Tensor& self, const Tensor& other) {
  return elementwise(self, other, "div", [](double a, double b) { return a / b; });
}

Tensor negCpu(const Tensor& self) {
  return unary(self, [](double a) { return -a; });
}

Tensor sumCpu(const Tensor& self) {
  double total = 0.0;
  for (double value : self.data()) {
    total += value;
  }
  return scalarTensor(total);
}

Tensor matmulCpu(const Tensor& self, const Tensor& other) {
  requireMatrix(self, "matmul");
  requireMatrix(other, "matmul");
  const std::int64_t n = self.sizes()[0];
  const std::int64_t k = self.sizes()[1];
  const std::int64_t m = other.sizes()[1];
  if (other.sizes()[0] != k) {
    throw std::invalid_argument(
        fmt::format("mat1 and mat2 shapes cannot be multiplied ({}x{} and {}x{})", n, k, other.sizes()[0], m));
  }
  std::vector<double> values(static_cast<std::size_t>(n * m), 0.0);
  std::span<const double> a = self.data();
  std::span<const double> b = other.data();
  for (std::int64_t i = 0; i < n; ++i) {
    for (std::int64_t p = 0; p < k; ++p) {
      for (std::int64_t j = 0; j < m; ++j) {
        values[static_cast<std::size_t>(i * m + j)] +=
            a[static_cast<std::size_t>(i * k + p)] * b[static_cast<std::size_t>(p * m + j)];
      }
    }
  }
  return fromValues(std::move(values), {n, m});
}

Tensor reluCpu(const Tensor& self) {
  return unary(self, [](double a) { return a > 0.0 ? a : 0.0; });
}

Tensor expCpu(const Tensor& self) {
  return unary(self, [](double a) { return std::exp(a); });
}

Tensor sinCpu(const Tensor& self) {
  return unary(self, [](double a) { return std::sin(a); });
}

Tensor tCpu(const Tensor& self) {
  requireMatrix(self, "t");
  const std::int64_t rows = self.sizes()[0];
  const std::int64_t cols = self.sizes()[1];
  std::vector<double> values(static_cast<std::size_t>(rows * cols));
  for (std::int64_t i = 0; i < rows; ++i) {
    for (std::int64_t j = 0; j < cols; ++j) {
      values[static_cast<std::size_t>(j * rows + i)] = self.data()[static_cast<std::size_t>(i * cols + j)];
    }
  }
  return fromValues(std::move(values), {cols, rows});
}

Tensor viewCpu(const Tensor& self, const Sizes& sizes) {
  if (numelOf(sizes) != self.numel()) {
    throw std::invalid_argument(
        fmt::format("shape '[{}]' is invalid for input of size {}", fmt::join(sizes, ", "), self.numel()));
  }
  // A second TensorImpl on the same Storage: writes through either are seen
  // by both, and so is the version counter.
  return Tensor(make_intrusive<TensorImpl>(self.keySet(), self.unsafeGetTensorImpl()->storage, sizes));
}

Tensor cloneCpu(const Tensor& self) {
  return fromValues(std::vector<double>(self.data().begin(), self.data().end()), self.sizes());
}

Tensor& addInplaceCpu(Tensor& self, const Tensor& other) {
  return elementwiseInplace(self, other, "add_", [](double a, double b) { return a + b; });
}

Tensor& mulInplaceCpu(Tensor& self, const Tensor& other) {
  return elementwiseInplace(self, other, "mul_", [](double a, double b) { return a * b; });
}

Tensor reluBackwardCpu(const Tensor& grad, const Tensor& result) {
  return elementwise(grad, result, "relu_backward", [](double g, double r) { return r > 0.0 ? g : 0.0; });
}

}  // namespace ch05
}  // namespace mini

// The CPU row of every operator's table. in-place kernels and view are here
// too: the version bump and the view bookkeeping are ADInplaceOrView's.
MINI_LIBRARY_IMPL(aten, CPU, m) {
  m.impl("add.Tensor", &mini::addCpu);
  m.impl("sub.Tensor", &mini::subCpu);
  m.impl("mul.Tensor", &mini::mulCpu);
  m.impl("div.Tensor", &mini::divCpu);
  m.impl("neg", &mini::negCpu);
  m.impl("sum", &mini::sumCpu);
  m.impl("matmul", &mini::matmulCpu);
  m.impl("relu", &mini::reluCpu);
  m.impl("exp", &mini::expCpu);
  m.impl("t", &mini::tCpu);
  m.impl("view", &mini::viewCpu);
  m.impl("add_.Tensor", &mini::addInplaceCpu);
  m.impl("mul_.Tensor", &mini::mulInplaceCpu);
  m.impl("sin", &mini::sinCpu);
}
