// Chapter 06's demo: devices and dtypes, type promotion and broadcasting in
// the CPU kernels, strided views, Meta shapes, and the CUDA kernels where a
// GPU is present (the reason is printed where not).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/cpu_kernels.h"
#include "mini/cuda_kernels.h"
#include "mini/meta_functions.h"

namespace {

using namespace mini;

Tensor arange(std::int64_t n, ScalarType dtype, Device device = kCpu) {
  Tensor t = emptyTensor({n}, {dtype, device});
  return device.isCuda() ? arangeFillCuda_(t, 1, 1) : arangeFillCpu_(t, 1, 1);
}

Tensor reshaped(const Tensor& t, Sizes sizes) {
  Strides strides = contiguousStrides(sizes);
  return makeView(t, std::move(sizes), std::move(strides), t.storageOffset());
}

void printTensor(std::string_view label, const Tensor& tensor) {
  const Tensor onHost = tensor.device().isCuda() ? copyAcrossDevices(tensor, kCpu) : tensor;
  const Tensor doubles = contiguousCpu(toDtypeCpu(onHost, ScalarType::Double));
  const double* values = doubles.dataPtr<const double>();
  fmt::print("{:<26} {:<7} [{}] strides [{}] {}: {}\n", label, fmt::format("{}", tensor.dtype()),
             fmt::join(tensor.sizes(), ", "), fmt::join(tensor.strides(), ", "), tensor.device(),
             fmt::join(std::vector<double>(values, values + doubles.numel()), " "));
}

}  // namespace

int main() {
  fmt::print("== dtypes, promotion, broadcasting ==\n");
  const Tensor column = reshaped(arange(3, ScalarType::Long), {3, 1});
  const Tensor row = arange(4, ScalarType::Float);
  printTensor("column (int64)", column);
  printTensor("row (float32)", row);
  printTensor("column + row", addCpu(column, row));
  printTensor("column / column", divCpu(column, column));
  try {
    negCpu(toDtypeCpu(column, ScalarType::Bool));
  } catch (const std::exception& error) {
    fmt::print("neg(bool) -> {}\n", error.what());
  }

  fmt::print("\n== strides: a transpose is a view ==\n");
  const Tensor matrix = reshaped(arange(6, ScalarType::Double), {2, 3});
  const Tensor transposed = makeView(matrix, {3, 2}, {1, 3}, 0);
  printTensor("matrix", matrix);
  printTensor("transposed view", transposed);
  fmt::print("same storage: {}, contiguous: {}\n",
             matrix.unsafeGetTensorImpl()->storage == transposed.unsafeGetTensorImpl()->storage,
             transposed.isContiguous());
  printTensor("matrix @ transposed", matmulCpu(matrix, transposed));
  printTensor("sum(matrix, dim=0)", sumCpu(matrix, 0));

  fmt::print("\n== Meta: shapes without data ==\n");
  const Tensor huge = emptyTensor({100000, 100000}, {ScalarType::Float, kMeta});
  const OutputMeta product = matmulMeta(huge, huge);
  fmt::print("meta [{}] @ meta [{}] -> {} [{}], no bytes allocated\n", fmt::join(huge.sizes(), ", "),
             fmt::join(huge.sizes(), ", "), product.dtype, fmt::join(product.sizes, ", "));

  fmt::print("\n== CUDA ==\n");
  const CudaAvailability cuda = cudaAvailability();
  if (cuda.devices == 0) {
    fmt::print("CUDA kernels not run: {}\n", cuda.reason);
    return 0;
  }
  const Tensor a = arange(5, ScalarType::Float, cudaDevice(0));
  printTensor("a on the GPU", a);
  printTensor("a + a (CUDA kernel)", addCuda(a, a));
  return 0;
}
